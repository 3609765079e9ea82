// hire jobs list: one page of jobs, filtered and sorted by the server.
import { listJobs } from '../../api/jobs.js';
import type { Context } from '../../context.js';
import { JOB_STATUSES } from '../../domain/vocabulary.js';
import { UsageError } from '../../errors.js';
import { printList } from '../../output/render.js';
import { wholeNumberFlag } from '../shared/input.js';
import { JOB_LIST_COLUMNS } from './columns.js';

export interface ListFlags {
  status?: string;
  page?: string;
  perPage?: string;
  sort?: string;
  filter?: string[];
}

export async function run(ctx: Context, flags: ListFlags): Promise<void> {
  const query = listQuery(ctx, flags);
  const client = await ctx.api();
  const { items, meta } = await listJobs(client, query);
  await printList(ctx, items, JOB_LIST_COLUMNS);
  if (ctx.io.isStderrTTY && ctx.outputFormat === 'table') {
    if (items.length === 0) ctx.notice('No jobs found.');
    else if (meta && meta.total_pages > meta.current_page) {
      ctx.notice(`Page ${meta.current_page} of ${meta.total_pages} (${meta.total_count} jobs). Next: --page ${meta.current_page + 1}`);
    }
  }
}

function listQuery(ctx: Context, flags: ListFlags): Record<string, string | number | undefined> {
  if (flags.status !== undefined) {
    const wanted = flags.status.split(',').map((status) => status.trim());
    const bad = wanted.filter((status) => !(JOB_STATUSES as readonly string[]).includes(status));
    if (bad.length > 0) throw new UsageError(`--status must be one of ${JOB_STATUSES.join(', ')} (got "${bad.join(', ')}").`);
  }
  const query: Record<string, string | number | undefined> = {};
  for (const filter of flags.filter ?? []) {
    const match = /^([^=]+)=(.*)$/.exec(filter);
    if (!match) throw new UsageError(`--filter takes key=value (got "${filter}").`);
    query[match[1]!.trim()] = match[2]!;
  }
  Object.assign(query, {
    status: flags.status,
    page: wholeNumberFlag('--page', flags.page, 1),
    per_page: wholeNumberFlag('--per-page', flags.perPage, 1),
    sort: flags.sort,
    fields: ctx.fields?.join(','),
  });
  return query;
}
