// hire jobs update ID: PATCH /jobs/ID with only the fields given (flags and/or --from-file);
// --clear sends null for an optional field, which removes it (JSON Merge Patch).
import { updateJob } from '../../api/jobs.js';
import { CLEARABLE_JOB_FIELDS } from '../../domain/job.js';
import { validateJobPatch } from '../../domain/job-schema.js';
import { isPlainObject, setPath } from '../../domain/merge.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { arg, defineCommand, flag } from '../define.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';
import { JOB_UPDATE_FLAGS, jobFlagForField } from './job-flags.js';
import { gatherJobFields } from './job-input.js';
import { confirmProductionWrite } from '../shared/confirm.js';
import { printJson } from '../../output/document.js';

export default defineCommand({
  path: ['jobs', 'update'],
  summary: 'change the fields given, and only those (PATCH /jobs/ID)',
  effect: 'write',
  operations: ['updateJob', 'getJob', 'listJobs'],
  args: { id: arg.required('job id') },
  flags: {
    fromFile: flag.string({
      value: 'file',
      file: 'read',
      help: 'read the fields from a JSON or YAML file (- for stdin; null clears a field); flags override it',
    }),
    dryRun: flag.boolean({ help: 'validate and print the request body without sending it' }),
    ...JOB_UPDATE_FLAGS,
  },
  examples: [
    'hire jobs update job_abc123 --title "Senior Engineer" --no-proctoring',
    'hire jobs update job_abc123 --skill go,rust --question-count 12',
    'hire jobs update job_abc123 --clear department,salary',
  ],
  async run(ctx, options) {
    const patch = (await gatherJobFields(ctx, options)).check((input) => {
      if (isPlainObject(input)) {
        // An empty value is refused as a value; what was meant is --clear.
        for (const field of CLEARABLE_JOB_FIELDS) {
          const value = valueAt(input, field);
          if (typeof value === 'string' && value.trim() === '') {
            throw new UsageError(
              `${jobFlagForField(field) ?? field} "" is empty: to remove ${field}, pass --clear ${field}.`,
            );
          }
        }
        for (const field of options.clear ?? []) {
          const given = fieldGiven(input, field);
          if (given)
            throw new UsageError(
              `--clear ${field} and ${jobFlagForField(given) ?? given} disagree: clear it or set it, not both.`,
            );
          setPath(input, field, null);
        }
        if (Object.keys(input).length === 0) {
          throw new UsageError(
            'Nothing to update: pass the fields to change as flags, --clear FIELD, or --from-file FILE.',
          );
        }
      }
      return validateJobPatch(input);
    });
    if (options.dryRun) {
      printJson(ctx.output, patch);
      ctx.messages.notice('Dry run: the change is valid; nothing was sent.');
      return;
    }
    if (!(await confirmProductionWrite(ctx, `Change ${Object.keys(patch).join(', ')} of job ${options.id}`))) return;
    const client = await ctx.session.api();
    await printRecord(
      ctx.output,
      await updateJob(client, options.id, patch, { onReadBack: (message, facts) => ctx.messages.note(message, facts) }),
      JOB_DETAIL_COLUMNS,
    );
    await ctx.session.announceWrite(`Updated job ${options.id}`);
  },
});

function valueAt(input: Record<string, unknown>, field: string): unknown {
  let node: unknown = input;
  for (const segment of field.split('.')) {
    if (!isPlainObject(node) || !Object.hasOwn(node, segment)) return undefined;
    node = node[segment];
  }
  return node;
}

/** The field given (by a flag or the file) that `--clear field` would contradict: it, or one under it. */
function fieldGiven(input: Record<string, unknown>, field: string): string | undefined {
  const node = valueAt(input, field);
  if (node === null || node === undefined) return undefined;
  if (isPlainObject(node)) {
    const under = Object.keys(node).find((key) => node[key] !== null);
    return under === undefined ? undefined : `${field}.${under}`;
  }
  return field;
}
