// hire jobs update ID: PATCH /jobs/ID with only the fields given (flags and/or --from-file).
import { updateJob } from '../../api/jobs.js';
import { validateJobPatch } from '../../domain/job.js';
import { UsageError } from '../../errors.js';
import { inertJson } from '../../output/cells.js';
import { printRecord } from '../../output/render.js';
import { arg, defineCommand, flag } from '../define.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';
import { JOB_FIELD_FLAGS } from './job-flags.js';
import { gatherJobFields } from './job-input.js';
import { confirmProductionWrite } from '../shared/confirm.js';

export default defineCommand({
  path: ['jobs', 'update'],
  summary: 'change the fields given, and only those (PATCH /jobs/ID)',
  args: { id: arg.required('job id') },
  flags: {
    fromFile: flag.string({ value: 'file', help: 'read the fields from a JSON or YAML file (- for stdin); flags override it' }),
    dryRun: flag.boolean({ help: 'validate and print the request body without sending it' }),
    ...JOB_FIELD_FLAGS,
  },
  examples: ['hire jobs update job_abc123 --title "Senior Backend Engineer"', 'hire jobs update job_abc123 --skill go,rust --question-count 12'],
  async run(ctx, options) {
    const patch = (await gatherJobFields(ctx, options)).check((input) => {
      if (input !== null && typeof input === 'object' && Object.keys(input).length === 0) {
        throw new UsageError('Nothing to update: pass the fields to change as flags, or --from-file FILE.');
      }
      return validateJobPatch(input);
    });
    if (options.dryRun) {
      ctx.io.stdout.write(`${inertJson(patch, 2)}\n`);
      ctx.notice('Dry run: the change is valid; nothing was sent.');
      return;
    }
    if (!(await confirmProductionWrite(ctx, `Change ${Object.keys(patch).join(', ')} of job ${options.id}`))) return;
    const client = await ctx.api();
    await printRecord(ctx.output, await updateJob(client, options.id, patch, { onReadBack: (message) => ctx.notice(message) }), JOB_DETAIL_COLUMNS);
    await ctx.announceWrite(`Updated job ${options.id}`);
  },
});
