// Bulk commands at the rate limit (CONTRACT §7 "Rate limits in bulk"): `jobs import`, lists with
// --all or --limit, and `api --paginate` spend the key's budget as the server reports it, keep
// --reserve requests for other clients, and wait for the window to reset instead of failing, within
// --max-wait of waiting in all (unbounded by default); then they stop cleanly and exit 5.
import type { ApiClient } from '../../api/client.js';
import { formatWait } from '../../api/pacer.js';
import type { Context } from '../../context.js';
import { flag } from '../define.js';
import { parseDuration } from './duration.js';

export const BULK_FLAGS = {
  reserve: flag.number({ value: 'n', help: "requests of the key's window to leave for other clients (bulk work)", default: '10', integer: true, min: 0 }),
  maxWait: flag.parsed(parseDuration, {
    value: 'duration',
    example: '2h',
    help: 'wait at most this long in all for the rate limit (30m, 2h), then stop and exit 5 (default: no bound)',
    message: '--max-wait takes a number and a unit: 45s, 30m, 2h or 1d (got "{value}").',
  }),
};

export interface BulkOptions {
  reserve: number;
  maxWait: number | undefined;
}

/**
 * Paces the client's requests from now on. `requestsLeft` gives the ETA; waits are said on stderr
 * ("rate limit: 0 of 1,000 left, resets in 14:03 — waiting"), unless -q.
 */
export function paceBulk(ctx: Context, client: ApiClient, options: BulkOptions, requestsLeft?: () => number | undefined): void {
  const number = new Intl.NumberFormat('en-US');
  client.pace({
    reserve: options.reserve,
    maxWaitMs: options.maxWait === undefined ? Infinity : options.maxWait * 1000,
    ...(requestsLeft ? { requestsLeft } : {}),
    onWait(report) {
      if (!report) return;
      if (report.limit === undefined || report.remaining === undefined) {
        ctx.notice(`rate limited (429): waiting ${formatWait(report.resetInMs)}, as the server asked.`);
        return;
      }
      const eta = report.etaMs === undefined ? '' : `; the whole job ends in about ${formatWait(report.etaMs)}`;
      const kept = report.remaining > 0 ? ` (kept for other clients: --reserve ${options.reserve})` : '';
      ctx.notice(`rate limit: ${number.format(report.remaining)} of ${number.format(report.limit)} left${kept}, resets in ${formatWait(report.resetInMs)} — waiting${eta}.`);
    },
  });
}
