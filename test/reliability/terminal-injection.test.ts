// Terminal injection (issue 15, item 1; docs/output.md "Text from outside"): whatever a
// server, an id echoed back by the emulator or a data file puts into what hire shows, nothing on
// stdout or stderr is a control character hire did not write itself (C0 but the newlines of its own
// messages, C1, DEL, U+2028/2029, bidi overrides), nothing is invalid UTF-8, and --json stays JSON
// that parses to what the server sent.
//
// Property-based (fast-check) through main() in-process, against scripted loopback servers (and a
// raw TCP one for header bytes) and the emulator; piped, --json, at a terminal, and in colour.
// Every property runs a fixed number of times from a fixed seed; FC_SEED=N replays another. The
// number of inputs tried is printed when the file ends.
import { writeFileSync } from 'node:fs';
import { createServer as createNetServer, type Socket } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { DESCRIPTION, captureIO } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { serve, type Handler } from '../helpers/scripted-server.js';
import { properties } from '../helpers/properties.js';

const { property } = properties('terminal injection', 20_261_215);
const KEY = 'hk_test_inject_Qw7Er4Ty1Ui8Op3As6';
/** No retries (a hostile answer is as hostile the second time) and no prompts. */
const COMMON = ['--max-retries', '0', '--no-input'];

/** What must never reach a person unescaped: C0 but LF, DEL, C1, line separators, bidi controls. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The colour codes hire's own painter writes (chalk at level 1): bold, dim, red, green, yellow, cyan, their ends. */
const OUR_COLOURS = /\u001b\[(?:1|2|22|31|32|33|36|39)m/g;

// ---------------------------------------------------------------------------------------------
// Hostile text

/** Terminal escapes and spoofing, whole: CSI, OSC (title, hyperlink), 8-bit CSI, fake lines. */
const SEQUENCES = [
  '\u001b[31m',
  '\u001b[2J\u001b[H',
  '\u001b]0;PWN\u0007',
  '\u001b]8;;https://evil.example\u001b\\',
  '\u009b2J',
  '\u009d0;PWN\u009c',
  '\u001bP+q\u001b\\',
  '\r',
  '\n',
  '\r\nError: fake\n',
  '\b\b\b',
  '\u0000',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u2066',
  '\u200f',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\ufffd',
  'é',
  '😀',
  'a',
  ' ',
];
const codePoint = fc
  .oneof(
    fc.integer({ min: 0, max: 0x10ffff }), // any, lone surrogates included
    fc.integer({ min: 0, max: 0xa0 }), // C0, DEL, C1
    fc.integer({ min: 0xd800, max: 0xdfff }), // lone surrogates
    fc.constantFrom(0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069),
  )
  .map((code) => String.fromCodePoint(code));
const hostile = fc.oneof(
  fc.string({ unit: codePoint, maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...SEQUENCES), maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
/**
 * Bytes for a header value: mostly what HTTP parsers let through (TAB, printable ASCII, 0x80-0xFF,
 * which is C1 when read as latin1), sometimes any byte but CR and LF (which would end the header).
 */
const headerBytes = fc
  .oneof(
    {
      weight: 4,
      arbitrary: fc.array(
        fc.oneof(fc.constant(9), fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })),
        { maxLength: 40 },
      ),
    },
    { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 0xff }), { maxLength: 40 }) },
  )
  .map((bytes) => Buffer.from(bytes.filter((byte) => byte !== 10 && byte !== 13)));

const JOB = {
  id: 'job_1',
  title: 'Backend Engineer',
  description: DESCRIPTION,
  status: 'draft',
  candidate_count: 0,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
};

// ---------------------------------------------------------------------------------------------
// Running hire and checking what it wrote

type Mode = 'piped' | 'json' | 'terminal' | 'colour';
const MODES: Mode[] = ['piped', 'json', 'terminal', 'colour'];

interface Run {
  argv: string[];
  mode: Mode;
  code: number;
  stdout: string;
  stderr: string;
  bytes: { stdout: Buffer; stderr: Buffer };
}

async function hire(box: Sandbox, argv: string[], mode: Mode, env: Record<string, string> = {}): Promise<Run> {
  // Flags before a `--` (after it, everything is an argument).
  const flags = [...COMMON, ...(mode === 'json' ? ['--json'] : [])];
  const split = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const full = [...argv.slice(0, split), ...flags, ...argv.slice(split)];
  const captured = captureIO({ argv: full, tty: mode === 'terminal' || mode === 'colour' });
  const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  captured.io.stdout.on('data', (chunk: Buffer) => chunks.stdout.push(Buffer.from(chunk)));
  captured.io.stderr.on('data', (chunk: Buffer) => chunks.stderr.push(Buffer.from(chunk)));
  const colour = mode === 'colour' ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' };
  const code = await main(full, captured.io, { ...box.env, ...colour, ...env });
  return {
    argv: full,
    mode,
    code,
    stdout: captured.stdout(),
    stderr: captured.stderr(),
    bytes: { stdout: Buffer.concat(chunks.stdout), stderr: Buffer.concat(chunks.stderr) },
  };
}

function show(run: Run): string {
  return `hire ${JSON.stringify(run.argv)} (${run.mode}) → exit ${run.code}\nstdout: ${JSON.stringify(run.stdout)}\nstderr: ${JSON.stringify(run.stderr)}`;
}

/**
 * Nothing raw: valid UTF-8, and no control character but LF, and but what hire writes itself: its
 * colour codes in colour, the TABs between the columns of a piped table on stdout.
 */
function expectInert(run: Run): void {
  for (const stream of ['stdout', 'stderr'] as const) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(run.bytes[stream]);
    } catch {
      throw new Error(`${stream} is not valid UTF-8\n${show(run)}`);
    }
    if (run.mode === 'colour') text = text.replace(OUR_COLOURS, '');
    if (run.mode === 'piped' && stream === 'stdout') text = text.replace(/\t/g, ' ');
    const found = CONTROL.exec(text);
    if (found) {
      const code = found[0].codePointAt(0)!.toString(16).padStart(4, '0');
      throw new Error(`${stream} holds U+${code} at ${found.index}\n${show(run)}`);
    }
  }
  expect(run.stderr, show(run)).not.toMatch(/unexpected failure|^\s+at\s/m);
  expect(run.stdout + run.stderr, show(run)).not.toContain(KEY);
}

/** An error: a non-zero exit, nothing on stdout, and with --json one JSON document on stderr. */
function expectInertFailure(run: Run): unknown {
  expectInert(run);
  expect(run.code, show(run)).not.toBe(0);
  expect(run.stdout, show(run)).toBe('');
  if (run.mode !== 'json') return undefined;
  try {
    return JSON.parse(run.stderr);
  } catch {
    throw new Error(`stderr is not one JSON document\n${show(run)}`);
  }
}

/** A scripted server whose every answer is the one last set (runs of a property are sequential). */
async function switchable(): Promise<{ env: Record<string, string>; answer(handler: Handler): void }> {
  let current: Handler = (_req, res) => res.end();
  const server = await serve((req, res, body) => current(req, res, body));
  return {
    env: { HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY },
    answer: (handler) => (current = handler),
  };
}

function send(status: number, body: string | Buffer, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };
}

// ---------------------------------------------------------------------------------------------
// A raw TCP server, for header bytes that node:http would refuse to send

const sockets = new Set<Socket>();
const netServers: ReturnType<typeof createNetServer>[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of netServers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function rawServer(): Promise<{ env: Record<string, string>; answer(response: Buffer): void }> {
  let response: Buffer = Buffer.from('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let seen = '';
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (seen.includes('\r\n\r\n')) socket.end(response);
    });
  });
  netServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    env: { HIRE_BASE_URL: `http://127.0.0.1:${port}/api/v1`, HIRE_API_KEY: KEY },
    answer: (bytes) => (response = bytes),
  };
}

// ---------------------------------------------------------------------------------------------
// The examples of the issue

describe('the examples of issue 15', () => {
  it('a job status of "active\\e[31m" is shown escaped in "Job job_1 is …", with a newline in it kept on its line', async () => {
    const box = await sandbox();
    const server = await switchable();
    for (const status of ['active\u001b[31m', 'active\nError: fake line']) {
      server.answer(send(200, JSON.stringify({ data: { ...JOB, status }, meta: { request_id: 'req_1' } })));
      const run = await hire(box, ['jobs', 'publish', 'job_1'], 'piped', server.env);
      expectInertFailure(run);
      expect(run.stderr, show(run)).toContain(
        status === 'active\u001b[31m'
          ? 'Job job_1 is active\\u001b[31m: publish works on draft jobs'
          : 'Job job_1 is active\\nError: fake line:',
      );
      expect(run.stderr, show(run)).not.toMatch(/^Error: fake/m);
    }
  });

  it("an id with an OSC title sequence, echoed in the emulator's 404, is shown escaped; --json keeps it exactly", async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const env = { HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key };
    const id = 'job_\u001b]0;PWN\u0007';
    const plain = await hire(box, ['jobs', 'get', id], 'piped', env);
    expectInertFailure(plain);
    expect(plain.code).toBe(4);
    expect(plain.stderr, show(plain)).toContain('No job with id job_\\u001b]0;PWN\\u0007.');
    const json = await hire(box, ['jobs', 'get', id], 'json', env);
    const envelope = expectInertFailure(json) as { error: { message: string } };
    expect(envelope.error.message).toBe(`No job with id ${id}.`);
  });

  it('a non-JSON body with NUL bytes, invalid UTF-8 and escapes is quoted inert', async () => {
    const box = await sandbox();
    const server = await switchable();
    const body = Buffer.concat([
      Buffer.from('<h1>down'),
      Buffer.from([0x00, 0xff, 0xfe, 0xc3]),
      Buffer.from('\u001b[2J\u001b]0;PWN\u0007\u009b31m\u202e</h1>'),
    ]);
    server.answer(send(502, body, { 'content-type': 'text/html' }));
    for (const mode of MODES) {
      const run = await hire(box, ['jobs', 'get', 'job_1'], mode, server.env);
      expectInertFailure(run);
      expect(run.code).toBe(1);
      if (mode !== 'json')
        expect(run.stderr, show(run)).toContain(
          '<h1>down\\u0000\ufffd\ufffd\ufffd\\u001b[2J\\u001b]0;PWN\\u0007\\u009b31m\\u202e</h1>',
        );
    }
  });

  it("error.code, details keys and values and request_id from the server are escaped; in colour only hire's colours remain", async () => {
    const box = await sandbox();
    const server = await switchable();
    const envelope = {
      error: {
        code: 'bad\u001b[2Jcode',
        message: 'Invalid\u009b2J input\nError: fake',
        status: 400,
        details: { 'title\u001b]0;x\u0007': 'is wrong\u202e' },
      },
      meta: { request_id: 'req_\u0007\u0085' },
    };
    server.answer(send(400, JSON.stringify(envelope)));
    for (const mode of MODES) {
      const run = await hire(box, ['jobs', 'get', 'job_1'], mode, server.env);
      const parsed = expectInertFailure(run);
      if (mode === 'json') {
        expect(parsed).toEqual(envelope);
        continue;
      }
      const text = run.stderr.replace(OUR_COLOURS, '');
      expect(text, show(run)).toContain('Error: Invalid\\u009b2J input\\nError: fake (bad\\u001b[2Jcode, HTTP 400)');
      expect(text, show(run)).toContain('  title\\u001b]0;x\\u0007: is wrong\\u202e');
      expect(text, show(run)).toContain('Request ID: req_\\u0007\\u0085');
    }
  });

  it('a Sunset header with C1 bytes becomes an inert warning', async () => {
    const box = await sandbox();
    const server = await rawServer();
    const body = JSON.stringify({ data: [JOB] });
    server.answer(
      Buffer.concat([
        Buffer.from(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ndeprecation: true\r\nsunset: Tue\u009b2J, 1 Jul\u0085 2031\r\n',
          'latin1',
        ),
        Buffer.from(`content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`),
      ]),
    );
    const run = await hire(box, ['jobs', 'list'], 'piped', server.env);
    expectInert(run);
    expect(run.code, show(run)).toBe(0);
    expect(run.stderr, show(run)).toContain('Warning: API version deprecated');
    expect(run.stderr, show(run)).toContain('Tue\\u009b2J, 1 Jul\\u0085 2031');
  });

  it('a hostile line of an import file is quoted inert in the error', async () => {
    const box = await sandbox();
    const file = join(box.root, 'jobs.ndjson');
    writeFileSync(
      file,
      `${JSON.stringify({ title: 'Fine', description: DESCRIPTION })}\n\u001b]0;PWN\u0007\u001b[2J\u009b31m\u202e{"title": 1}\n`,
    );
    for (const mode of MODES) {
      const run = await hire(box, ['jobs', 'import', file], mode, {
        HIRE_BASE_URL: 'http://127.0.0.1:9/api/v1',
        HIRE_API_KEY: KEY,
      });
      expectInertFailure(run);
      expect(run.code).toBe(2);
      if (mode === 'piped')
        expect(run.stderr, show(run)).toMatch(/row 2 \(line 2\): is not valid JSON \(.*\\u001b\]0;PWN/);
    }
  });

  it("the analytics summary and its --json show the server's keys and values inert", async () => {
    const box = await sandbox();
    const server = await switchable();
    const data = {
      filters: { job_id: 'job_\u001b]0;PWN\u0007', from: '2026\u009b2J', to: null },
      jobs: { total: '3\u001b[2J', by_status: { 'active\u001b[31m': 2 } },
      candidates: { total: 1, assessed: '\u0085', average_score: '\u202e99', by_status: { new: 1 } },
      assessments: { generated: '\u2029' },
      funnel: [{ status: 'new\u2028', count: '1\u0007' }],
    };
    server.answer(send(200, JSON.stringify({ data })));
    for (const mode of MODES) {
      const run = await hire(box, ['analytics'], mode, server.env);
      expectInert(run);
      expect(run.code, show(run)).toBe(0);
      if (mode === 'json') expect(JSON.parse(run.stdout)).toEqual(data);
      else expect(run.stdout.replace(OUR_COLOURS, ''), show(run)).toContain('job job_\\u001b]0;PWN\\u0007');
    }
  });

  it("`api PATH` names the server's error code inert; `auth status` quotes the server's refusal inert", async () => {
    const box = await sandbox();
    const server = await switchable();
    server.answer(send(401, JSON.stringify({ error: { code: 'bad\u001b[2J', message: 'Refused\u001b]0;PWN\u0007' } })));
    const api = await hire(box, ['api', '/jobs'], 'piped', server.env);
    expectInert(api);
    expect(api.stderr, show(api)).toContain('HTTP 401 bad\\u001b[2J');
    const status = await hire(box, ['auth', 'status'], 'piped', server.env);
    expectInert(status);
    expect(status.stderr, show(status)).toContain('Refused\\u001b]0;PWN\\u0007');
  });

  it('stdout --json escapes C1, DEL and bidi characters as \\uXXXX and still parses to the same value', async () => {
    const box = await sandbox();
    const server = await switchable();
    const title = 'Eng\u009b2J\u007f\u202e\u2028\u2066 \u001b[31m\ud800';
    server.answer(send(200, JSON.stringify({ data: { ...JOB, title } })));
    const run = await hire(box, ['jobs', 'get', 'job_1'], 'json', server.env);
    expectInert(run);
    expect(run.stdout).toContain('"title": "Eng\\u009b2J\\u007f\\u202e\\u2028\\u2066 \\u001b[31m\\ud800"');
    expect((JSON.parse(run.stdout) as { title: string }).title).toBe(title);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

describe('arbitrary server text never reaches the terminal raw', () => {
  const COMMANDS = [
    ['jobs', 'get', 'job_1'],
    ['jobs', 'list'],
    ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION],
    ['jobs', 'delete', 'job_1', '--yes'],
    ['candidates', 'list'],
    ['analytics'],
  ];

  it('in every field of an error envelope: error.code, error.message, details keys and values, request_id', async () => {
    const box = await sandbox();
    const server = await switchable();
    const envelope = fc.record({
      status: fc.constantFrom(400, 401, 403, 404, 409, 413, 422, 429, 500, 503),
      code: hostile,
      message: hostile,
      details: fc.option(
        fc.dictionary(hostile, fc.oneof(hostile, fc.array(hostile, { maxLength: 2 })), { maxKeys: 3 }),
        { nil: undefined },
      ),
      requestId: fc.option(hostile, { nil: undefined }),
    });
    await property(
      'error envelope',
      fc.tuple(envelope, fc.constantFrom(...COMMANDS), fc.constantFrom(...MODES)),
      500,
      async ([fields, argv, mode]) => {
        const body = JSON.stringify({
          error: {
            code: fields.code,
            message: fields.message,
            status: fields.status,
            ...(fields.details ? { details: fields.details } : {}),
          },
          ...(fields.requestId === undefined ? {} : { meta: { request_id: fields.requestId } }),
        });
        server.answer(send(fields.status, body));
        const run = await hire(box, argv, mode, server.env);
        const parsed = expectInertFailure(run);
        if (mode === 'json') expect(JSON.stringify(parsed), show(run)).toBe(JSON.stringify(JSON.parse(body)));
      },
    );
  });

  it("in a record's fields and in a job status put into a local message", async () => {
    const box = await sandbox();
    const server = await switchable();
    const record = fc.record({ status: hostile, title: hostile, department: hostile, id: hostile });
    const argvs = [
      ['jobs', 'get', 'job_1'],
      ['jobs', 'publish', 'job_1'],
      ['jobs', 'reopen', 'job_1'],
    ];
    await property(
      'record and status',
      fc.tuple(record, fc.constantFrom(...argvs), fc.constantFrom(...MODES)),
      300,
      async ([fields, argv, mode]) => {
        server.answer((req, res) => {
          if (req.method === 'GET') return send(200, JSON.stringify({ data: { ...JOB, ...fields } }))(req, res, '');
          send(409, JSON.stringify({ error: { code: 'conflict', message: `Job is ${fields.status}.` } }))(req, res, '');
        });
        const run = await hire(box, argv, mode, server.env);
        expectInert(run);
        if (mode === 'json' && run.code === 0)
          expect(JSON.parse(run.stdout), show(run)).toEqual(JSON.parse(JSON.stringify({ ...JOB, ...fields })));
      },
    );
  });

  it('in a body that is not JSON: any bytes, any status, any content type', async () => {
    const box = await sandbox();
    const server = await switchable();
    const answer = fc.record({
      status: fc.constantFrom(200, 400, 401, 404, 500, 502),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 200 }),
        hostile.map((text) => new Uint8Array(Buffer.from(`<p>${text}`))),
      ),
      // node:http sends header values as latin1 and lets the C1 range through (not DEL).
      type: fc.string({
        unit: fc
          .integer({ min: 0x20, max: 0xff })
          .filter((code) => code !== 0x7f)
          .map((code) => String.fromCharCode(code)),
        maxLength: 20,
      }),
    });
    await property(
      'non-JSON body',
      fc.tuple(answer, fc.constantFrom(...COMMANDS), fc.constantFrom(...MODES)),
      400,
      async ([body, argv, mode]) => {
        const bytes = Buffer.from(body.bytes);
        // Bytes that happen to be an envelope are the first property's business.
        if (bytes.length > 0 && /^\s*[[{"\d-tfn]/.test(bytes.toString('latin1'))) bytes[0] = 0x3c;
        server.answer(send(body.status, bytes, { 'content-type': body.type.trim() === '' ? 'text/plain' : body.type }));
        const run = await hire(box, argv, mode, server.env);
        expectInertFailure(run);
      },
    );
  });

  it('in header bytes: Sunset (with Deprecation), X-Request-Id and Content-Type', async () => {
    const box = await sandbox();
    const server = await rawServer();
    const answer = fc.record({
      status: fc.constantFrom(200, 404, 502),
      sunset: headerBytes,
      requestId: headerBytes,
      type: headerBytes,
    });
    await property('headers', fc.tuple(answer, fc.constantFrom(...MODES)), 300, async ([headers, mode]) => {
      const body =
        headers.status === 200
          ? JSON.stringify({ data: [JOB] })
          : headers.status === 404
            ? JSON.stringify({ error: { code: 'not_found', message: 'No such job.' } })
            : 'Bad gateway';
      server.answer(
        Buffer.concat([
          Buffer.from(`HTTP/1.1 ${headers.status} X\r\ndeprecation: true\r\nsunset: `),
          headers.sunset,
          Buffer.from('\r\nx-request-id: '),
          headers.requestId,
          Buffer.from(`\r\ncontent-type: ${headers.status === 502 ? 'text/html; x=' : 'application/json; x='}`),
          headers.type,
          Buffer.from(`\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`),
        ]),
      );
      const run = await hire(box, ['jobs', 'list'], mode, server.env);
      expectInert(run);
    });
  });

  it('in an id that the emulator echoes in its 404 message', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const env = { HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key };
    // Ids as a shell can pass them: whole code points (argv cannot carry lone surrogates).
    const id = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
      fc.string({
        unit: fc.constantFrom(...SEQUENCES.filter((s) => !/[\ud800-\udfff]/.test(s))),
        minLength: 1,
        maxLength: 8,
      }),
    );
    const argvs = [
      ['jobs', 'get'],
      ['candidates', 'get'],
      ['assessments', 'get'],
      ['jobs', 'publish'],
      ['jobs', 'delete', '--yes'],
    ];
    await property(
      '404 echo',
      fc.tuple(id, fc.constantFrom(...argvs), fc.constantFrom(...MODES)),
      300,
      async ([value, argv, mode]) => {
        const run = await hire(box, [...argv, '--', value], mode, env);
        expectInertFailure(run);
      },
    );
  });

  it('in the bytes of an import file', async () => {
    const box = await sandbox();
    const server = await switchable();
    server.answer(send(500, JSON.stringify({ error: { code: 'internal\u001b[2J', message: 'boom\u009b2J' } })));
    const file = fc.record({
      format: fc.constantFrom('ndjson', 'csv', 'json'),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
        fc.array(hostile, { minLength: 1, maxLength: 4 }).map((lines) => Buffer.from(lines.join('\n'))),
        fc
          .tuple(hostile, hostile)
          .map(([title, city]) =>
            Buffer.from(`title,description,location.city\n${JSON.stringify(title)},${DESCRIPTION},${city}\n`),
          ),
      ),
    });
    let count = 0;
    await property('import file', fc.tuple(file, fc.constantFrom(...MODES)), 300, async ([input, mode]) => {
      const path = join(box.root, `import-${count++}.${input.format}`);
      writeFileSync(path, input.bytes);
      const run = await hire(
        box,
        ['jobs', 'import', path, '--failures-file', join(box.root, `left-${count}.ndjson`)],
        mode,
        server.env,
      );
      expectInert(run);
    });
  });
});

describe('argv quoted back by the parser', () => {
  it('an unknown option or command with escape sequences is named escaped, exit 2', async () => {
    const box = await sandbox();
    for (const argv of [
      ['jobs', 'list', '--\u001b]0;PWN\u0007x'],
      ['jobs', '\u001b[2J\u009bwipe'],
      ['jobs', 'list', '--status', 'a\u202ed'],
    ]) {
      for (const mode of ['piped', 'terminal'] as Mode[]) {
        const run = await hire(box, argv, mode);
        expectInert(run);
        expect(run.code, show(run)).toBe(2);
      }
    }
  });
});
