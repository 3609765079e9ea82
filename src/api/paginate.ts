// Following a list's pages (docs/output.md "Lists"): one page by default; every page with --all, fetched with
// bounded concurrency once total_pages is known and yielded in order; --limit N stops after N
// items, fetching further pages only as needed.
import type { ApiClient, QueryValue } from './client.js';
import type { ApiRecord } from './envelope.js';
import { listPage, type Page } from './list.js';

export const MAX_PER_PAGE = 100;

export interface PageOptions {
  all?: boolean;
  limit?: number;
  /** Pages in flight at once with --all. */
  concurrency?: number;
  /** Called with the list meta of the first page (total_count, total_pages). */
  onFirstPage?: (page: Page) => void;
  /** Called with the number of each page as it is yielded. */
  onPage?: (page: number) => void;
}

export async function* paginate(
  client: ApiClient,
  path: string,
  query: Record<string, QueryValue>,
  options: PageOptions = {},
): AsyncGenerator<ApiRecord[]> {
  const { all = false, limit } = options;
  const following = all || limit !== undefined;
  const perPage = Number(query.per_page ?? (following ? Math.min(MAX_PER_PAGE, limit ?? MAX_PER_PAGE) : Number.NaN));
  const startPage = Number(query.page ?? 1);
  const fetchPage = (page: number) =>
    listPage(client, path, {
      ...query,
      page: page === 1 && query.page === undefined ? undefined : page,
      ...(following ? { per_page: perPage } : {}),
    });

  let remaining = limit ?? Infinity;
  const first = await fetchPage(startPage);
  options.onFirstPage?.(first);
  options.onPage?.(startPage);
  yield first.items.slice(0, remaining);
  remaining -= first.items.length;
  if (!following || remaining <= 0 || first.items.length === 0) return;

  const totalPages = first.meta?.total_pages;
  if (totalPages === undefined) {
    // No page count: walk on until a short or empty page.
    let previous = first.items.length;
    for (let page = startPage + 1; remaining > 0 && previous >= perPage; page++) {
      const { items } = await fetchPage(page);
      if (items.length === 0) return;
      yield items.slice(0, remaining);
      remaining -= items.length;
      previous = items.length;
    }
    return;
  }

  const lastPage = Math.min(totalPages, limit === undefined ? totalPages : startPage + Math.ceil(limit / perPage) - 1);
  const window = Math.max(1, options.concurrency ?? 4);
  const inFlight = new Map<number, Promise<Page>>();
  let next = startPage + 1;
  const schedule = () => {
    // Keep within the rate limit: fewer pages in flight as the server's headroom runs out.
    const headroom = client.budget?.remaining;
    const width = headroom === undefined ? window : Math.max(1, Math.min(window, Math.floor(headroom / 2)));
    while (next <= lastPage && inFlight.size < width) {
      const page = fetchPage(next);
      page.catch(() => undefined); // awaited in order below; keeps a later failure from going unhandled
      inFlight.set(next, page);
      next += 1;
    }
  };
  for (let page = startPage + 1; page <= lastPage && remaining > 0; page++) {
    schedule();
    const { items } = await inFlight.get(page)!;
    inFlight.delete(page);
    // An empty page ends the list whatever total_pages said (a server claiming a billion pages).
    if (items.length === 0) return;
    options.onPage?.(page);
    yield items.slice(0, remaining);
    remaining -= items.length;
  }
}
