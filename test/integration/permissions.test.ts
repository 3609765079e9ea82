// API keys against the emulator over real HTTP on loopback (spec "Authentication", "Errors",
// "Limits"; docs/api-choices.md §5): the permission matrix of every API endpoint × every kind of key,
// the /_emulator controls, IP allow-lists, per-key rate limits and their headers, and key listing,
// masking and revocation through /_emulator/keys.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hashKey } from '../../src/emulator/access/local-key.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';

const DESCRIPTION =
  'Build and run the services behind our hiring platform. You will own APIs, data pipelines and the on-call rota with the team.';

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Answer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
  /** Date.now() just before the request was sent and once its answer was complete: the emulator's
   * "now" for it lies between the two, however slow the machine. */
  sentAt: number;
  receivedAt: number;
}

interface Key {
  id: string;
  secret: string;
  record: any;
}

/**
 * The time the emulators of this file live in, and the tests read: real time moved to 12:30 UTC of
 * today, so that no hourly or daily rate-limit window ends while the file runs, whenever it runs.
 */
const SHIFT_MS = (() => {
  const now = Date.now();
  return Math.floor(now / 86_400_000) * 86_400_000 + 12.5 * 3_600_000 - now;
})();
const clock = (): number => Date.now() + SHIFT_MS;

async function emulator(options: { now?: () => Date } = {}): Promise<TestEmulator> {
  return testEmulator((await sandbox()).dataDir, { now: () => new Date(clock()), ...options });
}

/** Real time plus an offset the test moves forward: time passes for the emulator without waiting. */
function skewableClock(): { now: () => Date; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(clock() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

function jobInput(overrides: Body = {}): Body {
  return { title: 'Backend Engineer', description: DESCRIPTION, ...overrides };
}

/** A real HTTP request; `key` undefined sends no Authorization header at all. */
async function send(url: string, method: string, key: string | undefined, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (key !== undefined) headers.authorization = `Bearer ${key}`;
  const sentAt = clock();
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  const receivedAt = clock();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
    text,
    sentAt,
    receivedAt,
  };
}

function api(
  emu: TestEmulator,
  method: string,
  path: string,
  key: string | undefined,
  body?: unknown,
): Promise<Answer> {
  return send(`${emu.apiUrl}${path}`, method, key, body);
}

function control(
  emu: TestEmulator,
  method: string,
  path: string,
  key: string | undefined,
  body?: unknown,
): Promise<Answer> {
  return send(`${emu.origin}/_emulator${path}`, method, key, body);
}

async function makeKey(emu: TestEmulator, options: Body): Promise<Key> {
  const response = await control(emu, 'POST', '/keys', emu.key, options);
  expect(response.status, response.text).toBe(201);
  const record = response.json.data;
  expect(typeof record.key).toBe('string');
  expect(record.id).toMatch(/^key_/);
  return { id: record.id as string, secret: record.key as string, record };
}

/** The error envelope of a refused request, exactly: status, code, error.status, meta.request_id. */
function expectRefusal(response: Answer, status: number, code: string): void {
  expect(response.status, response.text).toBe(status);
  expect(Object.keys(response.json).sort()).toEqual(['error', 'meta']);
  expect(response.json.error.code).toBe(code);
  expect(response.json.error.status).toBe(status);
  expect(typeof response.json.error.message).toBe('string');
  expect(response.json.error.message.length).toBeGreaterThan(0);
  expect(response.json.meta.request_id).toMatch(/^req_[A-Za-z0-9]+$/);
  expect(response.headers.get('x-request-id')).toBe(response.json.meta.request_id);
}

function rate(response: Answer): { limit: string | null; remaining: string | null; reset: string | null } {
  return {
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    reset: response.headers.get('x-ratelimit-reset'),
  };
}

/** X-RateLimit-Reset: integer Unix seconds, after the request, at most an hour after its answer. */
function expectReset(response: Answer): number {
  const reset = response.headers.get('x-ratelimit-reset');
  expect(reset).toMatch(/^\d+$/);
  const value = Number(reset);
  expect(value).toBeGreaterThan(response.sentAt / 1000);
  expect(value).toBeLessThanOrEqual(Math.ceil(response.receivedAt / 1000) + 3600);
  return value;
}

/** A 429 as the spec says: rate_limited, top-level integer retry_after matching Retry-After. */
function expectRateLimited(response: Answer, maxRetryAfter: number): number {
  expect(response.status, response.text).toBe(429);
  expect(Object.keys(response.json).sort()).toEqual(['error', 'meta', 'retry_after']);
  expect(response.json.error.code).toBe('rate_limited');
  expect(response.json.meta.request_id).toMatch(/^req_[A-Za-z0-9]+$/);
  const retryAfter = response.json.retry_after;
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  expect(response.headers.get('retry-after')).toBe(String(retryAfter));
  return retryAfter as number;
}

// ---------------------------------------------------------------------------------------------
// 1. The permission matrix

interface Fixtures {
  job: any;
  doomedJob: any;
  candidate: any;
  webhook: any;
  doomedWebhook: any;
}

interface Endpoint {
  method: Method;
  path: string;
  /** The success status when the key may call it (with real ids and a valid body). */
  success: number;
  url(f: Fixtures): string;
  body?(f: Fixtures): unknown;
  /** The lowest key level that may call it, when not the method's (docs/api-choices.md §5). */
  minimum?: 'write';
}

const WEBHOOK_INPUT = {
  url: 'http://127.0.0.1:9/hook',
  events: ['job.created'],
  secret: 'whsec_permissions_test_0123456789',
};

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/jobs',
    success: 201,
    url: () => '/jobs',
    body: () => jobInput({ title: 'Matrix Engineer' }),
  },
  { method: 'GET', path: '/jobs', success: 200, url: () => '/jobs' },
  { method: 'GET', path: '/jobs/{id}', success: 200, url: (f) => `/jobs/${f.job.id}` },
  {
    method: 'PATCH',
    path: '/jobs/{id}',
    success: 200,
    url: (f) => `/jobs/${f.job.id}`,
    body: () => ({ title: 'Renamed Engineer' }),
  },
  { method: 'DELETE', path: '/jobs/{id}', success: 204, url: (f) => `/jobs/${f.doomedJob.id}` },
  { method: 'GET', path: '/candidates', success: 200, url: () => '/candidates' },
  { method: 'GET', path: '/candidates/{id}', success: 200, url: (f) => `/candidates/${f.candidate.id}` },
  {
    method: 'PATCH',
    path: '/candidates/{id}',
    success: 200,
    url: (f) => `/candidates/${f.candidate.id}`,
    body: () => ({ status: 'rejected' }),
  },
  {
    method: 'POST',
    path: '/assessments',
    success: 201,
    url: () => '/assessments',
    body: (f) => ({ job_id: f.job.id }),
  },
  { method: 'GET', path: '/assessments', success: 200, url: () => '/assessments' },
  { method: 'GET', path: '/assessments/{id}', success: 200, url: (f) => `/assessments/${f.job.assessment_id}` },
  { method: 'GET', path: '/analytics', success: 200, url: () => '/analytics' },
  { method: 'POST', path: '/webhooks', success: 201, url: () => '/webhooks', body: () => WEBHOOK_INPUT },
  { method: 'GET', path: '/webhooks', success: 200, url: () => '/webhooks' },
  { method: 'GET', path: '/webhooks/{id}', success: 200, url: (f) => `/webhooks/${f.webhook.id}` },
  // Write keys "configure webhooks" (spec "Authentication"), removing them included.
  {
    method: 'DELETE',
    path: '/webhooks/{id}',
    success: 204,
    url: (f) => `/webhooks/${f.doomedWebhook.id}`,
    minimum: 'write',
  },
];

const KEY_KINDS = ['read', 'write', 'admin', 'expired', 'revoked', 'missing', 'unknown'] as const;
type KeyKind = (typeof KEY_KINDS)[number];

const ALLOWED_METHODS: Record<'read' | 'write' | 'admin', readonly Method[]> = {
  read: ['GET'],
  write: ['GET', 'POST', 'PATCH'],
  admin: ['GET', 'POST', 'PATCH', 'DELETE'],
};

/** What a cell of the matrix must answer: the success status, or `status code`. */
function expectedCell(kind: KeyKind, endpoint: Endpoint): string {
  switch (kind) {
    case 'missing':
    case 'unknown':
    case 'revoked':
      return '401 unauthorized';
    case 'expired':
      return '401 key_expired';
    case 'read':
    case 'write':
    case 'admin':
      if (endpoint.minimum === 'write') return kind === 'read' ? '403 forbidden' : String(endpoint.success);
      return ALLOWED_METHODS[kind].includes(endpoint.method) ? String(endpoint.success) : '403 forbidden';
  }
}

const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

async function setUpFixtures(emu: TestEmulator): Promise<Fixtures> {
  const job = (await api(emu, 'POST', '/jobs', emu.key, jobInput({ publish: true }))).json.data;
  const doomedJob = (await api(emu, 'POST', '/jobs', emu.key, jobInput({ title: 'Doomed Engineer' }))).json.data;
  expect(job.id).toMatch(/^job_/);
  expect(doomedJob.id).toMatch(/^job_/);
  expect(job.assessment_id).toMatch(/^asmt_/);
  const simulated = await control(emu, 'POST', '/simulate', emu.key, { job_id: job.id, applications: 10, seed: 7 });
  expect(simulated.status, simulated.text).toBe(201);
  const candidates = (await api(emu, 'GET', '/candidates?per_page=100', emu.key)).json.data as any[];
  const candidate = candidates.find((c) => c.status !== 'hired' && c.status !== 'rejected');
  expect(candidate).toBeDefined();
  const webhook = (await api(emu, 'POST', '/webhooks', emu.key, WEBHOOK_INPUT)).json.data;
  const doomedWebhook = (await api(emu, 'POST', '/webhooks', emu.key, WEBHOOK_INPUT)).json.data;
  expect(webhook.id).toMatch(/^wh_/);
  expect(doomedWebhook.id).toMatch(/^wh_/);
  return { job, doomedJob, candidate, webhook, doomedWebhook };
}

/** The key (secret) to send for a kind of key, or undefined for no Authorization header. */
async function keyFor(
  emu: TestEmulator,
  kind: KeyKind,
  clock: { advance(ms: number): void },
): Promise<string | undefined> {
  switch (kind) {
    case 'missing':
      return undefined;
    case 'unknown':
      return 'hk_test_ThisKeyWasMadeUpAndNeverIssued42';
    case 'read':
    case 'write':
    case 'admin':
      return (await makeKey(emu, { level: kind, name: `${kind} matrix key` })).secret;
    case 'revoked': {
      const key = await makeKey(emu, { level: 'admin', name: 'soon revoked' });
      // It worked before it was revoked: revocation is what the matrix sees.
      expect((await api(emu, 'GET', '/jobs', key.secret)).status).toBe(200);
      const revoked = await control(emu, 'DELETE', `/keys/${key.id}`, emu.key);
      expect(revoked.status, revoked.text).toBe(200);
      expect(revoked.json.data.revoked_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      return key.secret;
    }
    case 'expired': {
      const key = await makeKey(emu, { level: 'admin', name: 'short lived', expires_in_seconds: 1 });
      expect((await api(emu, 'GET', '/jobs', key.secret)).status).toBe(200);
      clock.advance(2_000); // its second passes on the emulator's clock
      return key.secret;
    }
  }
}

describe('permission matrix: every API endpoint × every kind of key', () => {
  it.each(KEY_KINDS)('%s key', async (kind) => {
    const clock = skewableClock();
    const emu = await emulator({ now: clock.now });
    const fixtures = await setUpFixtures(emu);
    const secret = await keyFor(emu, kind, clock);

    const actual: Record<string, string> = {};
    const expected: Record<string, string> = {};
    const refusals: Answer[] = [];
    for (const endpoint of ENDPOINTS) {
      const response = await api(emu, endpoint.method, endpoint.url(fixtures), secret, endpoint.body?.(fixtures));
      const refused = response.status === 401 || response.status === 403;
      actual[label(endpoint)] =
        response.status >= 400 ? `${response.status} ${response.json?.error?.code}` : String(response.status);
      expected[label(endpoint)] = expectedCell(kind, endpoint);
      if (refused) refusals.push(response);
    }
    expect(actual).toEqual(expected);

    // Every refusal carries the spec's authentication error shape.
    for (const response of refusals) {
      expectRefusal(response, response.status, response.json.error.code);
    }
    const expectedRefusals = ENDPOINTS.filter((endpoint) => !/^\d+$/.test(expectedCell(kind, endpoint))).length;
    expect(refusals).toHaveLength(expectedRefusals);

    // A refused request changed nothing; an allowed one did.
    const doomed = await api(emu, 'GET', `/jobs/${fixtures.doomedJob.id}`, emu.key);
    const mayDelete = kind === 'admin';
    expect(doomed.status).toBe(mayDelete ? 404 : 200);
    const job = await api(emu, 'GET', `/jobs/${fixtures.job.id}`, emu.key);
    const mayWrite = kind === 'admin' || kind === 'write';
    expect(job.json.data.title).toBe(mayWrite ? 'Renamed Engineer' : 'Backend Engineer');
  });

  it('the /_emulator controls refuse read and write keys with 403 and accept admin keys', async () => {
    const emu = await emulator();
    const job = (await api(emu, 'POST', '/jobs', emu.key, jobInput({ publish: true }))).json.data;
    const controls = async (secret: string) => {
      const victim = await makeKey(emu, { level: 'read', name: 'victim' });
      return [
        await control(emu, 'GET', '/keys', secret),
        await control(emu, 'POST', '/keys', secret, { level: 'read', name: 'made by another key' }),
        await control(emu, 'DELETE', `/keys/${victim.id}`, secret),
        await control(emu, 'POST', '/simulate', secret, { job_id: job.id, applications: 2, seed: 1 }),
        await control(emu, 'POST', '/reset', secret),
      ];
    };
    for (const level of ['read', 'write'] as const) {
      const key = await makeKey(emu, { level, name: `${level} key` });
      const answers = await controls(key.secret);
      expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
      for (const answer of answers) expectRefusal(answer, 403, 'forbidden');
    }
    // Nothing the refused calls asked for happened.
    const candidates = await api(emu, 'GET', '/candidates', emu.key);
    expect(candidates.json.meta.total_count).toBe(0);
    const listed = (await control(emu, 'GET', '/keys', emu.key)).json.data as any[];
    expect(listed.filter((key) => key.name === 'made by another key')).toHaveLength(0);
    expect(listed.filter((key) => key.name === 'victim').map((key) => key.revoked_at)).toEqual([null, null]);

    const admin = await makeKey(emu, { level: 'admin', name: 'admin key' });
    const answers = await controls(admin.secret);
    expect(answers.map((answer) => answer.status)).toEqual([200, 201, 200, 201, 200]);
    expect(answers[1]!.json.data.level).toBe('read');
    expect(answers[3]!.json.data.created).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. IP allow-lists

describe('IP allow-lists', () => {
  it('a key allowed from 127.0.0.1 works from loopback', async () => {
    const emu = await emulator();
    expect(emu.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const key = await makeKey(emu, { level: 'read', allow_ips: ['127.0.0.1'] });
    expect(key.record.allow_ips).toEqual(['127.0.0.1']);
    const response = await api(emu, 'GET', '/jobs', key.secret);
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual([]);
  });

  it('a key allowed only from 10.0.0.0/8 is refused with 403 naming the address', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'admin', allow_ips: ['10.0.0.0/8'] });
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', jobInput()],
    ] as const) {
      const response = await api(emu, method, '/jobs', key.secret, body);
      expectRefusal(response, 403, 'forbidden');
      expect(response.json.error.message).toContain('127.0.0.1');
    }
    expect((await api(emu, 'GET', '/jobs', emu.key)).json.meta.total_count).toBe(0);
  });

  it('a key allowed only from ::1 is refused from 127.0.0.1', async () => {
    const emu = await emulator();
    expect(emu.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const key = await makeKey(emu, { level: 'read', allow_ips: ['::1'] });
    const response = await api(emu, 'GET', '/jobs', key.secret);
    expectRefusal(response, 403, 'forbidden');
    expect(response.json.error.message).toContain('127.0.0.1');
  });

  it('an invalid address or CIDR block is refused at creation with 400 details.allow_ips', async () => {
    const emu = await emulator();
    for (const allow of [
      ['10.0.0.0/33'],
      ['not-an-address'],
      ['300.1.2.3'],
      ['127.0.0.1', '10.0.0.0/x'],
      ['::1/129'],
      '127.0.0.1',
    ]) {
      const response = await control(emu, 'POST', '/keys', emu.key, {
        level: 'read',
        name: 'bad allow list',
        allow_ips: allow,
      });
      expect(response.status, JSON.stringify(allow)).toBe(400);
      expect(response.json.error.code).toBe('validation_error');
      expect(Object.keys(response.json.error.details)).toEqual(['allow_ips']);
      expect(response.json.error.details.allow_ips).toBe(
        'must be a list of IP addresses or CIDR blocks, such as 10.0.0.0/8',
      );
    }
    const listed = (await control(emu, 'GET', '/keys', emu.key)).json.data as any[];
    expect(listed.map((key) => key.id)).toEqual(['key_local']);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Rate limits

/**
 * A POST /jobs whose body arrives slowly: it holds a concurrency slot until finish() is called.
 * `admitted` resolves once the emulator has taken the request in: it is sent with `Expect:
 * 100-continue`, and node's server writes "100 Continue" and then, in the same tick, hands the
 * request to the emulator, which admits it (counts it against the key) before it first waits.
 */
function slowCreate(
  emu: TestEmulator,
  secret: string,
): { admitted: Promise<void>; finish(): Promise<Answer>; settled(): boolean } {
  const payload = Buffer.from(JSON.stringify(jobInput({ title: 'Slow Engineer' })));
  let settled = false;
  const sentAt = clock();
  const req = httpRequest(`${emu.apiUrl}/jobs`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      'content-length': String(payload.length),
      expect: '100-continue',
    },
  });
  const admitted = new Promise<void>((resolve, reject) => {
    req.once('continue', () => resolve());
    req.once('error', reject);
  });
  admitted.catch(() => {}); // awaited by the test; the answer's promise reports errors too
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        settled = true;
        const text = Buffer.concat(chunks).toString('utf8');
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === 'string') headers.set(name, value);
        resolve({
          status: res.statusCode ?? 0,
          headers,
          json: text ? JSON.parse(text) : undefined,
          text,
          sentAt,
          receivedAt: clock(),
        });
      });
    });
  });
  req.write(payload.subarray(0, 10));
  return {
    admitted,
    settled: () => settled,
    finish: async () => {
      req.end(payload.subarray(10));
      return answer;
    },
  };
}

describe('rate limits', () => {
  it('every authenticated response carries integer X-RateLimit-* headers, counting down by one', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'admin', name: 'counting' });
    const answers = [
      await api(emu, 'GET', '/jobs', key.secret),
      await api(emu, 'POST', '/jobs', key.secret, jobInput()),
      await api(emu, 'GET', '/analytics', key.secret),
      await api(emu, 'GET', '/jobs/job_missing', key.secret),
      await api(emu, 'POST', '/jobs', key.secret, { title: '' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 201, 200, 404, 400]);
    expect(answers.map((answer) => rate(answer).limit)).toEqual(['1000', '1000', '1000', '1000', '1000']);
    expect(answers.map((answer) => rate(answer).remaining)).toEqual(['999', '998', '997', '996', '995']);
    for (const answer of answers) expectReset(answer);
    // The emulator's own controls spend none of the key's budget: their answers say what is left.
    const listed = await control(emu, 'GET', '/keys', key.secret);
    expect(listed.status).toBe(200);
    expect(rate(listed).remaining).toBe('995');
    expect(rate(await api(emu, 'GET', '/jobs', key.secret)).remaining).toBe('994');
    expectReset(listed);
  });

  it('every answer says how much is left: 401, 403, 404, 405 and injected faults too, without counting them', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'read', name: 'refused' });
    const first = await api(emu, 'GET', '/jobs', key.secret);
    expect(rate(first)).toMatchObject({ limit: '1000', remaining: '999' });
    // A read key writing (403), a method the path lacks (405), a path there is not (404): told, not counted.
    const refused = [
      await api(emu, 'POST', '/jobs', key.secret, jobInput()),
      await api(emu, 'GET', '/events/evt_any/resend', key.secret),
      await api(emu, 'GET', '/nowhere', key.secret),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 405, 404]);
    for (const answer of refused) {
      expect(rate(answer)).toMatchObject({ limit: '1000', remaining: '999' });
      expectReset(answer);
    }
    // No key, or an unknown one: the allowance of requests without a usable key from this address.
    const anonymous = [await api(emu, 'GET', '/jobs', undefined), await api(emu, 'GET', '/jobs', 'hk_test_not_a_key')];
    expect(anonymous.map((answer) => answer.status)).toEqual([401, 401]);
    expect(anonymous.map((answer) => rate(answer))).toEqual([
      { limit: '1000', remaining: '999', reset: rate(first).reset },
      { limit: '1000', remaining: '998', reset: rate(first).reset },
    ]);
    // Injected faults carry the key's figures as well.
    const chaotic = await testEmulator((await sandbox()).dataDir, {
      now: () => new Date(clock()),
      chaos: {
        rate: 1,
        seed: 3,
        weights: { error: 1, rate_limit: 1, latency: 0, drop_before: 0, drop_after: 0, truncate: 0 },
      },
    });
    const faults = [
      await api(chaotic, 'GET', '/jobs', chaotic.key),
      await api(chaotic, 'GET', '/jobs', chaotic.key),
      await api(chaotic, 'GET', '/jobs', chaotic.key),
    ];
    expect(faults.every((answer) => answer.status === 503 || answer.status === 429)).toBe(true);
    for (const answer of faults) expect(rate(answer).limit).toBe('10000');
  });

  it('requests without a usable key are limited per address: the 1001st in an hour is 429 with retry_after', async () => {
    const emu = await emulator();
    let last: Answer | undefined;
    for (let n = 0; n < 1_000; n += 1) last = await api(emu, 'GET', '/jobs', n % 2 === 0 ? undefined : 'hk_test_wrong');
    expect(last!.status).toBe(401);
    expect(rate(last!).remaining).toBe('0');
    const flooded = await api(emu, 'GET', '/jobs', undefined);
    expectRateLimited(flooded, 3600);
    // A valid key is not held back by them.
    expect((await api(emu, 'GET', '/jobs', emu.key)).status).toBe(200);
  });

  it('the headers describe the window nearest to running out: the day, once it has fewer left than the hour', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'read', limits: { hour: 5, day: 7 } });
    const answers = [];
    for (let n = 0; n < 7; n += 1) answers.push(await api(emu, 'GET', '/jobs', key.secret));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const hourReset = Number(rate(answers[0]!).reset);
    // Hour: 4 left, day: 6 left → the hour; ... hour 0, day 2 → still the hour (fewer left).
    expect(answers.slice(0, 5).map((answer) => [rate(answer).limit, rate(answer).remaining])).toEqual([
      ['5', '4'],
      ['5', '3'],
      ['5', '2'],
      ['5', '1'],
      ['5', '0'],
    ]);
    expect(answers.slice(0, 5).every((answer) => Number(rate(answer).reset) === hourReset)).toBe(true);
    const tight = await makeKey(emu, { level: 'read', limits: { hour: 50, day: 3 } });
    const daily = [await api(emu, 'GET', '/jobs', tight.secret), await api(emu, 'GET', '/jobs', tight.secret)];
    expect(daily.map((answer) => [rate(answer).limit, rate(answer).remaining])).toEqual([
      ['3', '2'],
      ['3', '1'],
    ]);
    // The day's window ends at the next 00:00 UTC.
    expect(Number(rate(daily[0]!).reset)).toBe(Math.ceil((Math.floor(clock() / 86_400_000) + 1) * 86_400));
  });

  it('the 4th request of a key limited to 3 an hour is 429 rate_limited with retry_after', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'read', limits: { hour: 3 } });
    expect(key.record.limits).toEqual({ hour: 3, day: 10_000, concurrent: 100 });
    const ok = [
      await api(emu, 'GET', '/jobs', key.secret),
      await api(emu, 'GET', '/jobs', key.secret),
      await api(emu, 'GET', '/jobs', key.secret),
    ];
    expect(ok.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(ok.map((answer) => rate(answer).remaining)).toEqual(['2', '1', '0']);
    expect(ok.map((answer) => rate(answer).limit)).toEqual(['3', '3', '3']);

    const limited = await api(emu, 'GET', '/jobs', key.secret);
    const retryAfter = expectRateLimited(limited, 3600);
    expect(rate(limited).limit).toBe('3');
    expect(rate(limited).remaining).toBe('0');
    const reset = expectReset(limited);
    // retry_after is the wait until the hourly window resets, from when the emulator answered
    // (between sending and receiving; a second either way for rounding).
    expect(retryAfter).toBeGreaterThanOrEqual(reset - limited.receivedAt / 1000 - 1);
    expect(retryAfter).toBeLessThanOrEqual(reset - limited.sentAt / 1000 + 1);
    // Still limited, whatever the method; other keys are not.
    expectRateLimited(await api(emu, 'GET', '/analytics', key.secret), 3600);
    expect((await api(emu, 'GET', '/jobs', emu.key)).status).toBe(200);
  });

  it('a key limited to 2 a day gets 429 on the 3rd request, retry_after up to a day', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'read', limits: { day: 2 } });
    expect(key.record.limits).toEqual({ hour: 1_000, day: 2, concurrent: 100 });
    expect((await api(emu, 'GET', '/jobs', key.secret)).status).toBe(200);
    expect((await api(emu, 'GET', '/jobs', key.secret)).status).toBe(200);
    const limited = await api(emu, 'GET', '/jobs', key.secret);
    expectRateLimited(limited, 86_400);
    expect(limited.json.error.message).toContain('2');
    expectRateLimited(await api(emu, 'GET', '/candidates', key.secret), 86_400);
  });

  it('a key limited to 1 concurrent request refuses a second while a slow one is in flight; 429s are not counted', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'write', limits: { hour: 3, concurrent: 1 } });
    const slow = slowCreate(emu, key.secret);
    await slow.admitted;

    const refused = await api(emu, 'GET', '/jobs', key.secret);
    expect(slow.settled()).toBe(false);
    expect(expectRateLimited(refused, 1)).toBe(1);
    expect(refused.json.error.message).toContain('concurrent');
    expect(rate(refused).limit).toBe('3');
    // Other keys are not held up by this key's slot.
    expect((await api(emu, 'GET', '/jobs', emu.key)).status).toBe(200);

    const first = await slow.finish();
    expect(first.status, first.text).toBe(201);
    expect(first.json.data.title).toBe('Slow Engineer');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');

    // The slot is free again, and the refused request used none of the hourly 3.
    const second = await api(emu, 'GET', '/jobs', key.secret);
    expect(second.status).toBe(200);
    expect(rate(second).remaining).toBe('1');
    expect(second.json.data.map((job: any) => job.title)).toEqual(['Slow Engineer']);
    const third = await api(emu, 'GET', '/jobs', key.secret);
    expect(third.status).toBe(200);
    expect(rate(third).remaining).toBe('0');
    expectRateLimited(await api(emu, 'GET', '/jobs', key.secret), 3600);
  });

  it('tiers report their hourly limits: enterprise 10000, standard 1000 (the default)', async () => {
    const emu = await emulator();
    const enterprise = await makeKey(emu, { level: 'read', tier: 'enterprise' });
    const standard = await makeKey(emu, { level: 'read', tier: 'standard' });
    const untiered = await makeKey(emu, { level: 'read' });
    expect(enterprise.record.limits).toEqual({ hour: 10_000, day: 100_000, concurrent: 1_000 });
    expect(standard.record.limits).toEqual({ hour: 1_000, day: 10_000, concurrent: 100 });
    expect(untiered.record.tier).toBe('standard');
    expect(rate(await api(emu, 'GET', '/jobs', enterprise.secret))).toMatchObject({
      limit: '10000',
      remaining: '9999',
    });
    expect(rate(await api(emu, 'GET', '/jobs', standard.secret))).toMatchObject({ limit: '1000', remaining: '999' });
    expect(rate(await api(emu, 'GET', '/jobs', untiered.secret))).toMatchObject({ limit: '1000', remaining: '999' });
    // The local profile's key is enterprise.
    expect(rate(await api(emu, 'GET', '/jobs', emu.key)).limit).toBe('10000');
  });

  it('counts per key: two keys do not share counters', async () => {
    const emu = await emulator();
    const a = await makeKey(emu, { level: 'read', name: 'a', limits: { hour: 2 } });
    const b = await makeKey(emu, { level: 'read', name: 'b', limits: { hour: 2 } });
    expect(rate(await api(emu, 'GET', '/jobs', a.secret)).remaining).toBe('1');
    expect(rate(await api(emu, 'GET', '/jobs', a.secret)).remaining).toBe('0');
    expectRateLimited(await api(emu, 'GET', '/jobs', a.secret), 3600);
    const first = await api(emu, 'GET', '/jobs', b.secret);
    expect(first.status).toBe(200);
    expect(rate(first).remaining).toBe('1');
    const second = await api(emu, 'GET', '/jobs', b.secret);
    expect(second.status).toBe(200);
    expect(rate(second).remaining).toBe('0');
    expectRateLimited(await api(emu, 'GET', '/jobs', b.secret), 3600);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Listing, masking and revoking keys

describe('/_emulator/keys', () => {
  it('lists keys masked, never with their secret or hash', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'write', name: 'listed key' });
    expect(key.secret.startsWith('hk_')).toBe(true);
    expect(key.record.masked).toBe(`hk_…${key.secret.slice(-4)}`);
    expect(key.record).not.toHaveProperty('hash');
    expect(key.record).not.toHaveProperty('last4');

    const response = await control(emu, 'GET', '/keys', emu.key);
    expect(response.status).toBe(200);
    const listed = response.json.data as any[];
    expect(listed.map((item) => item.id)).toEqual(['key_local', key.id]);
    const { key: _secret, ...publicRecord } = key.record;
    expect(listed[1]).toEqual(publicRecord);
    expect(listed[0]).toMatchObject({
      id: 'key_local',
      level: 'admin',
      tier: 'enterprise',
      masked: `hk_…${emu.key.slice(-4)}`,
    });
    for (const item of listed) {
      expect(item).not.toHaveProperty('key');
      expect(item).not.toHaveProperty('hash');
      expect(item).not.toHaveProperty('last4');
      expect(item.masked).toMatch(/^hk_….{4}$/);
    }
    for (const secret of [key.secret, emu.key]) {
      expect(response.text).not.toContain(secret);
      expect(response.text).not.toContain(hashKey(secret));
    }
  });

  it('refuses to revoke key_local (409) and an unknown id (404)', async () => {
    const emu = await emulator();
    const local = await control(emu, 'DELETE', '/keys/key_local', emu.key);
    expect(local.status).toBe(409);
    expect(local.json.error.code).toBe('conflict');
    expect((await api(emu, 'GET', '/jobs', emu.key)).status).toBe(200);

    const unknown = await control(emu, 'DELETE', '/keys/key_doesnotexist', emu.key);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('not_found');
    expect(unknown.json.meta.request_id).toMatch(/^req_/);
  });

  it('revoking a key shows revoked_at in the list and stops the key', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'read', name: 'to revoke' });
    const revoked = await control(emu, 'DELETE', `/keys/${key.id}`, emu.key);
    expect(revoked.status).toBe(200);
    expect(revoked.text).not.toContain(key.secret);
    const listed = ((await control(emu, 'GET', '/keys', emu.key)).json.data as any[]).find(
      (item) => item.id === key.id,
    );
    expect(listed.revoked_at).toBe(revoked.json.data.revoked_at);
    expectRefusal(await api(emu, 'GET', '/jobs', key.secret), 401, 'unauthorized');
  });

  it('refuses an expiry too far away to be a date with 400 details.expires_in_seconds, not a 500', async () => {
    const emu = await emulator();
    const response = await control(emu, 'POST', '/keys', emu.key, {
      level: 'read',
      name: 'forever',
      expires_in_seconds: 1e300,
    });
    expect(response.status, response.text).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(Object.keys(response.json.error.details)).toEqual(['expires_in_seconds']);
    const listed = (await control(emu, 'GET', '/keys', emu.key)).json.data as any[];
    expect(listed.map((key) => key.id)).toEqual(['key_local']);
  });

  it.each([
    [{ expires_in_seconds: -5 }, 'expires_in_seconds'],
    [{ expires_in_seconds: 1.5 }, 'expires_in_seconds'],
    [{ levle: 'admin' }, 'levle'],
    [{ limits: 'x' }, 'limits'],
    [{ limits: { hour: 0 } }, 'limits.hour'],
  ])('refuses %j with 400 naming the field, and makes no key', async (body, field) => {
    const emu = await emulator();
    const response = await control(emu, 'POST', '/keys', emu.key, { level: 'read', ...body });
    expect(response.status, response.text).toBe(400);
    expect(Object.keys(response.json.error.details)).toEqual([field]);
    expect(((await control(emu, 'GET', '/keys', emu.key)).json.data as any[]).map((key) => key.id)).toEqual([
      'key_local',
    ]);
  });

  it('a key made with expires_in_seconds 0 has already expired: 401 key_expired', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'read', expires_in_seconds: 0 });
    expectRefusal(await api(emu, 'GET', '/jobs', key.secret), 401, 'key_expired');
  });

  it('sets last_used_at once a key is used', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'read', name: 'used key' });
    expect(key.record.last_used_at).toBeNull();
    const lastUsed = async () =>
      ((await control(emu, 'GET', '/keys', emu.key)).json.data as any[]).find((item) => item.id === key.id)
        .last_used_at as string | null;
    expect(await lastUsed()).toBeNull();
    const before = clock();
    expect((await api(emu, 'GET', '/jobs', key.secret)).status).toBe(200);
    const after = clock();
    const stamp = await lastUsed();
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(stamp!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(stamp!)).toBeLessThanOrEqual(after);
  });
});

describe('a method no route has', () => {
  // Which route answers is decided before the key's level: a method the path lacks is 405 for
  // every key, never a 403 saying that a stronger key could do what none can.
  it('is 405 with Allow for a read, a write and an admin key alike (DELETE /assessments/{id})', async () => {
    const emu = await emulator();
    const created = await api(emu, 'POST', '/jobs', emu.key, jobInput());
    expect(created.status, created.text).toBe(201);
    const path = `/assessments/${created.json.data.assessment_id as string}`;
    expect((await api(emu, 'GET', path, emu.key)).status).toBe(200);
    const keys = {
      read: (await makeKey(emu, { level: 'read', name: 'read 405' })).secret,
      write: (await makeKey(emu, { level: 'write', name: 'write 405' })).secret,
      admin: (await makeKey(emu, { level: 'admin', name: 'admin 405' })).secret,
    };
    for (const [level, secret] of Object.entries(keys)) {
      const answer = await api(emu, 'DELETE', path, secret);
      expect([level, answer.status, answer.json.error.code]).toEqual([level, 405, 'method_not_allowed']);
      expect(answer.json.error.message).toBe(`DELETE is not allowed on ${path}; use GET.`);
      expect(answer.headers.get('allow')).toBe('GET');
    }
    // A route's level is still asked once the route is known: a read key may not write.
    expectRefusal(await api(emu, 'POST', '/jobs', keys.read, jobInput()), 403, 'forbidden');
  });
});

describe('what a caller without a key learns', () => {
  it('nothing about which paths exist: an unknown path or method is 401, not 404 or 405', async () => {
    const emu = await emulator();
    expectRefusal(await api(emu, 'GET', '/nope', undefined), 401, 'unauthorized');
    expectRefusal(await api(emu, 'DELETE', '/candidates/x', undefined), 401, 'unauthorized');
    expect((await api(emu, 'GET', '/nope', emu.key)).status).toBe(404);
  });
});

describe('a daily-limit 429', () => {
  it('describes the daily window in its headers, so a client does not retry at once', async () => {
    const emu = await emulator();
    const key = await makeKey(emu, { level: 'read', limits: { day: 1 } });
    expect((await api(emu, 'GET', '/jobs', key.secret)).status).toBe(200);
    const refused = await api(emu, 'GET', '/jobs', key.secret);
    expect(refused.status).toBe(429);
    expect(rate(refused)).toMatchObject({ limit: '1', remaining: '0' });
    const reset = Number(rate(refused).reset);
    expect(reset).toBeGreaterThan(refused.sentAt / 1000);
    expect(reset).toBeLessThanOrEqual(refused.receivedAt / 1000 + 86_400);
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.json.retry_after);
  });
});
