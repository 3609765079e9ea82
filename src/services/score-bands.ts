// How many assessed candidates scored in each band of ten (0–9 … 90–100), for `hire analytics`'
// histogram (docs/output.md "Charts"). The analytics answer has the count and the average of the
// scores, not their spread, so the published candidate list is asked: one page of scores
// (GET /candidates?score_min=0&fields=score) when it holds them all, else how many score at least
// 10, 20, … 90 (its `total_count`, one candidate a page): at most ten requests, whatever the number
// of candidates.
import type { ApiClient } from '../api/client.js';
import { listPage } from '../api/list.js';

/** Scores read one page at a time up to this many; past it, counted by band. */
const ONE_PAGE = 100;

export const BAND_COUNT = 10;

/** Candidates with a score in each band, lowest first; undefined when the server's list gives no counts. */
export async function scoreBands(client: ApiClient, jobId: string | undefined): Promise<number[] | undefined> {
  const scope = jobId !== undefined ? { job_id: jobId } : {};
  const first = await listPage(client, '/candidates', { ...scope, score_min: 0, fields: 'score', per_page: ONE_PAGE });
  const total = first.meta?.total_count;
  const bands = new Array<number>(BAND_COUNT).fill(0);
  if (total !== undefined && total <= first.items.length) {
    for (const { score } of first.items)
      if (typeof score === 'number' && score >= 0 && score <= 100) bands[bandOf(score)]! += 1;
    return bands;
  }
  if (total === undefined) return undefined;
  // At least 10, at least 20, … at least 90: each a count, one candidate a page.
  const atLeast = await Promise.all(
    Array.from({ length: BAND_COUNT - 1 }, (_, index) =>
      listPage(client, '/candidates', { ...scope, score_min: (index + 1) * 10, fields: 'id', per_page: 1 }).then(
        (page) => page.meta?.total_count,
      ),
    ),
  );
  if (atLeast.some((count) => count === undefined)) return undefined;
  // Counts read one after another may disagree by a candidate that moved meanwhile: never below zero.
  const cumulative = [total, ...(atLeast as number[]), 0];
  return bands.map((_, band) => Math.max(0, cumulative[band]! - cumulative[band + 1]!));
}

/** The band of a score: 0–9 is 0, … 90–100 is 9. */
export function bandOf(score: number): number {
  return Math.min(BAND_COUNT - 1, Math.max(0, Math.floor(score / 10)));
}

/** The bands' names, lowest first: 0–9 … 80–89, and 90–100 (100 belongs to the last). */
export const BAND_NAMES: readonly string[] = Array.from({ length: BAND_COUNT }, (_, band) =>
  band === BAND_COUNT - 1 ? `${band * 10}–100` : `${band * 10}–${band * 10 + 9}`,
);
