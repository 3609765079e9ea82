// The job-creation wizard's questions (issue "The interactive job-creation wizard"), driven by a
// scripted Asker: answers keyed by question id, every text answer checked by the question's own
// validate (as the terminal prompt does), the ids asked recorded in order.
import { describe, expect, it } from 'vitest';
import { JOB_INPUT_FLAGS, jobInputFromFlags } from '../../src/commands/jobs/job-flags.js';
import { parseFlags } from '../../src/commands/parse.js';
import { validateJobInput } from '../../src/domain/job-schema.js';
import type { Asker, Check, Choice } from '../../src/wizard/asker.js';
import { askForJob } from '../../src/wizard/flow.js';

type Scripted = string | boolean | string[];
type Script = Record<string, Scripted[]>;

interface Refusal {
  id: string;
  answer: string;
  message: string;
}

interface TextQuestion {
  id: string;
  message: string;
  default?: string;
  validate?: Check;
}

/**
 * Answers from a script: a queue per question id. For text and multiline questions each scripted
 * answer runs through the question's validate; a refused answer is recorded and the next one in
 * the queue is tried (as a person retyping at the prompt). A question with no answer left fails.
 */
class ScriptedAsker implements Asker {
  readonly asked: string[] = [];
  readonly refused: Refusal[] = [];
  readonly notes: string[] = [];
  /** Each text question's message, in the order asked. */
  readonly messages: string[] = [];
  readonly questions = new Map<string, TextQuestion>();
  readonly selectChoices = new Map<string, string[]>();
  readonly selectDefaults = new Map<string, string | undefined>();
  readonly problems: string[] = [];
  private readonly script: Script;

  constructor(script: Script) {
    this.script = structuredClone(script);
  }

  /** Ids with answers the wizard never asked for. */
  unused(): string[] {
    return Object.entries(this.script)
      .filter(([, queue]) => queue.length > 0)
      .map(([id]) => id);
  }

  private next(id: string): Scripted {
    const queue = this.script[id];
    const answer = queue?.shift();
    if (answer === undefined) {
      const problem = `asked "${id}" with no scripted answer left (asked so far: ${this.asked.join(', ')})`;
      this.problems.push(problem);
      throw new Error(problem);
    }
    return answer;
  }

  private fail(problem: string): never {
    this.problems.push(problem);
    throw new Error(problem);
  }

  private answerText(question: TextQuestion): string {
    this.asked.push(question.id);
    this.messages.push(question.message);
    this.questions.set(question.id, question);
    for (;;) {
      const scripted = this.next(question.id);
      if (typeof scripted !== 'string')
        this.fail(`"${question.id}" is a text question, scripted ${JSON.stringify(scripted)}`);
      // @inquirer/prompts' input: an empty answer takes the default, then validate runs.
      const answer = scripted || (question.default ?? '');
      const message = question.validate?.(answer);
      if (message === undefined) return answer;
      this.refused.push({ id: question.id, answer, message });
    }
  }

  text(question: TextQuestion): Promise<string> {
    return Promise.resolve().then(() => this.answerText(question));
  }

  multiline(question: { id: string; message: string; min: number; validate: Check }): Promise<string> {
    return Promise.resolve().then(() => this.answerText(question));
  }

  select<T extends string>(question: { id: string; message: string; choices: Choice<T>[]; default?: T }): Promise<T> {
    return Promise.resolve().then(() => {
      this.asked.push(question.id);
      const values = question.choices.map((choice) => choice.value);
      this.selectChoices.set(question.id, values);
      this.selectDefaults.set(question.id, question.default);
      const answer = this.next(question.id);
      const choice = values.find((value) => value === answer);
      if (choice === undefined)
        this.fail(`"${question.id}" offers ${values.join('|')}, scripted ${JSON.stringify(answer)}`);
      return choice;
    });
  }

  confirm(question: { id: string; message: string; default: boolean }): Promise<boolean> {
    return Promise.resolve().then(() => {
      this.asked.push(question.id);
      const answer = this.next(question.id);
      if (typeof answer !== 'boolean')
        this.fail(`"${question.id}" is a yes/no question, scripted ${JSON.stringify(answer)}`);
      return answer;
    });
  }

  checkbox<T extends string>(question: {
    id: string;
    message: string;
    choices: Choice<T>[];
    validate?: (answers: T[]) => string | undefined;
  }): Promise<T[]> {
    return Promise.resolve().then(() => {
      this.asked.push(question.id);
      for (;;) {
        const answer = this.next(question.id);
        if (!Array.isArray(answer)) this.fail(`"${question.id}" is a checkbox, scripted ${JSON.stringify(answer)}`);
        const picked = answer.map(
          (item) =>
            question.choices.find((choice) => choice.value === item)?.value ??
            this.fail(`"${question.id}" has no choice ${item}`),
        );
        const message = question.validate?.(picked);
        if (message === undefined) return picked;
        this.refused.push({ id: question.id, answer: answer.join(','), message });
      }
    });
  }

  note(text: string): void {
    this.notes.push(text);
  }
}

/** Exactly 130 code points over two lines (the first longer than the summary's 60). */
const DESCRIPTION =
  'You will design and run the services behind our hiring platform.\nWe value clear code, careful reviews, good tests; a calm on-call.';
const DESCRIPTION_42 = 'x'.repeat(42);

/** The fewest answers that make a job: everything optional skipped or declined. */
function minimal(overrides: Script = {}): Script {
  return {
    title: ['Data Engineer'],
    department: [''],
    'location.type': ['skip'],
    description: [DESCRIPTION],
    requirements: [''],
    skills: [''],
    experience_level: ['skip'],
    employment_type: ['skip'],
    salary: [false],
    'assessment_config.auto_generate': [false],
    publish: [false],
    save: [''],
    confirm: [true],
    ...overrides,
  };
}

/** Every question answered and every optional part given: the wizard's longest path. */
function full(): Script {
  return {
    title: ['Senior Backend Engineer'],
    department: ['Engineering'],
    'location.type': ['hybrid'],
    'location.city': ['Berlin'],
    'location.state': ['Berlin'],
    'location.country': ['DE'],
    description: [DESCRIPTION],
    requirements: ['5+ years of backend work', 'PostgreSQL', ''],
    skills: ['TypeScript, Node.js', ''],
    experience_level: ['senior'],
    employment_type: ['full_time'],
    salary: [true],
    'salary.min': ['90000'],
    'salary.max': ['120000'],
    'salary.currency': ['EUR'],
    'salary.period': ['yearly'],
    'assessment_config.auto_generate': [true],
    'assessment_config.question_count': ['12'],
    'assessment_config.time_limit': ['900'],
    'assessment_config.question_types': [['ranksort', 'scenario']],
    'assessment_config.proctoring': [true],
    publish: [true],
    save: [''],
    confirm: [true],
  };
}

/** Ids the minimal script asks, in order. */
const MINIMAL_ASKED = [
  'title',
  'department',
  'location.type',
  'description',
  'requirements',
  'skills',
  'experience_level',
  'employment_type',
  'salary',
  'assessment_config.auto_generate',
  'publish',
  'save',
  'confirm',
];

/** The message `jobs create` gives for these flag values (commander's raw strings) on `field`. */
function flagMessage(flags: Record<string, string>, field: string): string | undefined {
  const { input } = jobInputFromFlags(
    parseFlags(JOB_INPUT_FLAGS, { title: 'Data Engineer', description: DESCRIPTION, ...flags }),
  );
  const result = validateJobInput(input);
  return result.ok ? undefined : result.errors[field];
}

const label = (name: string, value: string) => `  ${name.padEnd(18)} ${value}`;

describe('askForJob: the full wizard', () => {
  it('asks every question in order and returns the exact job input', async () => {
    const asker = new ScriptedAsker(full());

    const result = await askForJob(asker, {});

    expect(result).toEqual({
      input: {
        title: 'Senior Backend Engineer',
        department: 'Engineering',
        location: { type: 'hybrid', city: 'Berlin', state: 'Berlin', country: 'DE' },
        description: DESCRIPTION,
        requirements: ['5+ years of backend work', 'PostgreSQL'],
        skills: ['TypeScript', 'Node.js'],
        experience_level: 'senior',
        employment_type: 'full_time',
        salary: { min: 90000, max: 120000, currency: 'EUR', period: 'yearly' },
        assessment_config: {
          auto_generate: true,
          question_count: 12,
          time_limit: 900,
          question_types: ['ranksort', 'scenario'],
          proctoring: true,
        },
        publish: true,
      },
      savePath: undefined,
    });
    expect(asker.asked).toEqual([
      'title',
      'department',
      'location.type',
      'location.city',
      'location.state',
      'location.country',
      'description',
      'requirements',
      'requirements',
      'requirements',
      'skills',
      'skills',
      'experience_level',
      'employment_type',
      'salary',
      'salary.min',
      'salary.max',
      'salary.currency',
      'salary.period',
      'assessment_config.auto_generate',
      'assessment_config.question_count',
      'assessment_config.time_limit',
      'assessment_config.question_types',
      'assessment_config.proctoring',
      'publish',
      'save',
      'confirm',
    ]);
    expect(asker.refused).toEqual([]);
    expect(asker.problems).toEqual([]);
    expect(asker.unused()).toEqual([]);
    expect(asker.notes).toHaveLength(1);
  });

  it('offers the spec values plus skip in its selects', async () => {
    const asker = new ScriptedAsker(
      minimal({
        salary: [true],
        'salary.min': [''],
        'salary.max': [''],
        'salary.currency': [''],
        'salary.period': ['skip'],
      }),
    );
    await askForJob(asker, {});
    expect(Object.fromEntries(asker.selectChoices)).toEqual({
      'location.type': ['remote', 'hybrid', 'onsite', 'skip'],
      experience_level: ['entry', 'mid', 'senior', 'lead', 'executive', 'skip'],
      employment_type: ['full_time', 'part_time', 'contract', 'internship', 'skip'],
      'salary.period': ['hourly', 'monthly', 'yearly', 'skip'],
    });
    // Optional choices start on "skip": Enter alone chooses nothing. A location's type is asked
    // first (its answer decides what follows), without a default.
    expect(Object.fromEntries(asker.selectDefaults)).toEqual({
      'location.type': undefined,
      experience_level: 'skip',
      employment_type: 'skip',
      'salary.period': 'skip',
    });
  });
});

describe('askForJob: location', () => {
  it('stores codes as the flags do: "us" → US, " eur " → EUR; "EURO" is refused with the flag message', async () => {
    const asker = new ScriptedAsker(
      minimal({
        'location.type': ['remote'],
        'location.country': ['us'],
        salary: [true],
        'salary.min': [''],
        'salary.max': [''],
        'salary.currency': ['EURO', ' eur '],
        'salary.period': ['skip'],
      }),
    );
    const result = await askForJob(asker, {});
    expect(result?.input.location).toEqual({ type: 'remote', country: 'US' });
    expect(result?.input.salary).toEqual({ currency: 'EUR' });
    const message = '"EURO" is not an ISO 4217 currency code (such as USD, EUR, GBP)';
    expect(asker.refused).toEqual([{ id: 'salary.currency', answer: 'EURO', message }]);
    expect(flagMessage({ salaryCurrency: 'EURO' }, 'salary.currency')).toBe(message);
    // The summary shown before "Create this job?" has the stored codes.
    expect(asker.notes.join('\n')).toContain('EUR');
    expect(asker.notes.join('\n')).not.toMatch(/\beur\b|\bus\b/);
  });

  it.each(['onsite', 'hybrid'] as const)('%s asks city and state, then the optional country', async (type) => {
    const asker = new ScriptedAsker(
      minimal({
        'location.type': [type],
        'location.city': ['Austin'],
        'location.state': ['TX'],
        'location.country': ['US'],
      }),
    );
    const result = await askForJob(asker, {});
    expect(result?.input.location).toEqual({ type, city: 'Austin', state: 'TX', country: 'US' });
    expect(asker.asked.slice(2, 7)).toEqual([
      'location.type',
      'location.city',
      'location.state',
      'location.country',
      'description',
    ]);
    expect(asker.unused()).toEqual([]);
  });

  it('remote asks neither city nor state', async () => {
    const asker = new ScriptedAsker(minimal({ 'location.type': ['remote'], 'location.country': [''] }));
    const result = await askForJob(asker, {});
    expect(result?.input.location).toEqual({ type: 'remote' });
    expect(asker.asked).toEqual([
      'title',
      'department',
      'location.type',
      'location.country',
      'description',
      'requirements',
      'skills',
      'experience_level',
      'employment_type',
      'salary',
      'assessment_config.auto_generate',
      'publish',
      'save',
      'confirm',
    ]);
    expect(asker.problems).toEqual([]);
  });

  it('skip leaves location, experience level and employment type out', async () => {
    const asker = new ScriptedAsker(minimal());
    const result = await askForJob(asker, {});
    expect(result).toEqual({
      input: {
        title: 'Data Engineer',
        description: DESCRIPTION,
        assessment_config: { auto_generate: false },
        publish: false,
      },
      savePath: undefined,
    });
    expect(result && Object.keys(result.input)).toEqual(['title', 'description', 'assessment_config', 'publish']);
    expect(asker.asked).toEqual(MINIMAL_ASKED);
    expect(asker.unused()).toEqual([]);
  });
});

describe('askForJob: lists', () => {
  it('skills repeat until blank and split on commas', async () => {
    const asker = new ScriptedAsker(minimal({ skills: ['go, sql', 'rust', ''] }));
    const result = await askForJob(asker, {});
    expect(result?.input.skills).toEqual(['go', 'sql', 'rust']);
    expect(asker.asked.filter((id) => id === 'skills')).toHaveLength(3);
    // The count is of the skills given so far (two in the first answer), not of the questions asked.
    expect(asker.messages.filter((message) => /skills/i.test(message))).toEqual([
      'Skills (one or several, comma-separated); empty to finish',
      'More skills (2 so far); empty to finish',
      'More skills (3 so far); empty to finish',
    ]);
    expect(asker.unused()).toEqual([]);
  });

  it('requirements keep commas inside one requirement', async () => {
    const asker = new ScriptedAsker(minimal({ requirements: ['Go, or Rust', 'On call, one week in six', ''] }));
    const result = await askForJob(asker, {});
    expect(result?.input.requirements).toEqual(['Go, or Rust', 'On call, one week in six']);
  });

  it('an empty first requirement leaves the field out', async () => {
    const asker = new ScriptedAsker(minimal({ requirements: [''] }));
    const result = await askForJob(asker, {});
    expect(result).toBeDefined();
    expect('requirements' in (result?.input ?? {})).toBe(false);
    expect('skills' in (result?.input ?? {})).toBe(false);
    expect(asker.asked.filter((id) => id === 'requirements')).toHaveLength(1);
  });
});

describe('askForJob: salary', () => {
  it('declined: no salary and none of its questions', async () => {
    const asker = new ScriptedAsker(minimal({ salary: [false] }));
    const result = await askForJob(asker, {});
    expect(result?.input.salary).toBeUndefined();
    expect('salary' in (result?.input ?? {})).toBe(false);
    expect(asker.asked.filter((id) => id.startsWith('salary'))).toEqual(['salary']);
  });

  it('refuses a maximum below the minimum, then takes a valid one', async () => {
    const asker = new ScriptedAsker(
      minimal({
        salary: [true],
        'salary.min': ['90000'],
        'salary.max': ['80000', '120000'],
        'salary.currency': ['USD'],
        'salary.period': ['monthly'],
      }),
    );
    const result = await askForJob(asker, {});
    expect(asker.refused).toEqual([
      { id: 'salary.max', answer: '80000', message: 'must not be less than salary.min (90000)' },
    ]);
    // The same message as `--salary-min 90000 --salary-max 80000`.
    expect(flagMessage({ salaryMin: '90000', salaryMax: '80000' }, 'salary.max')).toBe(
      'must not be less than salary.min (90000)',
    );
    expect(result?.input.salary).toEqual({ min: 90000, max: 120000, currency: 'USD', period: 'monthly' });
    expect(asker.asked.filter((id) => id === 'salary.max')).toEqual(['salary.max']);
  });

  it('all parts optional: only a minimum', async () => {
    const asker = new ScriptedAsker(
      minimal({
        salary: [true],
        'salary.min': ['50000'],
        'salary.max': [''],
        'salary.currency': [''],
        'salary.period': ['skip'],
      }),
    );
    const result = await askForJob(asker, {});
    expect(result?.input.salary).toEqual({ min: 50000 });
  });
});

describe('askForJob: assessment', () => {
  it('auto_generate false skips count, time limit, types and proctoring', async () => {
    const asker = new ScriptedAsker(minimal({ 'assessment_config.auto_generate': [false] }));
    const result = await askForJob(asker, {});
    expect(result?.input.assessment_config).toEqual({ auto_generate: false });
    expect(asker.asked.filter((id) => id.startsWith('assessment_config'))).toEqual(['assessment_config.auto_generate']);
  });

  it('empty count and time limit take the defaults shown (10 and 300)', async () => {
    const asker = new ScriptedAsker(
      minimal({
        'assessment_config.auto_generate': [true],
        'assessment_config.question_count': [''],
        'assessment_config.time_limit': [''],
        'assessment_config.question_types': [['multiple_choice']],
        'assessment_config.proctoring': [false],
      }),
    );
    const result = await askForJob(asker, {});
    expect(asker.questions.get('assessment_config.question_count')?.default).toBe('10');
    expect(asker.questions.get('assessment_config.time_limit')?.default).toBe('300');
    expect(result?.input.assessment_config).toEqual({
      auto_generate: true,
      question_count: 10,
      time_limit: 300,
      question_types: ['multiple_choice'],
      proctoring: false,
    });
  });
});

describe('askForJob: answers are checked with the messages flags get', () => {
  // [question id, answer at the prompt, the same value as flags, field in the error map, message],
  // in the order the wizard asks them.
  const cases: [string, string, Record<string, string>, string, string][] = [
    ['title', '   ', { title: '   ' }, 'title', 'must not be empty'],
    [
      'location.country',
      'XX',
      { locationType: 'remote', country: 'XX' },
      'location.country',
      '"XX" is not an ISO 3166-1 alpha-2 country code (such as US, DE, GB)',
    ],
    [
      'location.country',
      'USA',
      { locationType: 'remote', country: 'USA' },
      'location.country',
      '"USA" is not an ISO 3166-1 alpha-2 country code (such as US, DE, GB)',
    ],
    [
      'description',
      DESCRIPTION_42,
      { description: DESCRIPTION_42 },
      'description',
      'must be at least 100 characters (got 42)',
    ],
    ['salary.min', '-1', { salaryMin: '-1' }, 'salary.min', 'must not be negative'],
    ['salary.min', 'abc', { salaryMin: 'abc' }, 'salary.min', 'must be a number'],
    [
      'assessment_config.question_count',
      '4',
      { questionCount: '4' },
      'assessment_config.question_count',
      'must be a whole number from 5 to 20',
    ],
    [
      'assessment_config.question_count',
      '7.5',
      { questionCount: '7.5' },
      'assessment_config.question_count',
      'must be a whole number from 5 to 20',
    ],
    [
      'assessment_config.time_limit',
      '2000',
      { timeLimit: '2000' },
      'assessment_config.time_limit',
      'must be a whole number from 300 to 1800',
    ],
  ];

  it.each(cases)('%s %j: the flag gets the expected message', (_id, _answer, flags, field, message) => {
    expect(flagMessage(flags, field)).toBe(message);
  });

  it('refuses each bad value at its prompt with exactly the flag message, and takes the next', async () => {
    const asker = new ScriptedAsker(
      minimal({
        title: ['   ', 'Data Engineer'],
        'location.type': ['remote'],
        'location.country': ['XX', 'USA', 'DE'],
        description: [DESCRIPTION_42, DESCRIPTION],
        salary: [true],
        'salary.min': ['-1', 'abc', '70000'],
        'salary.max': [''],
        'salary.currency': [''],
        'salary.period': ['skip'],
        'assessment_config.auto_generate': [true],
        'assessment_config.question_count': ['4', '7.5', '3', '12'],
        'assessment_config.time_limit': ['2000', '600'],
        'assessment_config.question_types': [['scenario']],
        'assessment_config.proctoring': [false],
      }),
    );
    const result = await askForJob(asker, {});

    const expected = cases.map(([id, answer, flags, field]) => ({ id, answer, message: flagMessage(flags, field) }));
    expected.splice(expected.findIndex((refusal) => refusal.answer === '7.5') + 1, 0, {
      id: 'assessment_config.question_count',
      answer: '3',
      message: flagMessage({ questionCount: '3' }, 'assessment_config.question_count'),
    });
    expect(asker.refused).toEqual(expected);
    expect(asker.refused.map((refusal) => refusal.message)).toEqual([
      'must not be empty',
      '"XX" is not an ISO 3166-1 alpha-2 country code (such as US, DE, GB)',
      '"USA" is not an ISO 3166-1 alpha-2 country code (such as US, DE, GB)',
      'must be at least 100 characters (got 42)',
      'must not be negative',
      'must be a number',
      'must be a whole number from 5 to 20',
      'must be a whole number from 5 to 20',
      'must be a whole number from 5 to 20',
      'must be a whole number from 300 to 1800',
    ]);
    expect(result?.input).toEqual({
      title: 'Data Engineer',
      location: { type: 'remote', country: 'DE' },
      description: DESCRIPTION,
      salary: { min: 70000 },
      assessment_config: {
        auto_generate: true,
        question_count: 12,
        time_limit: 600,
        question_types: ['scenario'],
        proctoring: false,
      },
      publish: false,
    });
    // A refused answer is asked again at the same prompt, not as a new question.
    expect(asker.asked).toEqual([
      'title',
      'department',
      'location.type',
      'location.country',
      'description',
      'requirements',
      'skills',
      'experience_level',
      'employment_type',
      'salary',
      'salary.min',
      'salary.max',
      'salary.currency',
      'salary.period',
      'assessment_config.auto_generate',
      'assessment_config.question_count',
      'assessment_config.time_limit',
      'assessment_config.question_types',
      'assessment_config.proctoring',
      'publish',
      'save',
      'confirm',
    ]);
    expect(asker.unused()).toEqual([]);
  });

  it('the description question checks with the same rule (and counts code points)', async () => {
    const asker = new ScriptedAsker(minimal());
    await askForJob(asker, {});
    const validate = asker.questions.get('description')?.validate;
    expect(validate?.('é'.repeat(99))).toBe('must be at least 100 characters (got 99)');
    expect(validate?.('😀'.repeat(100))).toBeUndefined();
    expect(validate?.(`  ${'d'.repeat(99)}  `)).toBe(
      flagMessage({ description: `  ${'d'.repeat(99)}  ` }, 'description'),
    );
  });
});

describe('askForJob: values given by flags or a file', () => {
  it('keeps them and never asks their questions', async () => {
    const given = {
      title: 'Site Reliability Engineer',
      location: { type: 'onsite', city: 'Austin' },
      description: DESCRIPTION,
      skills: ['Kubernetes', 'Terraform'],
      assessment_config: { question_count: 8 },
      publish: true,
    };
    const asker = new ScriptedAsker({
      department: [''],
      'location.state': ['TX'],
      'location.country': [''],
      requirements: [''],
      experience_level: ['skip'],
      employment_type: ['contract'],
      salary: [false],
      'assessment_config.auto_generate': [true],
      'assessment_config.time_limit': ['1200'],
      'assessment_config.question_types': [['ranksort']],
      'assessment_config.proctoring': [true],
      save: [''],
      confirm: [true],
    });
    const result = await askForJob(asker, given);

    expect(result).toEqual({
      input: {
        title: 'Site Reliability Engineer',
        location: { type: 'onsite', city: 'Austin', state: 'TX' },
        description: DESCRIPTION,
        skills: ['Kubernetes', 'Terraform'],
        employment_type: 'contract',
        assessment_config: {
          question_count: 8,
          auto_generate: true,
          time_limit: 1200,
          question_types: ['ranksort'],
          proctoring: true,
        },
        publish: true,
      },
      savePath: undefined,
    });
    expect(asker.asked).toEqual([
      'department',
      'location.state',
      'location.country',
      'requirements',
      'experience_level',
      'employment_type',
      'salary',
      'assessment_config.auto_generate',
      'assessment_config.time_limit',
      'assessment_config.question_types',
      'assessment_config.proctoring',
      'save',
      'confirm',
    ]);
    expect(asker.problems).toEqual([]);
    expect(asker.unused()).toEqual([]);
    // `given` itself is not changed.
    expect(given.location).toEqual({ type: 'onsite', city: 'Austin' });
    expect(given.assessment_config).toEqual({ question_count: 8 });
  });
});

describe('askForJob: the summary and the end', () => {
  it('notes a summary of the request before the confirmation', async () => {
    const asker = new ScriptedAsker(full());
    await askForJob(asker, {});
    expect(asker.notes).toEqual([
      [
        '',
        'The job to create:',
        label('title', 'Senior Backend Engineer'),
        label('department', 'Engineering'),
        label('location', 'hybrid · Berlin, Berlin, DE'),
        label('description', 'You will design and run the services… (130 characters)'),
        label('requirements', '5+ years of backend work, PostgreSQL'),
        label('skills', 'TypeScript, Node.js'),
        label('experience level', 'senior'),
        label('employment type', 'full_time'),
        label('salary', '90000–120000 EUR per year'),
        label('assessment', '12 questions, 900 s, ranksort/scenario, proctored'),
        label('publish', 'yes (active at once)'),
        '',
      ].join('\n'),
    ]);
    const note = asker.notes[0] ?? '';
    expect(note).toContain('Senior Backend Engineer');
    expect(note).toContain('hybrid · Berlin, Berlin, DE');
    expect(note).toContain('(130 characters)');
    expect(note).toContain('90000–120000 EUR per year');
    expect(note).toContain('yes (active at once)');
  });

  it('a draft with no AI questions reads so in the summary', async () => {
    const asker = new ScriptedAsker(
      minimal({
        salary: [true],
        'salary.min': [''],
        'salary.max': ['150'],
        'salary.currency': [''],
        'salary.period': ['hourly'],
      }),
    );
    await askForJob(asker, {});
    expect(asker.notes).toEqual([
      [
        '',
        'The job to create:',
        label('title', 'Data Engineer'),
        label('description', 'You will design and run the services… (130 characters)'),
        label('salary', '150 per hour'),
        label('assessment', 'no AI questions'),
        label('publish', 'no (a draft)'),
        '',
      ].join('\n'),
    ]);
  });

  it('declining the final confirmation returns undefined (after the summary)', async () => {
    const asker = new ScriptedAsker(minimal({ confirm: [false] }));
    const result = await askForJob(asker, {});
    expect(result).toBeUndefined();
    expect(asker.asked.at(-1)).toBe('confirm');
    expect(asker.notes).toHaveLength(1);
    expect(asker.unused()).toEqual([]);
  });

  it('returns the save path answered', async () => {
    const asker = new ScriptedAsker(minimal({ save: ['  job.yaml  '] }));
    const result = await askForJob(asker, {});
    expect(result?.savePath).toBe('job.yaml');
    expect(asker.asked.slice(-2)).toEqual(['save', 'confirm']);
  });

  it('options.savePath skips the save question', async () => {
    const script = minimal();
    delete script.save;
    const asker = new ScriptedAsker(script);
    const result = await askForJob(asker, {}, { savePath: 'given.yaml' });
    expect(result?.savePath).toBe('given.yaml');
    expect(asker.asked).toEqual(MINIMAL_ASKED.filter((id) => id !== 'save'));
    expect(asker.problems).toEqual([]);
  });

  it('fails when asked a question the script has no answer for', async () => {
    const script = minimal();
    delete script.publish;
    const asker = new ScriptedAsker(script);
    await expect(askForJob(asker, {})).rejects.toThrow('asked "publish" with no scripted answer left');
    expect(asker.problems).toHaveLength(1);
  });
});
