// What a server's answer says about the rate limit, believed only as far as it can be true
// (docs/api-choices.md §6). The spec's windows are the hour and the day; its headers are integers.
//
// - X-RateLimit-Limit/-Remaining/-Reset: the budget of the window nearest to running out. A limit
//   of 0 or below, a remaining below 0 or above the limit, a reset in the past or beyond the
//   longest window (judged by the server's own clock, its Date header) cannot be true: the budget
//   is then unknown, and only real 429s are reacted to.
// - A 429's wait: `retry_after` in the body (top level or in `error`), else Retry-After; a value
//   that is no number of seconds ≥ 0 is ignored.

/** The API's longest window (the day): no wait longer than this is ever waited. */
export const LONGEST_WINDOW_SECONDS = 86_400;
/** Date has whole seconds, and an answer takes time to arrive: a reset this close behind is "now". */
const RESET_SLACK_SECONDS = 2;

/** A window's budget as believed: every number plausible. */
export interface Budget {
  limit: number;
  remaining: number;
  /** Unix time (seconds, the server's clock) when the window resets. */
  reset: number;
}

/** The headers as reported, unjudged (`hire status` shows them, itself saying what it believes). */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** Unix time (seconds) when the window resets. */
  reset: number | undefined;
}

export function reportedRateLimit(headers: Readonly<Record<string, string>>): RateLimit | undefined {
  const remaining = Number(headers['x-ratelimit-remaining']);
  if (!headers['x-ratelimit-remaining'] || !Number.isFinite(remaining)) return undefined;
  const limit = headers['x-ratelimit-limit'] ? Number(headers['x-ratelimit-limit']) : Number.NaN;
  const reset = Number(headers['x-ratelimit-reset']);
  return { limit, remaining, reset: Number.isFinite(reset) ? reset : undefined };
}

/** How an answer's rate-limit headers read: believed, absent, or present and not believable. */
export type RateLimitReading =
  { kind: 'believed'; budget: Budget } | { kind: 'absent' } | { kind: 'unbelievable'; why: string };

/**
 * Reads X-RateLimit-*. `serverNowMs` is the server's time as its clock (Date) shows it, or
 * undefined when that cannot be trusted (no Date, or one far from the others): then a reset
 * cannot be judged, and the budget is not believed.
 */
export function readRateLimit(
  headers: Readonly<Record<string, string>>,
  serverNowMs: number | undefined,
): RateLimitReading {
  const raw = [headers['x-ratelimit-limit'], headers['x-ratelimit-remaining'], headers['x-ratelimit-reset']];
  if (raw.every((value) => value === undefined)) return { kind: 'absent' };
  const [limit, remaining, reset] = raw.map(integer);
  if (limit === undefined || remaining === undefined || reset === undefined)
    return { kind: 'unbelievable', why: 'a header is missing or not an integer' };
  if (limit <= 0) return { kind: 'unbelievable', why: `a limit of ${limit}` };
  if (remaining < 0 || remaining > limit) return { kind: 'unbelievable', why: `${remaining} left of ${limit}` };
  if (serverNowMs === undefined) return { kind: 'unbelievable', why: "the server's clock is unknown" };
  const now = serverNowMs / 1000;
  if (reset < now - RESET_SLACK_SECONDS) return { kind: 'unbelievable', why: 'a reset in the past' };
  if (reset > now + LONGEST_WINDOW_SECONDS + RESET_SLACK_SECONDS)
    return { kind: 'unbelievable', why: 'a reset beyond the longest window' };
  return { kind: 'believed', budget: { limit, remaining, reset } };
}

function integer(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*-?\d{1,15}\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * How long a 429 (or 503) asks to wait, in the server's seconds (docs/api-choices.md §6): `retry_after` at
 * the body's top level or in `error`, else a Retry-After header; undefined when none says it as a
 * finite number ≥ 0.
 */
export function askedWaitSeconds(headers: Readonly<Record<string, string>>, text: string): number | undefined {
  let body: { retry_after?: unknown; error?: { retry_after?: unknown } } | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    body = typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    body = undefined;
  }
  const inError = typeof body?.error === 'object' && body.error !== null ? body.error.retry_after : undefined;
  for (const value of [body?.retry_after, inError, headers['retry-after']]) {
    const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  return undefined;
}
