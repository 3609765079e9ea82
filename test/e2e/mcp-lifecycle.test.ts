// `hire mcp` as a process a client starts and stops, driven by raw JSON-RPC over stdio against the
// built binary: a cancelled call ends (its request dropped: the server it waited on sees the
// connection close) and is answered nothing; closed stdin and SIGTERM end the server while a call
// waits behind a long Retry-After; an over-long line is answered and the server goes on; and a
// default profile changed from another shell changes nothing for a running server.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ROOT, hire } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { beforeSandboxRemoval, sandbox, type Sandbox } from '../helpers/env.js';
import { reply, serve } from '../helpers/scripted-server.js';

interface Message {
  jsonrpc: string;
  id?: number | null;
  result?: { isError?: boolean; content?: { text: string }[]; tools?: unknown[] };
  error?: { code: number; message: string };
}

interface Raw {
  child: ChildProcessWithoutNullStreams;
  messages: Message[];
  send(message: object): void;
  /** The answer to request `id` (or to a line with id null, for `null`), once it comes. */
  answer(id: number | null): Promise<Message>;
  exited: Promise<number | null>;
  stderr(): string;
}

/** `hire mcp` spoken to line by line, initialized. */
async function rawServer(box: Sandbox, env: Record<string, string> = {}, flags: string[] = []): Promise<Raw> {
  const child = spawn(process.execPath, ['bin/hire.js', 'mcp', ...flags], {
    cwd: ROOT,
    env: { ...box.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  beforeSandboxRemoval(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  child.stdin.on('error', () => undefined);
  const messages: Message[] = [];
  const waiting: { id: number | null; resolve: (message: Message) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Message;
    messages.push(message);
    for (const waiter of waiting.filter((one) => one.id === message.id)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const raw: Raw = {
    child,
    messages,
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    answer: (id) => {
      const known = messages.find((message) => message.id === id);
      if (known) return Promise.resolve(known);
      return new Promise((resolve) => waiting.push({ id, resolve }));
    },
    exited,
    stderr: () => stderr,
  };
  raw.send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  expect((await raw.answer(0)).result).toBeDefined();
  raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return raw;
}

/** A platform whose GET /jobs is held: resolves `asked` when it arrives and `dropped` when hire hangs up. */
async function heldPlatform() {
  let asked!: () => void;
  let dropped!: () => void;
  const arrived = new Promise<void>((resolve) => (asked = resolve));
  const closed = new Promise<void>((resolve) => (dropped = resolve));
  const platform = await serve((req, res) => {
    res.on('close', () => dropped());
    asked();
    void req;
  });
  return { platform, arrived, closed };
}

/**
 * A platform that answers every request 429 asking for a wait: by default a minute (the longest a
 * single request waits); bulk work waits out much longer ones.
 */
async function limitedPlatform(seconds = 60) {
  let asked!: () => void;
  const arrived = new Promise<void>((resolve) => (asked = resolve));
  const limited = reply(
    429,
    { error: { code: 'rate_limited', message: 'Slow down.' } },
    { 'retry-after': String(seconds) },
  );
  const platform = await serve((req, res, body) => {
    limited(req, res, body);
    asked();
  });
  return { platform, arrived };
}

const at = (origin: string) => ({
  HIRE_BASE_URL: `${origin}/api/v1`,
  HIRE_API_KEY: 'hk_test_lifecycle0000000000000000',
});

describe('hire mcp: cancelled, closed, stopped', () => {
  it('ends a call on notifications/cancelled: its request is dropped and nothing is answered for it', async () => {
    const box = await sandbox();
    const { platform, arrived, closed } = await heldPlatform();
    const server = await rawServer(box, at(platform.origin));
    server.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'jobs_list', arguments: {} } });
    await arrived;
    server.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1, reason: 'no longer needed' },
    });
    // The platform sees hire hang up: the call's request ended with it.
    await closed;
    // The server goes on serving.
    server.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect((await server.answer(2)).result?.tools?.length).toBeGreaterThan(0);
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    // Every line it wrote has been read: none answered the cancelled call.
    expect(server.messages.filter((message) => message.id === 1)).toEqual([]);
    expect(platform.requests).toHaveLength(1);
  });

  it('ends when stdin closes while a call waits behind a long Retry-After: the call answered as interrupted, exit 0', async () => {
    const box = await sandbox();
    const { platform, arrived } = await limitedPlatform();
    const server = await rawServer(box, at(platform.origin));
    server.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'jobs_list', arguments: {} } });
    await arrived;
    server.child.stdin.end();
    // The bound is the test's own timeout: the wait alone was a minute, and three of them.
    expect(await server.exited).toBe(0);
    const answer = await server.answer(1);
    expect(answer.result?.isError).toBe(true);
    expect(JSON.parse(answer.result!.content![0]!.text)).toMatchObject({
      exit_code: 130,
      error: { code: 'interrupted' },
    });
    expect(server.stderr()).toBe('');
  });

  it('ends when stdin closes while a bulk move waits out a 22-hour Retry-After', async () => {
    const box = await sandbox();
    const { platform, arrived } = await limitedPlatform(22 * 3600);
    const server = await rawServer(box, at(platform.origin), ['--allow-writes']);
    server.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'candidates_move', arguments: { ids: ['cand_1', 'cand_2'], status: 'screening' } },
    });
    await arrived;
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    expect((await server.answer(1)).result?.isError).toBe(true);
  });

  it('ends on SIGTERM while a call waits behind a long Retry-After, exit 0 (a polite stop)', async () => {
    const box = await sandbox();
    const { platform, arrived } = await limitedPlatform();
    const server = await rawServer(box, at(platform.origin));
    server.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'candidates_list', arguments: {} } });
    await arrived;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const answer = await server.answer(1);
    expect(JSON.parse(answer.result!.content![0]!.text)).toMatchObject({
      exit_code: 130,
      error: { code: 'interrupted' },
    });
  });

  it('answers a line longer than 10 MiB with a JSON-RPC error naming the limit, then serves the next', async () => {
    const box = await sandbox();
    const server = await rawServer(box);
    const long = `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"pad":"${'x'.repeat(10 * 1024 * 1024)}"}}\n`;
    server.child.stdin.write(long);
    server.send({ jsonrpc: '2.0', id: 8, method: 'tools/list' });
    const refused = await server.answer(null);
    expect(refused.error).toMatchObject({ code: -32600, message: expect.stringContaining('10 MiB') });
    expect((await server.answer(8)).result?.tools?.length).toBeGreaterThan(0);
    // The skipped line's request was never read, so never answered.
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    expect(server.messages.filter((message) => message.id === 7)).toEqual([]);
  });

  it('talks to the server of the profile it started on after `profiles use` elsewhere changes the default', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    await emulator.call('POST', '/jobs', { body: { title: 'On Profile A', description: DESCRIPTION } });
    const other = await serve(reply(200, { data: [], meta: { request_id: 'req_b' } }));
    box.writeConfig({
      default_profile: 'a',
      profiles: {
        a: { environment: 'sandbox', base_url: `${emulator.origin}/api/v1`, api_key: emulator.key },
        b: {
          environment: 'sandbox',
          base_url: `${other.origin}/api/v1`,
          api_key: 'hk_test_profileb000000000000000000',
        },
      },
    });
    const server = await rawServer(box);
    expect((await hire(box, ['profiles', 'use', 'b', '-q'])).code).toBe(0);
    server.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'jobs_list', arguments: {} } });
    const listed = await server.answer(1);
    expect(listed.result?.isError).toBeFalsy();
    expect((JSON.parse(listed.result!.content![0]!.text) as { title: string }[]).map((job) => job.title)).toEqual([
      'On Profile A',
    ]);
    // The call is over, and profile b's server heard nothing of it.
    expect(other.requests).toEqual([]);
    // A command started now follows the new default.
    expect((await hire(box, ['jobs', 'list', '--json', '-q'])).stdout.trim()).toBe('[]');
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
  });
});
