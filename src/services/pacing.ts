// What bulk work says while the pacer waits for the rate limit (docs/api-choices.md §6), in words
// for people: "rate limit: 0 of 1,000 left, resets in 14:03 — waiting; the whole job ends in about
// 2:10:00". The commands say it on stderr (unless -q); the library hands it to its callbacks.
import { formatWait, type WaitReport } from '../api/pacer.js';

// Made at the first wait, not as the module loads: the first Intl number format of a process
// costs about 20 ms (ICU's data), more than the rest of a one-request command's own work.
let number: Intl.NumberFormat | undefined;
const grouped = (value: number) => (number ??= new Intl.NumberFormat('en-US')).format(value);

/** The words for a wait as it begins; undefined as it ends (`report` null). */
export function describeWait(report: WaitReport | null): string | undefined {
  if (!report) return undefined;
  if (report.reason === 'rate_limited')
    return `rate limited (429): waiting ${formatWait(report.resetInMs)} before trying again.`;
  const eta = report.etaMs === undefined ? '' : `; the whole job ends in about ${formatWait(report.etaMs)}`;
  const of = report.limit === undefined ? '' : ` of ${grouped(report.limit)}`;
  const kept =
    report.remaining !== undefined && report.remaining > 0
      ? ` (kept for other clients: --reserve ${report.reserve})`
      : '';
  return `rate limit: ${grouped(report.remaining ?? 0)}${of} left${kept}, resets in ${formatWait(report.resetInMs)} — waiting${eta}.`;
}
