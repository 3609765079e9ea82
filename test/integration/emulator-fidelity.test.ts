// The emulator answers what the API would: list parameters out of range and filter values out of
// their type or set are a 400 naming the parameter (not a 500, not an empty page); the sandbox's v0
// points at the sandbox's v1; the sandbox resets at every midnight of the emulator's clock whatever
// an earlier clock recorded, and a reset of a stamp in the future is said once (docs/emulator.md
// "Environments: production and sandbox"); and the filters the CLI sends are served by an index.
import { describe, expect, it } from 'vitest';
import { ensureLocalKey, environmentDataDir } from '../../src/emulator/access/local-key.js';
import { PAGE_MAX } from '../../src/emulator/http/list.js';
import { Store } from '../../src/emulator/storage/store.js';
import { main } from '../../src/cli.js';
import { captureIO, DESCRIPTION, runCli } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';

async function get(base: string, key: string, path: string) {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, headers: response.headers, json: (await response.json()) as any };
}

describe('list parameters and filter values', () => {
  it('are checked for range, type and set, in production and the sandbox alike', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const sandboxKey = ensureLocalKey(environmentDataDir(box.dataDir, 'sandbox'));
    for (const [base, key] of [
      [emu.apiUrl, emu.key],
      [emu.sandboxApiUrl, sandboxKey],
    ] as const) {
      for (const path of ['/jobs', '/candidates', '/events', '/deliveries', '/webhooks']) {
        const far = await get(base, key, `${path}?page=${PAGE_MAX + 1}`);
        expect({ path, status: far.status, code: far.json.error?.code }).toEqual({
          path,
          status: 400,
          code: 'validation_error',
        });
        expect(far.json.error.details.page).toBe(`must be a whole number from 1 to ${PAGE_MAX}`);
        const huge = await get(base, key, `${path}?page=99999999999999999999&per_page=100`);
        expect(huge.status).toBe(400);
        const last = await get(base, key, `${path}?page=${PAGE_MAX}&per_page=100`);
        expect({ path, status: last.status, data: last.json.data }).toEqual({ path, status: 200, data: [] });
        for (const perPage of ['0', '101', '2.5', 'ten']) {
          const bad = await get(base, key, `${path}?per_page=${perPage}`);
          expect({ path, perPage, status: bad.status, detail: bad.json.error?.details?.per_page }).toEqual({
            path,
            perPage,
            status: 400,
            detail: 'must be a whole number from 1 to 100',
          });
        }
      }
      const cases: [string, string, string][] = [
        ['/jobs?status=AAA', 'status', 'must be one of draft, active, paused, closed (got "AAA")'],
        ['/jobs?status=active,opened', 'status', 'must be one of draft, active, paused, closed (got "opened")'],
        [
          '/jobs?experience_level=guru',
          'experience_level',
          'must be one of entry, mid, senior, lead, executive (got "guru")',
        ],
        ['/jobs?location.type=moon', 'location.type', 'must be one of remote, hybrid, onsite (got "moon")'],
        [
          '/candidates?status=hired,nope',
          'status',
          'must be one of new, screening, review, interview, offer, hired, rejected (got "nope")',
        ],
        ['/candidates?score=abc', 'score', 'must be a number from 0 to 100 (got "abc")'],
        ['/candidates?score_min=150', 'score_min', 'must be a number from 0 to 100 (got "150")'],
        ['/candidates?score_min=-1', 'score_min', 'must be a number from 0 to 100 (got "-1")'],
        ['/deliveries?state=broken', 'state', 'must be one of pending, succeeded, failed (got "broken")'],
        ['/events?type=job.exploded', 'type', expect.stringContaining('must be one of job.created,')],
      ];
      for (const [path, parameter, message] of cases) {
        const answer = await get(base, key, path);
        expect({ path, status: answer.status, code: answer.json.error?.code }).toEqual({
          path,
          status: 400,
          code: 'validation_error',
        });
        expect(answer.json.error.details[parameter]).toEqual(message);
      }
      // Values in the set, in any case, and numbers in range are taken.
      for (const path of [
        '/jobs?status=ACTIVE,draft',
        '/candidates?status=Review&score_min=80',
        '/candidates?score_min=0',
        '/deliveries?state=failed',
        '/events?type=job.created',
      ]) {
        expect({ path, status: (await get(base, key, path)).status }).toEqual({ path, status: 200 });
      }
    }
    // Filters still find what they name (the sandbox's seeded set).
    const review = await get(emu.sandboxApiUrl, sandboxKey, '/candidates?status=REVIEW');
    expect(review.json.data.length).toBeGreaterThan(0);
    for (const candidate of review.json.data as { status: string }[]) expect(candidate.status).toBe('review');
    const active = await get(emu.sandboxApiUrl, sandboxKey, '/jobs?status=active');
    expect((active.json.data as { title: string }[]).map((job) => job.title).sort()).toEqual([
      'Product Designer',
      'Senior Backend Engineer',
    ]);
  });

  it("the sandbox's /api/v0 names the sandbox's v1 as its successor", async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const sandboxKey = ensureLocalKey(environmentDataDir(box.dataDir, 'sandbox'));
    const v0 = await get(emu.sandboxApiUrl.replace('/api/v1', '/api/v0'), sandboxKey, '/jobs');
    expect(v0.status).toBe(200);
    expect(v0.headers.get('link')).toBe('</sandbox/api/v1>; rel="successor-version"');
    const production = await get(emu.apiUrl.replace('/api/v1', '/api/v0'), emu.key, '/jobs');
    expect(production.headers.get('link')).toBe('</api/v1>; rel="successor-version"');
  });
});

describe("the sandbox's daily reset", () => {
  it('happens at every midnight of the clock in use, whatever reset an earlier clock recorded', async () => {
    const box = await sandbox();
    const sandboxKey = ensureLocalKey(environmentDataDir(box.dataDir, 'sandbox'));
    const at = (iso: string) => () => new Date(iso);
    const add = async (base: string) =>
      (
        await fetch(`${base}/jobs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sandboxKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Added today', description: DESCRIPTION }),
        })
      ).status;
    const titles = async (base: string) =>
      ((await get(base, sandboxKey, '/jobs?per_page=100')).json.data as { title: string }[]).map((job) => job.title);

    // What each emulator said (docs/emulator.md: a reset of a stamp in the future is said once).
    const notices: string[] = [];
    const onNotice = (message: string) => notices.push(message);

    // A run whose clock was set ahead (HIRE_EMULATOR_NOW) stamps a reset in the future.
    const ahead = await testEmulator(box.dataDir, { now: at('2027-03-10T12:00:00Z'), onNotice });
    expect(await add(ahead.sandboxApiUrl)).toBe(201);
    await ahead.close();
    expect(notices).toEqual([]); // the first reset of a new sandbox goes unsaid
    // Today's clock: the future stamp is stale, so the sandbox resets to the seeded set now, and says why…
    const today = await testEmulator(box.dataDir, { now: at('2026-11-26T09:00:00Z'), onNotice });
    expect(await titles(today.sandboxApiUrl)).not.toContain('Added today');
    expect(notices).toEqual([
      "Sandbox reset: its last reset was recorded in the future (2027-03-10T00:00:00.000Z; today began 2026-11-26T00:00:00.000Z by the emulator's clock): the clock moved back or the data was copied. It resets at every 00:00 UTC from now on.",
    ]);
    expect(await add(today.sandboxApiUrl)).toBe(201);
    expect(await titles(today.sandboxApiUrl)).toContain('Added today');
    await today.close();
    expect(notices).toHaveLength(1); // once: the requests after it found today's stamp
    // …and not again the same day, but at the next midnight, unsaid: the daily reset is no news.
    const later = await testEmulator(box.dataDir, { now: at('2026-11-26T23:59:00Z'), onNotice });
    expect(await titles(later.sandboxApiUrl)).toContain('Added today');
    await later.close();
    const tomorrow = await testEmulator(box.dataDir, { now: at('2026-11-27T00:00:01Z'), onNotice });
    expect(await titles(tomorrow.sandboxApiUrl)).not.toContain('Added today');
    expect(notices).toHaveLength(1);
  });

  it("a future stamp found by a command's in-process emulator is said once on that command's stderr", async () => {
    const box = await sandbox();
    const list = (now: string) =>
      runCli(['jobs', 'list', '--profile', 'local-sandbox'], {
        env: { ...box.env, HIRE_EMULATOR_NOW: now },
      });
    const ahead = await list('2027-03-10T12:00:00Z');
    expect(ahead.code, ahead.stderr).toBe(0);
    expect(ahead.stderr).not.toContain('Sandbox reset');
    const today = await list('2026-11-26T09:00:00Z');
    expect(today.code, today.stderr).toBe(0);
    expect(
      today.stderr.match(/Sandbox reset: its last reset was recorded in the future \(2027-03-10T00:00:00\.000Z;/g),
    ).toHaveLength(1);
    expect(today.stdout.trim().split('\n')).toHaveLength(3); // the seeded jobs; stdout stays data
    const again = await list('2026-11-26T10:00:00Z');
    expect(again.stderr).not.toContain('Sandbox reset');
  });

  it('a standing emulator (hire emulator start) says it once in its log', async () => {
    const box = await sandbox();
    const sandboxKey = ensureLocalKey(environmentDataDir(box.dataDir, 'sandbox'));
    const ahead = await testEmulator(box.dataDir, { now: () => new Date('2027-03-10T12:00:00Z') });
    expect((await get(ahead.sandboxApiUrl, sandboxKey, '/jobs')).status).toBe(200);
    await ahead.close();
    const argv = ['emulator', 'start', '--port', '0'];
    const captured = captureIO({ argv });
    const running = main(argv, captured.io, { ...box.env, HIRE_EMULATOR_NOW: '2026-11-26T09:00:00Z' });
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(done(), captured.stderr()).toBe(true);
    };
    try {
      await until(() => captured.stderr().includes('Press Ctrl-C'));
      const url = /Sandbox on\s+(http:\/\/127\.0\.0\.1:\d+\/sandbox\/api\/v1)/.exec(captured.stderr())![1]!;
      const requests = () => captured.stderr().match(/GET \/sandbox\/api\/v1\/jobs → 200/g)?.length ?? 0;
      expect((await get(url, sandboxKey, '/jobs')).status).toBe(200);
      expect((await get(url, sandboxKey, '/jobs')).status).toBe(200);
      await until(() => requests() === 2);
      expect(captured.stderr().match(/Sandbox reset: its last reset was recorded in the future/g)).toHaveLength(1);
    } finally {
      captured.signals.emit('signal', 'SIGTERM');
      expect(await running).toBe(0);
    }
  });

  it('an unreadable stamp is said too, escaped', async () => {
    const box = await sandbox();
    const sandboxKey = ensureLocalKey(environmentDataDir(box.dataDir, 'sandbox'));
    const first = await testEmulator(box.dataDir, { now: () => new Date('2026-11-25T12:00:00Z') });
    expect((await get(first.sandboxApiUrl, sandboxKey, '/jobs')).status).toBe(200);
    await first.close();
    const store = Store.open(environmentDataDir(box.dataDir, 'sandbox'));
    store.setMeta('sandbox_reset_at', '\u001b[2Jyesterday\u0007');
    store.close();
    const notices: string[] = [];
    const emu = await testEmulator(box.dataDir, {
      now: () => new Date('2026-11-26T12:00:00Z'),
      onNotice: (message) => notices.push(message),
    });
    expect((await get(emu.sandboxApiUrl, sandboxKey, '/jobs')).status).toBe(200);
    expect(notices).toEqual([
      'Sandbox reset: its last reset was recorded as "\\u001b[2Jyesterday\\u0007", which is not a time. It resets at every 00:00 UTC from now on.',
    ]);
  });
});

describe('filters the CLI sends', () => {
  it('are answered through an index, not a scan of the collection', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    // The SQL of each list as the emulator runs it, then SQLite's plan for it.
    const { db } = emu.store;
    const prepare = db.prepare.bind(db);
    const seen: string[] = [];
    (db as { prepare: typeof db.prepare }).prepare = (sql: string) => {
      if (/^SELECT/i.test(sql)) seen.push(sql);
      return prepare(sql);
    };
    const webhook = await emu.call('POST', '/webhooks', {
      body: { url: 'https://example.com/hooks', events: ['job.created'], secret: 'a-secret-of-enough-length-0123' },
    });
    expect(webhook.status).toBe(201);
    const job = (await emu.call('POST', '/jobs', { body: { title: 'Indexed', description: DESCRIPTION } })).json.data
      .id as string;
    const plans: Record<string, string> = {};
    const queries: Record<string, string> = {
      'hire status (failed deliveries)': '/deliveries?state=failed&per_page=5',
      'hire status (open jobs)': '/jobs?status=active&per_page=100',
      'candidates list --status': '/candidates?status=review',
      'candidates list --job': `/candidates?job_id=${job}`,
      'candidates list --score-min': '/candidates?score_min=80',
      'events list --kind': '/events?type=job.created',
      'events list --job': `/events?job_id=${job}`,
      'webhooks deliveries': `/webhooks/${webhook.json.data.id as string}/deliveries`,
      'assessments list --job': `/assessments?job_id=${job}`,
    };
    for (const [name, path] of Object.entries(queries)) {
      seen.length = 0;
      await emu.call('GET', path);
      // The count of matches reads every match: it shows whether the filter is served by an index
      // (the page itself may be read newest first along the table, stopping at a page's worth).
      const select = seen.find((sql) => /\bcount\(/i.test(sql));
      if (!select) {
        plans[name] = 'no count';
        continue;
      }
      const marks = (select.match(/\?/g) ?? []).length;
      const plan = (
        prepare(`EXPLAIN QUERY PLAN ${select}`).all(...Array.from({ length: marks }, () => 'x')) as { detail: string }[]
      ).map((row) => row.detail);
      plans[name] = plan.join('; ');
    }
    for (const [name, plan] of Object.entries(plans))
      expect({ name, plan }).toEqual({ name, plan: expect.stringMatching(/USING (COVERING )?INDEX/) });
  });
});
