// The retry policy of a single request (src/api/retry.ts), as decisions.
import { describe, expect, it } from 'vitest';
import { backoffMs, decideAnswer, decideFailure } from '../../src/api/retry.js';
import { NetworkError } from '../../src/errors.js';

const half = () => 0.5;

describe('decideAnswer', () => {
  it('retries a 429 after the wait it asks, up to 60 s, for every method', () => {
    expect(decideAnswer(429, 3, { method: 'PATCH', attempt: 0, maxRetries: 1 })).toEqual({
      retry: true,
      delayMs: 3_000,
      reason: 'Rate limited (429)',
    });
    expect(decideAnswer(429, 60, { method: 'GET', attempt: 0, maxRetries: 1 })).toMatchObject({
      retry: true,
      delayMs: 60_000,
    });
    // Longer than a single request waits: the 429 is the answer.
    expect(decideAnswer(429, 61, { method: 'GET', attempt: 0, maxRetries: 3 })).toEqual({ retry: false });
    expect(decideAnswer(429, 99_999_999, { method: 'GET', attempt: 0, maxRetries: 3 })).toEqual({ retry: false });
  });

  it('backs off when no wait is named; stops after maxRetries', () => {
    expect(decideAnswer(503, undefined, { method: 'GET', attempt: 1, maxRetries: 3, random: half })).toEqual({
      retry: true,
      delayMs: 750,
      reason: 'Server error 503',
    });
    expect(decideAnswer(500, undefined, { method: 'GET', attempt: 3, maxRetries: 3 })).toEqual({ retry: false });
    expect(decideAnswer(429, undefined, { method: 'GET', attempt: 0, maxRetries: 0 })).toEqual({ retry: false });
  });

  it('repeats a 5xx only where that is safe, and never a success or a 4xx', () => {
    expect(decideAnswer(500, undefined, { method: 'PATCH', attempt: 0, maxRetries: 3 })).toEqual({ retry: false });
    expect(decideAnswer(500, undefined, { method: 'POST', attempt: 0, maxRetries: 3 }).retry).toBe(true);
    expect(decideAnswer(200, undefined, { method: 'GET', attempt: 0, maxRetries: 3 })).toEqual({ retry: false });
    expect(decideAnswer(404, undefined, { method: 'GET', attempt: 0, maxRetries: 3 })).toEqual({ retry: false });
  });
});

describe('decideFailure', () => {
  const reset = new NetworkError('Cannot reach x: connection reset by the server.', { code: 'network_error' });
  const refused = new NetworkError('Cannot reach x: connection refused.', { code: 'connection_refused' });
  const certificate = new NetworkError('TLS', { code: 'tls_certificate' });

  it('retries network failures where a repeat is safe; a refused connection for any method', () => {
    expect(decideFailure(reset, { method: 'GET', attempt: 0, maxRetries: 2, random: half })).toEqual({
      retry: true,
      delayMs: 375,
      reason: 'Cannot reach x: connection reset by the server',
    });
    expect(decideFailure(reset, { method: 'DELETE', attempt: 0, maxRetries: 2 })).toEqual({ retry: false });
    expect(decideFailure(refused, { method: 'DELETE', attempt: 0, maxRetries: 2 }).retry).toBe(true);
    expect(decideFailure(refused, { method: 'DELETE', attempt: 2, maxRetries: 2 })).toEqual({ retry: false });
  });

  it('never retries a certificate problem or an error that is not the network', () => {
    expect(decideFailure(certificate, { method: 'GET', attempt: 0, maxRetries: 5 })).toEqual({ retry: false });
    expect(decideFailure(new Error('bug'), { method: 'GET', attempt: 0, maxRetries: 5 })).toEqual({ retry: false });
  });
});

describe('backoffMs', () => {
  it('doubles from 500 ms with jitter between half and all of the step, at most 8 s', () => {
    expect([0, 1, 2, 3, 4, 10].map((attempt) => backoffMs(attempt, () => 0))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 4_000,
    ]);
    expect([0, 1, 10].map((attempt) => backoffMs(attempt, () => 0.999_999))).toEqual([
      expect.closeTo(500, 0),
      expect.closeTo(1_000, 0),
      expect.closeTo(8_000, 0),
    ]);
  });
});
