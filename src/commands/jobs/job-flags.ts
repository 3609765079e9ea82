// The job-input flags of `jobs create` (and later `jobs update`): one table mapping each flag to
// its field in the spec's job input, used to declare the flags, to build the input from them,
// and to name the flag in a validation message.
import { Option, type Command } from 'commander';
import {
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  LOCATION_TYPES,
  QUESTION_COUNT,
  QUESTION_TYPES,
  SALARY_PERIODS,
  TIME_LIMIT_SECONDS,
} from '../../domain/vocabulary.js';
import { collect, numeric, splitCommas } from '../shared/input.js';

interface JobFlag {
  flags: string;
  /** commander's attribute name for the flag. */
  key: string;
  /** Dotted path in the job input. */
  field: string;
  help: string;
  kind?: 'number' | 'list' | 'commaList' | 'boolean';
}

const list = (values: readonly string[]) => values.join('|');

export const JOB_FLAGS: readonly JobFlag[] = [
  { flags: '--title <text>', key: 'title', field: 'title', help: 'job title (required)' },
  { flags: '--department <name>', key: 'department', field: 'department', help: 'department' },
  { flags: '--description <markdown>', key: 'description', field: 'description', help: 'description, Markdown, at least 100 characters (required)' },
  { flags: '--location-type <type>', key: 'locationType', field: 'location.type', help: list(LOCATION_TYPES) },
  { flags: '--city <city>', key: 'city', field: 'location.city', help: 'city (required for onsite and hybrid)' },
  { flags: '--state <state>', key: 'state', field: 'location.state', help: 'state or province (required for onsite and hybrid)' },
  { flags: '--country <code>', key: 'country', field: 'location.country', help: 'ISO 3166-1 alpha-2 country code, such as US' },
  { flags: '--requirement <text>', key: 'requirement', field: 'requirements', help: 'a requirement (repeatable)', kind: 'list' },
  { flags: '--skill <skill>', key: 'skill', field: 'skills', help: 'a required skill (repeatable, or comma-separated)', kind: 'commaList' },
  { flags: '--experience-level <level>', key: 'experienceLevel', field: 'experience_level', help: list(EXPERIENCE_LEVELS) },
  { flags: '--employment-type <type>', key: 'employmentType', field: 'employment_type', help: list(EMPLOYMENT_TYPES) },
  { flags: '--salary-min <amount>', key: 'salaryMin', field: 'salary.min', help: 'minimum salary', kind: 'number' },
  { flags: '--salary-max <amount>', key: 'salaryMax', field: 'salary.max', help: 'maximum salary', kind: 'number' },
  { flags: '--salary-currency <code>', key: 'salaryCurrency', field: 'salary.currency', help: 'currency code, such as USD' },
  { flags: '--salary-period <period>', key: 'salaryPeriod', field: 'salary.period', help: list(SALARY_PERIODS) },
  { flags: '--no-auto-generate', key: 'autoGenerate', field: 'assessment_config.auto_generate', help: 'do not generate assessment questions', kind: 'boolean' },
  {
    flags: '--question-count <n>',
    key: 'questionCount',
    field: 'assessment_config.question_count',
    help: `assessment questions, ${QUESTION_COUNT.min}-${QUESTION_COUNT.max} (default ${QUESTION_COUNT.default})`,
    kind: 'number',
  },
  {
    flags: '--time-limit <seconds>',
    key: 'timeLimit',
    field: 'assessment_config.time_limit',
    help: `assessment time limit, ${TIME_LIMIT_SECONDS.min}-${TIME_LIMIT_SECONDS.max} s (default ${TIME_LIMIT_SECONDS.default})`,
    kind: 'number',
  },
  {
    flags: '--question-type <type>',
    key: 'questionType',
    field: 'assessment_config.question_types',
    help: `${list(QUESTION_TYPES)} (repeatable, or comma-separated)`,
    kind: 'commaList',
  },
  { flags: '--proctoring', key: 'proctoring', field: 'assessment_config.proctoring', help: 'enable anti-cheating proctoring', kind: 'boolean' },
  { flags: '--publish', key: 'publish', field: 'publish', help: 'publish at once (status active)', kind: 'boolean' },
];

export function addJobInputOptions(command: Command): Command {
  for (const flag of JOB_FLAGS) {
    if (flag.key === 'autoGenerate') {
      // Declared first and hidden, so that --no-auto-generate has no default: absent = not given.
      command.addOption(new Option('--auto-generate', 'generate assessment questions (the default)').hideHelp());
    }
    if (flag.kind === 'list' || flag.kind === 'commaList') command.option(flag.flags, flag.help, collect);
    else command.option(flag.flags, flag.help);
    if (flag.field === 'description') {
      command.option('--description-file <file>', 'read the description from FILE (- for stdin)');
    }
  }
  return command;
}

export type FlagValues = Record<string, unknown>;

/** Builds the part of a job input that flags give, and notes which fields they set. */
export function jobInputFromFlags(values: FlagValues): { input: Record<string, unknown>; fromFlags: Set<string> } {
  const input: Record<string, unknown> = {};
  const fromFlags = new Set<string>();
  for (const flag of JOB_FLAGS) {
    const raw = values[flag.key];
    if (raw === undefined) continue;
    let value: unknown = raw;
    if (flag.kind === 'number') value = numeric(raw as string);
    else if (flag.kind === 'commaList') value = splitCommas(raw as string[]);
    setPath(input, flag.field, value);
    fromFlags.add(flag.field);
  }
  return { input, fromFlags };
}

/** The flag that sets a field (`assessment_config.question_types[1]` → `--question-type`). */
export function flagForField(field: string): string | undefined {
  const path = field.replace(/\[\d+\]$/, '');
  const flag = JOB_FLAGS.find((candidate) => candidate.field === path);
  if (flag) return flag.flags.split(' ')[0];
  if (path === 'location') return '--location-type';
  return undefined;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[segments.at(-1)!] = value;
}

/** Overlays flag values on a file's job: nested objects merge, everything else is replaced. */
export function overlay(base: Record<string, unknown>, top: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(top)) {
    const under = out[key];
    const bothObjects = isPlainObject(under) && isPlainObject(value);
    out[key] = bothObjects ? overlay(under, value) : value;
  }
  return out;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
