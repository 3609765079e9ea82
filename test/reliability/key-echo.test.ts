// A server that echoes the API key (docs/profiles.md "Keys stay secret"): in an error's message, its
// details and request id, in headers and in bodies. Whatever hire prints — at a terminal (wrapped,
// cut), piped, as a --json envelope, in a --verbose trace, as `hire api`'s raw body, or as an MCP
// result on stdout — holds no copy of the key: it is replaced whole by "[redacted key]".
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import { runCli, type RunResult } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { serve, type Handler } from '../helpers/scripted-server.js';

const KEYS = [
  'hk_test_Zq9echoedBack0123456789abcdef',
  // Quotes and a backslash are sendable in a header, and JSON escapes them: `\"` and `\\`.
  'Zq9-not-"hk"-shaped\\key 0123456789',
];

/** Every spelling of `key` that would give it away: as it is, and inside JSON strings (once, twice). */
function spellings(key: string): string[] {
  const once = JSON.stringify(key).slice(1, -1);
  return [key, once, JSON.stringify(once).slice(1, -1), encodeURIComponent(key)];
}

function expectNoKey(key: string, what: string, ...texts: string[]): void {
  for (const text of texts)
    for (const spelling of spellings(key)) expect(text.includes(spelling), `${what}: ${text}`).toBe(false);
}

/** Echoes the bearer key everywhere it can: job_ok is a job named after it, anything else a 400. */
const echo: Handler = (req, res) => {
  const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const headers = { 'content-type': 'application/json', 'x-echo': key, 'x-request-id': `req_${key}` };
  if ((req.url ?? '').includes('/jobs/job_ok')) {
    res.writeHead(200, headers);
    res.end(
      JSON.stringify({
        data: {
          id: 'job_ok',
          title: `Engineer ${key} Engineer`,
          description: `Paste ${key} here`,
          status: 'draft',
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
        meta: { request_id: `req_${key}` },
      }),
    );
    return;
  }
  res.writeHead(400, headers);
  res.end(
    JSON.stringify({
      error: {
        code: 'validation_error',
        message: `The key ${key} is not valid`,
        details: { title: `${key} is not a title`, [key]: 'a field named after it' },
      },
      meta: { request_id: `req_${key}` },
    }),
  );
};

async function echoingServer(key: string) {
  const server = await serve(echo);
  const box = await sandbox();
  const env = { ...box.env, HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: key, HIRE_MAX_RETRIES: '0' };
  return { server, box, env };
}

describe('a key echoed by the server never leaves hire', () => {
  it.each(KEYS)('the CLI: human, --json, --verbose, at a terminal, hire api raw (key %j)', async (key) => {
    const { server, env } = await echoingServer(key);
    const runs: [string, string[], { tty?: boolean; columns?: number }][] = [
      ['error', ['jobs', 'get', 'job_bad'], {}],
      ['error --json', ['jobs', 'get', 'job_bad', '--json'], {}],
      ['error -v', ['jobs', 'get', 'job_bad', '-v'], {}],
      ['error --json -v', ['jobs', 'get', 'job_bad', '--json', '-v'], {}],
      ['error at a narrow terminal', ['jobs', 'get', 'job_bad'], { tty: true, columns: 24 }],
      ['record', ['jobs', 'get', 'job_ok'], {}],
      ['record --json -v', ['jobs', 'get', 'job_ok', '--json', '-v'], {}],
      ['record at a narrow terminal', ['jobs', 'get', 'job_ok'], { tty: true, columns: 30 }],
      ['api raw error', ['api', '/jobs/job_bad'], {}],
      ['api -i record', ['api', '-i', '/jobs/job_ok'], {}],
      ['api at a terminal', ['api', '-i', '/jobs/job_bad'], { tty: true, columns: 30 }],
      // The key typed where an id was meant: the URL in the trace, the server's answer.
      ['the key as an id', ['jobs', 'get', key, '-v'], {}],
    ];
    for (const [what, argv, options] of runs) {
      const result: RunResult = await runCli(argv, { env, ...options });
      expect(result.code, `${what}: ${result.stderr}`).not.toBe(1);
      expectNoKey(key, what, result.stdout, result.stderr);
      if (what.startsWith('error')) expect(result.stderr, what).toContain('[redacted key]');
    }
    // The key was sent: it is what the server echoed.
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${key}`);
  });

  it.each(KEYS)('hire mcp: results, errors and the -v trace on stderr (key %j)', async (key) => {
    const { env } = await echoingServer(key);
    const child = spawn(process.execPath, ['bin/hire.js', 'mcp', '--allow-writes', '--allow-deletes', '-v'], {
      cwd: ROOT,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const answered = new Set<number>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const id = (JSON.parse(line) as { id?: number }).id;
      if (typeof id === 'number') answered.add(id);
    });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const calls: [string, Record<string, unknown>][] = [
      ['jobs_get', { id: 'job_bad' }],
      ['jobs_get', { id: 'job_ok' }],
      ['api', { path: '/jobs/job_bad' }],
      ['api', { path: '/jobs/job_ok', include: true }],
    ];
    for (const [index, [name, args]] of calls.entries())
      send({ jsonrpc: '2.0', id: index + 2, method: 'tools/call', params: { name, arguments: args } });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    expect([...answered].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(stdout).toContain('[redacted key]');
    expectNoKey(key, 'hire mcp', stdout, stderr);
  });
});
