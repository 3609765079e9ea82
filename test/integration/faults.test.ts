// Failure behaviour of the CLI (docs/exit-codes.md, docs/profiles.md), driven through main() against small scripted
// HTTP servers on loopback (node:http, real sockets, no mocks): 429 waits and retries, retries of
// GETs and POSTs on 5xx and network faults with one Idempotency-Key, PATCH not re-sent on 5xx (read back),
// exit codes and messages for API errors, deprecation warnings, redacted --verbose traces, and the
// proxy variables. Every test ends by checking that the API key appears in no output.
import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, unusedPort } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import {
  forward,
  listen,
  readBody,
  relay,
  reply,
  serve,
  type Handler,
  type Recorded,
} from '../helpers/scripted-server.js';

const KEY = 'hk_test_faults_5ecr3tK3y_9f8e7d6c5b4a3210';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CREATE = ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION];

const JOB = {
  id: 'job_faults1',
  title: 'Backend Engineer',
  description: DESCRIPTION,
  status: 'draft',
  candidate_count: 0,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
};

// ---------------------------------------------------------------------------------------------
// Scripted servers

const ok = (data: unknown = JOB, headers: Record<string, string> = {}): Handler =>
  reply(200, { data, meta: { request_id: 'req_ok' } }, headers);

const created = (data: unknown = JOB): Handler =>
  reply(201, { data, meta: { request_id: 'req_created', assessment_generation_time: 12 } });

const listOk = (items: unknown[] = [JOB]): Handler =>
  reply(200, {
    data: items,
    meta: { request_id: 'req_list', current_page: 1, per_page: 20, total_pages: 1, total_count: items.length },
  });

function errorBody(
  status: number,
  code: string,
  message: string,
  extra: { details?: Record<string, string>; top?: Record<string, unknown> } = {},
) {
  return {
    error: { code, message, status, ...(extra.details ? { details: extra.details } : {}) },
    meta: { request_id: `req_${code}` },
    ...extra.top,
  };
}

const fail = (
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  extra: Parameters<typeof errorBody>[3] = {},
): Handler => reply(status, errorBody(status, code, message, extra), headers);

/** A 429 as the emulator sends it: `retry_after` at the top level (and a Retry-After header when given). */
const rateLimited = (retryAfter: number | undefined, headers: Record<string, string> = {}): Handler =>
  fail(
    429,
    'rate_limited',
    'Hourly limit of 100 requests reached.',
    headers,
    retryAfter === undefined ? {} : { top: { retry_after: retryAfter } },
  );

/** Closes the connection without any answer. */
const drop: Handler = (req) => {
  req.socket.destroy();
};

/** Never answers (the connection is closed after the test): only a timeout can end the request. */
const silent: Handler = () => {};

// ---------------------------------------------------------------------------------------------
// Running the CLI

async function envFor(baseUrl: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const box = await sandbox();
  return { ...box.env, HIRE_BASE_URL: baseUrl, HIRE_API_KEY: KEY, ...extra };
}

async function hire(
  argv: string[],
  baseUrl: string,
  extra: Record<string, string> = {},
): Promise<RunResult & { ms: number }> {
  const env = await envFor(baseUrl, extra);
  const started = performance.now();
  const result = await runCli(argv, { env });
  return { ...result, ms: performance.now() - started };
}

/** The final assertion of every test: the key is in no output (docs/profiles.md "Keys stay secret"). */
function expectKeyHidden(...results: RunResult[]): void {
  for (const result of results) {
    expect(result.stdout).not.toContain(KEY);
    expect(result.stderr).not.toContain(KEY);
    expect(result.stderr).not.toContain('5ecr3tK3y');
  }
}

function lines(text: string): string[] {
  return text.split('\n');
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

// ---------------------------------------------------------------------------------------------

describe('429 rate limits', () => {
  it('waits retry_after (0) from the body and retries, saying so on stderr', async () => {
    const server = await serve(rateLimited(0), ok());
    const result = await hire(['jobs', 'get', JOB.id, '--json', '-v'], server.origin);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JOB);
    expect(result.stderr).toContain('Rate limited (429); retrying in 0 ms (retry 1 of 3).');
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v1/jobs/${JOB.id}`,
      `GET /api/v1/jobs/${JOB.id}`,
    ]);
    expectKeyHidden(result);
  });

  it('honours a Retry-After header alone: waits about 1 s before the retry', async () => {
    const server = await serve(rateLimited(undefined, { 'retry-after': '1' }), ok());
    const result = await hire(['jobs', 'get', JOB.id, '--json', '-v'], server.origin);
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(900);
    expect(result.ms).toBeGreaterThanOrEqual(900);
    expect(result.stderr).toContain('Rate limited (429); retrying in 1 s');
    expectKeyHidden(result);
  });

  it('without retry_after or Retry-After, waits until X-RateLimit-Reset (Unix seconds)', async () => {
    let reset = 0;
    // About now + 1 s, rounded up to a whole second at least 700 ms away: longer than any
    // fallback backoff (at most 500 ms for the first retry), so ignoring the header fails.
    const first: Handler = (req, res, body) => {
      reset = Math.ceil((Date.now() + 700) / 1000);
      rateLimited(undefined, {
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(reset),
      })(req, res, body);
    };
    const server = await serve(first, ok());
    const result = await hire(['jobs', 'get', JOB.id, '--json', '-v'], server.origin);
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at).toBeGreaterThanOrEqual(reset * 1000 - 20);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(650);
    expect(result.stderr).toContain('Rate limited (429); retrying in');
    expectKeyHidden(result);
  });

  it('gives up with exit 5 after --max-retries 2 (3 requests), naming the rate limit', async () => {
    const server = await serve(rateLimited(0));
    const result = await hire(['jobs', 'get', JOB.id, '--max-retries', '2'], server.origin);
    expect(result.code).toBe(5);
    expect(server.requests).toHaveLength(3);
    expect(count(result.stderr, 'Rate limited (429); retrying')).toBe(2);
    expect(result.stderr).toContain('(retry 2 of 2)');
    expect(result.stderr).toContain('Error: Hourly limit of 100 requests reached. (rate_limited, HTTP 429)');
    expect(result.stderr).toContain('Request ID: req_rate_limited');
    expect(result.stderr).toContain('Rate limited after 2 retries.');
    expect(result.stdout).toBe('');
    expectKeyHidden(result);
  });

  it('with --json prints the server error envelope on stderr, alone (the retry notices come back with -v)', async () => {
    const server = await serve(rateLimited(0));
    const expected = errorBody(429, 'rate_limited', 'Hourly limit of 100 requests reached.', {
      top: { retry_after: 0 },
    });

    const result = await hire(['jobs', 'get', JOB.id, '--max-retries', '2', '--json'], server.origin);
    expect(result.code).toBe(5);
    expect(server.requests).toHaveLength(3);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toEqual(expected);

    const verbose = await hire(['jobs', 'get', JOB.id, '--max-retries', '2', '--json', '-v'], server.origin);
    expect(verbose.code).toBe(5);
    expect(server.requests).toHaveLength(6);
    expect(verbose.stderr.split('\n').filter((line) => line.includes('retrying'))).toEqual([
      'Rate limited (429); retrying in 0 ms (retry 1 of 2).',
      'Rate limited (429); retrying in 0 ms (retry 2 of 2).',
    ]);
    // Last, the envelope (the -v traces before it may hold JSON bodies of their own).
    expect(JSON.parse(verbose.stderr.slice(verbose.stderr.lastIndexOf('\n{\n') + 1))).toEqual(expected);
    expect(verbose.stdout).toBe('');
    expectKeyHidden(result, verbose);
  });

  it('does not wait when the server asks for 3600 s: exit 5 at once, the hint names 3600', async () => {
    const server = await serve(rateLimited(3600, { 'retry-after': '3600' }));
    const result = await hire(['jobs', 'get', JOB.id], server.origin);
    expect(result.code).toBe(5);
    expect(server.requests).toHaveLength(1);
    // hire announces every wait before it waits ("retrying in …"): no notice, no wait.
    expect(result.stderr).not.toContain('retrying');
    expect(result.stderr).toContain('(rate_limited, HTTP 429)');
    expect(result.stderr).toContain(
      'The server asks to wait 3600 s before trying again, longer than hire waits (60 s).',
    );
    expectKeyHidden(result);
  });

  it('does not claim retries it did not make when the requested wait is too long', async () => {
    const server = await serve(rateLimited(3600));
    const result = await hire(['jobs', 'get', JOB.id], server.origin);
    expect(result.code).toBe(5);
    expect(server.requests).toHaveLength(1);
    // No retry was made (the wait exceeds what hire honours), so "after 3 retries" would be false.
    expect(result.stderr).not.toContain('after 3 retries');
    expectKeyHidden(result);
  });
});

describe('GET retries on 5xx and network faults', () => {
  it('retries a 503 and succeeds (2 requests)', async () => {
    const server = await serve(fail(503, 'unavailable', 'Down for maintenance.'), ok());
    const result = await hire(['jobs', 'get', JOB.id, '--json', '-v'], server.origin);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JOB);
    expect(server.requests).toHaveLength(2);
    expect(result.stderr).toContain('Server error 503; retrying in');
    expectKeyHidden(result);
  });

  it('exits 1 after --max-retries 1 when every answer is 500 (2 requests)', async () => {
    const server = await serve(fail(500, 'internal_error', 'Something broke.'));
    const result = await hire(['jobs', 'get', JOB.id, '--max-retries', '1'], server.origin);
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(count(result.stderr, 'Server error 500; retrying')).toBe(1);
    expect(result.stderr).toContain('Error: Something broke. (internal_error, HTTP 500)');
    expect(result.stderr).toContain('Request ID: req_internal_error');
    expect(result.stdout).toBe('');
    expectKeyHidden(result);
  });

  it('retries a connection closed without an answer', async () => {
    const server = await serve(drop, ok());
    const result = await hire(['jobs', 'get', JOB.id, '--json', '-v'], server.origin);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JOB);
    expect(server.requests).toHaveLength(2);
    expect(result.stderr).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:\d+: .*; retrying in \d+ ms \(retry 1 of 3\)\./);
    expectKeyHidden(result);
  });

  it('reports an HTML 200 body as invalid_response with exit 1', async () => {
    const page = '<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>';
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    });
    const result = await hire(['jobs', 'get', JOB.id], server.origin);
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toContain('HTTP 200');
    expect(result.stderr).toContain('invalid_response');
    expect(result.stderr).toContain('is not JSON (text/html)');
    expect(result.stderr).toContain('Welcome to nginx!');
    expect(result.stdout).toBe('');
    expectKeyHidden(result);
  });

  it('times out a slow server: --timeout 0.3 --max-retries 0 → exit 6', async () => {
    const server = await serve(silent);
    const result = await hire(['jobs', 'get', JOB.id, '--timeout', '0.3', '--max-retries', '0'], server.origin);
    expect(result.code).toBe(6);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toContain(`Request to ${server.origin} timed out after 0.3 s.`);
    expect(result.stderr).toContain('--timeout');
    expectKeyHidden(result);
  });

  it('reports a refused connection with exit 6, after retrying it', async () => {
    const origin = `http://127.0.0.1:${await unusedPort()}`;
    const result = await hire(['jobs', 'get', JOB.id, '--max-retries', '1'], origin);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(`Cannot reach ${origin}: connection refused; retrying in`);
    expect(result.stderr).toContain(`Error: Cannot reach ${origin}: connection refused.`);
    expect(result.stderr).not.toContain('    at '); // no stack trace without --verbose
    expectKeyHidden(result);
  });
});

describe('POST retries reuse one Idempotency-Key', () => {
  it('retries jobs create after a dropped connection with the same key and body', async () => {
    const server = await serve(drop, created());
    const result = await hire([...CREATE, '--json', '-v'], server.origin);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JOB);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests as [Recorded, Recorded];
    expect(first.method).toBe('POST');
    expect(second.method).toBe('POST');
    expect(first.path).toBe('/api/v1/jobs');
    expect(first.headers['idempotency-key']).toMatch(UUID);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(second.body).toBe(first.body);
    expect(JSON.parse(first.body)).toMatchObject({ title: 'Backend Engineer', description: DESCRIPTION });
    expect(result.stderr).toContain('retrying');
    expectKeyHidden(result);
  });

  it('creates exactly one job on the emulator when the first answer is lost on the way back', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const upstream = new URL(emulator.origin);
    const seen: { method: string; url: string; key: string | undefined; upstreamStatus: number; relayed: boolean }[] =
      [];
    let posts = 0;
    // A forwarding proxy: the first POST reaches the emulator, but its answer is thrown away and
    // the client's connection destroyed; everything else is relayed as it is.
    const proxy = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const dropAnswer = req.method === 'POST' && ++posts === 1;
        const forwarded = await forward(req, body, upstream);
        const key = req.headers['idempotency-key'];
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          key: typeof key === 'string' ? key : undefined,
          upstreamStatus: forwarded.answer.statusCode ?? 0,
          relayed: !dropAnswer,
        });
        if (dropAnswer) {
          req.socket.destroy();
          return;
        }
        relay(res, forwarded);
      })();
    });
    const proxyOrigin = await listen(proxy);

    const result = await runCli([...CREATE, '--json', '-v'], {
      env: { ...box.env, HIRE_BASE_URL: proxyOrigin, HIRE_API_KEY: emulator.key },
    });
    expect(result.code, result.stderr).toBe(0);

    const jobs = emulator.store.all<{ id: string; title: string }>('jobs');
    expect(jobs).toHaveLength(1);
    const printed = JSON.parse(result.stdout) as { id: string; title: string };
    expect(printed.id).toBe(jobs[0]!.id);
    expect(printed.id).toMatch(/^job_/);
    expect(printed.title).toBe('Backend Engineer');

    const postsSeen = seen.filter((entry) => entry.method === 'POST');
    expect(postsSeen).toHaveLength(2);
    expect(postsSeen[0]).toMatchObject({ upstreamStatus: 201, relayed: false }); // the job was made, the answer lost
    expect(postsSeen[1]).toMatchObject({ upstreamStatus: 201, relayed: true }); // the replayed first answer
    expect(postsSeen[0]!.key).toMatch(UUID);
    expect(postsSeen[1]!.key).toBe(postsSeen[0]!.key);
    expect(result.stderr).toContain('retrying');
    expect(result.stdout).not.toContain(emulator.key);
    expect(result.stderr).not.toContain(emulator.key);
    expectKeyHidden(result);
  });
});

describe('PATCH is retried on 429 only', () => {
  // jobs pause is one PATCH (publish reads the job first to tell publish from reopen).
  it('does not re-send jobs pause after a 503: reads the job back, and it is not paused (exit 1)', async () => {
    const server = await serve(fail(503, 'unavailable', 'Down for maintenance.'), ok({ ...JOB, status: 'active' }));
    const result = await hire(['jobs', 'pause', JOB.id], server.origin);
    expect(result.code).toBe(1);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PATCH /api/v1/jobs/${JOB.id}`,
      `GET /api/v1/jobs/${JOB.id}`,
    ]);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ status: 'paused' });
    expect(result.stderr).not.toContain('retrying');
    expect(result.stderr).toContain(`The server answered HTTP 503; read back ${JOB.id}: the change is not there.`);
    expect(result.stderr).toContain('Error: Down for maintenance. (unavailable, HTTP 503)');
    expectKeyHidden(result);
  });

  it('retries jobs pause on 429', async () => {
    const server = await serve(rateLimited(0), ok({ ...JOB, status: 'paused' }));
    const result = await hire(['jobs', 'pause', JOB.id, '--json', '-v'], server.origin);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: JOB.id, status: 'paused' });
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      `PATCH /api/v1/jobs/${JOB.id} {"status":"paused"}`,
      `PATCH /api/v1/jobs/${JOB.id} {"status":"paused"}`,
    ]);
    expect(server.requests[0]!.headers['idempotency-key']).toBeUndefined();
    expect(result.stderr).toContain('Rate limited (429); retrying');
    expectKeyHidden(result);
  });
});

describe('API errors map to exit codes and messages', () => {
  it('401 key_expired with the key from HIRE_API_KEY → exit 3, the hint names HIRE_API_KEY and the profile', async () => {
    const server = await serve(fail(401, 'key_expired', 'This API key expired at 2026-01-01T00:00:00Z.'));
    const box = await sandbox();
    box.writeConfig({
      profiles: { staging: { environment: 'sandbox', base_url: 'https://staging.hire.invalid/api/v1' } },
    });
    const result = await runCli(['jobs', 'get', JOB.id, '--profile', 'staging'], {
      env: { ...box.env, HIRE_BASE_URL: server.origin, HIRE_API_KEY: KEY },
    });
    expect(result.code).toBe(3);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(result.stderr).toContain('Error: This API key expired at 2026-01-01T00:00:00Z. (key_expired, HTTP 401)');
    expect(result.stderr).toContain('The key in HIRE_API_KEY has expired');
    expect(result.stderr).toContain('profile "staging"');
    expect(result.stderr).not.toContain('auth login');
    expectKeyHidden(result);
  });

  it('401 unauthorized → exit 3 with an auth hint, no retry', async () => {
    const server = await serve(fail(401, 'unauthorized', 'Invalid API key.'));
    const result = await hire(['jobs', 'get', JOB.id], server.origin);
    expect(result.code).toBe(3);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toContain('Error: Invalid API key. (unauthorized, HTTP 401)');
    expect(result.stderr).toContain('fix HIRE_API_KEY, or unset it');
    expectKeyHidden(result);
  });

  it('403 forbidden → exit 3 with a permission hint', async () => {
    const server = await serve(fail(403, 'forbidden', 'This operation needs a write key; this key is read.'));
    const result = await hire(['jobs', 'publish', JOB.id], server.origin);
    expect(result.code).toBe(3);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toContain('(forbidden, HTTP 403)');
    expect(result.stderr).toContain('permission');
    expectKeyHidden(result);
  });

  it('404 not_found on jobs get x → exit 4', async () => {
    const server = await serve(fail(404, 'not_found', 'No job with id x.'));
    const result = await hire(['jobs', 'get', 'x'], server.origin);
    expect(result.code).toBe(4);
    // GET /jobs/{id} is assumed: the published list is asked whether x is there (docs/api-choices.md
    // "Running against a real platform"); this server answers it with a 404 too, so the error stays as it came.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/jobs/x', 'GET /api/v1/jobs']);
    expect(result.stderr).toContain('Error: No job with id x. (not_found, HTTP 404)');
    expect(result.stderr).toContain('Request ID: req_not_found');
    expectKeyHidden(result);
  });

  it('409 conflict → exit 1', async () => {
    const server = await serve(fail(409, 'conflict', 'A closed job cannot be published.'));
    const result = await hire(['jobs', 'publish', JOB.id], server.origin);
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(result.stderr).toContain('Error: A closed job cannot be published. (conflict, HTTP 409)');
    expectKeyHidden(result);
  });

  it('400 validation_error → exit 2 with every detail on its own line', async () => {
    const details = {
      'location.city': 'is required for onsite and hybrid jobs',
      'assessment_config.time_limit': 'must be between 300 and 1800',
    };
    const server = await serve(fail(400, 'validation_error', 'The request has invalid fields.', {}, { details }));
    const result = await hire(CREATE, server.origin);
    expect(result.code).toBe(2);
    expect(server.requests).toHaveLength(1); // a 400 is not retried
    expect(result.stderr).toContain('Error: The request has invalid fields. (validation_error, HTTP 400)');
    const stderrLines = lines(result.stderr);
    for (const [field, message] of Object.entries(details)) expect(stderrLines).toContain(`  ${field}: ${message}`);
    expect(result.stdout).toBe('');
    expectKeyHidden(result);
  });
});

describe('deprecation warnings', () => {
  it('turns Deprecation + Sunset headers into one warning on stderr', async () => {
    const headers = { deprecation: 'true', sunset: 'Mon, 01 Nov 2027 00:00:00 GMT' };
    const server = await serve(fail(503, 'unavailable', 'Busy.', headers), ok(JOB, headers));
    const result = await hire(['jobs', 'get', JOB.id, '--json', '-v'], server.origin);
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(2); // both answers carry the header
    expect(count(result.stderr, 'Warning: API version deprecated')).toBe(1);
    expect(result.stderr).toContain('Mon, 01 Nov 2027 00:00:00 GMT');
    expect(JSON.parse(result.stdout)).toEqual(JOB); // stdout keeps only the result
    expectKeyHidden(result);
  });

  it('warns (once) for a base URL with /api/v0', async () => {
    const server = await serve(ok(JOB, { deprecation: 'true', sunset: 'Mon, 01 Nov 2027 00:00:00 GMT' }));
    const result = await hire(['jobs', 'get', JOB.id, '--json', '-v'], `${server.origin}/api/v0`);
    expect(result.code).toBe(0);
    expect(server.requests.map((r) => r.path)).toEqual([`/api/v0/jobs/${JOB.id}`]);
    expect(count(result.stderr, 'Warning: API version deprecated')).toBe(1);
    expect(result.stderr).toContain('/api/v0');
    expectKeyHidden(result);
  });

  it('does not warn for /api/v1 without the header', async () => {
    const server = await serve(ok());
    const result = await hire(['jobs', 'get', JOB.id, '--json'], server.origin);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('Warning');
    expectKeyHidden(result);
  });
});

describe('--verbose traces', () => {
  it('shows the request line and a redacted authorization header, never the key', async () => {
    const server = await serve(listOk());
    const result = await hire(['jobs', 'list', '--verbose'], server.origin);
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`); // the key was really sent
    const stderrLines = lines(result.stderr);
    expect(stderrLines).toContain(`> GET ${server.origin}/api/v1/jobs`);
    expect(stderrLines).toContain('> authorization: Bearer [redacted]');
    expect(stderrLines.some((line) => line.startsWith('< 200 ('))).toBe(true);
    expect(result.stdout).toContain(JOB.id);
    expectKeyHidden(result);
  });

  it('keeps the key out of a verbose failure too', async () => {
    const server = await serve(fail(401, 'unauthorized', 'Invalid API key.'));
    const result = await hire(['jobs', 'get', JOB.id, '--verbose', '--max-retries', '0'], server.origin);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('> authorization: Bearer [redacted]');
    expect(result.stderr).toContain('< 401 (');
    expectKeyHidden(result);
  });
});

describe('proxies', () => {
  const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'] as const;

  interface ConnectProxy {
    url: string;
    seen: { method: string; target: string }[];
  }

  /** A proxy that records every request and CONNECT and refuses each tunnel with 502. */
  async function connectProxy(): Promise<ConnectProxy> {
    const seen: ConnectProxy['seen'] = [];
    const server = createServer((req, res) => {
      seen.push({ method: req.method ?? '', target: req.url ?? '' });
      res.writeHead(502);
      res.end();
    });
    server.on('connect', (req: IncomingMessage, socket: Socket) => {
      seen.push({ method: 'CONNECT', target: req.url ?? '' });
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    return { url: await listen(server), seen };
  }

  /**
   * Runs fn with the proxy variables of process.env set to `vars` (and all others removed), as
   * bin/hire.js sees them: run() passes process.env to main(). Restored afterwards.
   */
  async function withProcessEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
    const saved = new Map<string, string | undefined>(PROXY_VARS.map((name) => [name, process.env[name]]));
    for (const name of PROXY_VARS) delete process.env[name];
    Object.assign(process.env, vars);
    try {
      return await fn();
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }

  it('sends https requests through HTTPS_PROXY with a CONNECT to host:443; a refused tunnel is exit 6', async () => {
    const proxy = await connectProxy();
    const vars = { HTTPS_PROXY: proxy.url };
    const result = await withProcessEnv(vars, () =>
      hire(['jobs', 'get', JOB.id, '--max-retries', '0'], 'https://api.hire.invalid', vars),
    );
    expect(proxy.seen).toEqual([{ method: 'CONNECT', target: 'api.hire.invalid:443' }]);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('Cannot reach https://api.hire.invalid');
    expectKeyHidden(result);
  });

  it('bypasses the proxy for hosts in NO_PROXY (then DNS fails for .invalid: exit 6)', async () => {
    const proxy = await connectProxy();
    const vars = { HTTPS_PROXY: proxy.url, NO_PROXY: 'api.hire.invalid' };
    const result = await withProcessEnv(vars, () =>
      hire(['jobs', 'get', JOB.id, '--max-retries', '0'], 'https://api.hire.invalid', vars),
    );
    expect(proxy.seen).toEqual([]);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('Cannot reach https://api.hire.invalid');
    expectKeyHidden(result);
  });

  it('never sends a loopback base URL through the proxy', async () => {
    const proxy = await connectProxy();
    const server = await serve(ok());
    const vars = { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url };
    const result = await withProcessEnv(vars, () => hire(['jobs', 'get', JOB.id, '--json'], server.origin, vars));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JOB);
    expect(proxy.seen).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expectKeyHidden(result);
  });

  it('reads the proxy variables from the environment given to main(), not from process.env', async () => {
    const proxy = await connectProxy();
    // process.env holds no proxy variable; only the env passed to the CLI names the proxy.
    const result = await withProcessEnv({}, () =>
      hire(['jobs', 'get', JOB.id, '--max-retries', '0'], 'https://api.hire.invalid', { HTTPS_PROXY: proxy.url }),
    );
    expect(proxy.seen).toEqual([{ method: 'CONNECT', target: 'api.hire.invalid:443' }]);
    expect(result.code).toBe(6);
    expectKeyHidden(result);
  });
});
