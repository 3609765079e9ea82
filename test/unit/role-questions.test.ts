// The emulator's generated questions fit the role: recruiting, sales, design, data, support,
// engineering, or a general set, chosen from the job's title, department, skills and requirements;
// the same job gets the same questions; right answers score 100 in every family.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  article,
  generateQuestions,
  roleFamily,
  scoreAnswers,
  type AssessmentSource,
  type Question,
} from '../../src/emulator/platform/question-bank.js';
import { ROLE_FAMILIES, TASKS } from '../../src/emulator/platform/role-families.js';
import { properties } from '../helpers/properties.js';

const TYPES: Question['type'][] = ['multiple_choice', 'ranksort', 'scenario'];
const job = (title: string, extra: Partial<AssessmentSource> = {}): AssessmentSource => ({
  id: 'job_x',
  title,
  ...extra,
});

describe('questions that fit the role', () => {
  it.each([
    ['Senior Recruiter', {}, 'recruiting'],
    ['Talent Partner', {}, 'recruiting'],
    ['Account Executive', {}, 'sales'],
    ['Product Designer', {}, 'design'],
    ['Data Analyst', {}, 'data'],
    ['Customer Support Specialist', {}, 'support'],
    ['Senior Backend Engineer', {}, 'engineering'],
    ['Office Manager', {}, 'general'],
    ['Specialist', { department: 'Talent Acquisition' }, 'recruiting'],
    ['Associate', { skills: ['SQL', 'Tableau'] }, 'data'],
    ['Associate', { requirements: ['Figma', 'user research'] }, 'design'],
  ] as [string, Partial<AssessmentSource>, string][])('%s %j → %s', (title, extra, family) => {
    expect(roleFamily(job(title, extra)).name).toBe(family);
  });

  it('asks a recruiter about recruiting, not about production defects, and the same every time', () => {
    const recruiter = job('Senior Recruiter', { skills: ['sourcing', 'interviewing'] });
    const questions = generateQuestions(recruiter, 9, TYPES);
    expect(generateQuestions(recruiter, 9, TYPES)).toEqual(questions);
    const text = JSON.stringify(questions);
    expect(text).not.toMatch(/production defect|pull requests|refactor|monitoring/i);
    const recruiting = ROLE_FAMILIES.find((family) => family.name === 'recruiting')!;
    // Both kinds are there to check: the loop below would pass on a set without them.
    expect(questions.some((question) => question.type === 'ranksort')).toBe(true);
    expect(questions.some((question) => question.type === 'multiple_choice')).toBe(true);
    for (const question of questions) {
      if (question.type === 'ranksort') for (const item of question.items!) expect(recruiting.tasks).toContain(item);
      if (question.type === 'multiple_choice')
        for (const option of question.options!) expect(recruiting.choices).toContain(option);
    }
  });

  it('scores right answers 100 in every family, and none 0', () => {
    for (const family of ROLE_FAMILIES) {
      const title = family.name === 'general' ? 'Office Manager' : `${family.words[0]} lead`;
      const questions = generateQuestions(job(title), 9, TYPES);
      const choices: Record<string, number> = {};
      const ranks: Record<string, number[]> = {};
      const texts: Record<string, string> = {};
      for (const question of questions) {
        if (question.type === 'multiple_choice') choices[question.id] = question.answer_index!;
        else if (question.type === 'ranksort') {
          const sorted = [...question.items!].sort((a, b) => TASKS.indexOf(a) - TASKS.indexOf(b));
          ranks[question.id] = question.items!.map((item) => sorted.indexOf(item) + 1);
        } else
          texts[question.id] =
            'The main risk is losing the best people; my first step is to talk to the team, and success is measured by a clear metric.';
      }
      expect({ family: family.name, score: scoreAnswers({ questions }, { choices, ranks, texts }) }).toEqual({
        family: family.name,
        score: 100,
      });
      expect(scoreAnswers({ questions }, { choices: {}, ranks: {}, texts: {} })).toBe(0);
    }
  });
});

describe('questions read right with any title (issue 28 item 10)', () => {
  const { property } = properties('role-questions', 2811);
  const texts = (source: AssessmentSource): string[] =>
    generateQuestions(source, 12, TYPES).flatMap((question) => [
      question.prompt,
      ...(question.options ?? []),
      ...(question.items ?? []),
    ]);

  it.each([
    ['Account Executive', 'an'],
    ['Office Manager', 'an'],
    ['Engineer', 'an'],
    ['Hourly Supervisor', 'an'],
    ['Head Chef', 'a'],
    ['Hour Tracker', 'an'],
    ['Honest Broker', 'an'],
    ['User Researcher', 'a'],
    ['Unit Lead', 'a'],
    ['University Liaison', 'a'],
    ['European Sales Lead', 'a'],
    ['One-Day Contractor', 'a'],
    ['Umbrella Underwriter', 'an'],
    ['SRE', 'an'],
    ['MBA Intern', 'an'],
    ['HR Partner', 'an'],
    ['UX Designer', 'a'],
    ['QA Engineer', 'a'],
    ['X-ray Technician', 'an'],
    ['8-Week Intern', 'an'],
    ['18 Month Fellow', 'an'],
    ['3D Artist', 'a'],
    ['HEAD OF SALES', 'a'],
    ['Senior Recruiter', 'a'],
    ['', 'a'],
  ])('%s takes "%s"', (title, expected) => {
    expect(article(title)).toBe(expected);
  });

  it.each([
    ['Senior Recruiter', {}, 'As a Senior Recruiter, what is the best first move when a search stalls?'],
    ['Account Executive', {}, 'As an Account Executive, what is the best first move when a deal slows down?'],
    [
      'UX Designer',
      { skills: ['Figma'] },
      'As a UX Designer, what is the best first move when the Figma experience confuses users?',
    ],
    [
      'Analyst',
      { department: 'Data' },
      'As an Analyst, what is the best first move when a report on Data looks wrong?',
    ],
    [
      'Support Specialist',
      { department: 'Support' },
      'As a Support Specialist, what is the best first move when a customer writes in?',
    ],
    ['SRE', {}, 'As an SRE, what is the best first move when a change touches code you do not know yet?'],
    [
      'Office Manager',
      { department: 'Office Manager' },
      'As an Office Manager, what is the best first move when your work is not going well?',
    ],
  ] as [string, Partial<AssessmentSource>, string][])('%s %j reads: %s', (title, extra, first) => {
    const questions = generateQuestions(job(title, extra), 3, TYPES);
    expect(questions[0]!.prompt).toBe(first);
    for (const question of questions) expect(question.prompt).toMatch(/^[A-Z][^]*[.?]$/);
  });

  it('takes no topic the title already says, whole words only', () => {
    const [senior] = generateQuestions(job('Senior Office Manager', { department: 'office manager' }), 1, TYPES);
    expect(senior!.prompt).toBe(
      'As a Senior Office Manager, what is the best first move when your work is not going well?',
    );
    const [dba] = generateQuestions(job('PostgreSQL DBA', { skills: ['SQL'] }), 1, TYPES);
    expect(dba!.prompt).toContain('a report on SQL looks wrong');
  });

  it('says each family’s rank and scenario prompts with the title in them', () => {
    const [, rank, scenario] = generateQuestions(job('Office Manager'), 3, TYPES);
    expect(rank!.prompt).toBe('Rank these tasks from most to least urgent in your first week as an Office Manager.');
    expect(scenario!.prompt).toMatch(/^You join as an Office Manager\. The work [a-z]/);
    const [, , recruiting] = generateQuestions(job('Senior Recruiter', { skills: ['sourcing'] }), 3, TYPES);
    expect(recruiting!.prompt).toMatch(
      /^You join as a Senior Recruiter\. Your first open role, which needs sourcing, [a-z]/,
    );
  });

  const VOWEL_SOUND = [
    'Office',
    'Account',
    'Executive',
    'Engineer',
    'Operations',
    'Intern',
    'Hour',
    'Honest',
    'SRE',
    'MBA',
    'HR',
    'FX',
    'NLP',
    'SEO',
    'IT',
    'Umbrella',
  ];
  const CONSONANT_SOUND = [
    'User',
    'Unit',
    'University',
    'One-Time',
    'European',
    'UX',
    'QA',
    'VP',
    'Senior',
    'Head',
    'Hotel',
    'Usability',
    'Data',
    'Year',
  ];
  const word = fc.oneof(
    fc.constantFrom(
      ...VOWEL_SOUND,
      ...CONSONANT_SOUND,
      'Manager',
      'Lead',
      'Recruiter',
      'Designer',
      'Support',
      'Sales',
      'Data',
      'Analyst',
    ),
    fc.stringMatching(/^[A-Za-z][a-z]{0,9}$/),
  );
  const space = fc.constantFrom(' ', '  ', '\t', ' \n ');
  const phrase = fc.tuple(fc.array(fc.tuple(word, space), { minLength: 1, maxLength: 4 }), space, space).map(
    ([parts, before, after]) =>
      before +
      parts
        .map(([text, gap]) => text + gap)
        .join('')
        .trimEnd() +
      after,
  );

  it('never says "a" before a vowel sound or "an" before a consonant sound, never doubles the title, never two spaces', async () => {
    await property(
      'questions read right',
      fc.record({
        title: phrase,
        department: fc.option(fc.oneof(phrase, fc.constant('same')), { nil: undefined }),
        skills: fc.option(fc.array(phrase, { maxLength: 3 }), { nil: undefined }),
      }),
      300,
      async ({ title, department, skills }) => {
        const source = job(title, { department: department === 'same' ? title : department, skills });
        for (const text of texts(source)) {
          for (const sound of VOWEL_SOUND) expect(text).not.toMatch(new RegExp(`(^|[^\\p{L}])[Aa] ${sound}\\b`, 'u'));
          for (const sound of CONSONANT_SOUND)
            expect(text).not.toMatch(new RegExp(`(^|[^\\p{L}])[Aa]n ${sound}\\b`, 'u'));
          expect(text).not.toMatch(/(\S.*) \(\1\)/);
          expect(text).not.toMatch(/\s{2}|^\s|\s$/);
        }
        expect(generateQuestions(source, 12, TYPES)).toEqual(generateQuestions(source, 12, TYPES));
      },
    );
  });
});
