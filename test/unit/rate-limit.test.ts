// Rate-limit headers believed only as far as they can be true (src/api/rate-limit.ts), and the
// wait a 429 asks for.
import { describe, expect, it } from 'vitest';
import { askedWaitSeconds, readRateLimit } from '../../src/api/rate-limit.js';

const NOW = Date.parse('2026-11-26T10:00:00Z');
const inSeconds = (seconds: number) => String(NOW / 1000 + seconds);
const headers = (limit: string | undefined, remaining: string | undefined, reset: string | undefined) => ({
  ...(limit !== undefined ? { 'x-ratelimit-limit': limit } : {}),
  ...(remaining !== undefined ? { 'x-ratelimit-remaining': remaining } : {}),
  ...(reset !== undefined ? { 'x-ratelimit-reset': reset } : {}),
});

describe('readRateLimit', () => {
  it('believes a budget that can be true', () => {
    expect(readRateLimit(headers('1000', '998', inSeconds(600)), NOW)).toEqual({
      kind: 'believed',
      budget: { limit: 1000, remaining: 998, reset: NOW / 1000 + 600 },
    });
    expect(readRateLimit(headers('5', '0', inSeconds(86_400)), NOW).kind).toBe('believed');
    // A reset in this very second (Date has whole seconds) is now, not the past.
    expect(readRateLimit(headers('5', '5', inSeconds(-1)), NOW).kind).toBe('believed');
  });

  it('says when there are no headers at all', () => {
    expect(readRateLimit({}, NOW)).toEqual({ kind: 'absent' });
  });

  it.each([
    ['a limit of 0', headers('0', '0', inSeconds(60))],
    ['a negative limit', headers('-5', '0', inSeconds(60))],
    ['a negative remaining', headers('10', '-1', inSeconds(60))],
    ['more remaining than the limit', headers('10', '11', inSeconds(60))],
    ['a reset in the past', headers('10', '0', inSeconds(-3_600))],
    ['a reset 40 days away (a monthly quota)', headers('10', '0', inSeconds(40 * 86_400))],
    ['a reset years away', headers('10', '0', '99999999999')],
    ['garbage', headers('ten', '0', inSeconds(60))],
    ['a fraction', headers('10', '0.5', inSeconds(60))],
    ['a missing reset', headers('10', '3', undefined)],
    ['a missing limit', headers(undefined, '3', inSeconds(60))],
  ])('does not believe %s', (_what, given) => {
    expect(readRateLimit(given, NOW).kind).toBe('unbelievable');
  });

  it('does not believe a reset it cannot judge (no trusted server clock)', () => {
    expect(readRateLimit(headers('10', '3', inSeconds(60)), undefined).kind).toBe('unbelievable');
  });
});

describe('askedWaitSeconds', () => {
  it('reads retry_after (top level, then in error), then Retry-After', () => {
    expect(askedWaitSeconds({ 'retry-after': '9' }, JSON.stringify({ retry_after: 3 }))).toBe(3);
    expect(askedWaitSeconds({ 'retry-after': '9' }, JSON.stringify({ error: { retry_after: 4 } }))).toBe(4);
    expect(askedWaitSeconds({ 'retry-after': '9' }, 'not json')).toBe(9);
    expect(askedWaitSeconds({ 'retry-after': '99999999' }, '')).toBe(99_999_999);
  });

  it('ignores what is no number of seconds ≥ 0', () => {
    expect(askedWaitSeconds({ 'retry-after': '-5' }, JSON.stringify({ retry_after: 'soon' }))).toBeUndefined();
    expect(askedWaitSeconds({ 'retry-after': 'Infinity' }, 'null')).toBeUndefined();
    expect(
      askedWaitSeconds({ 'retry-after': ' ' }, JSON.stringify({ error: null, retry_after: null })),
    ).toBeUndefined();
    expect(askedWaitSeconds({}, JSON.stringify({ retry_after: -1, error: { retry_after: 2 } }))).toBe(2);
  });
});
