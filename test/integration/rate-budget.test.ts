// Bulk work at the rate limit (issue 18; docs/api-choices.md §6):
// against a standing emulator whose clock runs fast (an hour in a few seconds), a bulk command
// spends its key's budget to the end of each window, waits for the reset instead of failing, and
// never meets a 429; --max-wait bounds the waiting (exit 5, a report of what was done). What is
// asserted is counted in the emulator's own time (windows used, 429 answers), never in wall time.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../src/api/pacer.js';
import { hire, spawnHire, waitFor } from '../helpers/bin.js';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { serve, type Handler } from '../helpers/scripted-server.js';

const HOUR_MS = 3_600_000;

const PACED_JOB = {
  title: 'Waited',
  description: DESCRIPTION,
  status: 'draft',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

/** The emulator's clock, `scale` times faster than real time, from now. */
function fastClock(scale: number): () => Date {
  const origin = Date.now();
  return () => new Date(origin + (Date.now() - origin) * scale);
}

async function platform(scale: number): Promise<{ box: Sandbox; emu: TestEmulator; statuses: number[] }> {
  const box = await sandbox();
  const statuses: number[] = [];
  const emu = await testEmulator(box.dataDir, {
    now: fastClock(scale),
    onRequest: (entry) => statuses.push(entry.status),
  });
  return { box, emu, statuses };
}

async function keyWith(emu: TestEmulator, limits: { hour: number }): Promise<string> {
  const made = await fetch(`${emu.origin}/_emulator/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ level: 'write', name: 'bulk', limits }),
  });
  return ((await made.json()) as { data: { key: string } }).data.key;
}

function rows(box: Sandbox, count: number, label: string): string {
  const path = join(box.root, `${label}.ndjson`);
  writeFileSync(
    path,
    Array.from({ length: count }, (_, index) =>
      JSON.stringify({ title: `${label} ${index}`, description: DESCRIPTION }),
    ).join('\n'),
  );
  return path;
}

describe('jobs import at the budget', () => {
  it('creates every row once, with no 429, never more in a window than its budget', async () => {
    // A 100-request hour of 5 s: 300 rows need at least three windows. How many windows the run
    // takes depends on the machine's speed (a busy one may not spend a window whole before its
    // reset); what is asserted holds at any speed. The wait itself is proven by the next test.
    const { box, emu, statuses } = await platform(720);
    const key = await keyWith(emu, { hour: 100 });
    const file = rows(box, 300, 'Paced');
    // --max-wait counts the time spent waiting, not each of the 8 rows in flight waiting alongside.
    const result = await runCli(['jobs', 'import', file, '--reserve', '0', '--max-wait', '60s', '--json', '-v'], {
      env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: key },
    });
    expect(result.code, result.stderr).toBe(0);
    const report = json<{ status: string }[]>(result);
    expect(report.map((row) => row.status)).toEqual(Array(300).fill('created'));
    const jobs = emu.store.all<{ id: string; title: string; created_at: string }>('jobs');
    expect(new Set(jobs.map((job) => job.title)).size).toBe(300);
    expect(jobs).toHaveLength(300);
    // Never more in a window than its budget, as the emulator counts it: its limiter answers 429 to
    // the 101st request of a window, and none came. (The jobs' created_at cannot count it: a job is
    // stamped after its request was counted, and on a busy machine the few milliseconds between are
    // several seconds of this clock, enough to stamp a job admitted at a window's end in the next.)
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const perHour = new Map<number, number>();
    for (const job of jobs) {
      const hour = Math.floor(Date.parse(job.created_at) / HOUR_MS);
      perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
    }
    const counts = [...perHour.values()];
    expect(counts.length).toBeGreaterThanOrEqual(3);
    // Said once per wait, not once per row waiting.
    expect(result.stderr.match(/rate limit:/g)?.length ?? 0).toBeLessThanOrEqual(counts.length);
  });

  it('waits for the reset when an answer spends the budget, and says so with the time left', async () => {
    const box = await sandbox();
    // A truthful server whose first answer spends the window (0 of 100 left, a reset two seconds
    // away): the import waits for the reset whatever the machine's speed, and says so to people.
    let made = 0;
    const server = await serve((_req, res) => {
      const now = Date.now();
      made += 1;
      const job = { ...PACED_JOB, id: `job_paced${made}`, title: `Waited ${made - 1}` };
      res
        .writeHead(201, {
          'content-type': 'application/json',
          date: new Date(now).toUTCString(),
          'x-ratelimit-limit': '100',
          'x-ratelimit-remaining': String(made === 1 ? 0 : 100 - made),
          'x-ratelimit-reset': String(Math.ceil(now / 1000) + (made === 1 ? 2 : 3600)),
        })
        .end(JSON.stringify({ data: job, meta: { request_id: `req_${made}` } }));
    });
    const file = rows(box, 3, 'Waited');
    const result = await runCli(['jobs', 'import', file, '--reserve', '0', '--concurrency', '1'], {
      env: { ...box.env, HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: 'hire_test_scripted_key_0001' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(3);
    expect(result.stderr).toMatch(
      /rate limit: 0 of 100 left, resets in \d+:\d\d — waiting; the whole job ends in about \d+:\d\d\./,
    );
    expect(result.stderr.match(/rate limit:/g)).toHaveLength(1);
  });

  it('--max-wait bounds the waiting: it stops cleanly, reports what was done, exits 5', async () => {
    // Real time: the next window is most of an hour away, far past --max-wait.
    const { box, emu, statuses } = await platform(1);
    const key = await keyWith(emu, { hour: 20 });
    const file = rows(box, 30, 'Bounded');
    const result = await runCli(['jobs', 'import', file, '--reserve', '5', '--max-wait', '2s', '--json'], {
      env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: key },
    });
    expect(result.code).toBe(5);
    const report = json<{ status: string; error: string | null }[]>(result);
    const created = report.filter((row) => row.status === 'created');
    // The reserve of 5 is left for others: 15 of the 20 spent.
    expect(created).toHaveLength(15);
    expect(report.filter((row) => row.status === 'not_sent')).toHaveLength(15);
    expect(report.find((row) => row.status === 'not_sent')!.error).toBe(
      'not sent: --max-wait reached while waiting for the rate limit',
    );
    expect(emu.store.count('jobs')).toBe(15);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(result.stderr).toContain('Stopped: --max-wait was reached while waiting for the rate limit.');
  });
});

describe('lists with --all at the budget', () => {
  it('follow every page across windows, each item once, no 429; --max-wait stops a list with exit 5', async () => {
    const { box, emu, statuses } = await platform(3_600);
    const job = await emu.call('POST', '/jobs', { body: { title: 'Listed', description: DESCRIPTION, publish: true } });
    const simulated = await fetch(`${emu.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: job.json.data.id, applications: 450, seed: 3 }),
    });
    expect(simulated.status).toBe(201);
    // Five requests an hour of one second: nine pages take two resets.
    const key = await keyWith(emu, { hour: 5 });
    const env = { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: key };
    const listed = await runCli(['candidates', 'list', '--all', '--per-page', '50', '--reserve', '0', '-o', 'ndjson'], {
      env,
    });
    expect(listed.code, listed.stderr).toBe(0);
    const ids = listed.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toHaveLength(450);
    expect(new Set(ids).size).toBe(450);
    expect(statuses.filter((status) => status === 429)).toEqual([]);

    const slow = await platform(1);
    const slowKey = await keyWith(slow.emu, { hour: 2 });
    const stopped = await runCli(
      ['jobs', 'list', '--all', '--per-page', '1', '--reserve', '0', '--max-wait', '1s', '--json'],
      {
        env: { ...slow.box.env, HIRE_BASE_URL: slow.emu.apiUrl, HIRE_API_KEY: slowKey },
      },
    );
    // Three jobs, one per page, two requests an hour: the third page would wait most of an hour.
    await Promise.all(
      [1, 2, 3].map((index) =>
        slow.emu.call('POST', '/jobs', { body: { title: `Slow ${index}`, description: DESCRIPTION } }),
      ),
    );
    expect([stopped.code, stopped.stdout]).toEqual([0, '[]\n']); // nothing to list yet: one request
    const again = await runCli(
      ['jobs', 'list', '--all', '--per-page', '1', '--reserve', '0', '--max-wait', '1s', '-o', 'ndjson'],
      {
        env: { ...slow.box.env, HIRE_BASE_URL: slow.emu.apiUrl, HIRE_API_KEY: slowKey },
      },
    );
    expect(again.code).toBe(5);
    expect(again.stderr).toContain('Stopped: waiting for the rate limit would pass --max-wait');
    expect(slow.statuses.filter((status) => status === 429)).toEqual([]);
  });
});

// The attacks of issue 25, against a scripted server on loopback (real HTTP): a server asking for
// an absurd wait, or sending rate-limit headers that cannot be true, or a key smaller than the old
// default reserve. Each command ends: at once with exit 5 and what the server asked, or done.
describe('bulk work against a scripted server (issue 25)', () => {
  const KEY = 'hk_test_budget_attack_0123456789abcdef';
  const job = (index: number) => ({
    id: `job_${index}`,
    title: `Job ${index}`,
    status: 'active',
    candidate_count: 0,
    created_at: '2026-01-02T03:04:05.000Z',
  });

  /** Page N of a list of `pages` one-item pages, with these rate-limit headers. */
  const page = (pages: number, headers: (served: number) => Record<string, string>): Handler => {
    let served = 0;
    return (req, res) => {
      served += 1;
      const current = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
      res.writeHead(200, { 'content-type': 'application/json', ...headers(served) });
      res.end(
        JSON.stringify({
          data: [job(current)],
          meta: {
            request_id: `req_${served}`,
            current_page: current,
            per_page: 1,
            total_pages: pages,
            total_count: pages,
          },
        }),
      );
    };
  };
  const hire = async (argv: string[], origin: string) => {
    const box = await sandbox();
    return runCli(argv, { env: { ...box.env, HIRE_BASE_URL: `${origin}/api/v1`, HIRE_API_KEY: KEY } });
  };
  const tooLong: Handler = (_req, res) => {
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '99999999' });
    res.end(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests' } }));
  };

  it('Retry-After: 99999999 → exit 5 after one request, saying what the server asked and what to run later', async () => {
    const list = await serve(tooLong);
    const listed = await hire(['jobs', 'list', '--all', '--per-page', '1'], list.origin);
    expect(listed.code).toBe(5);
    expect(list.requests).toHaveLength(1);
    expect(listed.stderr).toContain(
      "the server asks to wait 1,157 days (Retry-After: 99999999), longer than the API's longest window (a day)",
    );
    expect(listed.stderr).toContain('Run the same command again later');
    expect(listed.stderr).not.toContain('TimeoutOverflowWarning');

    const imports = await serve(tooLong);
    const box = await sandbox();
    const file = rows(box, 20, 'Attacked');
    const imported = await runCli(['jobs', 'import', file, '--json'], {
      env: { ...box.env, HIRE_BASE_URL: `${imports.origin}/api/v1`, HIRE_API_KEY: KEY },
    });
    expect(imported.code).toBe(5);
    expect(imports.requests).toHaveLength(1);
    const report = json<{ status: string; error: string | null }[]>(imported);
    expect(report.map((row) => row.status)).toEqual(Array(20).fill('not_sent'));
    expect(report[0]!.error).toBe('not sent: the server asked to wait longer than hire waits (a day)');
  });

  it('X-RateLimit-Limit: 0 is not believed: the list finishes, and no notice names a 429 that did not come', async () => {
    const reset = () => String(Math.floor(Date.now() / 1000) + 600);
    const server = await serve(
      page(6, () => ({ 'x-ratelimit-limit': '0', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset() })),
    );
    const result = await hire(['jobs', 'list', '--all', '--per-page', '1', '-o', 'ndjson'], server.origin);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(6);
    expect(server.requests).toHaveLength(6);
    expect(result.stderr).not.toContain('429');
  });

  it('a key whose limit is at or below the old default reserve (10) finishes; an explicit --reserve at the limit is exit 2', async () => {
    const reset = () => String(Math.floor(Date.now() / 1000) + 3_000);
    const small = (served: number) => ({
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': String(Math.max(0, 5 - served)),
      'x-ratelimit-reset': reset(),
    });
    const server = await serve(page(4, small));
    const result = await hire(['jobs', 'list', '--all', '--per-page', '1', '-o', 'ndjson'], server.origin);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(4);

    const again = await serve(page(4, small));
    const refused = await hire(
      ['jobs', 'list', '--all', '--per-page', '1', '--reserve', '5', '-o', 'ndjson'],
      again.origin,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--reserve 5 is at or above the key's limit of 5 requests per window");
    expect(again.requests).toHaveLength(1);
  });
});

describe("the server's clock, from Date headers", () => {
  it('measures how fast it runs, taking the slowest rate whole-second headers allow, and 1 for an ordinary server', () => {
    let local = 0;
    const clock = new ServerClock(() => local, { mayRunFast: true });
    const start = Date.parse('2026-11-24T10:00:00Z');
    clock.observe(new Date(start).toUTCString());
    local = 100; // 0.1 s here, 36 s there: 360 times faster
    clock.observe(new Date(start + 36_000).toUTCString());
    expect(clock.rate).toBeCloseTo(350, 5); // (36 s − 1 s) / 0.1 s
    local = 1_100;
    clock.observe(new Date(start + 396_000).toUTCString());
    expect(clock.rate).toBeCloseTo(395_000 / 1_100, 5);
    // A reset 360 server seconds away is about a second here.
    expect(clock.localMsUntil((start + 396_000 + 360_000) / 1000)).toBeGreaterThan(1_000);

    let realLocal = 0;
    const real = new ServerClock(() => realLocal, { mayRunFast: true });
    real.observe(new Date(start).toUTCString());
    realLocal = 30_000;
    real.observe(new Date(start + 31_000).toUTCString());
    expect(real.rate).toBe(1);
  });
});

describe('hire emulator start --clock-scale', () => {
  it("runs the emulator's clock N times faster: Date, rate-limit resets and key expiry in its time", async () => {
    const box = await sandbox();
    const server = spawnHire(box, ['emulator', 'start', '--port', '0', '--clock-scale', '3600']);
    const origin = await waitFor(
      server,
      'the listening line',
      () => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.stderr)?.[1],
    );
    const admin = {
      authorization: `Bearer ${readFileSync(join(box.dataDir, 'local.key'), 'utf8').trim()}`,
      'content-type': 'application/json',
      connection: 'close',
    };
    const made = await fetch(`${origin}/_emulator/keys`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ level: 'read', expires_in_seconds: 7_200 }),
    });
    const madeKey = ((await made.json()) as { data: { key: string; expires_at: string } }).data;
    const key = madeKey.key;
    const first = await fetch(`${origin}/api/v1/jobs`, {
      headers: { authorization: `Bearer ${key}`, connection: 'close' },
    });
    expect(first.status).toBe(200);
    const serverAt = Date.parse(first.headers.get('date')!);
    // The window's reset is within the emulator's hour, in its own seconds.
    const reset = Number(first.headers.get('x-ratelimit-reset'));
    expect(reset * 1000 - serverAt).toBeGreaterThan(0);
    expect(reset * 1000 - serverAt).toBeLessThanOrEqual(HOUR_MS);
    // Two emulator hours pass in about two seconds: the key expires (waited for, not timed).
    let expired: Response;
    for (;;) {
      const answer = await fetch(`${origin}/api/v1/jobs`, {
        headers: { authorization: `Bearer ${key}`, connection: 'close' },
      });
      await answer.arrayBuffer();
      if (answer.status === 401) {
        expired = answer;
        break;
      }
      expect(answer.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Whole seconds in Date: the first 401 comes in the second the key expires, or later.
    expect(Date.parse(expired.headers.get('date')!)).toBeGreaterThanOrEqual(
      Math.floor(Date.parse(madeKey.expires_at) / 1000) * 1000,
    );
    expect(Date.parse(madeKey.expires_at) - serverAt).toBeLessThanOrEqual(7_200_000);
    const bad = await hire(box, ['emulator', 'start', '--port', '0', '--clock-scale', '0.5']);
    expect(bad.code).toBe(2);
  });
});
