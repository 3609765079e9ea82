// hire jobs create: from flags, from --from-file (JSON or YAML, - for stdin), or both (flags win);
// at a terminal with a required field missing (or with -i), the wizard asks for the rest.
import { writeFile } from 'node:fs/promises';
import { createJob } from '../../api/jobs.js';
import type { Context } from '../../context.js';
import { validateJobDraft, validateJobInput, type JobInput } from '../../domain/job.js';
import { isPlainObject, overlay } from '../../domain/merge.js';
import type { FieldErrors, Validation } from '../../domain/rules.js';
import { InterruptedError, UsageError, ValidationError } from '../../errors.js';
import { inert, inertJson } from '../../output/cells.js';
import { printRecord } from '../../output/render.js';
import { withSpinner } from '../../output/spinner.js';
import { inputName, parseDocument, readTextInput } from '../shared/input.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';
import { flagForField, jobInputFromFlags, type FlagValues } from './job-from-flags.js';

export interface CreateFlags extends FlagValues {
  descriptionFile?: string;
  fromFile?: string;
  dryRun?: boolean;
  interactive?: boolean;
  save?: string;
}

export async function run(ctx: Context, flags: CreateFlags): Promise<void> {
  const gathered = await gatherJobFields(ctx, flags);
  const missing = gathered.fields.title === undefined || gathered.fields.description === undefined;
  if (flags.interactive && !ctx.canPrompt) {
    throw new UsageError('--interactive needs a terminal (stdin and stderr), outside CI and without --no-input.');
  }
  let input: JobInput;
  let savePath = flags.save;
  let wizard = false;
  if (flags.interactive || (missing && ctx.canPrompt)) {
    // What flags and the file gave must be valid before anything is asked.
    gathered.check(validateJobDraft);
    const { terminalAsker } = await import('../../wizard/prompts.js');
    const { askForJob } = await import('../../wizard/flow.js');
    const terminal = terminalAsker(ctx);
    let result;
    try {
      result = await askForJob(terminal.asker, gathered.fields, flags.save !== undefined ? { savePath: flags.save } : {});
    } finally {
      terminal.dispose();
    }
    if (!result) throw new InterruptedError('Cancelled: nothing was sent.');
    input = result.input;
    savePath = result.savePath;
    wizard = true;
  } else {
    input = gathered.check(validateJobInput);
  }
  if (savePath !== undefined) {
    // Saved before sending, so the answers survive a failed request.
    await writeFile(savePath, `${JSON.stringify(input, null, 2)}\n`);
    ctx.notice(`Saved the job to ${savePath}; \`hire jobs create --from-file ${savePath}\` makes it again.`);
  }
  if (flags.dryRun) {
    ctx.io.stdout.write(`${inertJson(input, 2)}\n`);
    ctx.notice('Dry run: the job is valid; nothing was sent.');
    return;
  }
  const client = await ctx.api();
  const generating = input.assessment_config?.auto_generate !== false;
  const { job, generationMs } = await withSpinner(ctx, generating ? 'Generating assessment…' : 'Creating job…', () => createJob(client, input));
  const extra: [string, string][] = generationMs === undefined ? [] : [['assessment_generation_time', `${generationMs} ms`]];
  await printRecord(ctx, job, JOB_DETAIL_COLUMNS, extra);
  await ctx.announceWrite(`Created job ${String(job.id)}`);
  if (wizard) {
    const id = inert(String(job.id));
    ctx.notice(
      [
        '',
        'Next steps:',
        job.status === 'active' ? `  hire candidates list --job ${id}` : `  hire jobs publish ${id}`,
        `  hire webhooks add --url https://example.com/hooks --event application.received`,
        `  hire jobs get ${id}`,
      ].join('\n'),
    );
  }
}

/** Reads, merges and validates the job from --from-file and flags; nothing is sent when invalid. */
export async function jobInputFrom(ctx: Context, flags: CreateFlags): Promise<JobInput> {
  return (await gatherJobFields(ctx, flags)).check(validateJobInput);
}

/**
 * The job fields of --from-file and flags (flags win), and a check with the rules given (the whole
 * job for create, a patch for update), whose failures name the flag or file that gave each field.
 */
export async function readJobFields<T>(ctx: Context, flags: CreateFlags, validate: (input: unknown) => Validation<T>): Promise<T> {
  return (await gatherJobFields(ctx, flags)).check(validate);
}

interface Gathered {
  fields: Record<string, unknown>;
  check<T>(validate: (input: unknown) => Validation<T>): T;
}

async function gatherJobFields(ctx: Context, flags: CreateFlags): Promise<Gathered> {
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
      throw new UsageError(`--from-file ${inputName(flags.fromFile)}: must hold one job, as a JSON or YAML object.`);
    }
    base = document;
  }
  const values: FlagValues = { ...flags };
  if (flags.descriptionFile !== undefined) {
    values.description = await readTextInput(ctx, '--description-file', flags.descriptionFile);
  }
  const { input, fromFlags } = jobInputFromFlags(values);
  const fields = overlay(base, input);
  const file = flags.fromFile === '-' ? 'stdin' : flags.fromFile;
  const labelField = (field: string): string => {
    const flag = flagForField(field);
    const setByFlag = [...fromFlags].some((path) => field === path || field.startsWith(`${path}.`) || field.startsWith(`${path}[`));
    if (flag && (setByFlag || file === undefined)) return `${field} (${flag})`;
    return file ? `${field} (in ${file})` : field;
  };
  return {
    fields,
    check(validate) {
      const result = validate(fields);
      if (result.ok) return result.value;
      throw invalidJob(result.errors, labelField);
    },
  };
}

function invalidJob(errors: FieldErrors, labelField: (field: string) => string): ValidationError {
  const missing = errors.title === 'is required' || errors.description === 'is required';
  return new ValidationError('The job is not valid; nothing was sent.', errors, {
    labelField,
    ...(missing ? { hint: 'Pass the required values as flags (--title, --description), use --from-file FILE, or run it at a terminal for the wizard.' } : {}),
  });
}
