// What `hire api` prints (issue 19): indented and coloured at a terminal, the server's bytes when
// piped, -i/--include for the status line and headers, --paginate --slurp for one merged array.
// In-process main() with a terminal or piped io, against the emulator and scripted servers.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, ENVIRONMENT_LINE, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { reply, serve, type Handler } from '../helpers/scripted-server.js';

const KEY = 'hk_test_api_output_0123456789abcdef';
const ESC = '\u001b';
const ANSI = /\u001b\[[0-9;]*m/g;
const plain = (text: string) => text.replace(ANSI, '');

// chalk at level 1, as the painter nests them: keys bold cyan, strings green, numbers yellow,
// true/false/null dim.
const KEY_COLOUR = (text: string) => `${ESC}[1m${ESC}[36m${text}${ESC}[39m${ESC}[22m`;
const STRING_COLOUR = (text: string) => `${ESC}[32m${text}${ESC}[39m`;
const NUMBER_COLOUR = (text: string) => `${ESC}[33m${text}${ESC}[39m`;
const LITERAL_COLOUR = (text: string) => `${ESC}[2m${text}${ESC}[22m`;

async function scripted(...handlers: Handler[]) {
  const server = await serve(...handlers);
  const box = await sandbox();
  return {
    env: { ...box.env, HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY },
    requests: server.requests,
  };
}

async function emulated(): Promise<{ env: Record<string, string>; emu: TestEmulator }> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir);
  return { env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key }, emu };
}

async function createJob(emu: TestEmulator, publish = false): Promise<string> {
  const response = await emu.call('POST', '/jobs', {
    body: { title: 'Backend Engineer', description: DESCRIPTION, publish },
  });
  expect(response.status).toBe(201);
  return response.json.data.id as string;
}

function expectOk(result: RunResult): void {
  // Nothing but the line naming the environment, which a terminal gets before any output.
  expect(result.stderr.replace(ENVIRONMENT_LINE, ''), 'stderr of a command expected to succeed').toBe('');
  expect(result.code).toBe(0);
}

describe('hire api at a terminal: indented and coloured', () => {
  it('colours keys, strings, numbers and true/false/null apart, with two-space indents', async () => {
    const { env } = await scripted(
      reply(200, '{"data":{"s":"text","n":-1.5e3,"t":true,"f":false,"z":null,"e":[],"o":{},"l":[1,"two"]}}'),
    );
    const result = await runCli(['api', '/things/1'], { env, tty: true });
    expectOk(result);
    const k = (name: string) => KEY_COLOUR(`"${name}"`);
    expect(result.stdout).toBe(
      [
        '{',
        `  ${k('data')}: {`,
        `    ${k('s')}: ${STRING_COLOUR('"text"')},`,
        `    ${k('n')}: ${NUMBER_COLOUR('-1.5e3')},`,
        `    ${k('t')}: ${LITERAL_COLOUR('true')},`,
        `    ${k('f')}: ${LITERAL_COLOUR('false')},`,
        `    ${k('z')}: ${LITERAL_COLOUR('null')},`,
        `    ${k('e')}: [],`,
        `    ${k('o')}: {},`,
        `    ${k('l')}: [`,
        `      ${NUMBER_COLOUR('1')},`,
        `      ${STRING_COLOUR('"two"')}`,
        '    ]',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it("prints the emulator's envelope as JSON.stringify(…, null, 2) would, once colour is taken off", async () => {
    const { env, emu } = await emulated();
    const id = await createJob(emu);
    const result = await runCli(['api', '/jobs'], { env, tty: true });
    expectOk(result);
    expect(result.stdout).toMatch(ANSI);
    const text = plain(result.stdout);
    const envelope = JSON.parse(text) as { data: { id: string }[] };
    expect(envelope.data.map((job) => job.id)).toEqual([id]);
    expect(text).toBe(`${JSON.stringify(envelope, null, 2)}\n`);
  });

  it('keeps numbers and escapes as the server wrote them (a 20-digit id is not rounded)', async () => {
    const body = '{"data":{"id":12345678901234567890,"ratio":1.0,"name":"caf\\u00e9 \\"x\\""}}';
    const { env } = await scripted(reply(200, body));
    const result = await runCli(['api', '/things/1'], { env, tty: true });
    expectOk(result);
    const text = plain(result.stdout);
    expect(text).toContain('"id": 12345678901234567890,');
    expect(text).toContain('"ratio": 1.0,');
    expect(text).toContain('"name": "caf\\u00e9 \\"x\\""');
  });

  it('writes control characters the terminal would obey as \\uXXXX, and the JSON still parses to the same value', async () => {
    const name = 'Eng\u009b2J\u202e\u2028 \u007f';
    const { env } = await scripted(reply(200, `{"data":{"name":"${name}","\u009bkey":1}}`));
    const result = await runCli(['api', '/things/1'], { env, tty: true });
    expectOk(result);
    expect(result.stdout).not.toMatch(/[\u007f-\u009f\u2028\u202e]/);
    expect(plain(result.stdout)).toContain('"name": "Eng\\u009b2J\\u202e\\u2028 \\u007f"');
    expect(JSON.parse(plain(result.stdout))).toEqual({ data: { name, '\u009bkey': 1 } });
  });

  it('with NO_COLOR or --no-color: indented, no colour', async () => {
    const body = '{"data":{"id":"job_1","n":2}}';
    const expected = `${JSON.stringify(JSON.parse(body), null, 2)}\n`;
    const { env } = await scripted(reply(200, body));
    for (const [argv, extra] of [
      [['api', '/jobs/job_1'], { NO_COLOR: '1' }],
      [['api', '/jobs/job_1', '--no-color'], {}],
    ] as const) {
      const result = await runCli([...argv], { env: { ...env, ...extra }, tty: true });
      expectOk(result);
      expect(result.stdout).toBe(expected);
    }
  });

  it('piped: the bytes the server sent, spacing and all', async () => {
    const body = '{"data": {"id":12345678901234567890,  "ratio":1.0}, "meta":{"request_id":"req_1"}}';
    const { env } = await scripted(reply(200, body));
    const result = await runCli(['api', '/things/1'], { env });
    expectOk(result);
    expect(result.stdout).toBe(`${body}\n`);
  });

  it('piped with FORCE_COLOR: indented and coloured as at a terminal', async () => {
    const { env } = await scripted(reply(200, '{"data":{"n":1}}'));
    const result = await runCli(['api', '/things/1'], { env: { ...env, FORCE_COLOR: '1' } });
    expectOk(result);
    expect(result.stdout).toBe(
      `{\n  ${KEY_COLOUR('"data"')}: {\n    ${KEY_COLOUR('"n"')}: ${NUMBER_COLOUR('1')}\n  }\n}\n`,
    );
  });

  it('an error body on a terminal stderr is indented too; stdout stays empty; exit 4', async () => {
    const { env } = await emulated();
    const result = await runCli(['api', '/jobs/job_missing'], { env, tty: true });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    // After the line naming the environment, the body, then the status.
    const lines = plain(result.stderr.replace(ENVIRONMENT_LINE, '')).split('\n');
    const at = lines.findIndex((line) => line.startsWith('HTTP 404'));
    const body = lines.slice(0, at).join('\n');
    const parsed = JSON.parse(body) as { error: { code: string } };
    expect(parsed.error.code).toBe('not_found');
    expect(body).toBe(JSON.stringify(parsed, null, 2));
  });

  it('a body that is not JSON is shown as it is, but inert', async () => {
    const { env } = await scripted((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('plain \u001b[2J text');
    });
    const result = await runCli(['api', '/things/1'], { env, tty: true });
    expectOk(result);
    expect(result.stdout).toBe('plain \\u001b[2J text\n');
  });
});

describe('hire api -i/--include', () => {
  it('piped: the status line and headers (sorted, canonical names), an empty line, then the body as received', async () => {
    const body = '{"data": {"id": "job_1"}}';
    const { env, requests } = await scripted(
      reply(200, body, { 'X-Request-Id': 'req_9', 'x-ratelimit-remaining': '99' }),
    );
    for (const flag of ['-i', '--include']) {
      const result = await runCli(['api', '/jobs/job_1', flag], { env });
      expectOk(result);
      const [head, rest] = result.stdout.split('\n\n');
      const lines = head!.split('\n');
      expect(lines[0]).toBe('HTTP/1.1 200 OK');
      expect(lines).toContain('Content-Type: application/json; charset=utf-8');
      expect(lines).toContain('X-Request-Id: req_9');
      expect(lines).toContain('X-Ratelimit-Remaining: 99');
      const names = lines.slice(1).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(rest).toBe(`${body}\n`);
      expect(result.stdout).not.toMatch(/authorization|bearer/i);
      expect(result.stdout).not.toContain(KEY);
    }
    expect(requests).toHaveLength(2);
  });

  it("shows the emulator's rate-limit headers, never the request's Authorization, and a server's header value inert", async () => {
    const { env } = await emulated();
    const result = await runCli(['api', '/jobs', '-i'], { env });
    expectOk(result);
    expect(result.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(result.stdout).toMatch(/^X-Ratelimit-Limit: \d+$/m);
    expect(result.stdout).not.toMatch(/^Authorization/im);
    expect(result.stdout).not.toContain(env.HIRE_API_KEY);
    const hostile = await scripted(reply(200, '{}', { 'x-note': 'a\u0085b' }));
    const marked = await runCli(['api', '/x', '-i'], { env: hostile.env });
    expect(marked.stdout).toContain('X-Note: a\\u0085b\n');
  });

  it('at a terminal: the status line and names coloured, the body indented', async () => {
    const { env } = await scripted(reply(201, '{"data":{"n":1}}'));
    const result = await runCli(['api', '/things', '-X', 'POST', '-i'], { env, tty: true });
    expectOk(result);
    expect(result.stdout.startsWith(`${ESC}[1m${ESC}[32mHTTP/1.1 201 Created${ESC}[39m${ESC}[22m\n`)).toBe(true);
    expect(result.stdout).toContain(`${ESC}[36mContent-Type${ESC}[39m: application/json; charset=utf-8\n`);
    expect(plain(result.stdout).split('\n\n')[1]).toBe('{\n  "data": {\n    "n": 1\n  }\n}\n');
  });

  it('on a 404: the head on stdout, the body on stderr, exit 4', async () => {
    const { env } = await emulated();
    const result = await runCli(['api', '/jobs/job_missing', '-i'], { env });
    expect(result.code).toBe(4);
    expect(result.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n(?:[A-Z][\w-]*: .*\n)+\n$/);
    expect(result.stderr).toContain('"not_found"');
  });

  it('with --paginate: a head before each page', async () => {
    const pages = [1, 2].map((page) => `{"data":[{"id":"c${page}"}],"meta":{"current_page":${page},"total_pages":2}}`);
    let served = 0;
    const { env } = await scripted((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(pages[served++]);
    });
    const result = await runCli(['api', '/candidates', '--paginate', '-i'], { env });
    expectOk(result);
    expect(result.stdout.match(/^HTTP\/1\.1 200 OK$/gm)).toHaveLength(2);
    expect(result.stdout.endsWith(`\n\n${pages[1]}\n`)).toBe(true);
  });
});

describe('hire api --paginate --slurp', () => {
  it("merges every page's data into one array: 45 candidates over 3 pages, each once", async () => {
    const { env, emu } = await emulated();
    const jobId = await createJob(emu, true);
    const simulated = await fetch(`${emu.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: jobId, applications: 45 }),
    });
    expect(simulated.status).toBe(201);
    const piped = await runCli(['api', '/candidates', '--paginate', '--slurp', '-F', 'per_page=20'], { env });
    expectOk(piped);
    expect(piped.stdout.split('\n')).toHaveLength(2); // one line, then the final newline
    const items = JSON.parse(piped.stdout) as { id: string; job_id: string }[];
    expect(items).toHaveLength(45);
    expect(new Set(items.map((item) => item.id)).size).toBe(45);
    expect(new Set(items.map((item) => item.job_id))).toEqual(new Set([jobId]));
    // Each item as the emulator wrote it (JSON.stringify): the same text once re-serialised.
    expect(piped.stdout).toBe(`${JSON.stringify(items)}\n`);

    const terminal = await runCli(['api', '/candidates', '--paginate', '--slurp', '-F', 'per_page=20'], {
      env,
      tty: true,
    });
    expectOk(terminal);
    expect(terminal.stdout).toMatch(ANSI);
    expect(plain(terminal.stdout)).toBe(`${JSON.stringify(items, null, 2)}\n`);
  });

  it("keeps each item's bytes, takes a page whose data is an object as one item, and stops at an empty page", async () => {
    // total_pages says 5: the empty third page ends the walk (a server may claim any number).
    const pages = [
      '{"data": [{"id": 1.0}, {"id":12345678901234567890}], "meta": {"total_pages": 5}}',
      '{"meta":{"total_pages":5},"data":{"id":"last"}}',
      '{"data":[],"meta":{"total_pages":5}}',
    ];
    let served = 0;
    const { env, requests } = await scripted((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(pages[served++]);
    });
    const result = await runCli(['api', '/things', '--paginate', '--slurp'], { env });
    expectOk(result);
    expect(result.stdout).toBe('[{"id": 1.0},{"id":12345678901234567890},{"id":"last"}]\n');
    expect(requests).toHaveLength(3);
  });

  it('prints no partial array when a page fails: the error, its exit code, stdout empty', async () => {
    const { env } = await scripted(
      reply(200, '{"data":[{"id":"a"}],"meta":{"total_pages":2}}'),
      reply(500, '{"error":{"code":"internal_error","message":"boom"}}'),
    );
    const result = await runCli(['api', '/things', '--paginate', '--slurp', '--max-retries', '0'], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('HTTP 500 internal_error');
  });

  it('a page that is not an envelope with data: exit 1, saying so, nothing on stdout', async () => {
    const { env } = await scripted(reply(200, '[1,2]'));
    const result = await runCli(['api', '/things', '--paginate', '--slurp'], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--slurp needs JSON pages with `data`');
  });

  it('--slurp without --paginate, or with --include: exit 2 naming both flags, nothing sent', async () => {
    const { env, requests } = await scripted(reply(200, '{"data":[]}'));
    const alone = await runCli(['api', '/things', '--slurp'], { env });
    expect(alone.code).toBe(2);
    expect(alone.stdout).toBe('');
    expect(alone.stderr).toContain('--slurp');
    expect(alone.stderr).toContain('--paginate');
    const withInclude = await runCli(['api', '/things', '--paginate', '--slurp', '-i'], { env });
    expect(withInclude.code).toBe(2);
    expect(withInclude.stderr).toContain('--include');
    expect(withInclude.stderr).toContain('--slurp');
    expect(requests).toHaveLength(0);
  });
});
