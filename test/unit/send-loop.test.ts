// The send loop, the retry policy and the pacer together, on a virtual clock and an in-memory
// transport (undici's MockAgent): no socket, no real time. The original attacks of issue 25.
import { describe, expect, it } from 'vitest';
import type { WaitReport } from '../../src/api/pacer.js';
import { ApiError, HireError } from '../../src/errors.js';
import { bulk, httpDate, virtualApi, type Answer, type Seen } from '../helpers/virtual-api.js';

const HOUR_MS = 3_600_000;

async function failure(promise: Promise<unknown>): Promise<HireError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HireError) return error;
    throw error;
  }
  throw new Error('expected a failure, but it succeeded');
}

const tooMany = (
  headers: Record<string, string>,
  body: unknown = { error: { code: 'rate_limited', message: 'Too many requests' } },
): Answer => ({ status: 429, headers, body });

describe('a 429 in bulk work', () => {
  it('asking Retry-After: 99999999 stops after one request, exit 5, saying what the server asked', async () => {
    const api = virtualApi(() => tooMany({ 'retry-after': '99999999' }));
    const paced = api.client.paced({ maxWaitMs: 25 * HOUR_MS });
    const error = await api.clock.run(failure(bulk(paced, 50, 8)));
    expect(api.requests).toHaveLength(1);
    expect(error.exitCode).toBe(5);
    expect(error.code).toBe('rate_limit_wait');
    expect(error.message).toContain('Retry-After: 99999999');
    expect(error.message).toContain("longer than the API's longest window (a day)");
    expect(error.message).toMatch(/1,157 days/);
    expect(error.hint).toContain('Run the same command again later');
    expect(api.clock.overflows).toBe(0);
  });

  it('a body retry_after longer than --max-wait is not waited: exit 5 naming --max-wait', async () => {
    const api = virtualApi(() =>
      tooMany({}, { error: { code: 'rate_limited', message: 'slow down', retry_after: 7_200 } }),
    );
    const paced = api.client.paced({ maxWaitMs: HOUR_MS });
    const error = await api.clock.run(failure(bulk(paced, 3, 1)));
    expect(api.requests).toHaveLength(1);
    expect(error.message).toContain('would pass --max-wait (60 min in all)');
    expect(error.message).toContain('retry_after 7200');
    expect(error.hint).toContain('--max-wait');
  });

  it('holds every request for the wait it asked, not sending one before, and says so as a 429', async () => {
    let limited = false;
    const api = virtualApi(
      (_request, index) => {
        if (index === 3 && !limited) {
          limited = true;
          return tooMany({ 'retry-after': '30' });
        }
        return { status: 200 };
      },
      { latencyMs: 100 },
    );
    const reports: WaitReport[] = [];
    const paced = api.client.paced({ maxWaitMs: HOUR_MS, onWait: (report) => report && reports.push(report) });
    await api.clock.run(bulk(paced, 12, 4));
    expect(api.requests).toHaveLength(13);
    // Requests reach the server 100 ms after they are sent: those on the way as the 429 came back
    // arrive up to 100 ms after it; none later, until its 30 s are over.
    const limitedAt = api.requests[3]!.at;
    const during = api.requests.filter((request) => request.at > limitedAt + 100 && request.at < limitedAt + 30_000);
    expect(during).toEqual([]);
    expect(api.requests.filter((request) => request.at >= limitedAt + 30_000).length).toBeGreaterThan(0);
    expect(reports.map((report) => report.reason)).toEqual(['rate_limited']);
  });

  it('a 429 naming no wait, or Retry-After: 0, waits 1 s, then longer each time in a row (no busy loop)', async () => {
    const api = virtualApi((_request, index) =>
      index < 6 ? tooMany(index % 2 ? { 'retry-after': '0' } : {}) : { status: 200 },
    );
    const paced = api.client.paced({ maxWaitMs: HOUR_MS });
    await api.clock.run(bulk(paced, 1, 1));
    const gaps = api.requests.slice(1).map((request, index) => request.at - api.requests[index]!.at);
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000]);
  });
});

describe('headers that cannot be true', () => {
  it('X-RateLimit-Limit: 0 is not believed: the work finishes, and no notice names a 429', async () => {
    const api = virtualApi((request) => ({
      status: 200,
      headers: {
        date: httpDate(request.at),
        'x-ratelimit-limit': '0',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.floor(request.at / 1000) + 60),
      },
    }));
    const reports: (WaitReport | null)[] = [];
    const paced = api.client.paced({ maxWaitMs: HOUR_MS, onWait: (report) => reports.push(report) });
    await api.clock.run(bulk(paced, 40, 4));
    expect(api.requests).toHaveLength(40);
    expect(reports).toEqual([]);
    expect(paced.budget).toBeUndefined();
  });

  it('a reset 40 days away is not waited for as if it had passed: the budget is unknown, and only 429s count', async () => {
    const start = Date.parse('2026-11-26T10:00:00Z');
    let sent = 0;
    const api = virtualApi((request) => {
      sent += 1;
      const headers = {
        date: httpDate(request.at),
        'x-ratelimit-limit': '50',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.floor(start / 1000) + 40 * 86_400),
      };
      // The server's real rule: one request a minute.
      return sent % 2 === 0 ? tooMany({ ...headers, 'retry-after': '60' }) : { status: 200, headers };
    });
    const paced = api.client.paced({ maxWaitMs: 25 * HOUR_MS });
    await api.clock.run(bulk(paced, 5, 4));
    // Every 429 was waited out as asked: nothing sent within its minute.
    const limited = api.requests.filter((_request, index) => index % 2 === 1);
    expect(limited.length).toBeGreaterThan(0);
    for (const { at } of limited)
      expect(api.requests.filter((request) => request.at > at && request.at < at + 60_000)).toEqual([]);
    expect(api.clock.overflows).toBe(0);
  });
});

describe('the reserve fits the key', () => {
  const truthful = (limit: number, windowMs: number) => {
    const counts = new Map<number, number>();
    return (request: { at: number }): Answer => {
      const window = Math.floor(request.at / windowMs);
      const used = (counts.get(window) ?? 0) + 1;
      counts.set(window, used);
      const headers = {
        date: httpDate(request.at),
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(Math.max(0, limit - used)),
        'x-ratelimit-reset': String(((window + 1) * windowMs) / 1000),
      };
      return used > limit ? tooMany(headers) : { status: 200, headers };
    };
  };

  it('a key of 5 an hour keeps no reserve by default: 12 requests finish in three windows, no 429', async () => {
    const api = virtualApi(truthful(5, HOUR_MS));
    const paced = api.client.paced({ maxWaitMs: 25 * HOUR_MS });
    await api.clock.run(bulk(paced, 12, 8));
    expect(api.requests).toHaveLength(12);
    const windows = new Set(api.requests.map((request) => Math.floor(request.at / HOUR_MS)));
    expect(windows.size).toBe(3);
  });

  it('a key of 100 keeps a tenth (10) by default', async () => {
    const api = virtualApi(truthful(100, HOUR_MS));
    const paced = api.client.paced({ maxWaitMs: 25 * HOUR_MS });
    await api.clock.run(bulk(paced, 95, 4));
    const first = Math.floor(api.requests[0]!.at / HOUR_MS);
    expect(api.requests.filter((request) => Math.floor(request.at / HOUR_MS) === first)).toHaveLength(90);
  });

  it('an explicit --reserve at or above the limit stops at once with exit 2, naming both numbers', async () => {
    const api = virtualApi(truthful(5, HOUR_MS));
    const paced = api.client.paced({ reserve: 10, maxWaitMs: 25 * HOUR_MS });
    const error = await api.clock.run(failure(bulk(paced, 12, 4)));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(
      "--reserve 10 is at or above the key's limit of 5 requests per window: nothing is left for this command.",
    );
    expect(api.requests).toHaveLength(1);
  });
});

describe('single requests keep their 60 s rule', () => {
  it('waits a Retry-After of up to 60 s, retrying; a longer one is the answer at once', async () => {
    const short = virtualApi((_request, index) => (index === 0 ? tooMany({ 'retry-after': '60' }) : { status: 200 }), {
      maxRetries: 2,
    });
    await short.clock.run(short.client.request('GET', '/jobs'));
    expect(short.requests[1]!.at - short.requests[0]!.at).toBe(60_000);
    expect(short.retries).toEqual(['Rate limited (429); retrying in 60 s (retry 1 of 2).']);

    const long = virtualApi(() => tooMany({ 'retry-after': '99999999' }), { maxRetries: 3 });
    const error = await long.clock.run(failure(long.client.request('GET', '/jobs')));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterSeconds).toBe(99_999_999);
    expect(long.requests).toHaveLength(1);
  });

  it('a request that gets no answer times out on the same clock (exit 6) after its retries', async () => {
    const api = virtualApi(() => 'drop', { maxRetries: 2 });
    const error = await api.clock.run(failure(api.client.request('GET', '/jobs')));
    expect(error.exitCode).toBe(6);
    expect(api.requests.map((request) => request.at - api.requests[0]!.at)).toEqual([0, 375, 1_125]);
  });
});

describe('late answers from a server whose clock runs fast (the emulator at --clock-scale 3600)', () => {
  // An hour of the server's time per second of ours: a window of 5 requests lasts 1,000 ms here,
  // and answers come back up to 1.5 s after the server wrote their Date (a loaded machine).
  const SCALE = 3_600;
  const start = Date.parse('2026-11-26T10:00:00Z');
  const serverTime = (local: number) => start + (local - start) * SCALE;

  /** A truthful server: 5 an hour of its own clock, Date and X-RateLimit-Reset on that clock, as of when it handled the request. */
  const truthfulFast = () => {
    const counts = new Map<number, number>();
    const served: { window: number; status: number }[] = [];
    const script = (request: Seen): Answer => {
      const now = serverTime(request.servedAt);
      const window = Math.floor(now / HOUR_MS);
      const used = (counts.get(window) ?? 0) + 1;
      counts.set(window, used);
      const headers = {
        date: httpDate(now),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': String(Math.max(0, 5 - used)),
        'x-ratelimit-reset': String(((window + 1) * HOUR_MS) / 1000),
      };
      const answer =
        used > 5
          ? tooMany({ ...headers, 'retry-after': String(Math.max(1, ((window + 1) * HOUR_MS - now) / 1000)) })
          : { status: 200, headers };
      served.push({ window, status: answer.status });
      return answer;
    };
    return { script, served };
  };

  /** Seeded delays: most answers quick (under 60 ms both ways), one in four up to 1,500 ms late (longer than a window); the first is that late. */
  const lateDelays = (seed: number) => {
    let state = seed;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    return (index: number) =>
      index === 0
        ? { there: 0, back: 1_500 }
        : { there: Math.round(next() * 20), back: Math.round(next() < 0.25 ? next() * 1_500 : next() * 40) };
  };

  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`a list page by page (seed ${seed}) never meets a 429, however late its answers come`, async () => {
      const server = truthfulFast();
      const api = virtualApi(server.script, { origin: 'http://127.0.0.1:8788', delays: lateDelays(seed) });
      const paced = api.client.paced({ reserve: 0, maxWaitMs: 25 * HOUR_MS });
      await api.clock.run(bulk(paced, 24, 1));
      expect(server.served.filter((entry) => entry.status === 429)).toEqual([]);
      expect(server.served).toHaveLength(24);
    });

    it(`bulk work 4 at a time (seed ${seed}) never meets a 429, however late its answers come`, async () => {
      const server = truthfulFast();
      const api = virtualApi(server.script, { origin: 'http://127.0.0.1:8788', delays: lateDelays(seed) });
      const paced = api.client.paced({ reserve: 0, maxWaitMs: 25 * HOUR_MS });
      await api.clock.run(bulk(paced, 40, 4));
      expect(server.served.filter((entry) => entry.status === 429)).toEqual([]);
      expect(server.served).toHaveLength(40);
    });
  }
});

describe('the pacer spreads the last tenth of a window (docs/api-choices.md §6)', () => {
  it('sends at full speed while more than a tenth is left, then spreads the rest evenly to the reset', async () => {
    const start = Date.parse('2026-11-26T10:00:00Z');
    const reset = start + HOUR_MS;
    let used = 0;
    // A truthful server of 100 requests an hour, every request in the window that ends at `reset`.
    const api = virtualApi(
      (request) => {
        used += 1;
        return {
          status: 200,
          headers: {
            date: httpDate(request.at),
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': String(Math.max(0, 100 - used)),
            'x-ratelimit-reset': String(reset / 1000),
          },
        };
      },
      { start },
    );
    const paced = api.client.paced({ reserve: 0, maxWaitMs: 25 * HOUR_MS });
    await api.clock.run(bulk(paced, 100, 1));
    const sent = api.requests.map((request) => request.at - start);
    expect(sent).toHaveLength(100);
    // While more than a tenth of the limit is left (the first 90 answers leave 99 … 10): at once.
    expect(sent.slice(0, 90)).toEqual(Array.from({ length: 90 }, () => 0));
    // The last tenth: each waits an equal share of what is left of the window (an hour over 11).
    const gaps = sent.slice(90).map((at, index) => at - sent[89 + index]!);
    for (const gap of gaps) expect(gap).toBeGreaterThan(HOUR_MS / 11 - 2_000);
    for (const gap of gaps) expect(gap).toBeLessThan(HOUR_MS / 11 + 2_000);
    // … and none spills into the next window.
    expect(api.requests.at(-1)!.at).toBeLessThan(reset);
  });
});

describe('the retry policy of a single request (docs/api-choices.md §7)', () => {
  it('a 429 that names no wait waits until the believed window resets, not a backoff step', async () => {
    const start = Date.parse('2026-11-26T10:00:00Z');
    const api = virtualApi(
      (request, index) => {
        const headers = {
          date: httpDate(request.at),
          'x-ratelimit-limit': '100',
          'x-ratelimit-remaining': index === 0 ? '0' : '99',
          'x-ratelimit-reset': String(start / 1000 + 30),
        };
        return index === 0 ? tooMany(headers) : { status: 200, headers };
      },
      { start, maxRetries: 2 },
    );
    await api.clock.run(api.client.request('GET', '/jobs'));
    expect(api.requests.map((request) => request.at - start)).toEqual([0, 30_000]);
    expect(api.retries).toEqual(['Rate limited (429); retrying in 30 s (retry 1 of 2).']);
  });

  it('a 5xx whose code says it will not pass (data_damaged) is the answer at once, with retries to spare', async () => {
    const damaged = { error: { code: 'data_damaged', message: 'A stored record cannot be read.' } };
    const api = virtualApi(() => ({ status: 500, body: damaged }), { maxRetries: 3 });
    const error = await api.clock.run(failure(api.client.request('GET', '/jobs')));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('data_damaged');
    expect(api.requests).toHaveLength(1);
    expect(api.retries).toEqual([]);
    // Another 500 is retried as usual: it is the code that decides.
    const other = virtualApi(
      (_request, index) =>
        index === 0 ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { status: 200 },
      { maxRetries: 3 },
    );
    await other.clock.run(other.client.request('GET', '/jobs'));
    expect(other.requests).toHaveLength(2);
  });
});
