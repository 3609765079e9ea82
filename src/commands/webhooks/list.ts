// hire webhooks list
import type { Context } from '../../context.js';
import type { ListFlags } from '../shared/list-flags.js';
import { runList } from '../shared/list.js';
import { WEBHOOK_LIST_COLUMNS } from './columns.js';

export async function run(ctx: Context, flags: ListFlags): Promise<void> {
  await runList(ctx, flags, { path: '/webhooks', noun: 'webhooks', columns: WEBHOOK_LIST_COLUMNS });
}
