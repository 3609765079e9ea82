// hire jobs list
import type { Context } from '../../context.js';
import { JOB_STATUSES } from '../../domain/vocabulary.js';
import type { ListFlags } from '../shared/list-flags.js';
import { enumFlag, runList } from '../shared/list.js';
import { JOB_LIST_COLUMNS } from './columns.js';

export async function run(ctx: Context, flags: ListFlags & { status?: string }): Promise<void> {
  await runList(ctx, flags, {
    path: '/jobs',
    noun: 'jobs',
    columns: JOB_LIST_COLUMNS,
    query: { status: enumFlag('--status', flags.status, JOB_STATUSES) },
  });
}
