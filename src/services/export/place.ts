// An item's place in a resumable export's stable order (created_at,id), and where a resumed run reads
// on from: the page whose first item is at or before the last item written.
import type { ApiClient, QueryValue } from '../../api/client.js';
import type { ApiRecord } from '../../api/envelope.js';
import { unexpectedShape } from '../../api/errors.js';
import { listPage } from '../../api/list.js';
import type { Place } from './state.js';

export function placeOf(item: Record<string, unknown>): Place {
  return { created_at: placeText(item.created_at), id: placeText(item.id) };
}

/** Text or a number as it is; anything else a server sends (an object, null) places the item first. */
function placeText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * Orders places as the emulator's `sort=created_at,id` does (src/emulator/list.ts): each key
 * without regard to ASCII case first, then byte by byte (ids are base62, upper and lower case).
 */
export function comparePlaces(a: Place, b: Place): number {
  return compareText(a.created_at, b.created_at) || compareText(a.id, b.id);
}

function compareText(a: string, b: string): number {
  const [foldedA, foldedB] = [a.replace(/[A-Z]/g, (c) => c.toLowerCase()), b.replace(/[A-Z]/g, (c) => c.toLowerCase())];
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Page numbers beyond this are not probed: a server whose list never ends is not followed there. */
const MAX_PAGE = 2 ** 31;

/**
 * Where to read on from: the last page whose first item is at or before the last item written
 * (records removed meanwhile pull later ones onto earlier pages; added ones come after). Found
 * from the recorded number of pages, galloping then halving: two requests when nothing moved,
 * about 2·log2(distance) otherwise, whatever number is recorded. Also how many items on that page
 * were written already.
 */
export async function restartPage(
  client: ApiClient,
  path: string,
  query: Record<string, QueryValue>,
  hint: number,
  last: Place,
): Promise<{ page: number; dropped: number }> {
  const read = new Map<number, ApiRecord[]>();
  let total = MAX_PAGE;
  const itemsOf = async (page: number): Promise<ApiRecord[]> => {
    let items = read.get(page);
    if (!items) {
      const answer = await listPage(client, path, { ...query, page });
      items = answer.items;
      read.set(page, items);
      const pages = answer.meta?.total_pages;
      if (pages !== undefined && Number.isSafeInteger(pages) && pages >= 1) total = Math.min(MAX_PAGE, pages);
    }
    return items;
  };
  const atOrBefore = async (page: number) => {
    const first = (await itemsOf(page))[0];
    return first !== undefined && comparePlaces(placeOf(first), last) <= 0;
  };
  // low: a page at or before the place (0: none is); high: a page after it.
  let low = 0;
  let high: number | undefined;
  let probe = Math.max(1, hint);
  await itemsOf(probe);
  probe = Math.min(probe, total);
  if (await atOrBefore(probe)) {
    low = probe;
    for (let step = 1; high === undefined; step *= 2) {
      const next = low + step;
      if (next > total) high = total + 1;
      else if (await atOrBefore(next)) low = next;
      else high = next;
      if (high === undefined && low >= MAX_PAGE) throw unexpectedShape(`GET ${path}`, 'a list that ends', undefined);
    }
  } else {
    high = probe;
    for (let step = 1; low === 0 && high > 1; step *= 2) {
      const next = Math.max(1, high - step);
      if (await atOrBefore(next)) low = next;
      else high = next;
    }
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await atOrBefore(middle)) low = middle;
    else high = middle;
  }
  const page = Math.max(1, low);
  const dropped = (await itemsOf(page)).filter((item) => comparePlaces(placeOf(item), last) <= 0).length;
  return { page, dropped };
}
