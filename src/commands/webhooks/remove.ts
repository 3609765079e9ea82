// hire webhooks remove ID
import { deleteRecord, recordPath } from '../../api/records.js';
import type { Context } from '../../context.js';

export async function run(ctx: Context, _flags: unknown, id: string): Promise<void> {
  const client = await ctx.api();
  await deleteRecord(client, recordPath('/webhooks', id));
  ctx.notice(`Removed webhook ${id}.`);
}
