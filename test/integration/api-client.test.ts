// ApiClient against a small scripted HTTP server on loopback (node:http, real sockets, no mocks):
// request headers and URLs, envelopes, error mapping to exit codes (docs/exit-codes.md), unparseable
// answers, network failures, deprecation warnings and redacted traces (docs/profiles.md "Keys stay secret").
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { resolveBaseUrl } from '../../src/api/base-url.js';
import { createJob } from '../../src/api/jobs.js';
import { listPage } from '../../src/api/list.js';
import { ApiError, NetworkError } from '../../src/errors.js';
import { unusedPort } from '../helpers/env.js';
import { afterServersClosed, reply, serve, type Handler, type Recorded } from '../helpers/scripted-server.js';

const listJobs = (client: Parameters<typeof listPage>[0], query: Parameters<typeof listPage>[2]) =>
  listPage(client, '/jobs', query);

const API_KEY = 'hk_test_5ecr3tK3yValue0123456789abcdef';
const USER_AGENT = 'hire/0.0.0-test (node)';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function html(status: number, text: string, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(text);
  };
}

const ok = (data: unknown, meta: Record<string, unknown> = { request_id: 'req_ok' }): Handler =>
  reply(200, { data, meta });

interface MakeOptions {
  timeoutMs?: number;
  onWarning?: (message: string) => void;
  onTrace?: (line: string) => void;
}

async function makeClient(url: string, options: MakeOptions = {}): Promise<ApiClient> {
  const client = await ApiClient.create({
    baseUrl: resolveBaseUrl(url),
    apiKey: API_KEY,
    // Generous: a busy machine must not turn a slow answer into a timeout before the test's own.
    timeoutMs: options.timeoutMs ?? 45_000,
    userAgent: USER_AGENT,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    ...(options.onTrace ? { onTrace: options.onTrace } : {}),
  });
  afterServersClosed(() => client.close());
  return client;
}

/** The error a promise rejects with; fails the test when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail, but it succeeded');
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

async function networkError(promise: Promise<unknown>): Promise<NetworkError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(NetworkError);
  return error as NetworkError;
}

function query(recorded: Recorded): URLSearchParams {
  return new URL(recorded.url, 'http://x').searchParams;
}

function pathOf(recorded: Recorded): string {
  return new URL(recorded.url, 'http://x').pathname;
}

describe('ApiClient requests', () => {
  it('sends the bearer key, JSON content negotiation and a user-agent on GET, with no idempotency key', async () => {
    const server = await serve(ok([]));
    const client = await makeClient(server.origin);
    await client.request('GET', '/jobs');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('GET');
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.accept).toBe('application/json');
    expect(request!.headers['user-agent']).toBe(USER_AGENT);
    expect(request!.headers).not.toHaveProperty('idempotency-key');
    expect(request!.body).toBe('');
  });

  it('sends a fresh UUID idempotency key and the JSON body on every POST', async () => {
    const server = await serve(reply(201, { data: { id: 'job_1' }, meta: { request_id: 'req_1' } }));
    const client = await makeClient(server.origin);
    await client.request('POST', '/jobs', { body: { title: 'A', tags: ['x'] } });
    await client.request('POST', '/jobs', { body: { title: 'B' } });
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    for (const request of [first!, second!]) {
      expect(request.method).toBe('POST');
      expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers.accept).toBe('application/json');
      expect(request.headers['user-agent']).toBe(USER_AGENT);
      expect(request.headers['idempotency-key']).toMatch(UUID);
    }
    expect(first!.headers['idempotency-key']).not.toBe(second!.headers['idempotency-key']);
    expect(JSON.parse(first!.body)).toEqual({ title: 'A', tags: ['x'] });
    expect(JSON.parse(second!.body)).toEqual({ title: 'B' });
  });

  it('uses the idempotency key it is given on POST', async () => {
    const server = await serve(reply(201, { data: { id: 'job_1' } }));
    const client = await makeClient(server.origin);
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    await client.request('POST', '/jobs', { body: {}, idempotencyKey: key });
    await client.request('POST', '/jobs', { body: {}, idempotencyKey: key });
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual([key, key]);
  });

  it('turns arrays into repeated query parameters and drops undefined ones', async () => {
    const server = await serve(ok([]));
    const client = await makeClient(server.origin);
    await client.request('GET', '/jobs', {
      query: {
        status: ['active', 'paused'],
        page: 2,
        per_page: 50,
        archived: false,
        sort: '-created_at,title',
        fields: undefined,
        q: 'a b&c=d',
      },
    });
    const params = query(server.requests[0]!);
    expect(params.getAll('status')).toEqual(['active', 'paused']);
    expect(params.get('page')).toBe('2');
    expect(params.get('per_page')).toBe('50');
    expect(params.get('archived')).toBe('false');
    expect(params.get('sort')).toBe('-created_at,title');
    expect(params.get('q')).toBe('a b&c=d');
    expect(params.has('fields')).toBe(false);
    expect([...params.keys()].sort()).toEqual(['archived', 'page', 'per_page', 'q', 'sort', 'status', 'status']);
  });

  it('joins the path to the base path (/api/v1 appended when missing, kept after a prefix)', async () => {
    const server = await serve(ok([]));
    const bare = await makeClient(server.origin);
    await bare.request('GET', '/jobs');
    await bare.request('GET', 'candidates');
    const slashed = await makeClient(`${server.origin}/api/v1/`);
    await slashed.request('GET', '/jobs');
    const prefixed = await makeClient(`${server.origin}/gateway/hiring/`);
    await prefixed.request('GET', '/jobs', { query: { page: 1 } });
    expect(server.requests.map(pathOf)).toEqual([
      '/api/v1/jobs',
      '/api/v1/candidates',
      '/api/v1/jobs',
      '/gateway/hiring/api/v1/jobs',
    ]);
    expect(server.requests[3]!.url).toBe('/gateway/hiring/api/v1/jobs?page=1');
    expect(bare.url('/jobs', { a: ['1', '2'] })).toBe(`${server.origin}/api/v1/jobs?a=1&a=2`);
  });
});

describe('ApiClient success envelopes', () => {
  it('returns status, data, meta and lower-cased headers', async () => {
    const server = await serve(
      reply(
        200,
        { data: { id: 'job_1', title: 'T' }, meta: { request_id: 'req_abc', extra: 7 } },
        { 'X-Custom-Header': 'yes' },
      ),
    );
    const client = await makeClient(server.origin);
    const response = await client.request('GET', '/jobs/job_1');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ id: 'job_1', title: 'T' });
    expect(response.meta).toEqual({ request_id: 'req_abc', extra: 7 });
    expect(response.headers['x-custom-header']).toBe('yes');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('returns an empty meta when the envelope has none, and null data for a 204', async () => {
    const server = await serve(reply(200, { data: [1, 2] }), (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const client = await makeClient(server.origin);
    const first = await client.request('GET', '/things');
    expect(first).toMatchObject({ status: 200, data: [1, 2], meta: {} });
    const second = await client.request('DELETE', '/jobs/job_1');
    expect(second.status).toBe(204);
    expect(second.data).toBeNull();
  });

  it('listJobs returns the items and the parsed list meta, sending the query', async () => {
    const items = [
      { id: 'job_1', title: 'One' },
      { id: 'job_2', title: 'Two' },
    ];
    const server = await serve(
      ok(items, { request_id: 'req_list', current_page: 2, per_page: 2, total_pages: 3, total_count: 5 }),
    );
    const client = await makeClient(server.origin);
    const page = await listJobs(client, { page: 2, per_page: 2, status: ['active'], fields: undefined });
    expect(page.items).toEqual(items);
    expect(page.meta).toMatchObject({
      request_id: 'req_list',
      current_page: 2,
      per_page: 2,
      total_pages: 3,
      total_count: 5,
    });
    expect(server.requests[0]!.method).toBe('GET');
    expect(pathOf(server.requests[0]!)).toBe('/api/v1/jobs');
    expect(server.requests[0]!.url).toBe('/api/v1/jobs?page=2&per_page=2&status=active');
  });

  it('listPage leaves meta undefined when the list meta is incomplete', async () => {
    const server = await serve(ok([{ id: 'cand_1' }], { request_id: 'req_x', current_page: 1 }));
    const client = await makeClient(server.origin);
    const page = await listPage(client, '/candidates', { score_min: 80 });
    expect(page.items).toEqual([{ id: 'cand_1' }]);
    expect(page.meta).toBeUndefined();
    expect(server.requests[0]!.url).toBe('/api/v1/candidates?score_min=80');
  });

  it('createJob POSTs the input and returns the job, generationMs and requestId', async () => {
    const server = await serve(
      reply(201, {
        data: { id: 'job_9', title: 'Backend' },
        meta: { request_id: 'req_create', assessment_generation_time: 1234.5 },
      }),
    );
    const client = await makeClient(server.origin);
    const key = '9b2c3d4e-1111-4222-8333-444455556666';
    const created = await createJob(client, { title: 'Backend', description: 'x'.repeat(100) }, key);
    expect(created).toEqual({
      job: { id: 'job_9', title: 'Backend' },
      generationMs: 1234.5,
      requestId: 'req_create',
      replayed: false,
    });
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(pathOf(request!)).toBe('/api/v1/jobs');
    expect(request!.headers['idempotency-key']).toBe(key);
    expect(JSON.parse(request!.body)).toEqual({ title: 'Backend', description: 'x'.repeat(100) });
  });

  it('createJob without a key still sends a UUID, and generationMs is undefined when meta lacks it', async () => {
    const server = await serve(
      reply(201, { data: { id: 'job_9' }, meta: { request_id: 'req_c', assessment_generation_time: 'slow' } }),
    );
    const client = await makeClient(server.origin);
    const created = await createJob(client, { title: 'T', description: 'y'.repeat(100) });
    expect(created.generationMs).toBeUndefined();
    expect(created.job).toEqual({ id: 'job_9' });
    expect(server.requests[0]!.headers['idempotency-key']).toMatch(UUID);
  });
});

describe('ApiClient error envelopes', () => {
  const cases: { status: number; code: string; exitCode: number }[] = [
    { status: 400, code: 'validation_error', exitCode: 2 },
    { status: 401, code: 'unauthorized', exitCode: 3 },
    { status: 401, code: 'key_expired', exitCode: 3 },
    { status: 403, code: 'forbidden', exitCode: 3 },
    { status: 404, code: 'not_found', exitCode: 4 },
    { status: 409, code: 'conflict', exitCode: 1 },
    { status: 429, code: 'rate_limited', exitCode: 5 },
    { status: 500, code: 'internal_error', exitCode: 1 },
    { status: 502, code: 'bad_gateway', exitCode: 1 },
    { status: 503, code: 'service_unavailable', exitCode: 1 },
  ];

  for (const { status, code, exitCode } of cases) {
    it(`maps ${status} ${code} to ApiError with exit code ${exitCode}`, async () => {
      const envelope = {
        error: { code, message: `message for ${code}`, status },
        meta: { request_id: `req_${status}` },
      };
      const server = await serve(reply(status, envelope));
      const client = await makeClient(server.origin);
      const error = await apiError(client.request('GET', '/jobs'));
      expect(error.status).toBe(status);
      expect(error.code).toBe(code);
      expect(error.message).toBe(`message for ${code}`);
      expect(error.requestId).toBe(`req_${status}`);
      expect(error.exitCode).toBe(exitCode);
      expect(error.body).toEqual(envelope);
      expect(error.details).toBeUndefined();
    });
  }

  it('keeps validation details, JSON-stringifying values that are not strings', async () => {
    const details = {
      title: 'is required',
      'location.city': ['is required', 'too short'],
      count: 5,
      nested: { min: 1 },
      flag: null,
    };
    const server = await serve(
      reply(400, {
        error: { code: 'validation_error', message: 'Invalid job', details },
        meta: { request_id: 'req_v' },
      }),
    );
    const client = await makeClient(server.origin);
    const error = await apiError(client.request('POST', '/jobs', { body: {} }));
    expect(error.exitCode).toBe(2);
    expect(error.details).toEqual({
      title: 'is required',
      'location.city': '["is required","too short"]',
      count: '5',
      nested: '{"min":1}',
      flag: 'null',
    });
  });

  it('takes the request id from the x-request-id header when meta has none, preferring meta otherwise', async () => {
    const server = await serve(
      reply(404, { error: { code: 'not_found', message: 'No such job' } }, { 'X-Request-Id': 'req_from_header' }),
      reply(
        404,
        { error: { code: 'not_found', message: 'No such job' }, meta: { request_id: 'req_from_meta' } },
        { 'X-Request-Id': 'req_from_header' },
      ),
      reply(404, { error: { code: 'not_found', message: 'No such job' } }),
    );
    const client = await makeClient(server.origin);
    expect((await apiError(client.request('GET', '/jobs/a'))).requestId).toBe('req_from_header');
    expect((await apiError(client.request('GET', '/jobs/b'))).requestId).toBe('req_from_meta');
    expect((await apiError(client.request('GET', '/jobs/c'))).requestId).toBeUndefined();
  });

  it('reports 403 forbidden as an auth failure even with a Retry-After or details', async () => {
    const server = await serve(
      reply(
        403,
        { error: { code: 'forbidden', message: 'Key may not write', details: { scope: 'read' } } },
        { 'Retry-After': '1' },
      ),
    );
    const client = await makeClient(server.origin);
    const error = await apiError(client.request('POST', '/jobs', { body: {} }));
    expect(error.exitCode).toBe(3);
    expect(error.details).toEqual({ scope: 'read' });
  });
});

describe('ApiClient redirects', () => {
  // hostile.test.ts sends 302/307 with a Location to another host; a 3xx without one is refused too.
  for (const status of [300, 302, 307]) {
    it(`refuses a ${status} without a Location header, whatever its body: code redirect, exit 1`, async () => {
      const server = await serve(reply(status, { data: [], meta: { request_id: 'req_moved' } }));
      const client = await makeClient(server.origin);
      const error = await apiError(listJobs(client, {}));
      expect(error.code).toBe('redirect');
      expect(error.exitCode).toBe(1);
      expect(error.message).toBe(
        `The server answered HTTP ${status}, a redirect; hire does not follow redirects, so that the API key goes nowhere else. Check the base URL.`,
      );
      expect(server.requests).toHaveLength(1);
    });
  }
});

describe('ApiClient unparseable answers', () => {
  it('an HTML 502 page becomes invalid_response naming HTTP 502, exit 1', async () => {
    const server = await serve(
      html(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', { 'X-Request-Id': 'req_gw' }),
    );
    const client = await makeClient(server.origin);
    const error = await apiError(client.request('GET', '/jobs'));
    expect(error.code).toBe('invalid_response');
    expect(error.status).toBe(502);
    expect(error.message).toContain('HTTP 502');
    expect(error.message).toContain('text/html');
    expect(error.exitCode).toBe(1);
    expect(error.requestId).toBe('req_gw');
  });

  it('a 200 with a non-JSON body becomes invalid_response naming HTTP 200, exit 1', async () => {
    const server = await serve(html(200, '<!doctype html><p>Welcome to nginx!</p>'));
    const client = await makeClient(server.origin);
    const error = await apiError(client.request('GET', '/jobs'));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toContain('HTTP 200');
    expect(error.exitCode).toBe(1);
  });

  it('a 200 with a truncated JSON body becomes invalid_response, exit 1', async () => {
    const server = await serve(reply(200, '{"data": [{"id": "job_1"'));
    const client = await makeClient(server.origin);
    const error = await apiError(client.request('GET', '/jobs'));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toContain('HTTP 200');
    expect(error.exitCode).toBe(1);
  });

  it('a 200 JSON body without `data` becomes invalid_response, exit 1', async () => {
    const server = await serve(
      reply(200, { jobs: [], meta: { request_id: 'req_nodata' } }),
      reply(200, '[1,2,3]'),
      reply(200, 'null'),
    );
    const client = await makeClient(server.origin);
    for (let i = 0; i < 3; i++) {
      const error = await apiError(client.request('GET', '/jobs'));
      expect(error.code).toBe('invalid_response');
      expect(error.message).toContain('HTTP 200');
      expect(error.exitCode).toBe(1);
    }
  });

  it('a 401 with an HTML body becomes invalid_response naming HTTP 401, exit 3', async () => {
    const server = await serve(html(401, '<html><body>Unauthorized</body></html>'));
    const client = await makeClient(server.origin);
    const error = await apiError(client.request('GET', '/jobs'));
    expect(error.code).toBe('invalid_response');
    expect(error.status).toBe(401);
    expect(error.message).toContain('HTTP 401');
    expect(error.exitCode).toBe(3);
  });

  it('a 500 with JSON that is not an error envelope becomes invalid_response, exit 1', async () => {
    const server = await serve(reply(500, { message: 'oops' }));
    const client = await makeClient(server.origin);
    const error = await apiError(client.request('GET', '/jobs'));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toContain('HTTP 500');
    expect(error.exitCode).toBe(1);
  });

  it('listJobs refuses a 200 whose data is not a list', async () => {
    const server = await serve(ok({ id: 'job_1' }, { request_id: 'req_shape' }), ok(['job_1', 'job_2']));
    const client = await makeClient(server.origin);
    const first = await apiError(listJobs(client, {}));
    expect(first.code).toBe('invalid_response');
    expect(first.exitCode).toBe(1);
    expect(first.requestId).toBe('req_shape');
    const second = await apiError(listJobs(client, {}));
    expect(second.code).toBe('invalid_response');
  });

  it('createJob refuses a 201 whose data is not an object', async () => {
    const server = await serve(reply(201, { data: [{ id: 'job_1' }], meta: { request_id: 'req_arr' } }));
    const client = await makeClient(server.origin);
    const error = await apiError(createJob(client, { title: 'T', description: 'z'.repeat(100) }));
    expect(error.code).toBe('invalid_response');
    expect(error.exitCode).toBe(1);
  });
});

describe('ApiClient network failures', () => {
  it('connection refused is a NetworkError with exit code 6', async () => {
    const port = await unusedPort();
    const client = await makeClient(`http://127.0.0.1:${port}`);
    const error = await networkError(client.request('GET', '/jobs'));
    expect(error.exitCode).toBe(6);
    expect(error.code).toBe('connection_refused');
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).toContain('connection refused');
    expect(error.message).not.toContain(API_KEY);
  });

  it('a server that destroys the socket without answering is a network_error, exit 6', async () => {
    const server = await serve((req) => req.socket.destroy());
    const client = await makeClient(server.origin);
    const error = await networkError(client.request('GET', '/jobs'));
    expect(error.exitCode).toBe(6);
    expect(error.code).toBe('network_error');
    expect(server.requests).toHaveLength(1);
  });

  it('a body cut off mid-way is a network_error, exit 6', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"data": [', () => res.socket?.destroy());
    });
    const client = await makeClient(server.origin);
    const error = await networkError(client.request('GET', '/jobs'));
    expect(error.exitCode).toBe(6);
    expect(error.code).toBe('network_error');
  });

  it('a slow server times out after timeoutMs with code timeout, exit 6', async () => {
    const server = await serve(() => {
      /* never answers; afterEach closes the connection */
    });
    const client = await makeClient(server.origin, { timeoutMs: 200 });
    const started = Date.now();
    const error = await networkError(client.request('GET', '/jobs'));
    const elapsed = Date.now() - started;
    expect(error.code).toBe('timeout');
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('timed out after 0.2 s');
    expect(elapsed).toBeGreaterThanOrEqual(150);
  });

  it('a server that sends headers then stalls the body also times out', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": ');
    });
    const client = await makeClient(server.origin, { timeoutMs: 200 });
    const error = await networkError(client.request('GET', '/jobs'));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('timed out after 0.2 s');
  });
});

describe('ApiClient deprecation warnings', () => {
  it('warns once about a Deprecation header, even over two requests, pointing to /api/v1', async () => {
    const deprecated = await serve(
      reply(200, { data: [], meta: {} }, { Deprecation: 'true', Sunset: 'Wed, 31 Dec 2025 23:59:59 GMT' }),
    );
    const warnings: string[] = [];
    const client = await makeClient(deprecated.origin, { onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([]);
    await client.request('GET', '/jobs');
    await client.request('GET', '/jobs');
    expect(deprecated.requests).toHaveLength(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('/api/v1');
    expect(warnings[0]).toContain('Wed, 31 Dec 2025 23:59:59 GMT');
  });

  it('does not warn without a Deprecation header', async () => {
    const server = await serve(ok([]));
    const warnings: string[] = [];
    const client = await makeClient(server.origin, { onWarning: (message) => warnings.push(message) });
    await client.request('GET', '/jobs');
    expect(warnings).toEqual([]);
  });

  it('warns at create when the base URL ends with /api/v0, and sends requests there', async () => {
    const server = await serve(ok([]));
    const warnings: string[] = [];
    const client = await makeClient(`${server.origin}/api/v0`, { onWarning: (message) => warnings.push(message) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('/api/v0');
    expect(warnings[0]).toContain('/api/v1');
    await client.request('GET', '/jobs');
    expect(pathOf(server.requests[0]!)).toBe('/api/v0/jobs');
  });
});

describe('ApiClient traces', () => {
  it('traces request and response lines with the key redacted, and never the key itself', async () => {
    const server = await serve(
      reply(201, { data: { id: 'job_1' }, meta: { request_id: 'req_trace' } }, { 'X-Request-Id': 'req_trace' }),
      reply(401, { error: { code: 'unauthorized', message: 'Invalid API key', status: 401 } }),
    );
    const lines: string[] = [];
    const client = await makeClient(server.origin, { onTrace: (line) => lines.push(line) });
    await client.request('POST', '/jobs', { body: { title: 'Traced' }, query: { dry: true } });
    await apiError(client.request('GET', '/jobs'));

    expect(lines).toContain(`> POST ${server.origin}/api/v1/jobs?dry=true`);
    expect(lines).toContain(`> GET ${server.origin}/api/v1/jobs`);
    expect(lines.filter((line) => line === '> authorization: Bearer [redacted]')).toHaveLength(2);
    expect(lines).toContain(`> user-agent: ${USER_AGENT}`);
    expect(lines).toContain('> {"title":"Traced"}');
    expect(lines.some((line) => /^> idempotency-key: [0-9a-f-]{36}$/i.test(line))).toBe(true);
    expect(lines.some((line) => /^< 201 \(\d+ ms\)$/.test(line))).toBe(true);
    expect(lines.some((line) => /^< 401 \(\d+ ms\)$/.test(line))).toBe(true);
    expect(lines).toContain('< x-request-id: req_trace');
    expect(lines.some((line) => line.startsWith('< ') && line.includes('"request_id":"req_trace"'))).toBe(true);
    expect(lines.some((line) => line.startsWith('< ') && line.includes('Invalid API key'))).toBe(true);

    for (const line of lines) expect(line).not.toContain(API_KEY);
    expect(lines.join('\n')).not.toContain(API_KEY.slice(3));
    // the key did reach the server, so the redaction is the client's doing
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('traces the request with the key redacted when the connection fails, and the error omits the key', async () => {
    const port = await unusedPort();
    const lines: string[] = [];
    const client = await makeClient(`http://127.0.0.1:${port}`, { onTrace: (line) => lines.push(line) });
    const error = await networkError(client.request('GET', '/jobs'));
    expect(lines).toContain(`> GET http://127.0.0.1:${port}/api/v1/jobs`);
    expect(lines).toContain('> authorization: Bearer [redacted]');
    for (const line of lines) expect(line).not.toContain(API_KEY);
    expect(error.message).not.toContain(API_KEY);
  });
});
