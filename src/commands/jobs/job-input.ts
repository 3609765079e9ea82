// A job's fields from --from-file and the job-input flags (flags win), checked with the rules
// given (the whole job for create, a patch for update); failures name the flag or file of each field.
import type { Context } from '../../context.js';
import { isPlainObject, overlay } from '../../domain/merge.js';
import type { FieldErrors, Validation } from '../../domain/rules.js';
import { UsageError, ValidationError } from '../../errors.js';
import { noPromptReason } from '../shared/confirm.js';
import { inputName, parseDocument, readTextInput } from '../shared/input.js';
import { jobFlagForField, jobInputFromFlags } from './job-flags.js';

/** What gathering reads besides the field flags. */
export interface JobSources {
  readonly description?: string | undefined;
  readonly descriptionFile?: string | undefined;
  readonly fromFile?: string | undefined;
}

export interface GatheredJob {
  /** The fields as given, unchecked (the wizard starts from them). */
  fields: Record<string, unknown>;
  check<T>(validate: (input: unknown) => Validation<T>): T;
}

export async function gatherJobFields(
  ctx: Context,
  options: JobSources & Readonly<Record<string, unknown>>,
): Promise<GatheredJob> {
  if (options.fromFile === '-' && options.descriptionFile === '-') {
    throw new UsageError('--from-file and --description-file cannot both read stdin.');
  }
  let base: Record<string, unknown> = {};
  if (options.fromFile !== undefined) {
    const text = await readTextInput(ctx, '--from-file', options.fromFile);
    const document = await parseDocument('--from-file', options.fromFile, text);
    if (!isPlainObject(document)) {
      throw new UsageError(`--from-file ${inputName(options.fromFile)}: must hold one job, as a JSON or YAML object.`);
    }
    base = document;
  }
  const values: Record<string, unknown> = { ...options };
  if (options.descriptionFile !== undefined) {
    values.description = await readTextInput(ctx, '--description-file', options.descriptionFile);
  }
  const { input, fromFlags } = jobInputFromFlags(values);
  const fields = overlay(base, input);
  const file = options.fromFile === '-' ? 'stdin' : options.fromFile;
  const labelField = (field: string): string => {
    const flag = jobFlagForField(field);
    const setByFlag = [...fromFlags].some(
      (path) => field === path || field.startsWith(`${path}.`) || field.startsWith(`${path}[`),
    );
    if (flag && (setByFlag || file === undefined)) return `${field} (${flag})`;
    return file ? `${field} (in ${file})` : field;
  };
  return {
    fields,
    check(validate) {
      const result = validate(fields);
      if (result.ok) return result.value;
      throw invalidJob(result.errors, labelField, noPromptReason(ctx));
    },
  };
}

/**
 * A required field missing where no wizard can ask (create asks at a terminal): the hint names the
 * flags that would give exactly what is missing, and why nothing was asked.
 */
function invalidJob(errors: FieldErrors, labelField: (field: string) => string, noWizard: string): ValidationError {
  const flags = [
    errors.title === 'is required' ? '--title' : undefined,
    errors.description === 'is required' ? '--description (or --description-file)' : undefined,
  ].filter((flag) => flag !== undefined);
  return new ValidationError('The job is not valid; nothing was sent.', errors, {
    labelField,
    ...(flags.length > 0 ? { hint: `Pass ${flags.join(' and ')}, or --from-file FILE.\nNo wizard: ${noWizard}.` } : {}),
  });
}
