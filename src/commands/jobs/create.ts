// hire jobs create: from flags, from --from-file (JSON or YAML, - for stdin), or both (flags win).
import { createJob } from '../../api/jobs.js';
import type { Context } from '../../context.js';
import { validateJobInput, type JobInput } from '../../domain/job.js';
import type { Validation } from '../../domain/rules.js';
import { UsageError, ValidationError } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { withSpinner } from '../../output/spinner.js';
import { parseDocument, readTextInput } from '../shared/input.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';
import { isPlainObject, overlay } from '../../domain/merge.js';
import { flagForField, jobInputFromFlags, type FlagValues } from './job-from-flags.js';

export interface CreateFlags extends FlagValues {
  descriptionFile?: string;
  fromFile?: string;
  dryRun?: boolean;
}

export async function run(ctx: Context, flags: CreateFlags): Promise<void> {
  const input = await jobInputFrom(ctx, flags);
  if (flags.dryRun) {
    ctx.io.stdout.write(`${JSON.stringify(input, null, 2)}\n`);
    ctx.notice('Dry run: the job is valid; nothing was sent.');
    return;
  }
  const client = await ctx.api();
  const { job, generationMs } = await withSpinner(ctx, input.assessment_config?.auto_generate === false ? 'Creating job…' : 'Creating job and generating its assessment…', () =>
    createJob(client, input),
  );
  const extra: [string, string][] = generationMs === undefined ? [] : [['assessment_generation_time', `${generationMs} ms`]];
  await printRecord(ctx, job, JOB_DETAIL_COLUMNS, extra);
  await ctx.announceWrite(`Created job ${String(job.id)}`);
}

/** Reads, merges and validates the job from --from-file and flags; nothing is sent when invalid. */
export function jobInputFrom(ctx: Context, flags: CreateFlags): Promise<JobInput> {
  return readJobFields(ctx, flags, validateJobInput);
}

/**
 * The job fields of --from-file and flags (flags win), checked by `validate` (the whole job for
 * create, a patch for update). Invalid fields are named with the flag or file that gave them.
 */
export async function readJobFields<T>(ctx: Context, flags: CreateFlags, validate: (input: unknown) => Validation<T>): Promise<T> {
  if (flags.description !== undefined && flags.descriptionFile !== undefined) {
    throw new UsageError('Pass --description or --description-file, not both.');
  }
  if (flags.fromFile === '-' && flags.descriptionFile === '-') {
    throw new UsageError('--from-file and --description-file cannot both read stdin.');
  }
  let base: Record<string, unknown> = {};
  if (flags.fromFile !== undefined) {
    const text = await readTextInput(ctx, '--from-file', flags.fromFile);
    const document = await parseDocument('--from-file', flags.fromFile, text);
    if (!isPlainObject(document)) {
      throw new UsageError(`--from-file ${flags.fromFile}: must hold one job, as a JSON or YAML object.`);
    }
    base = document;
  }
  const values: FlagValues = { ...flags };
  if (flags.descriptionFile !== undefined) {
    values.description = await readTextInput(ctx, '--description-file', flags.descriptionFile);
  }
  const { input, fromFlags } = jobInputFromFlags(values);
  const result = validate(overlay(base, input));
  if (result.ok) return result.value;

  const file = flags.fromFile === '-' ? 'stdin' : flags.fromFile;
  const labelField = (field: string): string => {
    const flag = flagForField(field);
    const setByFlag = [...fromFlags].some((path) => field === path || field.startsWith(`${path}.`) || field.startsWith(`${path}[`));
    if (flag && (setByFlag || file === undefined)) return `${field} (${flag})`;
    return file ? `${field} (in ${file})` : field;
  };
  const missing = result.errors.title === 'is required' || result.errors.description === 'is required';
  throw new ValidationError('The job is not valid; nothing was sent.', result.errors, {
    labelField,
    ...(missing ? { hint: 'Pass the required values as flags (--title, --description), or use --from-file FILE.' } : {}),
  });
}
