// The typed library (issue 29 item 3): HiringClient's resources against the emulator over real
// HTTP, with the CLI's idempotency keys, retries, reconciliation and paced iterators; errors as
// HireErrors; verifyWebhook; fromProfile reading the config store as the CLI does.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  HireError,
  HiringClient,
  NetworkError,
  ValidationError,
  generateSecret,
  verifyWebhook,
} from '../../src/lib/index.js';
import { signedHeaders } from '../../src/webhooks/signature.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { sandbox, unusedPort } from '../helpers/env.js';
import { forward, listen, readBody, relay, reply, serve } from '../helpers/scripted-server.js';

async function setup(): Promise<{ emulator: TestEmulator; client: HiringClient }> {
  const box = await sandbox();
  const emulator = await testEmulator(box.dataDir);
  const client = new HiringClient({ baseUrl: emulator.apiUrl, apiKey: emulator.key });
  return { emulator, client };
}

async function simulate(emulator: TestEmulator, jobId: string, applications: number): Promise<void> {
  const response = await fetch(`${emulator.origin}/_emulator/simulate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ job_id: jobId, applications, seed: 7, advance: true }),
  });
  expect(response.status).toBeLessThan(300);
}

describe('HiringClient', () => {
  it('creates, reads, changes, lists and deletes jobs; every state change goes through PATCH', async () => {
    const { client } = await setup();
    const job = await client.jobs.create({ title: 'Library Engineer', description: DESCRIPTION, skills: ['go'] });
    expect(job).toMatchObject({ title: 'Library Engineer', status: 'draft' });
    expect((await client.jobs.get(job.id)).title).toBe('Library Engineer');
    expect((await client.jobs.update(job.id, { title: 'Renamed' })).title).toBe('Renamed');
    expect((await client.jobs.publish(job.id)).status).toBe('active');
    expect((await client.jobs.pause(job.id)).status).toBe('paused');
    expect((await client.jobs.reopen(job.id)).status).toBe('active');
    expect((await client.jobs.list({ status: 'active' })).map((item) => item.id)).toEqual([job.id]);
    expect(await client.jobs.list({ status: 'draft' })).toEqual([]);
    expect((await client.jobs.close(job.id)).status).toBe('closed');
    await client.jobs.delete(job.id);
    const gone = await client.jobs.get(job.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(HireError);
    expect(gone).toBeInstanceOf(ApiError);
    expect(gone).toMatchObject({ status: 404, code: 'not_found', exitCode: 4 });
    await client.close();
  });

  it('sends one Idempotency-Key per create: the same key again answers with the same job', async () => {
    const { client } = await setup();
    const input = { title: 'Once', description: DESCRIPTION };
    const first = await client.jobs.create(input, { idempotencyKey: 'lib-key-1' });
    const again = await client.jobs.create(input, { idempotencyKey: 'lib-key-1' });
    expect(again.id).toBe(first.id);
    const other = await client.jobs.create(input);
    expect(other.id).not.toBe(first.id);
    expect((await client.jobs.list()).length).toBe(2);
    await client.close();
  });

  it('list() is one page; iterate() walks every page in order', async () => {
    const { emulator, client } = await setup();
    const job = await client.jobs.create({ title: 'Pipeline', description: DESCRIPTION, publish: true });
    await simulate(emulator, job.id, 23);
    const page = await client.candidates.list({ job_id: job.id, per_page: 5 });
    expect(page).toHaveLength(5);
    const all: string[] = [];
    for await (const candidate of client.candidates.iterate({ job_id: job.id, per_page: 5 })) all.push(candidate.id);
    expect(all).toHaveLength(23);
    expect(new Set(all).size).toBe(23);
    expect(all.slice(0, 5)).toEqual(page.map((candidate) => candidate.id));

    const candidate = await client.candidates.get(all[0]!);
    expect(candidate.job_id).toBe(job.id);
    const target = candidate.status === 'rejected' ? 'review' : 'rejected';
    const moved = await client.candidates.move(candidate.id, target);
    expect(moved.status).toBe(target);
    const bad = await client.candidates.move(candidate.id, 'promoted' as never).catch((error: unknown) => error);
    expect(bad).toMatchObject({ code: 'usage_error', exitCode: 2 });
    expect((bad as Error).message).toContain('status must be one of');

    const analytics = await client.analytics.get({ job_id: job.id });
    expect(typeof analytics).toBe('object');
    const assessments = await client.assessments.list({ job_id: job.id });
    expect(Array.isArray(assessments)).toBe(true);
    await client.close();
  });

  it('webhooks: add (with a secret made when none is given), list, deliveries, remove; events: list, get, resend', async () => {
    const { client } = await setup();
    const hook = await client.webhooks.add({ url: 'http://127.0.0.1:9/hook', events: ['job.created'] });
    expect((await client.webhooks.list()).map((item) => item.id)).toContain(hook.id);
    // The secret it was registered with (made here, never shown by the API again) is returned.
    expect(hook.secret).toMatch(/^whsec_/);
    const signed = signedHeaders(hook.secret, 'msg_1', '{}', new Date());
    expect(verifyWebhook({ secret: hook.secret, headers: { ...signed }, body: '{}' })).toEqual({ valid: true });
    await client.jobs.create({ title: 'Eventful', description: DESCRIPTION });
    const events = await client.events.list();
    expect(events.length).toBeGreaterThan(0);
    const event = await client.events.get(events[0]!.id);
    expect(event.id).toBe(events[0]!.id);
    expect(await client.events.resend(event.id, { webhookId: hook.id })).toBeTypeOf('object');
    expect(Array.isArray(await client.webhooks.deliveries(hook.id))).toBe(true);
    await client.webhooks.remove(hook.id);
    expect((await client.webhooks.list()).map((item) => item.id)).not.toContain(hook.id);
    const invalid = await client.webhooks.add({ url: 'ftp://x', events: [] }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid).toMatchObject({ exitCode: 2, details: { url: expect.any(String), events: expect.any(String) } });
    await client.close();
  });

  it('checks input before sending: a ValidationError (exit 2) naming each field', async () => {
    const server = await serve(reply(500, {}));
    const client = new HiringClient({ baseUrl: server.origin, apiKey: 'hk_test_x' });
    const error = await client.jobs.create({ title: '', description: 'short' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      code: 'validation_error',
      exitCode: 2,
      details: { title: expect.any(String), description: expect.any(String) },
    });
    for (const id of [undefined, '', 42]) {
      const bad = await client.jobs.get(id as never).catch((caught: unknown) => caught);
      expect(bad).toMatchObject({
        code: 'usage_error',
        exitCode: 2,
        message: expect.stringContaining('The id must be a non-empty string'),
      });
    }
    const empty = await client.jobs.update('job_x', {}).catch((caught: unknown) => caught);
    expect(empty).toMatchObject({ exitCode: 2, message: expect.stringContaining('names no field') });
    expect(server.requests).toEqual([]);
    expect(() => new HiringClient({ baseUrl: 'http://example.com', apiKey: 'k' })).toThrow(/HiringClient baseUrl/);
    expect(() => new HiringClient({ baseUrl: server.origin, apiKey: '' })).toThrow(HireError);
    expect(() => new HiringClient({ baseUrl: server.origin, apiKey: 'k', maxRetries: -1 })).toThrow(
      /HiringClient: maxRetries/,
    );
  });

  it("checks list queries before sending, with the CLI's rules: a UsageError (exit 2) naming the parameter", async () => {
    const server = await serve(reply(500, {}));
    const client = new HiringClient({ baseUrl: server.origin, apiKey: 'hk_test_x' });
    const refused = async (call: () => Promise<unknown>) => call().catch((caught: unknown) => caught);
    const first = async <T>(items: AsyncIterable<T>) => {
      for await (const item of items) return item;
      return undefined;
    };
    const cases: [() => Promise<unknown>, Record<string, unknown>][] = [
      [
        () => client.jobs.list({ status: 'bogus' as never }),
        { status: 'must be one of draft, active, paused, closed (got "bogus")' },
      ],
      [() => client.jobs.list({ per_page: 500 }), { per_page: 'must be a whole number from 1 to 100 (got 500)' }],
      [() => client.jobs.list({ page: 0 }), { page: expect.stringContaining('at least 1') }],
      [
        () => client.jobs.list({ bogus: 1 } as never),
        { bogus: expect.stringContaining('is not a parameter of jobs.list') },
      ],
      [
        () => client.candidates.list({ status: ['review', 'promoted'] as never, score_min: 101, job_id: '' }),
        {
          status: expect.stringContaining('(got "promoted")'),
          score_min: expect.any(String),
          job_id: expect.any(String),
        },
      ],
      [() => first(client.candidates.iterate({ per_page: 1.5 })), { per_page: expect.any(String) }],
      [
        () => client.events.list({ created_after: 'yesterday' }),
        { created_after: expect.stringContaining('ISO date') },
      ],
      [
        () => client.events.list({ created_after: '2026-11-02', created_before: '2026-11-01' }),
        { created_before: expect.stringContaining('is not after created_after') },
      ],
      [
        () => client.webhooks.deliveries('wh_1', { state: 'lost' as never }),
        { state: expect.stringContaining('pending') },
      ],
      [() => client.analytics.get({ from: '2026-13-01' }), { from: expect.any(String) }],
      [() => client.analytics.get({ per_page: 5 } as never), { per_page: expect.stringContaining('analytics.get') }],
    ];
    for (const [call, details] of cases) {
      const error = await refused(call);
      expect(error).toBeInstanceOf(HireError);
      expect(error).toMatchObject({ code: 'usage_error', exitCode: 2, details });
      for (const name of Object.keys(details)) expect((error as Error).message).toContain(name);
    }
    expect(server.requests).toEqual([]);
    await client.close();
  });

  it('sends several values of a parameter comma-separated, as the CLI does', async () => {
    const { client } = await setup();
    const draft = await client.jobs.create({ title: 'Draft', description: DESCRIPTION });
    const active = await client.jobs.create({ title: 'Active', description: DESCRIPTION, publish: true });
    await client.jobs.create({ title: 'Closed', description: DESCRIPTION });
    await client.jobs.close((await client.jobs.list({ sort: '-created_at', per_page: 1 }))[0]!.id);
    const ids = (await client.jobs.list({ status: ['draft', 'active'] })).map((job) => job.id).sort();
    expect(ids).toEqual([draft.id, active.id].sort());
    await client.close();
  });

  it('retries a 503 as the CLI does, and reports a network failure as exit 6', async () => {
    const page = {
      data: [{ id: 'job_a' }],
      meta: { request_id: 'req_1', current_page: 1, per_page: 20, total_pages: 1, total_count: 1 },
    };
    const server = await serve(
      reply(503, { error: { code: 'service_unavailable', message: 'busy', status: 503 } }, { 'retry-after': '0' }),
      reply(200, page),
    );
    const retries: string[] = [];
    const client = new HiringClient({
      baseUrl: server.origin,
      apiKey: 'hk_test_x',
      onRetry: (message) => retries.push(message),
    });
    expect((await client.jobs.list()).map((job) => job.id)).toEqual(['job_a']);
    expect(server.requests).toHaveLength(2);
    expect(retries).toHaveLength(1);
    await client.close();

    const nobody = new HiringClient({
      baseUrl: `http://127.0.0.1:${await unusedPort()}`,
      apiKey: 'hk_test_x',
      maxRetries: 0,
    });
    const error = await nobody.jobs.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ exitCode: 6 });
    await nobody.close();
  });

  it("iterate() is paced to the key's budget: with none left and no waiting allowed it stops (exit 5) before sending the next page; list() is not paced", async () => {
    const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
      const page = Number(new URL(req.url ?? '', 'http://x').searchParams.get('page') ?? 1);
      const now = Date.now();
      res.writeHead(200, {
        'content-type': 'application/json',
        date: new Date(now).toUTCString(),
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.floor(now / 1000) + 1800),
      });
      const data = [{ id: `job_${page}a` }, { id: `job_${page}b` }];
      res.end(
        JSON.stringify({
          data,
          meta: { request_id: `req_${page}`, current_page: page, per_page: 2, total_pages: 3, total_count: 6 },
        }),
      );
    };
    const server = await serve(handler);
    const client = new HiringClient({ baseUrl: server.origin, apiKey: 'hk_test_x', maxWaitMs: 0 });
    const seen: string[] = [];
    const stopped = await (async () => {
      for await (const job of client.jobs.iterate({ per_page: 2 })) seen.push(job.id);
    })().catch((error: unknown) => error);
    expect(seen).toEqual(['job_1a', 'job_1b']);
    expect(stopped).toBeInstanceOf(HireError);
    expect(stopped).toMatchObject({ code: 'rate_limit_wait', exitCode: 5 });
    // Worded for the library: its option, not the CLI's flag.
    expect((stopped as HireError).message).toContain('would pass maxWaitMs');
    expect((stopped as HireError).hint).toContain('allow more waiting with maxWaitMs');
    expect(`${(stopped as HireError).message} ${(stopped as HireError).hint}`).not.toMatch(/--max-wait|--resume/);
    expect(server.requests).toHaveLength(1);
    expect((await client.jobs.list({ page: 2 })).map((job) => job.id)).toEqual(['job_2a', 'job_2b']);
    expect(server.requests).toHaveLength(2);
    await client.close();
  });

  it('a PATCH whose answer is lost is not sent again: the record is read back and the change reported done', async () => {
    const { emulator } = await setup();
    const upstream = new URL(emulator.origin);
    const methods: string[] = [];
    let dropped = false;
    const proxy = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        methods.push(req.method ?? '');
        const forwarded = await forward(req, body, upstream);
        if (req.method === 'PATCH' && !dropped) {
          dropped = true;
          req.socket.destroy();
        } else relay(res, forwarded);
      })();
    });
    const origin = await listen(proxy);
    const readBacks: string[] = [];
    const client = new HiringClient({
      baseUrl: origin,
      apiKey: emulator.key,
      onReadBack: (message) => readBacks.push(message),
    });
    const job = await client.jobs.create({ title: 'Lost answer', description: DESCRIPTION });
    const published = await client.jobs.publish(job.id);
    expect(published.status).toBe('active');
    expect(methods.filter((method) => method === 'PATCH')).toHaveLength(1);
    expect(readBacks).toEqual([expect.stringContaining('the change is there')]);
    await client.close();
  });

  it('fromProfile reads the config store as the CLI does (HIRE_CONFIG_DIR), and HIRE_API_KEY/HIRE_BASE_URL override it', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    box.writeConfig({
      default_profile: 'work',
      profiles: { work: { base_url: emulator.apiUrl, api_key: emulator.key, environment: 'sandbox' } },
    });
    const client = await HiringClient.fromProfile(undefined, { env: box.env });
    await client.jobs.create({ title: 'From a profile', description: DESCRIPTION });
    expect((await client.jobs.list()).map((job) => job.title)).toEqual(['From a profile']);
    await client.close();
    const missing = await HiringClient.fromProfile('nope', { env: box.env }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(HireError);
    expect(missing).toMatchObject({ code: 'unknown_profile', exitCode: 2 });
    expect((missing as HireError).message).toContain(
      'Profile "nope" (from HiringClient.fromProfile("nope")) does not exist',
    );
    expect((missing as HireError).message).not.toContain('--profile');
  });

  it('refuses a client made without its options at once: one line naming the option, a HireError with its exit code', () => {
    const refused = (make: () => unknown): HireError => {
      try {
        make();
      } catch (error) {
        expect(error).toBeInstanceOf(HireError);
        expect((error as HireError).message).not.toContain('\n');
        return error as HireError;
      }
      throw new Error('the client was made');
    };
    const noBase = refused(() => new HiringClient({ baseUrl: process.env.HIRE_TEST_UNSET as string, apiKey: 'k' }));
    expect(noBase).toMatchObject({ exitCode: 2, code: 'usage_error', details: { baseUrl: 'is required' } });
    expect(noBase.message).toBe(
      'HiringClient: baseUrl is required (got undefined); HiringClient.fromEnv() reads HIRE_BASE_URL.',
    );
    expect(refused(() => new HiringClient(undefined as never)).message).toMatch(/^HiringClient: baseUrl is required/);
    const noKey = refused(() => new HiringClient({ baseUrl: 'https://api.example.com', apiKey: '  ' }));
    expect(noKey).toMatchObject({ exitCode: 3 });
    expect(noKey.message).toBe(
      'HiringClient: apiKey is required (got an empty string); HiringClient.fromEnv() reads HIRE_API_KEY.',
    );
    const secret = 'hk_live_0123456789abcdef';
    const slow = refused(() => new HiringClient({ baseUrl: 'https://api.example.com', apiKey: secret, timeoutMs: 0 }));
    expect(slow.message).toBe('HiringClient: timeoutMs must be a number of milliseconds ≥ 1 (got 0).');
    expect(slow.message).not.toContain(secret);
  });

  it("fromEnv takes the CLI's order: its options, then HIRE_PROFILE, HIRE_BASE_URL, HIRE_API_KEY, then the profile", async () => {
    const box = await sandbox();
    const [profiled, other] = [await testEmulator(box.dataDir), await testEmulator(`${box.root}/other-data`)];
    box.writeConfig({
      default_profile: 'work',
      profiles: {
        work: { base_url: profiled.apiUrl, api_key: profiled.key, environment: 'sandbox' },
        spare: { base_url: other.apiUrl, api_key: other.key, environment: 'sandbox' },
      },
    });
    const titles = async (emulator: TestEmulator) =>
      ((await emulator.call('GET', '/jobs')).json.data as { title: string }[]).map((job) => job.title).sort();
    const make = async (title: string, options: Parameters<typeof HiringClient.fromEnv>[0]) => {
      const client = await HiringClient.fromEnv(options);
      await client.jobs.create({ title, description: DESCRIPTION });
      await client.close();
    };
    await make('The current profile', { env: box.env });
    await make('HIRE_PROFILE', { env: { ...box.env, HIRE_PROFILE: 'spare' } });
    await make('HIRE_BASE_URL and HIRE_API_KEY', {
      env: { ...box.env, HIRE_BASE_URL: other.apiUrl, HIRE_API_KEY: other.key },
    });
    await make('Its options', {
      baseUrl: profiled.apiUrl,
      apiKey: profiled.key,
      profile: 'spare',
      env: { ...box.env, HIRE_BASE_URL: other.apiUrl, HIRE_API_KEY: other.key },
    });
    await make('Its profile', { profile: 'spare', env: { ...box.env, HIRE_PROFILE: 'work' } });
    expect(await titles(profiled)).toEqual(['Its options', 'The current profile']);
    expect(await titles(other)).toEqual(['HIRE_BASE_URL and HIRE_API_KEY', 'HIRE_PROFILE', 'Its profile']);

    const unknown = await HiringClient.fromEnv({ env: { ...box.env, HIRE_PROFILE: 'nope' } }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: 'unknown_profile', exitCode: 2 });
    expect((unknown as HireError).message).toContain('Profile "nope" (from HIRE_PROFILE) does not exist');
    const named = await HiringClient.fromEnv({ profile: 'gone', env: box.env }).catch((e: unknown) => e);
    expect((named as HireError).message).toContain('(from HiringClient.fromEnv({ profile: "gone" }))');
    const plain = await HiringClient.fromEnv({ baseUrl: 'http://example.com', env: box.env }).catch((e: unknown) => e);
    expect(plain).toMatchObject({ code: 'insecure_base_url', exitCode: 2 });
    expect((plain as HireError).message).toContain('HiringClient.fromEnv baseUrl');
  });

  it("fromProfile('local') starts the data dir's emulator in-process, as the CLI does, and close() stops it", async () => {
    const box = await sandbox();
    const client = await HiringClient.fromProfile('local', { env: box.env });
    const job = await client.jobs.create({ title: 'Embedded', description: DESCRIPTION });
    expect((await client.jobs.list()).map((item) => item.id)).toEqual([job.id]);
    await client.close();
    const again = await HiringClient.fromProfile('local', { env: box.env });
    expect((await again.jobs.get(job.id)).title).toBe('Embedded');
    await again.close();
  });
});

describe('HiringClient bulk work (the runner of jobs import and candidates move, src/services/bulk.ts)', () => {
  it('jobs.createMany creates each once (a second run finds them existing); candidates.moveMany moves each', async () => {
    const { emulator, client } = await setup();
    const inputs = [1, 2, 3].map((n) => ({ title: `Bulk ${n}`, description: DESCRIPTION, publish: true }));
    const progress: string[] = [];
    const made = await client.jobs.createMany(inputs, {
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(made.map((row) => [row.index, row.status, row.title])).toEqual([
      [0, 'created', 'Bulk 1'],
      [1, 'created', 'Bulk 2'],
      [2, 'created', 'Bulk 3'],
    ]);
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
    const again = await client.jobs.createMany(inputs);
    expect(again.map((row) => row.status)).toEqual(['existing', 'existing', 'existing']);
    expect(again.map((row) => row.id)).toEqual(made.map((row) => row.id));

    const simulated = await fetch(`${emulator.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: made[0]!.id, applications: 3, seed: 7 }),
    });
    expect(simulated.status).toBe(201);
    const candidates = await client.candidates.list({ job_id: made[0]!.id! });
    const ids = candidates.map((candidate) => candidate.id);
    const fresh = candidates.filter((candidate) => candidate.status === 'new').map((candidate) => candidate.id);
    const moved = await client.candidates.moveMany(fresh, 'screening', { concurrency: 2 });
    expect(moved.map((row) => [row.id, row.outcome, row.status])).toEqual(
      fresh.map((id) => [id, 'moved', 'screening']),
    );
    expect(moved[0]!.candidate).toMatchObject({ id: fresh[0], status: 'screening' });
    expect(fresh).toHaveLength(3);
    expect(ids).toEqual(fresh);
    await client.close();
  });

  it('checks every input first: one not valid is a ValidationError and nothing is sent', async () => {
    const { client } = await setup();
    const error = await client.jobs
      .createMany([
        { title: 'Fine', description: DESCRIPTION },
        { title: '', description: DESCRIPTION },
      ])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain('1 of 2 jobs are not valid; nothing was sent');
    expect(await client.jobs.list()).toEqual([]);
    await expect(client.candidates.moveMany(['cand_x'], 'nowhere' as never)).rejects.toMatchObject({ exitCode: 2 });
    await expect(
      client.jobs.createMany([{ title: 'Fine', description: DESCRIPTION }], { concurrency: 0 }),
    ).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('options.concurrency') });
    await client.close();
  });

  it('a key that may not write: the first goes alone and is refused, the rest are not attempted', async () => {
    const { emulator } = await setup();
    const created = await fetch(`${emulator.origin}/_emulator/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'read', name: 'reader' }),
    });
    const readKey = ((await created.json()) as { data: { key: string } }).data.key;
    const reader = new HiringClient({ baseUrl: emulator.apiUrl, apiKey: readKey });
    const inputs = [1, 2, 3, 4].map((n) => ({ title: `Refused ${n}`, description: DESCRIPTION }));
    const made = await reader.jobs.createMany(inputs, { concurrency: 4 });
    expect(made.map((row) => row.status)).toEqual(['failed', 'not_attempted', 'not_attempted', 'not_attempted']);
    const log = (await (
      await fetch(`${emulator.origin}/_emulator/requests?after=0`, {
        headers: { authorization: `Bearer ${emulator.key}` },
      })
    ).json()) as { data: { method: string; path: string; status: number }[] };
    expect(
      log.data.filter((entry) => entry.method === 'POST' && entry.path === '/api/v1/jobs').map((entry) => entry.status),
    ).toEqual([403]);
    await reader.close();
  });

  it('an aborted signal sends nothing: every input is reported not sent', async () => {
    const { client } = await setup();
    const made = await client.jobs.createMany([{ title: 'Never', description: DESCRIPTION }], {
      signal: AbortSignal.abort(),
    });
    expect(made.map((row) => row.status)).toEqual(['not_sent']);
    expect(await client.jobs.list()).toEqual([]);
    await client.close();
  });
});

describe('verifyWebhook', () => {
  it('checks a delivery from bytes or text, with Node or fetch headers; refuses a changed body or a stale timestamp', () => {
    const secret = generateSecret();
    const body = '{"type":"job.created","data":{"title":"Ünïcode"}}';
    const now = new Date('2026-01-01T00:00:00Z');
    const headers = signedHeaders(secret, 'msg_1', body, now);
    expect(verifyWebhook({ secret, headers: { ...headers }, body, now })).toEqual({ valid: true });
    expect(verifyWebhook({ secret, headers: new Headers({ ...headers }), body: Buffer.from(body), now })).toEqual({
      valid: true,
    });
    const upper = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));
    expect(verifyWebhook({ secret, headers: upper, body: new TextEncoder().encode(body), now })).toEqual({
      valid: true,
    });
    expect(verifyWebhook({ secret, headers: { ...headers }, body: body.replace('job', 'jab'), now })).toEqual({
      valid: false,
      reason: 'bad signature',
    });
    expect(
      verifyWebhook({ secret, headers: { ...headers }, body, now: new Date(now.getTime() + 600_000) }),
    ).toMatchObject({ valid: false, reason: expect.stringContaining('too old') });
    expect(verifyWebhook({ secret, headers: {}, body, now })).toMatchObject({
      valid: false,
      reason: expect.stringContaining('missing webhook-id'),
    });
  });
});
