// Bulk commands at the rate limit (docs/api-choices.md §6): `jobs import`,
// lists with --all or --limit, and `api --paginate` spend the key's budget as the server reports
// it, keep --reserve requests for other clients (by default a tenth of the limit, at most 10), and
// wait for the window to reset instead of failing, within --max-wait of waiting in all (25h by
// default: the daily window and some) and never one wait longer than a day; then they stop
// cleanly and exit 5, saying what the server asked.
import type { ApiClient } from '../../api/client.js';
import type { WaitReport } from '../../api/pacer.js';
import type { Context } from '../../context.js';
import { flag } from '../define.js';
import { describeWait } from '../../services/pacing.js';
import { parseDuration } from './duration.js';

/** Bulk work's --max-wait unless one is given: long enough for the daily window. */
export const DEFAULT_MAX_WAIT = '25h';

export const BULK_FLAGS = {
  reserve: flag.number({
    value: 'n',
    help: "requests of the key's window to leave for other clients (bulk work; default: a tenth of the key's limit, at most 10)",
    integer: true,
    min: 0,
  }),
  maxWait: flag.parsed(parseDuration, {
    value: 'duration',
    example: '2h',
    help: 'wait at most this long in all for the rate limit (30m, 2h, 3d), then stop and exit 5; no single wait is longer than a day',
    default: DEFAULT_MAX_WAIT,
    message: '--max-wait takes a number and a unit: 45s, 30m, 2h or 1d (got "{value}").',
  }),
};

export interface BulkOptions {
  /** undefined: the default reserve (a tenth of the key's limit, at most 10). */
  reserve: number | undefined;
  /** Seconds. */
  maxWait: number;
}

/** The pacing of bulk work: the flags' limits, and each wait said on stderr (unless -q). */
export function bulkPacing(
  ctx: Context,
  options: BulkOptions,
): { reserve: number | undefined; maxWaitMs: number; onWait: (report: WaitReport | null) => void } {
  return {
    reserve: options.reserve,
    maxWaitMs: options.maxWait * 1000,
    onWait(report) {
      const said = describeWait(report);
      if (said !== undefined) ctx.messages.notice(said);
    },
  };
}

/**
 * The client for bulk work: `client`'s paced sibling. `requestsLeft` gives the ETA; waits are said
 * on stderr ("rate limit: 0 of 1,000 left, resets in 14:03 — waiting"), unless -q.
 */
export function paceBulk(
  ctx: Context,
  client: ApiClient,
  options: BulkOptions,
  requestsLeft?: () => number | undefined,
): ApiClient {
  return client.paced({ ...bulkPacing(ctx, options), ...(requestsLeft ? { requestsLeft } : {}) });
}
