// How many candidates applied on each of the last days, for `hire status`'s sparkline (docs/output.md
// "Charts"). The cheapest honest source: one page of the candidate list, newest first, with only
// `applied_at` (GET /candidates?sort=-applied_at&fields=applied_at&per_page=100) holds every
// application of a quiet fortnight; the days that page does not reach back over are counted by
// GET /analytics with `from` and `to` (its `candidates.total`), one request a day. So: one request,
// and at most one more a day when more than a page applied. The event log is not asked: it keeps a
// limited number of events, and a busy fortnight would be counted short.
import type { ApiClient } from '../api/client.js';
import { getAnalytics } from '../api/analytics.js';
import { listPage } from '../api/list.js';

/** Applications read from the list in one page at most (the spec's common maximum in the emulator). */
const ONE_PAGE = 100;

export interface DailyApplications {
  /** The start of each day (local midnight), oldest first; the last is today. */
  days: Date[];
  /** Applications made on each day. */
  counts: number[];
}

/** The local midnights of the `days` days up to and including `now`'s, and the one after them. */
export function dayStarts(now: Date, days: number): Date[] {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  // By the calendar, not by 24 hours: a day of a clock change is 23 or 25 hours long.
  return Array.from(
    { length: days + 1 },
    (_, index) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1) + index),
  );
}

/** Applications per day over the `days` days up to `now` (local days). */
export async function applicationsPerDay(client: ApiClient, now: Date, days = 14): Promise<DailyApplications> {
  const starts = dayStarts(now, days);
  const counts = new Array<number>(days).fill(0);
  const dayOf = (time: number) =>
    starts.findIndex((start, index) => index < days && time < starts[index + 1]!.getTime() && time >= start.getTime());
  const page = await listPage(client, '/candidates', { sort: '-applied_at', fields: 'applied_at', per_page: ONE_PAGE });
  const times = page.items.map((item) =>
    typeof item.applied_at === 'string' ? Date.parse(item.applied_at) : Number.NaN,
  );
  for (const time of times) {
    const day = dayOf(time);
    if (day >= 0) counts[day]! += 1;
  }
  const total = page.meta?.total_count;
  const whole =
    (total !== undefined && total <= page.items.length) || (total === undefined && page.items.length < ONE_PAGE);
  const oldest = times.at(-1) ?? Number.NaN;
  const newestFirst = times.every((time, index) => index === 0 || time <= times[index - 1]!);
  if (whole || (newestFirst && oldest < starts[0]!.getTime())) return { days: starts.slice(0, days), counts };
  // The page ends inside the window: its oldest day may go on in the next page, and the days before
  // it are not in it at all. Those are counted by the analytics (every day when the list's order is not to be trusted).
  const oldestDay = newestFirst && !Number.isNaN(oldest) ? dayOf(oldest) : -1;
  const reached = oldestDay >= 0 ? oldestDay : days - 1;
  const recounted = await Promise.all(
    Array.from({ length: reached + 1 }, (_, day) =>
      getAnalytics(client, {
        from: starts[day]!.toISOString(),
        // `to` is inclusive: the last millisecond of the day.
        to: new Date(starts[day + 1]!.getTime() - 1).toISOString(),
      }).then((data) => {
        const candidates: unknown = data.candidates;
        const count =
          candidates !== null && typeof candidates === 'object'
            ? (candidates as Record<string, unknown>).total
            : undefined;
        if (!Number.isSafeInteger(count) || (count as number) < 0)
          throw new Error('the analytics give no count of candidates for a day');
        return count as number;
      }),
    ),
  );
  recounted.forEach((count, day) => (counts[day] = count));
  return { days: starts.slice(0, days), counts };
}
