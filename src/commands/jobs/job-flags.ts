// The job-input flags of `jobs create` and `jobs update`: each names the field of the spec's job
// input it sets. They are handed to the domain's job schema unchecked, with --from-file's fields,
// so that one set of rules (and messages naming field and flag) serves flags, files and the wizard.
import {
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  LOCATION_TYPES,
  QUESTION_COUNT,
  QUESTION_TYPES,
  SALARY_PERIODS,
  TIME_LIMIT_SECONDS,
} from '../../domain/vocabulary.js';
import { CLEARABLE_JOB_FIELDS } from '../../domain/job.js';
import { flag, flagForField, type FlagSpec } from '../define.js';
import { fieldsFromOptions } from '../fields.js';

/** The domain's ranges, told to machine help (the domain schema checks them). */
export const QUESTION_COUNT_RANGE = { min: QUESTION_COUNT.min, max: QUESTION_COUNT.max, integer: true } as const;
export const TIME_LIMIT_RANGE = { min: TIME_LIMIT_SECONDS.min, max: TIME_LIMIT_SECONDS.max, integer: true } as const;

const FIELDS = {
  title: flag.string({ value: 'text', help: 'job title (required)', field: 'title' }),
  department: flag.string({ value: 'name', help: 'department', field: 'department' }),
  description: flag.string({
    value: 'markdown',
    help: 'description, Markdown, 100 to 10,000 characters (required)',
    field: 'description',
  }),
  descriptionFile: flag.string({
    value: 'file',
    file: 'read',
    help: 'read the description from FILE (- for stdin)',
    conflicts: { flags: ['description'], message: 'Pass --description or --description-file, not both.' },
  }),
  locationType: flag.enum(LOCATION_TYPES, { value: 'type', help: '{choices}', field: 'location.type' }),
  city: flag.string({ help: 'city (required for onsite and hybrid)', field: 'location.city' }),
  state: flag.string({ help: 'state or province (required for onsite and hybrid)', field: 'location.state' }),
  country: flag.string({
    value: 'code',
    help: 'ISO 3166-1 alpha-2 country code, such as US',
    field: 'location.country',
  }),
  requirement: flag.list({ value: 'text', help: 'a requirement (repeatable)', field: 'requirements' }),
  skill: flag.list({ help: 'a required skill (repeatable, or comma-separated)', commas: true, field: 'skills' }),
  experienceLevel: flag.enum(EXPERIENCE_LEVELS, { help: '{choices}', field: 'experience_level' }),
  employmentType: flag.enum(EMPLOYMENT_TYPES, { help: '{choices}', field: 'employment_type' }),
  salaryMin: flag.fieldNumber({ value: 'amount', help: 'minimum salary', field: 'salary.min' }),
  salaryMax: flag.fieldNumber({ value: 'amount', help: 'maximum salary', field: 'salary.max' }),
  salaryCurrency: flag.string({ value: 'code', help: 'ISO 4217 currency code, such as USD', field: 'salary.currency' }),
  salaryPeriod: flag.enum(SALARY_PERIODS, { help: '{choices}', field: 'salary.period' }),
  autoGenerate: flag.boolean({
    negate: true,
    help: 'do not generate assessment questions',
    field: 'assessment_config.auto_generate',
  }),
  questionCount: flag.fieldNumber({
    value: 'n',
    help: `assessment questions, ${QUESTION_COUNT.min}-${QUESTION_COUNT.max} (default ${QUESTION_COUNT.default})`,
    field: 'assessment_config.question_count',
    ...QUESTION_COUNT_RANGE,
    apiDefault: QUESTION_COUNT.default,
  }),
  timeLimit: flag.fieldNumber({
    value: 'seconds',
    help: `assessment time limit, ${TIME_LIMIT_SECONDS.min}-${TIME_LIMIT_SECONDS.max} s (default ${TIME_LIMIT_SECONDS.default})`,
    field: 'assessment_config.time_limit',
    apiDefault: TIME_LIMIT_SECONDS.default,
    ...TIME_LIMIT_RANGE,
  }),
  questionType: flag.enum(QUESTION_TYPES, {
    value: 'type',
    help: '{choices} (repeatable, or comma-separated)',
    many: true,
    field: 'assessment_config.question_types',
  }),
  proctoring: flag.boolean({ help: 'enable anti-cheating proctoring', field: 'assessment_config.proctoring' }),
};

/**
 * The flags of `jobs update`: every job field, described for a change (nothing is required, no
 * default applies), booleans both ways, and --clear for the optional fields.
 */
export const JOB_UPDATE_FLAGS = {
  ...FIELDS,
  title: flag.string({ value: 'text', help: 'new job title', field: 'title' }),
  description: flag.string({
    value: 'markdown',
    help: 'new description, Markdown, 100 to 10,000 characters',
    field: 'description',
  }),
  autoGenerate: flag.boolean({
    negate: true,
    positive: 'generate assessment questions',
    help: 'do not generate assessment questions',
    field: 'assessment_config.auto_generate',
  }),
  questionCount: flag.fieldNumber({
    value: 'n',
    help: `assessment questions, ${QUESTION_COUNT.min}-${QUESTION_COUNT.max}`,
    field: 'assessment_config.question_count',
    ...QUESTION_COUNT_RANGE,
  }),
  timeLimit: flag.fieldNumber({
    value: 'seconds',
    help: `assessment time limit, ${TIME_LIMIT_SECONDS.min}-${TIME_LIMIT_SECONDS.max} s`,
    field: 'assessment_config.time_limit',
    ...TIME_LIMIT_RANGE,
  }),
  proctoring: flag.boolean({
    negate: true,
    positive: 'turn anti-cheating proctoring on',
    help: 'turn anti-cheating proctoring off',
    field: 'assessment_config.proctoring',
  }),
  clear: flag.enum(CLEARABLE_JOB_FIELDS, {
    value: 'fields',
    many: true,
    help: 'remove optional fields (repeatable, or comma-separated)',
    message:
      '--clear takes optional fields: {value} cannot be cleared (it takes ' + CLEARABLE_JOB_FIELDS.join(', ') + ').',
  }),
};

/** The flags of `jobs create`: every job field, and --publish. */
export const JOB_INPUT_FLAGS = {
  ...FIELDS,
  publish: flag.boolean({ help: 'publish at once (status active)', field: 'publish' }),
};

const ALL: Record<string, FlagSpec> = JOB_INPUT_FLAGS;

/** The part of a job input that flags give, and the fields they set. */
export const jobInputFromFlags = (options: Readonly<Record<string, unknown>>) => fieldsFromOptions(ALL, options);

/** The flag that sets a field of the job input (`location` as a whole: --location-type). */
export function jobFlagForField(field: string): string | undefined {
  return flagForField(ALL, field) ?? (field === 'location' ? '--location-type' : undefined);
}
