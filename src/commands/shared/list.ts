// Running a list command: flags → query, pages → output, a hint at a terminal.
import type { QueryValue } from '../../api/client.js';
import { paginate } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { printPages, type Column } from '../../output/render.js';
import type { ListOptions } from './list-flags.js';

export interface ListSpec {
  path: string;
  /** Plural noun for messages: "jobs". */
  noun: string;
  columns: readonly Column[];
  /** The command's own filters (status, score_min, job_id), already checked. */
  query?: Record<string, QueryValue>;
}

export function listQuery(ctx: Context, flags: ListOptions, own: Record<string, QueryValue> = {}): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of flags.filter ?? []) {
    const match = /^([^=]+)=(.*)$/.exec(filter);
    if (!match) throw new UsageError(`--filter takes key=value (got "${filter}").`);
    query[match[1]!.trim()] = match[2]!;
  }
  const given = {
    ...own,
    page: flags.page,
    per_page: flags.perPage,
    sort: flags.sort,
    fields: ctx.settings.fields?.join(','),
  };
  // Only what was given: an absent --status must not drop a --filter status=… before it.
  for (const [name, value] of Object.entries(given)) if (value !== undefined) query[name] = value;
  return query;
}

export async function runList(ctx: Context, flags: ListOptions, spec: ListSpec): Promise<void> {
  const query = listQuery(ctx, flags, spec.query);
  const limit = flags.limit;
  const client = await ctx.api();
  // Ctrl-C or SIGTERM ends a long --all at once: the pages in flight are dropped, and the
  // InterruptedError they end in exits 130 (the list is incomplete, so never 0).
  const removeInterrupt = ctx.io.onInterrupt(() => client.abort());
  let total: { count: number; pages: number; page: number } | undefined;
  const pages = paginate(client, spec.path, query, {
    all: flags.all === true,
    ...(limit !== undefined ? { limit } : {}),
    onFirstPage: ({ meta }) => {
      if (meta) total = { count: meta.total_count, pages: meta.total_pages, page: meta.current_page };
    },
  });
  let printed: number;
  try {
    printed = await printPages(ctx.output, pages, spec.columns);
  } finally {
    removeInterrupt();
  }
  if (!ctx.io.isStderrTTY || ctx.settings.format !== 'table') return;
  if (printed === 0) ctx.notice(`No ${spec.noun} found.`);
  else if (total && !flags.all && limit === undefined && total.pages > total.page) {
    ctx.notice(`Page ${total.page} of ${total.pages} (${total.count} ${spec.noun}). Next: --page ${total.page + 1}, or --all.`);
  }
}
