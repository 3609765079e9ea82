// hire candidates move ID --status S: PATCH /candidates/ID {status} (CONTRACT §3, §6).
import { patchRecord, recordPath } from '../../api/records.js';
import type { Context } from '../../context.js';
import { CANDIDATE_STATUSES } from '../../domain/vocabulary.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { CANDIDATE_DETAIL_COLUMNS } from './columns.js';

export async function run(ctx: Context, flags: { status?: string }, id: string): Promise<void> {
  const status = flags.status;
  if (status === undefined) throw new UsageError(`--status is required: one of ${CANDIDATE_STATUSES.join(', ')}.`);
  if (!(CANDIDATE_STATUSES as readonly string[]).includes(status)) {
    throw new UsageError(`--status must be one of ${CANDIDATE_STATUSES.join(', ')} (got "${status}").`);
  }
  const client = await ctx.api();
  await printRecord(ctx, await patchRecord(client, recordPath('/candidates', id), { status }), CANDIDATE_DETAIL_COLUMNS);
}
