// hire jobs update ID: PATCH /jobs/ID with only the fields given (flags and/or --from-file).
import { patchRecord, recordPath } from '../../api/records.js';
import type { Context } from '../../context.js';
import { validateJobPatch, type JobPatch } from '../../domain/job.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';
import { readJobFields, type CreateFlags } from './create.js';
import { inertJson } from '../../output/cells.js';

export async function run(ctx: Context, flags: CreateFlags, id: string): Promise<void> {
  const patch = await readJobFields(ctx, flags, (input) => {
    if (input !== null && typeof input === 'object' && Object.keys(input).length === 0) {
      throw new UsageError('Nothing to update: pass the fields to change as flags, or --from-file FILE.');
    }
    return validateJobPatch(input);
  });
  if (flags.dryRun) {
    ctx.io.stdout.write(`${inertJson(patch, 2)}\n`);
    ctx.notice('Dry run: the change is valid; nothing was sent.');
    return;
  }
  const client = await ctx.api();
  await printRecord(ctx, await patchRecord(client, recordPath('/jobs', id), patch satisfies JobPatch), JOB_DETAIL_COLUMNS);
  await ctx.announceWrite(`Updated job ${id}`);
}
