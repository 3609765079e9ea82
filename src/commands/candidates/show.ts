// hire candidates get ID
import { getRecord, recordPath } from '../../api/records.js';
import type { Context } from '../../context.js';
import { printRecord } from '../../output/render.js';
import { CANDIDATE_DETAIL_COLUMNS } from './columns.js';

export async function run(ctx: Context, _flags: unknown, id: string): Promise<void> {
  const client = await ctx.api();
  await printRecord(ctx, await getRecord(client, recordPath('/candidates', id)), CANDIDATE_DETAIL_COLUMNS);
}
