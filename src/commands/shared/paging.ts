// The one paging loop of the list commands: flags → query, the pages followed (paced as
// bulk work with --all or --limit, Ctrl-C ending it), each page kept to what is wanted and printed.
// A plain list (shared/list.ts) and a resumable export (shared/resume.ts, for src/services/export/)
// both run it; a resumed export passes where to start and what it has written already.
import type { ApiClient, QueryValue } from '../../api/client.js';
import type { ListMeta } from '../../api/envelope.js';
import { paginate } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { printPages, type Columns } from '../../output/render.js';
import { paceBulk } from './bulk.js';
import type { ListOptions } from './list-flags.js';

export interface ListSpec {
  /** The command's words (`['jobs', 'list']`): the paging hint names its flags (commands/suggest.ts). */
  command: readonly string[];
  path: string;
  /** Plural noun for messages: "jobs". */
  noun: string;
  columns: Columns;
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

export function listQuery(
  ctx: Context,
  flags: ListOptions,
  own: Record<string, QueryValue> = {},
): Record<string, QueryValue> {
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

export interface PagingRun {
  /** The query as sent. */
  query: Record<string, QueryValue>;
  all: boolean;
  /** Items to print at most (those `keep` drops do not count). */
  limit?: number;
  /**
   * Before the first page, with the client the pages are read with (paced, Ctrl-C ending it): the
   * page to start from, and how many of its items `keep` will drop (fetched beyond `limit`, so that
   * `limit` is printed). A resumed export finds its place here.
   */
  place?: (client: ApiClient) => Promise<{ page: number; dropped: number }>;
  /** Which items of a page to print (a resumed export: those after the last one written). */
  keep?: (items: Record<string, unknown>[]) => Record<string, unknown>[];
  onFirstPage?: (meta: ListMeta | undefined) => void;
  /** Write the CSV header before the first item. */
  header?: boolean;
  /** After each page is written whole and handed on: the items printed and the text written for them. */
  afterPage?: (items: Record<string, unknown>[], written: string) => Promise<void> | void;
}

export interface PagingResult {
  printed: number;
  meta: ListMeta | undefined;
}

/** Follows the list's pages and prints them: the paging loop of every list command. */
export async function runPages(
  ctx: Context,
  flags: ListOptions,
  spec: ListSpec,
  run: PagingRun,
): Promise<PagingResult> {
  const { limit, keep } = run;
  let pagesLeft: number | undefined;
  let lastPage: number | undefined;
  let meta: ListMeta | undefined;
  let printed = 0;
  const api = await ctx.session.api();
  // Bulk work, paced to the rate limit (src/commands/shared/bulk.ts).
  const client =
    run.all || limit !== undefined
      ? paceBulk(ctx, api, { reserve: flags.reserve, maxWait: flags.maxWait }, () => pagesLeft)
      : api;
  // Ctrl-C or SIGTERM ends a long --all at once: the pages in flight are dropped, and the
  // InterruptedError they end in exits 130 (the list is incomplete, so never 0).
  const removeInterrupt = ctx.io.onInterrupt(() => client.abort());
  try {
    const place = run.place ? await run.place(client) : undefined;
    const fetchLimit = limit === undefined ? undefined : limit + (place?.dropped ?? 0);
    const pages = paginate(client, spec.path, place ? { ...run.query, page: place.page } : run.query, {
      all: run.all,
      ...(fetchLimit !== undefined ? { limit: fetchLimit } : {}),
      onFirstPage: (first) => {
        meta = first.meta;
        run.onFirstPage?.(first.meta);
        if (!first.meta) return;
        const perPage = Math.max(1, first.meta.per_page);
        lastPage =
          fetchLimit === undefined
            ? first.meta.total_pages
            : Math.min(first.meta.total_pages, first.meta.current_page - 1 + Math.ceil(fetchLimit / perPage));
      },
      // For the ETA shown while waiting for the rate limit.
      onPage: (page) => {
        if (lastPage !== undefined) pagesLeft = Math.max(0, lastPage - page);
      },
    });
    async function* wanted(): AsyncGenerator<Record<string, unknown>[]> {
      for await (const items of pages) {
        const kept = (keep ? keep(items) : items).slice(0, limit === undefined ? undefined : limit - printed);
        printed += kept.length;
        yield kept;
        if (limit !== undefined && printed >= limit) return;
      }
    }
    await printPages(ctx.output, wanted(), spec.columns, {
      ...(run.header === undefined ? {} : { header: run.header }),
      ...(run.afterPage ? { afterPage: run.afterPage } : {}),
    });
  } finally {
    removeInterrupt();
  }
  return { printed, meta };
}
