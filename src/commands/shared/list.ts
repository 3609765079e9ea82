// Running a list command: flags → query, pages → output, a hint at a terminal.
import type { QueryValue } from '../../api/client.js';
import { paginate } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { printPages, type Column } from '../../output/render.js';
import { paceBulk } from './bulk.js';
import type { ListOptions } from './list-flags.js';

export interface ListSpec {
  path: string;
  /** Plural noun for messages: "jobs". */
  noun: string;
  columns: readonly Column[];
  /**
   * The command's own filters (status, score_min, job_id), already checked; a function of the
   * time when they are relative to it (`--since 1h`), so that a resumed export reads them as its first run did.
   */
  query?: Record<string, QueryValue> | ((now: number) => Record<string, QueryValue>);
}

/** The command's filters at `now`. */
export function ownFilters(spec: ListSpec, now: number): Record<string, QueryValue> | undefined {
  return typeof spec.query === 'function' ? spec.query(now) : spec.query;
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
    fields: apiFields(ctx.settings.fields),
  };
  // Only what was given: an absent --status must not drop a --filter status=… before it.
  for (const [name, value] of Object.entries(given)) if (value !== undefined) query[name] = value;
  return query;
}

/**
 * The spec's `fields` takes field names: a nested path (`location.city`) asks for its top-level
 * field, and the path is picked out of it here (output/render.ts).
 */
export function apiFields(fields: readonly string[] | undefined): string | undefined {
  return fields ? [...new Set(fields.map((path) => path.split('.')[0]!))].join(',') : undefined;
}

export async function runList(ctx: Context, flags: ListOptions, spec: ListSpec): Promise<void> {
  if (flags.resume !== undefined) {
    const { runResumableExport } = await import('./resume.js');
    return runResumableExport(ctx, flags, spec, flags.resume);
  }
  const query = listQuery(ctx, flags, ownFilters(spec, Date.now()));
  const limit = flags.limit;
  let pagesLeft: number | undefined;
  let lastPage: number | undefined;
  const api = await ctx.api();
  const client = flags.all || limit !== undefined ? paceBulk(ctx, api, { reserve: flags.reserve, maxWait: flags.maxWait }, () => pagesLeft) : api;
  // Ctrl-C or SIGTERM ends a long --all at once: the pages in flight are dropped, and the
  // InterruptedError they end in exits 130 (the list is incomplete, so never 0).
  const removeInterrupt = ctx.io.onInterrupt(() => client.abort());
  let total: { count: number; pages: number; page: number } | undefined;
  const pages = paginate(client, spec.path, query, {
    all: flags.all === true,
    ...(limit !== undefined ? { limit } : {}),
    onFirstPage: ({ meta }) => {
      if (!meta) return;
      total = { count: meta.total_count, pages: meta.total_pages, page: meta.current_page };
      lastPage = limit === undefined ? meta.total_pages : Math.min(meta.total_pages, meta.current_page - 1 + Math.ceil(limit / Math.max(1, meta.per_page)));
    },
    // For the ETA shown while waiting for the rate limit.
    onPage: (page) => {
      if (lastPage !== undefined) pagesLeft = Math.max(0, lastPage - page);
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
