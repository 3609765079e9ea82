// Reliability: hostile API responses (docs/exit-codes.md, docs/output.md). Six commands — jobs list, jobs get,
// jobs create, candidates list, analytics and `api /jobs` — are run through main() (in-process,
// runCli) against scripted node:http / node:net servers on loopback that answer with data of the
// wrong type, no envelope, proxy HTML pages, 10 MB bodies, a 70 MB body, an endless body, a body
// that trickles forever, redirects to another host, invalid UTF-8 and a connection cut mid-headers.
// Every answer must end in a clear message with the contract's exit code: no hang, no
// stack trace, no unexpected failure, never the API key in any output, and with --json the error
// as a JSON error envelope on stderr. `api PATH` prints 2xx bodies as received (docs/output.md "Text from outside"),
// so for it an unreadable 2xx is passed through rather than refused.
// 429, 5xx retries, plain timeouts and an HTML 200 on `jobs get` are in test/integration/faults
// and api-client tests and are not repeated here.
import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OPERATIONS, operationAt, type OperationId, type OperationSpec } from '../../src/domain/operations.js';
import { DESCRIPTION, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

const KEY = 'hk_test_hostile_Zq8Wm3Rt6Yp1Ks4Nd7Vb2Hc5';
/** A part of the key that a truncated or re-encoded leak would still show. */
const KEY_PART = 'Zq8Wm3Rt6Yp1';
const MB = 1_000_000;
const MIB = 1024 * 1024;
/**
 * Every run: no retries (they only slow a hostile answer down) and a timeout under the test's own
 * (so that a hang fails with the command's output), generous enough for a busy machine.
 */
const COMMON = ['--max-retries', '0', '--timeout', '45'];

const JOB = {
  id: 'job_hostile1',
  title: 'Backend Engineer',
  description: DESCRIPTION,
  status: 'draft',
  department: 'Engineering',
  candidate_count: 0,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
};

const CANDIDATE = {
  id: 'cand_hostile1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  status: 'applied',
  score: 87,
  job_id: 'job_hostile1',
  applied_at: '2026-01-03T03:04:05.000Z',
  created_at: '2026-01-03T03:04:05.000Z',
  updated_at: '2026-01-03T03:04:05.000Z',
};

const ANALYTICS = {
  filters: { job_id: null, from: null, to: null },
  jobs: { total: 3, by_status: { active: 2, draft: 1 } },
  candidates: { total: 5, assessed: 1, average_score: 71.5, by_status: { applied: 4, hired: 1 } },
  assessments: { generated: 2 },
  funnel: [
    { status: 'applied', count: 5 },
    { status: 'hired', count: 1 },
  ],
};

// ---------------------------------------------------------------------------------------------
// The commands under test

type Shape = 'list' | 'object' | 'raw';

interface Command {
  name: string;
  argv: string[];
  /** What `data` must be: a list of objects, one object, or anything (`api` prints the body as received). */
  shape: Shape;
  method: 'GET' | 'POST';
  /** The request path the server must see. */
  path: string;
  /** A success's status. */
  okStatus: number;
  /** One well-formed item (a list's element, or the object). */
  item: Record<string, unknown>;
  /** The id shown for it. */
  id: string;
}

const COMMANDS: Command[] = [
  {
    name: 'jobs list',
    argv: ['jobs', 'list'],
    shape: 'list',
    method: 'GET',
    path: '/api/v1/jobs',
    okStatus: 200,
    item: JOB,
    id: JOB.id,
  },
  {
    name: 'jobs get ID',
    argv: ['jobs', 'get', JOB.id],
    shape: 'object',
    method: 'GET',
    path: `/api/v1/jobs/${JOB.id}`,
    okStatus: 200,
    item: JOB,
    id: JOB.id,
  },
  {
    name: 'jobs create',
    argv: ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION],
    shape: 'object',
    method: 'POST',
    path: '/api/v1/jobs',
    okStatus: 201,
    item: JOB,
    id: JOB.id,
  },
  {
    name: 'candidates list',
    argv: ['candidates', 'list'],
    shape: 'list',
    method: 'GET',
    path: '/api/v1/candidates',
    okStatus: 200,
    item: CANDIDATE,
    id: CANDIDATE.id,
  },
  {
    name: 'analytics',
    argv: ['analytics'],
    shape: 'object',
    method: 'GET',
    path: '/api/v1/analytics',
    okStatus: 200,
    item: ANALYTICS,
    id: 'Analytics',
  },
  {
    name: 'api /jobs',
    argv: ['api', '/jobs'],
    shape: 'raw',
    method: 'GET',
    path: '/api/v1/jobs',
    okStatus: 200,
    item: JOB,
    id: JOB.id,
  },
];

/** A well-formed `data` for the command: a one-item list or the object. */
function goodData(cmd: Command): unknown {
  return cmd.shape === 'object' ? cmd.item : [cmd.item];
}

/** `data` values of the wrong type for the command. */
function wrongData(cmd: Command): unknown[] {
  if (cmd.shape === 'object') return [[], [cmd.item], 'a string', 42, null, true];
  return [{}, cmd.item, 'a string', 42, null, true, [1, 'two', null], [[cmd.item]]];
}

/** The command's records with every field of the wrong type. */
function mistypedData(cmd: Command): unknown {
  if (cmd.name === 'analytics') {
    return {
      filters: 7,
      jobs: 'many',
      candidates: [1, 2],
      assessments: null,
      funnel: 'up and to the right',
      extra: { deep: [{ x: 1 }] },
    };
  }
  const item: Record<string, unknown> = {};
  const odd: unknown[] = [42, { nested: { deeper: true } }, ['a', 'b'], null, false, 3.5e300, [{ x: 1 }], -1];
  Object.keys(cmd.item).forEach((key, index) => {
    item[key] = odd[index % odd.length];
  });
  return cmd.shape === 'object' ? item : [item, { ...item, id: 'second' }];
}

// ---------------------------------------------------------------------------------------------
// Scripted servers (real sockets on loopback)

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Scripted {
  /** http://HOST:PORT */
  origin: string;
  requests: Recorded[];
  /** TCP connections accepted, requests or not. */
  connections: number;
}

const closers: (() => Promise<void>)[] = [];
const timers = new Set<NodeJS.Timeout>();

afterEach(async () => {
  for (const timer of timers) clearInterval(timer);
  timers.clear();
  await Promise.all(closers.splice(0).map((close) => close()));
});

function track(server: Server | NetServer, sockets: Set<Socket>): void {
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
}

async function serve(handler: Handler, host = '127.0.0.1'): Promise<Scripted> {
  const scripted: Scripted = { origin: '', requests: [], connections: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    scripted.requests.push({
      method: req.method ?? '',
      path: new URL(req.url ?? '/', 'http://x').pathname,
      headers: req.headers,
    });
    // Answer once the request is read, as a server does; the body itself is of no interest.
    req.resume();
    req.on('end', () => handler(req, res));
  });
  server.on('connection', (socket: Socket) => {
    scripted.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  track(server, sockets);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  scripted.origin = `http://${host}:${(server.address() as { port: number }).port}`;
  return scripted;
}

function reply(
  status: number,
  body: string | Buffer,
  contentType = 'application/json; charset=utf-8',
  headers: Record<string, string> = {},
): Handler {
  return (_req, res) => {
    res.writeHead(status, {
      'content-type': contentType,
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    });
    res.end(body);
  };
}

const envelope = (data: unknown) => JSON.stringify({ data, meta: { request_id: 'req_hostile' } });

const proxyPage = (status: number, title: string) =>
  `<!DOCTYPE html>\n<html><head><title>${status} ${title}</title></head>\n<body>\n<center><h1>${status} ${title}</h1></center>\n<hr><center>nginx/1.25.3</center>\n</body></html>\n`;

interface Streamed {
  /** Bytes the server managed to hand to its socket. */
  written: number;
  /** The whole body was written. */
  finished: boolean;
  /** The connection closed (the client hung up). */
  closed: boolean;
}

/**
 * A 200 whose JSON-looking body is `total` bytes long (Infinity: it never ends), written as fast as
 * the client reads; `sent` gets one entry per response. An endless body is cut off after 256 MiB,
 * four times the client's limit: a client that ignores its limit then fails at once (a network
 * error, not the expected code) instead of filling the machine's memory.
 */
function huge(total: number, sent: Streamed[]): Handler {
  const filler = Buffer.alloc(MIB, 'x');
  const prefix = Buffer.from('{"data":"');
  return (_req, res) => {
    const stats: Streamed = { written: 0, finished: false, closed: false };
    sent.push(stats);
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(Number.isFinite(total) ? { 'content-length': String(total) } : {}),
    });
    res.on('close', () => (stats.closed = true));
    res.write(prefix);
    stats.written = prefix.length;
    const pump = () => {
      while (!res.destroyed) {
        if (stats.written >= 256 * MIB) {
          res.destroy();
          return;
        }
        const left = total - stats.written;
        if (left <= 2) {
          res.end('"}'.slice(0, left));
          stats.written += left;
          stats.finished = true;
          return;
        }
        const piece = left - 2 >= filler.length ? filler : filler.subarray(0, left - 2);
        stats.written += piece.length;
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
    };
    pump();
  };
}

/** Headers, the start of a body, then one byte every 100 ms for as long as the client stays. */
const trickle: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"data":[');
  const timer = setInterval(() => res.write(' '), 100);
  timers.add(timer);
  res.on('close', () => {
    clearInterval(timer);
    timers.delete(timer);
  });
};

/** A raw TCP server that answers every request with half a status line and headers, then hangs up. */
async function cutMidHeaders(): Promise<Scripted> {
  const scripted: Scripted = { origin: '', requests: [], connections: 0 };
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    scripted.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', () => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/js');
      setTimeout(() => socket.destroy(), 20);
    });
  });
  track(server, sockets);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  scripted.origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return scripted;
}

// ---------------------------------------------------------------------------------------------
// Running the CLI and checking what it said

interface Run extends RunResult {
  ms: number;
  argv: string[];
}

async function hire(
  cmd: Command,
  origin: string,
  options: { json?: boolean; tty?: boolean; extra?: string[] } = {},
): Promise<Run> {
  const box = await sandbox();
  const argv = [...cmd.argv, ...COMMON, ...(options.extra ?? []), ...(options.json ? ['--json'] : [])];
  const started = performance.now();
  const result = await runCli(argv, {
    env: { ...box.env, HIRE_BASE_URL: origin, HIRE_API_KEY: KEY },
    ...(options.tty ? { tty: true } : {}),
  });
  return { ...result, ms: performance.now() - started, argv };
}

/** Both forms of a command at once: as people run it, and with --json. */
function both(cmd: Command, origin: string, extra: string[] = []): Promise<[Run, Run]> {
  return Promise.all([hire(cmd, origin, { extra }), hire(cmd, origin, { extra, json: true })]);
}

function show(run: Run): string {
  const clip = (text: string) => (text.length > 3000 ? `${text.slice(0, 3000)}… (${text.length} chars)` : text);
  return `hire ${run.argv.map((arg) => (arg.length > 40 ? `${arg.slice(0, 40)}…` : arg)).join(' ')} → exit ${run.code} in ${Math.round(run.ms)} ms\n--- stdout ---\n${clip(run.stdout)}\n--- stderr ---\n${clip(run.stderr)}`;
}

/** No output shows the key; no stack trace and no unexpected failure reach the user. */
function expectComposed(run: Run): void {
  for (const text of [run.stdout, run.stderr]) {
    expect(text, show(run)).not.toContain(KEY);
    expect(text, show(run)).not.toContain(KEY_PART);
  }
  expect(run.stderr, show(run)).not.toMatch(/^\s+at\s/m);
  expect(run.stderr, show(run)).not.toMatch(
    /unexpected failure|TypeError|ReferenceError|RangeError|SyntaxError|\bundefined\b/,
  );
}

interface Failure {
  exit: number;
  /** error.code in the JSON error envelope. */
  code: string;
  message: RegExp;
}

/** A failure as a person sees it: exit code, `Error:` and a short clear message on stderr, nothing on stdout. */
function expectFailure(run: Run, failure: Failure): void {
  expect(run.code, show(run)).toBe(failure.exit);
  expect(run.stdout, show(run)).toBe('');
  expect(run.stderr, show(run)).toMatch(/^Error: \S/m);
  expect(run.stderr, show(run)).toMatch(failure.message);
  expect(run.stderr.length, show(run)).toBeLessThan(2_000);
  expectComposed(run);
}

/** With --json: the same exit code, and stderr is exactly one JSON error envelope. */
function expectJsonFailure(run: Run, failure: Failure): void {
  expect(run.code, show(run)).toBe(failure.exit);
  expect(run.stdout, show(run)).toBe('');
  let parsed: { error?: { code?: unknown; message?: unknown } };
  try {
    parsed = JSON.parse(run.stderr) as typeof parsed;
  } catch {
    throw new Error(`stderr is not one JSON document\n${show(run)}`);
  }
  expect(parsed.error?.code, show(run)).toBe(failure.code);
  expect(typeof parsed.error?.message, show(run)).toBe('string');
  expect(String(parsed.error?.message), show(run)).toMatch(failure.message);
  expect(run.stderr.length, show(run)).toBeLessThan(2_000);
  expectComposed(run);
}

function expectBoth([plain, json]: [Run, Run], failure: Failure): void {
  expectFailure(plain, failure);
  expectJsonFailure(json, failure);
}

/** `api PATH` and an answer that is not 2xx: the body as received on stderr, `HTTP n`, the status's exit code. */
function expectRawFailure(run: Run, status: number, exit: number): void {
  expect(run.code, show(run)).toBe(exit);
  expect(run.stdout, show(run)).toBe('');
  expect(run.stderr, show(run)).toMatch(new RegExp(`^HTTP ${status}\\b`, 'm'));
  expectComposed(run);
}

/** `api PATH` and a 2xx: exactly the body, as received, on stdout. */
function expectPassedThrough(run: Run, text: string): void {
  expect(run.code, show(run)).toBe(0);
  expect(run.stdout === text || run.stdout === `${text}\n`, show(run)).toBe(true);
  expectComposed(run);
}

const unreadable = (message: RegExp): Failure => ({ exit: 1, code: 'invalid_response', message });

/**
 * The request hire adds after a 404 from an operation the API spec does not publish: the published
 * list it asks (docs/api-choices.md "Running against a real platform"); none for `hire api`, which sends what it is given.
 */
function followUp(cmd: Command): string | undefined {
  if (cmd.argv[0] === 'api') return undefined;
  const found = operationAt(cmd.method, cmd.path.replace(/^\/api\/v1/, ''));
  if (!found || OPERATIONS[found.operation].published) return undefined;
  const list = (OPERATIONS[found.operation] as OperationSpec).list ?? 'listJobs';
  return `GET /api/v1${OPERATIONS[list as OperationId].path}`;
}

/** `times` requests, each the one the command makes (no retries, no second request anywhere). */
function expectAsked(server: Scripted, cmd: Command, times = 1): void {
  expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(
    Array.from({ length: times }, () => `${cmd.method} ${cmd.path}`),
  );
}

// ---------------------------------------------------------------------------------------------

describe('a redirect target that records requests', () => {
  it('does record a request sent to it, Authorization included (so that "received nothing" below means something)', async () => {
    const recorder = await serve(reply(200, envelope([JOB])), '127.0.0.2');
    const response = await fetch(`${recorder.origin}/api/v1/jobs`, { headers: { authorization: 'Bearer probe' } });
    await response.arrayBuffer();
    expect(recorder.connections).toBe(1);
    expect(recorder.requests).toHaveLength(1);
    expect(recorder.requests[0]!.headers.authorization).toBe('Bearer probe');
  });
});

describe('the message for `data` of the wrong shape', () => {
  it('reads as plain English for a list and for an object ("has no a list of objects" does not)', async () => {
    const server = await serve(reply(200, envelope('a string')));
    const runs = await Promise.all(
      COMMANDS.filter((cmd) => cmd.shape !== 'raw').map((cmd) => hire(cmd, server.origin)),
    );
    for (const run of runs) {
      expect(run.code, show(run)).toBe(1);
      expect(run.stderr, show(run)).toMatch(/`data`/);
      expect(run.stderr, show(run)).not.toMatch(/\bno an?\b/);
    }
  });
});

for (const cmd of COMMANDS) {
  const raw = cmd.shape === 'raw';

  describe(`hire ${cmd.name}`, () => {
    it('answers well-formed data with exit 0 (the scripted server itself is sound)', async () => {
      const server = await serve(reply(cmd.okStatus, envelope(goodData(cmd))));
      const [plain, json] = await both(cmd, server.origin);
      for (const run of [plain, json]) {
        expect(run.code, show(run)).toBe(0);
        expect(run.stdout, show(run)).toContain(
          cmd.name !== 'analytics' ? cmd.id : run === json ? '"average_score": 71.5' : 'Analytics',
        );
        expectComposed(run);
      }
      expectAsked(server, cmd, 2);
      expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    });

    it('refuses `data` of the wrong type (object for a list, list for an object, string, number, null, boolean)', async () => {
      for (const data of wrongData(cmd)) {
        const body = envelope(data);
        const server = await serve(reply(cmd.okStatus, body));
        const runs = await both(cmd, server.origin);
        if (raw) {
          for (const run of runs) expectPassedThrough(run, body);
        } else {
          expectBoth(runs, unreadable(/data/));
          expect(runs[0].stderr, show(runs[0])).toContain('invalid_response');
        }
        expectAsked(server, cmd, 2);
      }
    });

    it('renders records whose every field has the wrong type without crashing (piped, at a terminal, --json)', async () => {
      const data = mistypedData(cmd);
      const body = envelope(data);
      const server = await serve(reply(cmd.okStatus, body));
      const runs = await Promise.all([
        hire(cmd, server.origin),
        hire(cmd, server.origin, { tty: true }),
        hire(cmd, server.origin, { json: true }),
      ]);
      for (const run of runs) {
        expect(run.code, show(run)).toBe(0);
        expect(run.stdout.length, show(run)).toBeGreaterThan(0);
        expectComposed(run);
      }
      if (raw) expectPassedThrough(runs[2], body);
      else expect(JSON.parse(runs[2].stdout), show(runs[2])).toEqual(data);
    });

    it('refuses an answer with no envelope: a bare array, a bare object, {}, a bare string, JSON null', async () => {
      for (const body of [JSON.stringify([cmd.item]), '{}', JSON.stringify(cmd.item), '"ok"', 'null']) {
        const server = await serve(reply(cmd.okStatus, body));
        const runs = await both(cmd, server.origin);
        if (raw) for (const run of runs) expectPassedThrough(run, body);
        else expectBoth(runs, unreadable(/has no `data` envelope/));
      }
    });

    it('reports proxy HTML error pages by status: 502/503/504 → 1, 401/403 → 3, 404 → 1 (not the API answering)', async () => {
      for (const [status, title, exit] of [
        [502, 'Bad Gateway', 1],
        [503, 'Service Temporarily Unavailable', 1],
        [504, 'Gateway Time-out', 1],
        [401, 'Authorization Required', 3],
        [403, 'Forbidden', 3],
        [404, 'Not Found', 1],
      ] as const) {
        const page = proxyPage(status, title);
        const server = await serve(reply(status, page, 'text/html'));
        const runs = await both(cmd, server.origin);
        if (raw) {
          expectRawFailure(runs[0], status, exit);
          expect(runs[0].stderr).toContain(`${status} ${title}`);
        } else {
          expectBoth(runs, { exit, code: 'invalid_response', message: new RegExp(`HTTP ${status}\\b`) });
          expect(runs[0].stderr, show(runs[0])).toContain(title);
        }
        // No retries were asked for: one request per run; after a 404 from an operation the spec does
        // not publish, also the published list that tells "not offered" from "not there".
        const lookup = status === 404 ? followUp(cmd) : undefined;
        if (lookup)
          expect(server.requests.map((request) => `${request.method} ${request.path}`).sort()).toEqual(
            [`${cmd.method} ${cmd.path}`, `${cmd.method} ${cmd.path}`, lookup, lookup].sort(),
          );
        else expectAsked(server, cmd, 2);
      }
    });

    it('refuses a 200 with an HTML page (a captive portal, a login page)', async () => {
      const page =
        '<!doctype html><html><head><title>Sign in</title></head><body><form action="/login"><input name="user"></form></body></html>';
      const server = await serve(reply(cmd.okStatus, page, 'text/html; charset=utf-8'));
      const runs = await both(cmd, server.origin);
      if (raw) for (const run of runs) expectPassedThrough(run, page);
      else
        expectBoth(runs, unreadable(new RegExp(`HTTP ${cmd.okStatus} with a body that is not JSON \\(text/html\\)`)));
    });

    it('handles a 10 MB JSON body whose data is valid: exit 0', async () => {
      let data: unknown;
      let count = 1;
      if (cmd.shape === 'object') data = { ...cmd.item, padding: 'p'.repeat(10 * MB) };
      else {
        count = 2_000;
        data = Array.from({ length: count }, (_, index) => ({
          ...cmd.item,
          id: `${cmd.id}_${index}`,
          padding: 'p'.repeat(5_000),
        }));
      }
      const body = envelope(data);
      expect(body.length).toBeGreaterThan(10 * MB);
      const server = await serve(reply(cmd.okStatus, body));
      const [plain, json] = await both(cmd, server.origin);
      for (const run of [plain, json]) {
        expect(run.code, show(run)).toBe(0);
        expectComposed(run);
      }
      if (raw) expectPassedThrough(plain, body);
      else if (cmd.shape === 'list') {
        expect(plain.stdout.trimEnd().split('\n'), show(plain)).toHaveLength(count);
        expect(plain.stdout).toContain(`${cmd.id}_${count - 1}\t`);
        expect((JSON.parse(json.stdout) as unknown[]).length).toBe(count);
      } else {
        expect(plain.stdout).toContain(cmd.id);
        expect((JSON.parse(json.stdout) as { padding: string }).padding).toHaveLength(10 * MB);
      }
    });

    it('refuses a 10 MB body of random bytes with exit 1 and a short message', async () => {
      const garbage = randomBytes(10 * MB);
      garbage[0] = 0x7b; // `{`: it starts like JSON
      const server = await serve(reply(cmd.okStatus, garbage));
      const runs = await both(cmd, server.origin);
      if (raw) for (const run of runs) expectPassedThrough(run, garbage.toString('utf8'));
      else expectBoth(runs, unreadable(/is not JSON/));
    });

    it('stops reading a 70 MB body at 64 MiB: exit 1 "larger than 64 MiB", without reading it all', async () => {
      const sent: Streamed[] = [];
      const server = await serve(huge(70 * MB, sent));
      const runs = await both(cmd, server.origin);
      expectBoth(runs, { exit: 1, code: 'response_too_large', message: /larger than 64 MiB/ });
      expect(sent).toHaveLength(2);
    });

    it('stops reading a body that never ends at 64 MiB: the server never gets to send more than ~80 MiB', async () => {
      const sent: Streamed[] = [];
      const server = await serve(huge(Infinity, sent));
      // The cap, not the timeout, must end this: response_too_large, not timeout (the body never ends).
      const run = await hire(cmd, server.origin);
      expectFailure(run, { exit: 1, code: 'response_too_large', message: /larger than 64 MiB/ });
      expect(sent).toHaveLength(1);
      const stats = sent[0]!;
      expect(stats.finished).toBe(false);
      // The client hangs up once it has 64 MiB: what the server wrote is that plus socket buffers.
      await expect.poll(() => stats.closed, { timeout: 45_000 }).toBe(true);
      expect(stats.written).toBeGreaterThan(64 * MIB);
      expect(stats.written).toBeLessThan(80 * MIB);
    });

    it('times out a body that trickles forever: --timeout 1 → exit 6 "timed out after 1 s"', async () => {
      // The body never ends and keeps coming: only a timeout over the whole exchange, body included,
      // can end the command (one that waited for silence would never end).
      const server = await serve(trickle);
      const runs = await both(cmd, server.origin, ['--timeout', '1']);
      expectBoth(runs, { exit: 6, code: 'timeout', message: /timed out after 1 s/ });
      for (const run of runs) expect(run.ms, show(run)).toBeGreaterThanOrEqual(950);
      expectAsked(server, cmd, 2);
    });

    for (const status of [302, 307]) {
      it(`does not follow a ${status} to another host: that host receives nothing, exit 1 naming the redirect`, async () => {
        const elsewhere = await serve(reply(200, envelope(goodData(cmd))), '127.0.0.2');
        const location = `${elsewhere.origin}${cmd.path}`;
        const server = await serve(reply(status, '', 'text/plain', { location }));
        const runs = await both(cmd, server.origin);
        expect(elsewhere.connections).toBe(0);
        expect(elsewhere.requests).toEqual([]);
        expectAsked(server, cmd, 2);
        if (raw) {
          // `api` prints what it got; it still must not follow, must not exit 0 as if it had, and
          // must say that this was a redirect, and to where, as the other commands do.
          expectRawFailure(runs[0], status, 1);
          expect(runs[0].stderr, show(runs[0])).toMatch(/redirect/i);
          expect(runs[0].stderr, show(runs[0])).toContain(location);
        } else {
          expectBoth(runs, { exit: 1, code: 'redirect', message: /redirect/ });
          expect(runs[0].stderr, show(runs[0])).toContain(location);
          expect(runs[0].stderr, show(runs[0])).toMatch(/does not follow/);
        }
      });
    }

    it('decodes invalid UTF-8 inside JSON strings as U+FFFD (or refuses it cleanly), without crashing', async () => {
      const bad = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf0, 0x28, 0x8c]);
      const marker = 'Badbytes';
      let template: string;
      if (cmd.name === 'analytics')
        template = JSON.stringify({ data: { ...ANALYTICS, filters: { job_id: `${marker}@@` } } });
      else {
        const item: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(cmd.item))
          item[key] = typeof value === 'string' ? `${key === 'id' ? value : marker}@@` : value;
        template = JSON.stringify({ data: cmd.shape === 'object' ? item : [item] });
      }
      const parts = template.split('@@');
      const body = Buffer.concat(
        parts.flatMap((part, index) => (index === 0 ? [Buffer.from(part)] : [bad, Buffer.from(part)])),
      );
      const server = await serve(reply(cmd.okStatus, body));
      const runs = await Promise.all([
        hire(cmd, server.origin),
        hire(cmd, server.origin, { json: true }),
        hire(cmd, server.origin, { tty: true }),
      ]);
      for (const run of runs) {
        expect([0, 1], show(run)).toContain(run.code);
        if (run.code === 0) {
          expect(run.stdout, show(run)).toContain('\uFFFD');
          expect(run.stdout, show(run)).toContain(marker);
          expectComposed(run);
        } else if (run === runs[1]) {
          expectJsonFailure(run, unreadable(/./));
        } else expectFailure(run, unreadable(/./));
      }
      if (runs[1].code === 0 && !raw) expect(JSON.stringify(JSON.parse(runs[1].stdout))).toContain('\uFFFD');
    });

    it('reports a connection closed in the middle of the headers as a network failure: exit 6', async () => {
      const server = await cutMidHeaders();
      const runs = await both(cmd, server.origin);
      expectBoth(runs, { exit: 6, code: 'network_error', message: /Cannot reach http:\/\/127\.0\.0\.1:\d+/ });
      expect(server.connections).toBe(2);
    });
  });
}
