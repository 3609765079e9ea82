// hire status (issue 19): open jobs with new and in-review counts, failed webhook deliveries and
// the rate-limit window, in three requests whatever the number of jobs and webhooks. Against a
// standing emulator (its request log counts the requests), and scripted servers for a platform
// without the assumed endpoints.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { receiver } from '../helpers/receiver.js';
import { reply, serve } from '../helpers/scripted-server.js';

type Rec = Record<string, any>;

interface World {
  box: Sandbox;
  emulator: TestEmulator;
  env: Record<string, string>;
}

async function world(options: { deliveryBackoffMs?: number } = {}): Promise<World> {
  const box = await sandbox();
  const emulator = await testEmulator(box.dataDir, options);
  return { box, emulator, env: { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key } };
}

const cli = (w: World, argv: string[], options: { tty?: boolean; columns?: number } = {}): Promise<RunResult> =>
  runCli(argv, { env: w.env, ...options });

async function ok<T = Rec>(w: World, argv: string[]): Promise<T> {
  const result = await cli(w, [...argv, '--json']);
  if (result.code !== 0) throw new Error(`hire ${argv.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return json<T>(result);
}

const job = (w: World, title: string, extra: string[] = []): Promise<Rec> =>
  ok(w, ['jobs', 'create', '--title', title, '--description', DESCRIPTION, ...extra]);

/** The requests the emulator answered after `after` (method and path), and where the log ends. */
async function requestLog(w: World, after = 0): Promise<{ made: string[]; last: number }> {
  const answer = await fetch(`${w.emulator.origin}/_emulator/requests?after=${after}`, {
    headers: { authorization: `Bearer ${w.emulator.key}` },
  });
  expect(answer.status).toBe(200);
  const { data, meta } = (await answer.json()) as { data: Rec[]; meta: { last: number } };
  return { made: data.map((entry) => `${entry.method} ${String(entry.path).split('?')[0]}`), last: meta.last };
}

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Every line of a screen printed for an 80-column terminal fits it. */
function expectFits80(stdout: string): void {
  for (const line of plain(stdout).split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
}

describe('hire status', () => {
  it('lists only active jobs, each with its new and in-review candidates, from three requests', async () => {
    const w = await world();
    const busy = await job(w, 'Backend Engineer', ['--publish']);
    const quiet = await job(w, 'Data Engineer', ['--publish']);
    await job(w, 'Draft Role');
    const paused = await job(w, 'Paused Role', ['--publish']);
    await ok(w, ['jobs', 'pause', paused.id]);
    await ok(w, ['emulator', 'simulate', '--job', busy.id, '--applications', '25', '--seed', '4', '--advance']);
    const candidates = await ok<Rec[]>(w, ['candidates', 'list', '--job', busy.id, '--all']);
    const { last } = await requestLog(w);

    const result = await cli(w, ['status', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = json<Rec>(result);
    expect(report.profile).toEqual({
      name: 'local',
      environment: 'production',
      emulator: true,
      base_url: w.emulator.apiUrl,
    });
    expect(report.open_jobs.total).toBe(2);
    expect(report.open_jobs.jobs).toEqual([
      { id: quiet.id, title: 'Data Engineer', new: 0, review: 0, candidates: 0 },
      {
        id: busy.id,
        title: 'Backend Engineer',
        new: candidates.filter((c) => c.status === 'new').length,
        review: candidates.filter((c) => c.status === 'review').length,
        candidates: 25,
      },
    ]);
    expect(report.failed_deliveries).toEqual({ total: 0, latest: [] });
    expect(report.rate_limit.limit).toBeGreaterThan(0);
    expect(report.rate_limit.remaining).toBeLessThan(report.rate_limit.limit);
    expect(report).not.toHaveProperty('errors');

    // One request per resource, and no more, whatever the number of jobs.
    const { made } = await requestLog(w, last);
    expect(made.sort()).toEqual(['GET /api/v1/analytics', 'GET /api/v1/deliveries', 'GET /api/v1/jobs']);
  });

  it('counts failed deliveries across webhooks and shows the latest, with the next step', async () => {
    const w = await world({ deliveryBackoffMs: 1 });
    const refusing = await receiver(() => ({
      status: 500,
      body: 'The receiving service is down for maintenance until the end of the week; please try again later.',
    }));
    // Long paths: at 80 columns the URL is cut in its path, never its host and port.
    for (const path of ['/a/hooks/hiring-platform/receiver', '/b/hooks/hiring-platform/receiver']) {
      await ok(w, ['webhooks', 'add', '--url', refusing.url(path), '--event', 'job.created']);
    }
    await job(w, 'Backend Engineer');
    // Each delivery is retried with a 1 ms backoff until it is given up: wait for both to fail.
    for (;;) {
      const failed = w.emulator.store
        .all<{ id: string; state: string }>('deliveries')
        .filter((delivery) => delivery.state === 'failed');
      if (failed.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const report = await ok(w, ['status']);
    expect(report.failed_deliveries.total).toBe(2);
    expect(report.failed_deliveries.latest).toHaveLength(2);
    expect(report.failed_deliveries.latest[0].event_type).toBe('job.created');

    const screen = await cli(w, ['status'], { tty: true, columns: 80 });
    expect(screen.code).toBe(0);
    expect(plain(screen.stdout)).toContain('Failed webhook deliveries: ');
    expect(plain(screen.stdout)).toMatch(/Failed webhook deliveries: \S*2/);
    expect(plain(screen.stdout)).toContain(`\`hire events resend ${report.failed_deliveries.latest[0].event_id}\``);
    expect(plain(screen.stdout)).toContain(report.failed_deliveries.latest[0].event_id);
    // Every line fits 80 columns: the table's, and the hint's, wrapped between commands, not inside one.
    for (const row of plain(screen.stdout).split('\n'))
      expect([...row].length, plain(screen.stdout)).toBeLessThanOrEqual(80);
    expect(plain(screen.stdout)).toContain(`${new URL(refusing.url()).origin}/`);
    expect(plain(screen.stdout)).toMatch(/^ {2}`hire events resend \S+` sends it again\.$/m);

    // The next step it names, `events get`, fits too: the state before the URL, whole (docs/output.md
    // "Stream lines"), snippets cut.
    const event = await cli(w, ['events', 'get', report.failed_deliveries.latest[0].event_id], {
      tty: true,
      columns: 80,
    });
    expect(event.code, event.stderr).toBe(0);
    const deliveries = plain(event.stdout).slice(plain(event.stdout).indexOf('Deliveries:'));
    for (const row of deliveries.split('\n')) expect([...row].length, deliveries).toBeLessThanOrEqual(80);
    const origin = new URL(refusing.url()).origin.replace(/[.:/]/g, '\\$&');
    expect(deliveries).toMatch(
      new RegExp(`^wh_\\w+  failed\\n {2}${origin}/[ab]/hooks/hiring-platform/receiver$`, 'm'),
    );
    expect(deliveries).toMatch(/^ {2}#6 .* 500 .* "The receiving service is down.*…"$/m);

    // A webhook's delivery log at 80 columns: ATTEMPTS is TRIES, so the event's kind is whole.
    const hooks = await ok<Rec[]>(w, ['webhooks', 'list']);
    const log = await cli(w, ['webhooks', 'deliveries', hooks[0]!.id], { tty: true, columns: 80 });
    expect(log.code, log.stderr).toBe(0);
    expect(plain(log.stdout)).toContain('│ TRIES │');
    expect(plain(log.stdout)).toMatch(/│ job\.created +│/);
  });

  it('at a terminal: sections, counts, the rate-limit window and a next step', async () => {
    const w = await world();
    const posted = await job(w, 'Backend Engineer', ['--publish']);
    await ok(w, ['emulator', 'simulate', '--job', posted.id, '--applications', '30', '--seed', '9', '--advance']);
    const result = await cli(w, ['status'], { tty: true, columns: 80 });
    expect(result.code, result.stderr).toBe(0);
    const text = plain(result.stdout);
    expect(text).toContain(`Profile local: production (emulator) at ${w.emulator.apiUrl}`);
    expect(text).toContain('Open jobs: 1');
    expect(text).toContain(posted.id);
    expect(text).toContain('Failed webhook deliveries: none');
    expect(text).toMatch(/Rate limit: [\d,]+ of [\d,]+ requests left; the window resets in \d+:\d\d/);
    expect(text).toContain(`\`hire candidates list --job ${posted.id} --status review\``);
    expectFits80(result.stdout);
  });

  it('a server without the assumed lists: the jobs still shown, counts "–", deliveries unknown, exit 0', async () => {
    const jobs = {
      data: [{ id: 'job_1', title: 'Backend Engineer', status: 'active', candidate_count: 4 }],
      meta: { current_page: 1, per_page: 100, total_pages: 1, total_count: 1 },
    };
    const server = await serve((req, res) => {
      const path = new URL(req.url ?? '', 'http://x').pathname;
      if (path.endsWith('/jobs'))
        return reply(200, jobs, {
          'x-ratelimit-limit': '1000',
          'x-ratelimit-remaining': '998',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 600),
        })(req, res, '');
      if (path.endsWith('/analytics')) return reply(200, { data: { jobs: { total: 1 } } })(req, res, '');
      return reply(404, { error: { code: 'not_found', message: 'No such route.' } })(req, res, '');
    });
    const box = await sandbox();
    const env = {
      ...box.env,
      HIRE_BASE_URL: `${server.origin}/api/v1`,
      HIRE_API_KEY: 'hk_test_abcdefghijklmnopqrstuvwx',
    };
    const result = await runCli(['status', '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    const report = json<Rec>(result);
    expect(report.open_jobs.jobs).toEqual([
      { id: 'job_1', title: 'Backend Engineer', new: null, review: null, candidates: 4 },
    ]);
    expect(report.failed_deliveries).toBeNull();
    // GET /deliveries is assumed: its 404, while GET /jobs answers, says the server does not offer it.
    expect(report.errors.failed_deliveries).toBe(
      'this server does not offer GET /deliveries, which the API spec does not publish',
    );
    expect(report.rate_limit).toMatchObject({ limit: 1000, remaining: 998 });
    // The three reads; then, the delivery log asked with a filter, the same list without it, and the
    // published GET /jobs that told the 404 apart.
    expect(server.requests).toHaveLength(5);

    const screen = await runCli(['status'], { env, tty: true, columns: 80 });
    expect(screen.code).toBe(0);
    expect(plain(screen.stdout)).toContain('–');
    expect(plain(screen.stdout)).toContain("This server's analytics gives no per-job counts");
    expect(plain(screen.stdout)).toMatch(/Failed webhook deliveries: .*unknown/);
    expectFits80(screen.stdout);
  });

  it('a refused key is the error (exit 3, with its hint); a failing section exits 1', async () => {
    const w = await world();
    const refused = await runCli(['status'], {
      env: { ...w.env, HIRE_API_KEY: 'hk_test_0000000000000000000000000000' },
    });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('HIRE_API_KEY');
    expect(refused.stdout).toBe('');

    const server = await serve((req, res) => {
      const path = new URL(req.url ?? '', 'http://x').pathname;
      if (path.endsWith('/deliveries'))
        return reply(500, { error: { code: 'internal_error', message: 'Broken.' } })(req, res, '');
      return reply(
        200,
        path.endsWith('/jobs')
          ? { data: [], meta: { current_page: 1, per_page: 100, total_pages: 0, total_count: 0 } }
          : { data: {} },
      )(req, res, '');
    });
    const box = await sandbox();
    const env = {
      ...box.env,
      HIRE_BASE_URL: `${server.origin}/api/v1`,
      HIRE_API_KEY: 'hk_test_abcdefghijklmnopqrstuvwx',
      HIRE_MAX_RETRIES: '0',
    };
    const broken = await runCli(['status', '--max-retries', '0'], { env, tty: true, columns: 80 });
    expect(broken.code).toBe(1);
    expect(plain(broken.stdout)).toContain('Open jobs: 0');
    expect(plain(broken.stdout)).toMatch(/Failed webhook deliveries: .*unknown.*Broken\. \(internal_error, HTTP 500\)/);
  });

  it('-o csv is refused before any request', async () => {
    const w = await world();
    const { last } = await requestLog(w);
    const result = await cli(w, ['status', '-o', 'csv']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('status prints a summary, or one JSON document with --json; it has no CSV form.');
    expect((await requestLog(w, last)).made).toEqual([]);
  });
});

describe("hire status's next step", () => {
  it('names the open job with the most candidates waiting: in review first, then new, and says why', async () => {
    const w = await world();
    const big = await job(w, 'Platform Engineer', ['--publish']);
    const small = await job(w, 'Support Lead', ['--publish']);
    // The newest job (listed first) has fewer in review than the older one.
    const moveAll = async (id: string, count: number, to: string[]) => {
      const all = await ok<Rec[]>(w, ['candidates', 'list', '--job', id, '--all']);
      for (const candidate of all.slice(0, count))
        for (const status of to) await ok(w, ['candidates', 'move', candidate.id, '--status', status]);
    };
    const apply = (id: string, n: number) =>
      ok(w, ['emulator', 'simulate', '--job', id, '--applications', String(n), '--seed', '3']);
    await apply(big.id, 6);
    await apply(small.id, 9);
    // Only new candidates so far: the job with the most new ones.
    const fresh = await cli(w, ['status']);
    expect(fresh.stdout).toContain(
      `Next: \`hire candidates list --job ${small.id} --status new\`: 9 new, waiting to be screened ("Support Lead"), the most of 2 open jobs with any.`,
    );
    await moveAll(big.id, 5, ['screening', 'review']);
    await moveAll(small.id, 1, ['screening', 'review']);
    const result = await cli(w, ['status']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `Next: \`hire candidates list --job ${big.id} --status review\`: 5 in review, waiting for a decision ("Platform Engineer"), the most of 2 open jobs with any.`,
    );
  });
});
