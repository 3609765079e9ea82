// Local validation of the job input of POST /api/v1/jobs: every rule of the spec's
// "Job input fields" tables and of docs/api-choices.md §11.
// Each case asserts the exact result, including the whole error map (field path → message).
import { describe, expect, it } from 'vitest';
import { assessmentConfigWithDefaults } from '../../src/domain/job.js';
import { validateJobInput } from '../../src/domain/job-schema.js';

/** Exactly 100 code points: the shortest description the spec accepts. */
const DESCRIPTION_100 = 'd'.repeat(100);
const DESCRIPTION_99 = 'd'.repeat(99);

/** The smallest valid input: the two required fields. */
const MINIMAL = { title: 'Senior Backend Engineer', description: DESCRIPTION_100 } as const;

/** A valid input with MINIMAL's required fields and the given fields added or replaced. */
const job = (fields: Record<string, unknown>): Record<string, unknown> => ({ ...MINIMAL, ...fields });

const FULL = {
  title: 'Senior Backend Engineer',
  department: 'Engineering',
  location: { type: 'hybrid', city: 'Berlin', state: 'Berlin', country: 'DE' },
  description: `# About the role\n\n${'We build the hiring platform. '.repeat(5)}`,
  requirements: ['5+ years of backend work', 'PostgreSQL'],
  skills: ['TypeScript', 'Node.js'],
  experience_level: 'senior',
  employment_type: 'full_time',
  salary: { min: 90000, max: 120000, currency: 'EUR', period: 'yearly' },
  assessment_config: {
    auto_generate: true,
    question_count: 12,
    time_limit: 900,
    proctoring: true,
    question_types: ['ranksort', 'multiple_choice', 'scenario'],
  },
  publish: true,
};

const EXPERIENCE_MESSAGE = 'must be one of: entry, mid, senior, lead, executive';
const EMPLOYMENT_MESSAGE = 'must be one of: full_time, part_time, contract, internship';
const LOCATION_TYPE_MESSAGE = 'must be one of: remote, hybrid, onsite';
const countryMessage = (given: string) =>
  `${JSON.stringify(given)} is not an ISO 3166-1 alpha-2 country code (such as US, DE, GB)`;
const currencyMessage = (given: string) =>
  `${JSON.stringify(given)} is not an ISO 4217 currency code (such as USD, EUR, GBP)`;
const PERIOD_MESSAGE = 'must be one of: hourly, monthly, yearly';
const QUESTION_COUNT_MESSAGE = 'must be a whole number from 5 to 20';
const TIME_LIMIT_MESSAGE = 'must be a whole number from 300 to 1800';
const QUESTION_TYPE_MESSAGE = 'must be one of: ranksort, multiple_choice, scenario';
const UNKNOWN = 'is not a known field';

describe('validateJobInput: valid inputs come back unchanged', () => {
  const valid: [string, Record<string, unknown>][] = [
    ['only the required fields', { ...MINIMAL }],
    ['every field set', FULL],
    ['description of exactly 100 characters', job({ description: DESCRIPTION_100 })],
    ['description of 100 emoji (200 UTF-16 units)', job({ description: '😀'.repeat(100) })],
    ['description of 100 code points with combining marks', job({ description: 'e\u0301'.repeat(50) })],
    [
      'surrounding whitespace kept as given',
      job({ title: '  Padded title  ', description: `\n  ${DESCRIPTION_100}  \n` }),
    ],
    ...(['entry', 'mid', 'senior', 'lead', 'executive'] as const).map((level): [string, Record<string, unknown>] => [
      `experience_level ${level}`,
      job({ experience_level: level }),
    ]),
    ...(['full_time', 'part_time', 'contract', 'internship'] as const).map(
      (type): [string, Record<string, unknown>] => [`employment_type ${type}`, job({ employment_type: type })],
    ),
    ['remote location without city or state', job({ location: { type: 'remote' } })],
    ['remote location with a country', job({ location: { type: 'remote', country: 'US' } })],
    [
      'onsite location with city and state',
      job({ location: { type: 'onsite', city: 'Austin', state: 'TX', country: 'US' } }),
    ],
    [
      'hybrid location with city and state',
      job({ location: { type: 'hybrid', city: 'Munich', state: 'Bavaria', country: 'DE' } }),
    ],
    ['country GB', job({ location: { type: 'remote', country: 'GB' } })],
    ...(['hourly', 'monthly', 'yearly'] as const).map((period): [string, Record<string, unknown>] => [
      `salary period ${period}`,
      job({ salary: { period } }),
    ]),
    ['salary min equal to max', job({ salary: { min: 50000, max: 50000 } })],
    ['salary min below max', job({ salary: { min: 1, max: 2 } })],
    ['salary min of 0', job({ salary: { min: 0 } })],
    ['salary with only max', job({ salary: { max: 10 } })],
    ['salary with fractional amounts', job({ salary: { min: 12.5, max: 30.75, period: 'hourly', currency: 'USD' } })],
    ['empty salary object', job({ salary: {} })],
    ['question_count 5 (lower bound)', job({ assessment_config: { question_count: 5 } })],
    ['question_count 20 (upper bound)', job({ assessment_config: { question_count: 20 } })],
    ['time_limit 300 (lower bound)', job({ assessment_config: { time_limit: 300 } })],
    ['time_limit 1800 (upper bound)', job({ assessment_config: { time_limit: 1800 } })],
    ...(['ranksort', 'multiple_choice', 'scenario'] as const).map((type): [string, Record<string, unknown>] => [
      `question type ${type}`,
      job({ assessment_config: { question_types: [type] } }),
    ]),
    ['auto_generate and proctoring false', job({ assessment_config: { auto_generate: false, proctoring: false } })],
    ['empty assessment_config', job({ assessment_config: {} })],
    ['publish true', job({ publish: true })],
    ['publish false', job({ publish: false })],
    ['empty requirements and skills lists', job({ requirements: [], skills: [] })],
    ['department set', job({ department: 'Sales' })],
  ];

  it.each(valid)('%s', (_name, input) => {
    const snapshot = structuredClone(input);
    const result = validateJobInput(input);
    expect(result).toStrictEqual({ ok: true, value: snapshot });
    // The input itself is not altered either.
    expect(input).toStrictEqual(snapshot);
  });

  it('counts code points, not UTF-16 units (the premise of the emoji cases)', () => {
    expect('😀'.repeat(50)).toHaveLength(100);
    expect([...'😀'.repeat(50)]).toHaveLength(50);
  });
});

describe('validateJobInput: invalid inputs report every bad field by path', () => {
  const invalid: [string, unknown, Record<string, string>][] = [
    // The body as a whole.
    ['an array body', [MINIMAL], { body: 'must be a JSON object' }],
    ['a string body', JSON.stringify(MINIMAL), { body: 'must be a JSON object' }],
    ['a null body', null, { body: 'must be a JSON object' }],
    ['a number body', 42, { body: 'must be a JSON object' }],
    ['an empty object', {}, { title: 'is required', description: 'is required' }],

    // title
    ['title missing', { description: DESCRIPTION_100 }, { title: 'is required' }],
    ['title empty', job({ title: '' }), { title: 'must not be empty' }],
    ['title whitespace only', job({ title: ' \t\n ' }), { title: 'must not be empty' }],
    ['title a number', job({ title: 42 }), { title: 'must be a string' }],
    ['title null', job({ title: null }), { title: 'must be a string' }],

    // description
    ['description missing', { title: 'T' }, { description: 'is required' }],
    [
      'description of 99 characters',
      job({ description: DESCRIPTION_99 }),
      { description: 'must be at least 100 characters (got 99)' },
    ],
    [
      'description of 99 characters padded with whitespace to 105',
      job({ description: `  ${DESCRIPTION_99}\n \t` }),
      { description: 'must be at least 100 characters (got 99)' },
    ],
    [
      'description of 50 emoji (100 UTF-16 units)',
      job({ description: '😀'.repeat(50) }),
      { description: 'must be at least 100 characters (got 50)' },
    ],
    [
      'description whitespace only',
      job({ description: ' '.repeat(150) }),
      { description: 'must be at least 100 characters (got 0)' },
    ],
    ['description empty', job({ description: '' }), { description: 'must be at least 100 characters (got 0)' }],
    ['description a number', job({ description: 100 }), { description: 'must be a string' }],

    // department
    ['department empty', job({ department: '' }), { department: 'must not be empty' }],
    ['department a number', job({ department: 7 }), { department: 'must be a string' }],

    // experience_level / employment_type
    ['experience_level unknown', job({ experience_level: 'junior' }), { experience_level: EXPERIENCE_MESSAGE }],
    ['experience_level wrong case', job({ experience_level: 'Senior' }), { experience_level: EXPERIENCE_MESSAGE }],
    ['experience_level a number', job({ experience_level: 3 }), { experience_level: EXPERIENCE_MESSAGE }],
    ['employment_type unknown', job({ employment_type: 'freelance' }), { employment_type: EMPLOYMENT_MESSAGE }],
    ['employment_type with a dash', job({ employment_type: 'full-time' }), { employment_type: EMPLOYMENT_MESSAGE }],

    // location
    ['location a string', job({ location: 'remote' }), { location: 'must be an object' }],
    ['location an array', job({ location: [{ type: 'remote' }] }), { location: 'must be an object' }],
    ['location null', job({ location: null }), { location: 'must be an object' }],
    ['location without type', job({ location: { city: 'Austin', state: 'TX' } }), { 'location.type': 'is required' }],
    ['location.type unknown', job({ location: { type: 'moon' } }), { 'location.type': LOCATION_TYPE_MESSAGE }],
    ['location.type wrong case', job({ location: { type: 'Remote' } }), { 'location.type': LOCATION_TYPE_MESSAGE }],
    [
      'onsite without city and state',
      job({ location: { type: 'onsite' } }),
      {
        'location.city': 'is required when location.type is onsite',
        'location.state': 'is required when location.type is onsite',
      },
    ],
    [
      'hybrid without city and state',
      job({ location: { type: 'hybrid', country: 'US' } }),
      {
        'location.city': 'is required when location.type is hybrid',
        'location.state': 'is required when location.type is hybrid',
      },
    ],
    [
      'onsite without state',
      job({ location: { type: 'onsite', city: 'Austin' } }),
      { 'location.state': 'is required when location.type is onsite' },
    ],
    [
      'hybrid without city',
      job({ location: { type: 'hybrid', state: 'TX' } }),
      { 'location.city': 'is required when location.type is hybrid' },
    ],
    [
      'onsite with an empty city',
      job({ location: { type: 'onsite', city: ' ', state: 'TX' } }),
      { 'location.city': 'must not be empty' },
    ],
    ['location.city a number', job({ location: { type: 'remote', city: 5 } }), { 'location.city': 'must be a string' }],
    [
      'country XX (not assigned)',
      job({ location: { type: 'remote', country: 'XX' } }),
      { 'location.country': countryMessage('XX') },
    ],
    [
      'country xk (user-assigned, lower case: quoted as given)',
      job({ location: { type: 'remote', country: 'xk' } }),
      { 'location.country': countryMessage('xk') },
    ],
    [
      'country USA (alpha-3)',
      job({ location: { type: 'remote', country: 'USA' } }),
      { 'location.country': countryMessage('USA') },
    ],
    ['country empty', job({ location: { type: 'remote', country: '' } }), { 'location.country': countryMessage('') }],
    [
      'country a number',
      job({ location: { type: 'remote', country: 840 } }),
      { 'location.country': 'must be a string' },
    ],
    [
      'unknown nested field location.zip',
      job({ location: { type: 'remote', zip: '78701' } }),
      { 'location.zip': UNKNOWN },
    ],

    [
      'hybrid in a bad country without city and state: every field named (issue 28)',
      job({ location: { type: 'hybrid', country: 'Portugal' } }),
      {
        'location.country': countryMessage('Portugal'),
        'location.city': 'is required when location.type is hybrid',
        'location.state': 'is required when location.type is hybrid',
      },
    ],
    [
      'onsite with a city of the wrong type and no state',
      job({ location: { type: 'onsite', city: 5 } }),
      { 'location.city': 'must be a string', 'location.state': 'is required when location.type is onsite' },
    ],
    [
      'an unknown location.type and a bad country: no city rule for an unknown type',
      job({ location: { type: 'moon', country: 'XX' } }),
      { 'location.type': LOCATION_TYPE_MESSAGE, 'location.country': countryMessage('XX') },
    ],

    // salary
    ['salary a string', job({ salary: '100k' }), { salary: 'must be an object' }],
    ['salary.period unknown', job({ salary: { period: 'weekly' } }), { 'salary.period': PERIOD_MESSAGE }],
    ['salary.period wrong case', job({ salary: { period: 'Yearly' } }), { 'salary.period': PERIOD_MESSAGE }],
    [
      'salary min above max',
      job({ salary: { min: 120000, max: 90000 } }),
      { 'salary.max': 'must not be less than salary.min (120000)' },
    ],
    [
      'salary min above max by a fraction',
      job({ salary: { min: 10.5, max: 10 } }),
      { 'salary.max': 'must not be less than salary.min (10.5)' },
    ],
    [
      'salary min above max in a bad currency: both named',
      job({ salary: { min: 120000, max: 90000, currency: 'EURO' } }),
      { 'salary.currency': currencyMessage('EURO'), 'salary.max': 'must not be less than salary.min (120000)' },
    ],
    [
      'salary min above max with a bad period',
      job({ salary: { min: 2, max: 1, period: 'weekly' } }),
      { 'salary.period': PERIOD_MESSAGE, 'salary.max': 'must not be less than salary.min (2)' },
    ],
    [
      'salary.min not a number, max given: only the min named',
      job({ salary: { min: '90000', max: 5 } }),
      { 'salary.min': 'must be a number' },
    ],
    ['negative salary.min', job({ salary: { min: -1 } }), { 'salary.min': 'must not be negative' }],
    ['negative salary.max', job({ salary: { max: -0.01 } }), { 'salary.max': 'must not be negative' }],
    ['salary.min a string', job({ salary: { min: '90000' } }), { 'salary.min': 'must be a number' }],
    ['salary.max not finite', job({ salary: { max: Number.POSITIVE_INFINITY } }), { 'salary.max': 'must be a number' }],
    ['salary.currency empty', job({ salary: { currency: '' } }), { 'salary.currency': currencyMessage('') }],
    ['salary.currency EURO', job({ salary: { currency: 'EURO' } }), { 'salary.currency': currencyMessage('EURO') }],
    [
      'salary.currency XAU (a metal, not money)',
      job({ salary: { currency: 'XAU' } }),
      { 'salary.currency': currencyMessage('XAU') },
    ],
    ['salary.currency a number', job({ salary: { currency: 978 } }), { 'salary.currency': 'must be a string' }],
    ['unknown nested field salary.amount', job({ salary: { amount: 5 } }), { 'salary.amount': UNKNOWN }],

    // assessment_config.question_count
    [
      'question_count 4',
      job({ assessment_config: { question_count: 4 } }),
      { 'assessment_config.question_count': QUESTION_COUNT_MESSAGE },
    ],
    [
      'question_count 21',
      job({ assessment_config: { question_count: 21 } }),
      { 'assessment_config.question_count': QUESTION_COUNT_MESSAGE },
    ],
    [
      'question_count 0',
      job({ assessment_config: { question_count: 0 } }),
      { 'assessment_config.question_count': QUESTION_COUNT_MESSAGE },
    ],
    [
      'question_count -10',
      job({ assessment_config: { question_count: -10 } }),
      { 'assessment_config.question_count': QUESTION_COUNT_MESSAGE },
    ],
    [
      'question_count 7.5',
      job({ assessment_config: { question_count: 7.5 } }),
      { 'assessment_config.question_count': QUESTION_COUNT_MESSAGE },
    ],
    [
      'question_count "10"',
      job({ assessment_config: { question_count: '10' } }),
      { 'assessment_config.question_count': QUESTION_COUNT_MESSAGE },
    ],
    [
      'question_count NaN',
      job({ assessment_config: { question_count: Number.NaN } }),
      { 'assessment_config.question_count': QUESTION_COUNT_MESSAGE },
    ],

    // assessment_config.time_limit
    [
      'time_limit 299',
      job({ assessment_config: { time_limit: 299 } }),
      { 'assessment_config.time_limit': TIME_LIMIT_MESSAGE },
    ],
    [
      'time_limit 1801',
      job({ assessment_config: { time_limit: 1801 } }),
      { 'assessment_config.time_limit': TIME_LIMIT_MESSAGE },
    ],
    [
      'time_limit 600.5',
      job({ assessment_config: { time_limit: 600.5 } }),
      { 'assessment_config.time_limit': TIME_LIMIT_MESSAGE },
    ],
    [
      'time_limit "600"',
      job({ assessment_config: { time_limit: '600' } }),
      { 'assessment_config.time_limit': TIME_LIMIT_MESSAGE },
    ],

    // assessment_config other fields
    [
      'question_types with an unknown type',
      job({ assessment_config: { question_types: ['ranksort', 'essay'] } }),
      { 'assessment_config.question_types[1]': QUESTION_TYPE_MESSAGE },
    ],
    [
      'question_types with two bad entries',
      job({ assessment_config: { question_types: ['Scenario', 'scenario', 7] } }),
      {
        'assessment_config.question_types[0]': QUESTION_TYPE_MESSAGE,
        'assessment_config.question_types[2]': QUESTION_TYPE_MESSAGE,
      },
    ],
    [
      'question_types a string',
      job({ assessment_config: { question_types: 'ranksort' } }),
      { 'assessment_config.question_types': 'must be a list of question types' },
    ],
    [
      'auto_generate a string',
      job({ assessment_config: { auto_generate: 'yes' } }),
      { 'assessment_config.auto_generate': 'must be true or false' },
    ],
    [
      'proctoring a number',
      job({ assessment_config: { proctoring: 1 } }),
      { 'assessment_config.proctoring': 'must be true or false' },
    ],
    ['assessment_config an array', job({ assessment_config: [] }), { assessment_config: 'must be an object' }],
    [
      'unknown nested field assessment_config.duration',
      job({ assessment_config: { duration: 600 } }),
      { 'assessment_config.duration': UNKNOWN },
    ],

    // publish
    ['publish the string "true"', job({ publish: 'true' }), { publish: 'must be true or false' }],
    ['publish 1', job({ publish: 1 }), { publish: 'must be true or false' }],
    ['publish null', job({ publish: null }), { publish: 'must be true or false' }],

    // requirements / skills
    ['skills an object', job({ skills: { typescript: true } }), { skills: 'must be a list of strings' }],
    ['skills a string', job({ skills: 'TypeScript' }), { skills: 'must be a list of strings' }],
    ['skills with an empty entry', job({ skills: ['TypeScript', '', 'Go'] }), { 'skills[1]': 'must not be empty' }],
    ['skills with a whitespace-only entry', job({ skills: ['  '] }), { 'skills[0]': 'must not be empty' }],
    ['skills with a number entry', job({ skills: ['TypeScript', 5] }), { 'skills[1]': 'must be a string' }],
    ['requirements a string', job({ requirements: 'a degree' }), { requirements: 'must be a list of strings' }],
    [
      'requirements with bad entries',
      job({ requirements: ['ok', '', null] }),
      { 'requirements[1]': 'must not be empty', 'requirements[2]': 'must be a string' },
    ],

    // unknown top-level fields
    ['unknown top-level field titel', job({ titel: 'Typo' }), { titel: UNKNOWN }],
    ['two unknown top-level fields', job({ status: 'active', id: 'job_1' }), { status: UNKNOWN, id: UNKNOWN }],

    // several problems at once
    [
      'several fields wrong at once',
      {
        title: '',
        description: 'too short',
        titel: 'x',
        publish: 'yes',
        location: { type: 'onsite', zip: '1' },
        salary: { min: -5 },
        assessment_config: { question_count: 4, time_limit: 1801 },
      },
      {
        title: 'must not be empty',
        description: 'must be at least 100 characters (got 9)',
        titel: UNKNOWN,
        publish: 'must be true or false',
        'location.zip': UNKNOWN,
        'location.city': 'is required when location.type is onsite',
        'location.state': 'is required when location.type is onsite',
        'salary.min': 'must not be negative',
        'assessment_config.question_count': QUESTION_COUNT_MESSAGE,
        'assessment_config.time_limit': TIME_LIMIT_MESSAGE,
      },
    ],
  ];

  it.each(invalid)('%s', (_name, input, errors) => {
    expect(validateJobInput(input)).toStrictEqual({ ok: false, errors });
  });
});

describe('assessmentConfigWithDefaults', () => {
  const ALL_TYPES = ['ranksort', 'multiple_choice', 'scenario'];
  const DEFAULTS = {
    auto_generate: true,
    question_count: 10,
    time_limit: 300,
    proctoring: false,
    question_types: ALL_TYPES,
  };

  const cases: [string, Parameters<typeof assessmentConfigWithDefaults>[0], typeof DEFAULTS][] = [
    ['no config: every spec default', undefined, DEFAULTS],
    ['empty config: every spec default', {}, DEFAULTS],
    ['question_count given', { question_count: 20 }, { ...DEFAULTS, question_count: 20 }],
    ['time_limit given', { time_limit: 1800 }, { ...DEFAULTS, time_limit: 1800 }],
    [
      'auto_generate false kept (not replaced by the default true)',
      { auto_generate: false },
      { ...DEFAULTS, auto_generate: false },
    ],
    ['proctoring true kept', { proctoring: true }, { ...DEFAULTS, proctoring: true }],
    ['question_types given', { question_types: ['scenario'] }, { ...DEFAULTS, question_types: ['scenario'] }],
    [
      'everything given',
      {
        auto_generate: false,
        question_count: 5,
        time_limit: 600,
        proctoring: true,
        question_types: ['ranksort', 'scenario'],
      },
      {
        auto_generate: false,
        question_count: 5,
        time_limit: 600,
        proctoring: true,
        question_types: ['ranksort', 'scenario'],
      },
    ],
  ];

  it.each(cases)('%s', (_name, config, expected) => {
    expect(assessmentConfigWithDefaults(config)).toStrictEqual(expected);
  });

  it('returns a fresh question_types list each time', () => {
    const first = assessmentConfigWithDefaults(undefined);
    first.question_types.pop();
    expect(assessmentConfigWithDefaults(undefined).question_types).toStrictEqual(ALL_TYPES);
  });
});
