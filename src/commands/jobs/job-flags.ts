// The job-input flags of `jobs create` (and later `jobs update`): one table mapping each flag to
// its field in the spec's job input, used to declare the flags (here, loaded at start-up), and to
// build the input and name flags in messages (job-from-flags.ts, loaded when a command runs).
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
import { collect } from '../shared/collect.js';

export interface JobFlag {
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

export function addJobInputOptions(command: Command, options: { exclude?: readonly string[] } = {}): Command {
  for (const flag of JOB_FLAGS) {
    if (options.exclude?.includes(flag.key)) continue;
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
