// What bulk work says while the pacer waits for the rate limit (docs/api-choices.md §6), in words
// for people: "rate limit: 0 of 1,000 left, resets in 14:03 — waiting; the whole job ends in about
// 2:10:00". The commands say it on stderr (unless -q); the library hands it to its callbacks.
import { formatWait, type WaitReport } from '../api/pacer.js';

const NUMBER = new Intl.NumberFormat('en-US');

/** The words for a wait as it begins; undefined as it ends (`report` null). */
export function describeWait(report: WaitReport | null): string | undefined {
  if (!report) return undefined;
  if (report.reason === 'rate_limited')
    return `rate limited (429): waiting ${formatWait(report.resetInMs)} before trying again.`;
  const eta = report.etaMs === undefined ? '' : `; the whole job ends in about ${formatWait(report.etaMs)}`;
  const of = report.limit === undefined ? '' : ` of ${NUMBER.format(report.limit)}`;
  const kept =
    report.remaining !== undefined && report.remaining > 0
      ? ` (kept for other clients: --reserve ${report.reserve})`
      : '';
  return `rate limit: ${NUMBER.format(report.remaining ?? 0)}${of} left${kept}, resets in ${formatWait(report.resetInMs)} — waiting${eta}.`;
}
