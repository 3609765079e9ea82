// hire jobs delete ID: asks first at a terminal; needs --yes otherwise (CONTRACT §3).
import { deleteRecord, getRecord, recordPath } from '../../api/records.js';
import type { Context } from '../../context.js';
import { confirmOrRefuse } from '../shared/confirm.js';

export async function run(ctx: Context, _flags: unknown, id: string): Promise<void> {
  const client = await ctx.api();
  const path = recordPath('/jobs', id);
  if (!ctx.globals.yes) {
    const job = ctx.canPrompt ? await getRecord(client, path) : undefined;
    const where = await ctx.whereWritten();
    const what = `${job ? `job ${id} ("${String(job.title)}", ${String(job.candidate_count ?? 0)} candidates)` : `job ${id}`}${where}`;
    if (!(await confirmOrRefuse(ctx, `Delete ${what}? Its candidates and assessment go with it.`, `Refusing to delete ${what}`))) {
      ctx.notice('Nothing was deleted.');
      return;
    }
  }
  await deleteRecord(client, path);
  ctx.notice(`Deleted job ${id}${await ctx.whereWritten()}.`);
}
