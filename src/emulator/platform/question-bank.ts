// Assessments the emulator "generates": deterministic questions built from the job's title,
// skills and requirements (docs/api-choices.md §2), so that tests and demos see stable content.
import { createHash } from 'node:crypto';
import { assessmentConfigWithDefaults, type AssessmentConfig } from '../../domain/job.js';
import { everyKey } from '../../domain/rules.js';
import { newId } from '../storage/ids.js';

export interface Question {
  id: string;
  type: 'ranksort' | 'multiple_choice' | 'scenario';
  prompt: string;
  options?: string[];
  answer_index?: number;
  items?: string[];
  rubric?: string[];
}

export interface Assessment {
  id: string;
  job_id: string | null;
  status: 'ready' | 'draft';
  question_count: number;
  time_limit: number;
  proctoring: boolean;
  question_types: Question['type'][];
  questions: Question[];
  created_at: string;
  updated_at: string;
}

/** What GET /assessments may sort by, select and filter on. */
export const ASSESSMENT_RECORD_FIELDS: readonly string[] = everyKey<Assessment>()([
  'id',
  'job_id',
  'status',
  'question_count',
  'time_limit',
  'proctoring',
  'question_types',
  'questions',
  'created_at',
  'updated_at',
]);

export interface AssessmentSource {
  id: string | null;
  title: string;
  department?: string | undefined;
  skills?: string[] | undefined;
  requirements?: string[] | undefined;
}

/**
 * A kind of role and what its questions are made of. `choices`: six answers to a first-move
 * question, the right ones at 0 and 4; `tasks`: six tasks, most urgent first (the order a ranking
 * is scored against); `situations`: what a scenario puts the candidate in.
 */
interface RoleFamily {
  name: string;
  /** Words that point to it (whole words, lower case), in the title (counted thrice), department, skills and requirements. */
  words: readonly string[];
  choices: readonly string[];
  tasks: readonly string[];
  situations: readonly string[];
  /** Each prompt reads right with any title: `role` is the title with its article ("an Office Manager"). */
  choicePrompt: (words: Wording) => string;
  rankPrompt: (words: Wording) => string;
  scenarioPrompt: (words: Wording, situation: string) => string;
}

/**
 * What a prompt is built from: the title as written (whitespace collapsed), the title with its
 * article, and the topic (a skill, a short requirement or the department) or none when the job
 * names nothing the title does not already say.
 */
export interface Wording {
  title: string;
  role: string;
  topic: string | undefined;
}

/** ` X` when there is a topic X, else nothing: for a phrase that reads right with or without it. */
const opt = (topic: string | undefined, before = '', after = ''): string =>
  topic === undefined ? '' : `${before}${topic}${after}`;

const ENGINEERING: RoleFamily = {
  name: 'engineering',
  words: [
    'engineer',
    'engineering',
    'developer',
    'software',
    'backend',
    'frontend',
    'full-stack',
    'fullstack',
    'devops',
    'sre',
    'platform',
    'infrastructure',
    'go',
    'rust',
    'java',
    'typescript',
    'javascript',
    'node.js',
    'kubernetes',
    'api',
    'apis',
    'programming',
    'architect',
  ],
  choices: [
    'Start from a small, measurable change and verify it before widening it',
    'Rewrite the component from scratch before understanding its constraints',
    'Ship without tests and fix issues as users report them',
    'Wait for a full specification before making any change',
    'Pair with the owner to learn the history, then propose a plan',
    'Copy the approach of another team without checking it fits',
  ],
  tasks: [
    'Reproduce and fix the reported production defect',
    'Write down the current behaviour and its owners',
    'Add monitoring for the riskiest path',
    'Refactor for readability',
    'Review open pull requests from the team',
    'Plan the next quarter’s roadmap',
  ],
  situations: [
    'has no tests and a deadline next week',
    'works in staging but fails intermittently in production',
    'was built by a team that has since left',
    'must scale to ten times its current load',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a change touches ${topic ?? 'code you do not know yet'}?`,
  rankPrompt: ({ title, topic }) =>
    `Rank these ${opt(topic, '', ' ')}tasks from most to least urgent for a new ${title}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}work ${situation}. Describe your first three steps and why.`,
};

const RECRUITING: RoleFamily = {
  name: 'recruiting',
  words: [
    'recruiter',
    'recruiting',
    'recruitment',
    'talent',
    'sourcing',
    'sourcer',
    'hiring',
    'hr',
    'people',
    'ats',
    'onboarding',
    'employer',
  ],
  choices: [
    'Agree the must-have criteria with the hiring manager before sourcing',
    'Post the role everywhere at once and sort applications later',
    'Drop candidates who do not answer within a day',
    'Copy the last job description without checking what changed',
    'Review the pipeline data to see where candidates drop out, then act there',
    'Promise every candidate a decision within a week whatever the process',
  ],
  tasks: [
    'Answer candidates waiting on an offer decision',
    'Schedule the interviews the hiring manager approved',
    'Screen the new applications for the open role',
    'Update the role’s scorecard with the hiring manager',
    'Source passive candidates for next month’s roles',
    'Tidy the applicant tracking system’s tags',
  ],
  situations: [
    'has fifty applicants and no agreed criteria',
    'lost its top candidate to a counter-offer',
    'has a hiring manager who rejects every shortlist',
    'must be filled in three weeks',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a search${opt(topic, ' for a role needing ')} stalls?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent for ${role}${opt(topic, ' hiring for roles needing ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. Your first open role${opt(topic, ', which needs ', ',')} ${situation}. Describe your first three steps and why.`,
};

const SALES: RoleFamily = {
  name: 'sales',
  words: [
    'sales',
    'account',
    'executive',
    'bdr',
    'sdr',
    'quota',
    'crm',
    'salesforce',
    'revenue',
    'prospecting',
    'partnerships',
    'business development',
    'negotiation',
    'deals',
  ],
  choices: [
    'Qualify the prospect’s need and budget before proposing anything',
    'Offer the biggest discount at once to close quickly',
    'Send the same proposal to every prospect',
    'Skip the discovery call to save time',
    'Review the lost deals with the team to find the pattern, then adjust',
    'Promise features the product does not have',
  ],
  tasks: [
    'Answer the customer whose renewal is due this week',
    'Send the proposal a qualified prospect asked for',
    'Follow up on last week’s demos',
    'Update the CRM with this week’s calls',
    'Research new accounts for next quarter',
    'Refresh the team’s slide template',
  ],
  situations: [
    'is at 40% of target with a month left',
    'depends on one large customer who is unhappy',
    'has a long list of leads and nobody qualifying them',
    'lost three deals to the same competitor',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a deal${opt(topic, ' involving ')} slows down?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent for ${role}${opt(topic, ' working on ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}pipeline ${situation}. Describe your first three steps and why.`,
};

const DESIGN: RoleFamily = {
  name: 'design',
  words: [
    'design',
    'designer',
    'ux',
    'ui',
    'figma',
    'visual',
    'brand',
    'illustration',
    'prototyping',
    'prototype',
    'interaction',
    'usability',
    'user research',
  ],
  choices: [
    'Talk to users to understand the problem before drawing screens',
    'Redesign every screen at once in a new style',
    'Follow the loudest stakeholder’s preference',
    'Skip accessibility checks to meet the date',
    'Test a rough prototype with a few users, then refine it',
    'Copy a competitor’s interface without checking it fits',
  ],
  tasks: [
    'Fix the accessibility defect that blocks checkout',
    'Test the new flow with five users',
    'Review the engineers’ build against the design',
    'Document the components in the design system',
    'Explore ideas for next quarter’s feature',
    'Polish the icons of the settings page',
  ],
  situations: [
    'has no user research behind it',
    'tests poorly with new users',
    'has three conflicting versions in production',
    'must launch in two weeks',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when the ${opt(topic, '', ' ')}experience confuses users?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent for ${role}${opt(topic, ' working on ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}design ${situation}. Describe your first three steps and why.`,
};

const DATA: RoleFamily = {
  name: 'data',
  words: [
    'data',
    'analyst',
    'analytics',
    'analysis',
    'sql',
    'statistics',
    'statistical',
    'machine learning',
    'ml',
    'bi',
    'tableau',
    'looker',
    'scientist',
    'etl',
    'warehouse',
    'dashboards',
    'dbt',
  ],
  choices: [
    'Check where the numbers come from and how they are defined before analysing',
    'Build a complex model before looking at the raw data',
    'Report the figure leadership expects',
    'Drop the outliers without looking at them',
    'Start from a small sample, validate it against a known total, then scale up',
    'Reuse last year’s dashboard without checking its queries',
  ],
  tasks: [
    'Fix the broken pipeline feeding the revenue dashboard',
    'Check the numbers in tomorrow’s board report',
    'Document the metric definitions the team disagrees on',
    'Answer the product team’s analysis request',
    'Prototype a forecasting model',
    'Rename the tables in the warehouse',
  ],
  situations: [
    'gives two different totals for the same month',
    'has no owner and undocumented queries',
    'feeds a dashboard leadership relies on daily',
    'must answer a question about a new market by Friday',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a report${opt(topic, ' on ')} looks wrong?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent for ${role}${opt(topic, ' working with ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}data ${situation}. Describe your first three steps and why.`,
};

const SUPPORT: RoleFamily = {
  name: 'support',
  words: [
    'support',
    'helpdesk',
    'help desk',
    'zendesk',
    'customer service',
    'customer success',
    'tickets',
    'ticket',
    'service desk',
    'customer experience',
    'cx',
  ],
  choices: [
    'Acknowledge the customer, reproduce the problem, and say when they will hear back',
    'Close the ticket and ask them to write again if it persists',
    'Blame another team for the problem',
    'Promise a refund before understanding the issue',
    'Look for other tickets with the same problem and escalate the pattern',
    'Answer with a generic help article without reading the ticket',
  ],
  tasks: [
    'Answer the customer who cannot log in to a paid account',
    'Escalate the bug affecting many customers',
    'Reply to this morning’s new tickets',
    'Update the help article that caused confusion',
    'Tag last month’s tickets for the report',
    'Suggest improvements to the ticket form',
  ],
  situations: [
    'has a backlog of two hundred tickets',
    'faces an outage and angry customers',
    'has no saved replies or help articles',
    'gets the same question fifty times a day',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when a customer writes in${opt(topic, ' about ')}?`,
  rankPrompt: ({ role, topic }) => `Rank these tasks from most to least urgent for ${role}${opt(topic, ' handling ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}queue ${situation}. Describe your first three steps and why.`,
};

const GENERAL: RoleFamily = {
  name: 'general',
  words: [],
  choices: [
    'Understand the goal and who depends on the work before changing anything',
    'Change everything at once to make an impression',
    'Wait to be told exactly what to do',
    'Work alone without telling anyone',
    'Ask the people involved what is blocking them, then take the smallest useful step',
    'Copy what your last team did without checking it fits',
  ],
  tasks: [
    'Resolve the problem blocking a customer today',
    'Meet the people you work with most',
    'Write down how the work is done now',
    'Pick one improvement and plan it',
    'Read the team’s older documents',
    'Tidy the shared folders',
  ],
  situations: [
    'has no written process',
    'is behind schedule',
    'depends on people in three time zones',
    'has changed owners twice this year',
  ],
  choicePrompt: ({ role, topic }) =>
    `As ${role}, what is the best first move when ${topic === undefined ? 'your work' : `the work on ${topic}`} is not going well?`,
  rankPrompt: ({ role, topic }) =>
    `Rank these tasks from most to least urgent in your first week as ${role}${opt(topic, ', working on ')}.`,
  scenarioPrompt: ({ role, topic }, situation) =>
    `You join as ${role}. The ${opt(topic, '', ' ')}work ${situation}. Describe your first three steps and why.`,
};

/** In this order when two fit as well (a "Data Engineer" is asked about data). */
export const ROLE_FAMILIES: readonly RoleFamily[] = [RECRUITING, SALES, DESIGN, DATA, SUPPORT, ENGINEERING, GENERAL];

/** Every family's tasks, each family's most urgent first: the order rankings are scored against. */
export const TASKS: readonly string[] = ROLE_FAMILIES.flatMap((family) => family.tasks);

/**
 * The role a job is for, from its title (counted thrice), department, skills and requirements:
 * the family whose words it uses most; the general set when none.
 */
export function roleFamily(job: AssessmentSource): RoleFamily {
  const fields = [
    [job.title, 3],
    [job.department ?? '', 1],
    [(job.skills ?? []).join(', '), 1],
    [(job.requirements ?? []).join(', '), 1],
  ] as const;
  let best = GENERAL;
  let bestScore = 0;
  for (const family of ROLE_FAMILIES) {
    let score = 0;
    for (const [text, weight] of fields) {
      const lower = ` ${text.toLowerCase().replace(/[^a-z0-9.+#-]+/g, ' ')} `;
      for (const word of family.words) if (lower.includes(` ${word} `)) score += weight;
    }
    if (score > bestScore) {
      best = family;
      bestScore = score;
    }
  }
  return best;
}

export function generateAssessment(job: AssessmentSource, config: AssessmentConfig | undefined, now: Date): Assessment {
  const settings = assessmentConfigWithDefaults(config);
  const stamp = now.toISOString();
  const questions = settings.auto_generate
    ? generateQuestions(job, settings.question_count, settings.question_types)
    : [];
  return {
    id: newId('asmt'),
    job_id: job.id,
    status: settings.auto_generate ? 'ready' : 'draft',
    question_count: settings.question_count,
    time_limit: settings.time_limit,
    proctoring: settings.proctoring,
    question_types: settings.question_types,
    questions,
    created_at: stamp,
    updated_at: stamp,
  };
}

/**
 * "a" or "an" before a phrase, by how its first word sounds (docs/api-choices.md §2): a vowel
 * letter takes "an" except where it sounds like "you" or "w" (a user, a unit, a European, a
 * one-day); a silent h takes "an" (an hour, an honest); a short all-capital word is read letter by
 * letter, so it takes "an" when its first letter's name starts with a vowel sound (an SRE, an MBA,
 * an HR lead, a UX designer, an X-ray) — in a title all in capitals only when it has three letters
 * at most ("a HEAD OF SALES"); a number takes "an" when said "eight…", "eleven" or "eighteen".
 */
export function article(phrase: string): 'a' | 'an' {
  const word = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/u.exec(phrase)?.[0] ?? '';
  if (word === '') return 'a';
  if (/^\p{N}/u.test(word)) return /^(8|1[18](?!\d)|1[18]\d{3}(?!\d))/.test(word) ? 'an' : 'a';
  const letters = word.split(/[-'’]/)[0]!;
  if (
    letters.length <= 4 &&
    letters === letters.toUpperCase() &&
    letters !== letters.toLowerCase() &&
    (letters.length <= 3 || phrase !== phrase.toUpperCase())
  )
    return 'AEFHILMNORSX'.includes(letters[0]!) ? 'an' : 'a';
  const lower = word.toLowerCase();
  if (/^(hour|honest|honor|honour|heir)/.test(lower)) return 'an';
  if (/^(one\b|one-|once|uni|usa|use|usu|uti|ura|ure|uri|uro|eu|ewe|ubiq|uk)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/** `phrase` with its article: "an Office Manager", "a UX Designer". */
export const withArticle = (phrase: string): string => `${article(phrase)} ${phrase}`;

/** Text from a job, as one line: trimmed, each run of whitespace one space. */
const oneLine = (text: string): string => text.trim().replace(/\s+/gu, ' ');

/**
 * What questions may be about: the job's skills, else its short requirements (three words at most:
 * a longer one is a sentence, not a topic), else its department; never one the title already says
 * ("Office Manager" in the Office Manager department has no topic).
 */
function topicsOf(job: AssessmentSource, title: string): string[] {
  const said = ` ${title.toLowerCase()} `;
  const fresh = (list: readonly string[]) =>
    list.map(oneLine).filter((topic) => topic !== '' && !said.includes(` ${topic.toLowerCase()} `));
  const skills = fresh(job.skills ?? []);
  if (skills.length > 0) return skills;
  const requirements = fresh(job.requirements ?? []).filter((topic) => topic.split(' ').length <= 3);
  if (requirements.length > 0) return requirements;
  return fresh(job.department === undefined ? [] : [job.department]);
}

/** Questions that fit the role (roleFamily), the same for the same job every time. */
export function generateQuestions(
  job: AssessmentSource,
  count: number,
  types: readonly Question['type'][],
): Question[] {
  const family = roleFamily(job);
  const title = oneLine(job.title) || 'team member';
  const topics = topicsOf(job, title);
  const seed = createHash('sha256')
    .update(JSON.stringify([job.title, job.skills ?? [], job.requirements ?? []]))
    .digest();
  const pick = <T>(list: readonly T[], index: number): T => list[(seed[index % seed.length]! + index) % list.length]!;
  const { choices, tasks } = family;
  const questions: Question[] = [];
  for (let index = 0; index < count; index++) {
    const type = types[index % types.length]!;
    const words: Wording = {
      title,
      role: withArticle(title),
      topic: topics.length === 0 ? undefined : topics[index % topics.length],
    };
    const id = `q_${index + 1}`;
    if (type === 'multiple_choice') {
      const first = pick(choices, index);
      const options = [first, ...choices.filter((choice) => choice !== first)].slice(0, 4);
      const correct = options.findIndex((option) => option === choices[0] || option === choices[4]);
      questions.push({
        id,
        type,
        prompt: family.choicePrompt(words),
        options,
        answer_index: Math.max(0, correct),
      });
    } else if (type === 'ranksort') {
      const start = seed[index % seed.length]! % tasks.length;
      const items = [0, 1, 2, 3].map((offset) => tasks[(start + offset) % tasks.length]!);
      questions.push({ id, type, prompt: family.rankPrompt(words), items });
    } else {
      questions.push({
        id,
        type,
        prompt: family.scenarioPrompt(words, pick(family.situations, index)),
        rubric: ['Names the main risk', 'Proposes a safe first step', 'Says how success is measured'],
      });
    }
  }
  return questions;
}

/** A candidate's answers as the assessment page sends them: a question's id → its answer. */
export interface Answers {
  /** multiple_choice: the chosen option's index. */
  choices: Record<string, number>;
  /** ranksort: the items' ranks (1 = most urgent), in the order of the question's items. */
  ranks: Record<string, number[]>;
  /** scenario: the written answer. */
  texts: Record<string, string>;
}

/** What a scenario answer must touch to meet each line of the rubric. */
const RUBRIC_SIGNS: Record<string, RegExp> = {
  'Names the main risk':
    /\b(risks?|risky|danger|break|fail|outage|regression|lose|losing|churn|unhappy|delay|blocker|bias)/i,
  'Proposes a safe first step': /\b(first|start|begin|small|step|reproduce|rollback|roll back|ask|listen|talk|review)/i,
  'Says how success is measured': /\b(measur|metric|monitor|success|test|alert|track|kpi|target|rate|feedback|survey)/i,
};

/**
 * The score (0–100) of a set of answers: each question counts equally. A choice is right or
 * wrong; a ranking earns the share of task pairs put in the order of TASKS (most urgent first); a
 * scenario earns a share for each rubric line its text touches. Unanswered questions earn nothing.
 */
export function scoreAnswers(assessment: Pick<Assessment, 'questions'>, answers: Answers): number {
  const { questions } = assessment;
  if (questions.length === 0) return 0;
  let earned = 0;
  for (const question of questions) {
    if (question.type === 'multiple_choice') {
      earned += answers.choices[question.id] === question.answer_index ? 1 : 0;
    } else if (question.type === 'ranksort') {
      const ranks = answers.ranks[question.id];
      const items = question.items ?? [];
      if (!ranks || ranks.length !== items.length || items.length < 2) continue;
      let pairs = 0;
      let agreeing = 0;
      for (let a = 0; a < items.length; a++) {
        for (let b = a + 1; b < items.length; b++) {
          pairs += 1;
          const urgent = TASKS.indexOf(items[a]!) < TASKS.indexOf(items[b]!);
          if (urgent === ranks[a]! < ranks[b]!) agreeing += 1;
        }
      }
      earned += agreeing / pairs;
    } else {
      const text = answers.texts[question.id]?.trim() ?? '';
      const rubric = question.rubric ?? [];
      if (text === '' || rubric.length === 0) continue;
      earned += rubric.filter((line) => (RUBRIC_SIGNS[line] ?? /\S/).test(text)).length / rubric.length;
    }
  }
  return Math.round((earned / questions.length) * 100);
}
