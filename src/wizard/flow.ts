// The job-creation wizard (issue "The interactive job-creation wizard"): every question maps to a
// flag of `jobs create`, every answer is checked by the job-input schema's own rules, and values
// already given by flags or --from-file are kept and not asked again.
import { jobFieldError, validateJobInput, type JobField, type JobInput } from '../domain/job-schema.js';
import { isPlainObject } from '../domain/merge.js';
import {
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  LOCATION_TYPES,
  QUESTION_COUNT,
  QUESTION_TYPES,
  SALARY_PERIODS,
  TIME_LIMIT_SECONDS,
} from '../domain/vocabulary.js';
import type { Asker, Check } from './asker.js';
import { describeJob } from './summary.js';

const SKIP = 'skip';
const check =
  (field: JobField, optional = false): Check =>
  (answer) =>
    optional && answer.trim() === '' ? undefined : jobFieldError(field, numberOr(field, answer));

/** Numbers are typed as text; the rules see them as numbers, as they do for flags. */
function numberOr(field: JobField, answer: string): unknown {
  if (!/salary\.(min|max)|question_count|time_limit/.test(field)) return answer;
  const number = Number(answer.trim());
  return answer.trim() !== '' && Number.isFinite(number) ? number : answer;
}

export interface WizardResult {
  input: JobInput;
  /** Where the person asked to save the answers, if anywhere. */
  savePath: string | undefined;
}

/**
 * Asks for what `given` lacks and returns a job input the schema accepts. Returns undefined when
 * the person declines at the end (nothing is sent). `where` names a production profile
 * (" on production (profile "prod")", Context.whereWritten) in the final question.
 */
export async function askForJob(
  asker: Asker,
  given: Record<string, unknown>,
  options: { savePath?: string; where?: string } = {},
): Promise<WizardResult | undefined> {
  const job: Record<string, unknown> = structuredClone(given);

  job.title ??= (await asker.text({ id: 'title', message: 'Job title', validate: check('title') })).trim();
  if (!('department' in given)) {
    const department = await asker.text({
      id: 'department',
      message: 'Department (optional)',
      validate: check('department', true),
    });
    if (department.trim() !== '') job.department = department.trim();
  }
  await askLocation(asker, job);
  job.description ??= await asker.multiline({
    id: 'description',
    message: 'Description (Markdown, at least 100 characters)',
    min: 100,
    validate: check('description'),
  });
  job.requirements ??= await askList(asker, 'requirements', 'Requirement', 'requirement', false);
  job.skills ??= await askList(asker, 'skills', 'Skill', 'skill', true);
  if ((job.requirements as string[]).length === 0) delete job.requirements;
  if ((job.skills as string[]).length === 0) delete job.skills;
  for (const [field, message, values] of [
    ['experience_level', 'Experience level', EXPERIENCE_LEVELS],
    ['employment_type', 'Employment type', EMPLOYMENT_TYPES],
  ] as const) {
    if (field in given) continue;
    const answer = await asker.select<string>({
      id: field,
      message,
      choices: [...values.map((value) => ({ value })), { value: SKIP, name: 'skip' }],
      // Optional: Enter alone must not choose a value the user never looked at.
      default: SKIP,
    });
    if (answer !== SKIP) job[field] = answer;
  }
  await askSalary(asker, job, given);
  await askAssessment(asker, job);
  job.publish ??= await asker.confirm({ id: 'publish', message: 'Publish now (status active)?', default: false });

  const result = validateJobInput(job);
  if (!result.ok) {
    // Every answer was checked on its own; a rule across fields (salary min ≤ max) can remain.
    throw new Error(
      `The answers do not make a valid job: ${Object.entries(result.errors)
        .map(([field, message]) => `${field} ${message}`)
        .join('; ')}`,
    );
  }
  asker.note(describeJob(result.value, asker.width));
  let savePath = options.savePath;
  if (savePath === undefined) {
    const path = await asker.text({
      id: 'save',
      message: 'Save the answers to a file, for --from-file? File name (empty to skip)',
    });
    if (path.trim() !== '') savePath = path.trim();
  }
  // On a production profile this one question is also the production guard (docs/profiles.md
  // "Confirmations"): it names the environment and defaults to No, and the command asks no more.
  const where = options.where ?? '';
  const go = await asker.confirm({ id: 'confirm', message: `Create this job${where}?`, default: where === '' });
  return go ? { input: result.value, savePath } : undefined;
}

async function askLocation(asker: Asker, job: Record<string, unknown>): Promise<void> {
  const given = isPlainObject(job.location) ? job.location : undefined;
  let type = given?.type as string | undefined;
  if (type === undefined) {
    // With a city or country already given, a location must have a type: no "skip" then.
    const choices = [...LOCATION_TYPES.map((value) => ({ value })), ...(given ? [] : [{ value: SKIP, name: 'skip' }])];
    type = await asker.select<string>({ id: 'location.type', message: 'Location', choices });
    if (type === SKIP) return;
  }
  const location: Record<string, unknown> = { ...given, type };
  if (type === 'onsite' || type === 'hybrid') {
    location.city ??= (
      await asker.text({ id: 'location.city', message: 'City', validate: check('location.city') })
    ).trim();
    location.state ??= (
      await asker.text({ id: 'location.state', message: 'State or province', validate: check('location.state') })
    ).trim();
  }
  if (location.country === undefined) {
    const country = await asker.text({
      id: 'location.country',
      message: 'Country, two letters such as US or DE (optional)',
      validate: check('location.country', true),
    });
    if (country.trim() !== '') location.country = country.trim();
  }
  job.location = location;
}

async function askList(asker: Asker, id: string, noun: string, field: JobField, commas: boolean): Promise<string[]> {
  const items: string[] = [];
  for (;;) {
    // One answer may give several (commas): the count is of the items given, not of the questions.
    const message = !commas
      ? `${noun} ${items.length + 1}; empty to finish`
      : items.length === 0
        ? `${noun}s (one or several, comma-separated); empty to finish`
        : `More ${noun.toLowerCase()}s (${items.length} so far); empty to finish`;
    const answer = await asker.text({
      id,
      message,
      validate: (text) => (text.trim() === '' ? undefined : jobFieldError(field, text.trim())),
    });
    const parts = (commas ? answer.split(',') : [answer]).map((part) => part.trim()).filter((part) => part !== '');
    if (parts.length === 0) return items;
    items.push(...parts);
  }
}

async function askSalary(asker: Asker, job: Record<string, unknown>, given: Record<string, unknown>): Promise<void> {
  // Part of a salary given (--salary-min 90000): the rest is asked; none: first whether to add one.
  const salary: Record<string, unknown> = isPlainObject(given.salary) ? { ...given.salary } : {};
  if (!('salary' in given) && !(await asker.confirm({ id: 'salary', message: 'Add a salary range?', default: false })))
    return;
  if (salary.min === undefined) {
    const min = await asker.text({
      id: 'salary.min',
      message: 'Minimum (optional)',
      validate: check('salary.min', true),
    });
    if (min.trim() !== '') salary.min = Number(min);
  }
  if (salary.max === undefined) await askSalaryMax(asker, salary);
  if (salary.currency === undefined) {
    const currency = await asker.text({
      id: 'salary.currency',
      message: 'Currency, such as USD (optional)',
      validate: check('salary.currency', true),
    });
    if (currency.trim() !== '') salary.currency = currency.trim();
  }
  if (salary.period === undefined) {
    const period = await asker.select<string>({
      id: 'salary.period',
      message: 'Per',
      choices: [...SALARY_PERIODS.map((value) => ({ value })), { value: SKIP, name: 'skip' }],
      default: SKIP,
    });
    if (period !== SKIP) salary.period = period;
  }
  if (Object.keys(salary).length > 0) job.salary = salary;
}

async function askSalaryMax(asker: Asker, salary: Record<string, unknown>): Promise<void> {
  const max = await asker.text({
    id: 'salary.max',
    message: 'Maximum (optional)',
    validate: (answer) => {
      if (answer.trim() === '') return undefined;
      const problem = jobFieldError('salary.max', numberOr('salary.max', answer));
      if (problem) return problem;
      return salary.min !== undefined && Number(answer) < (salary.min as number)
        ? `must not be less than salary.min (${String(salary.min)})`
        : undefined;
    },
  });
  if (max.trim() !== '') salary.max = Number(max);
}

async function askAssessment(asker: Asker, job: Record<string, unknown>): Promise<void> {
  const config: Record<string, unknown> = isPlainObject(job.assessment_config) ? { ...job.assessment_config } : {};
  config.auto_generate ??= await asker.confirm({
    id: 'assessment_config.auto_generate',
    message: 'Generate the assessment with AI?',
    default: true,
  });
  if (config.auto_generate) {
    if (config.question_count === undefined) {
      const answer = await asker.text({
        id: 'assessment_config.question_count',
        message: `Questions (${QUESTION_COUNT.min}-${QUESTION_COUNT.max})`,
        default: String(QUESTION_COUNT.default),
        validate: check('assessment_config.question_count'),
      });
      config.question_count = Number(answer);
    }
    if (config.time_limit === undefined) {
      const answer = await asker.text({
        id: 'assessment_config.time_limit',
        message: `Time limit in seconds (${TIME_LIMIT_SECONDS.min}-${TIME_LIMIT_SECONDS.max})`,
        default: String(TIME_LIMIT_SECONDS.default),
        validate: check('assessment_config.time_limit'),
      });
      config.time_limit = Number(answer);
    }
    config.question_types ??= await asker.checkbox({
      id: 'assessment_config.question_types',
      message: 'Question types',
      choices: QUESTION_TYPES.map((value) => ({ value, checked: true })),
      validate: (answers) => jobFieldError('assessment_config.question_types', answers),
    });
    config.proctoring ??= await asker.confirm({
      id: 'assessment_config.proctoring',
      message: 'Proctoring (anti-cheating)?',
      default: false,
    });
  }
  job.assessment_config = config;
}
