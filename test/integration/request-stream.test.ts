// The emulator's own routes and the platform's budget (issue 25 item 4): /_emulator/… (controls,
// the request log, its stream) spend none of a key's X-RateLimit budget; GET
// /_emulator/requests/stream writes the request log to one held connection as NDJSON, whoever
// logged the request (this server, or another process on the same data dir).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { startEmulator } from '../../src/emulator/http/server.js';

async function call(
  origin: string,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; json: any }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

async function keyWith(emu: TestEmulator, level: string, limits?: Record<string, number>): Promise<string> {
  const made = await call(emu.origin, 'POST', '/_emulator/keys', emu.key, {
    level,
    name: `${level} key`,
    ...(limits ? { limits } : {}),
  });
  expect(made.status).toBe(201);
  return made.json.data.key;
}

const remaining = (answer: { headers: Headers }) => Number(answer.headers.get('x-ratelimit-remaining'));

/** The stream's lines, read as they come. */
function lineReader(response: Response): { next(): Promise<any>; cancel(): Promise<void>; ended(): Promise<boolean> } {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  return {
    async next() {
      for (;;) {
        const end = pending.indexOf('\n');
        if (end >= 0) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + 1);
          return JSON.parse(line);
        }
        const { done, value } = await reader.read();
        if (done) throw new Error('the stream ended');
        pending += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
    async ended() {
      for (;;) {
        const { done } = await reader.read();
        if (done) return true;
      }
    },
  };
}

/** The next logged request on the stream (heartbeats passed over). */
async function nextRequest(lines: ReturnType<typeof lineReader>): Promise<any> {
  for (;;) {
    const line = await lines.next();
    if (line.event === 'request') return line.request;
    expect(line.event).toBe('heartbeat');
  }
}

describe("the emulator's own routes and a key's budget", () => {
  it('controls, the request log and its stream spend nothing; the API does', async () => {
    const { dataDir } = await sandbox();
    const emu = await testEmulator(dataDir);
    const admin = await keyWith(emu, 'admin', { hour: 3 });
    const first = await call(emu.origin, 'GET', '/api/v1/jobs', admin);
    expect([first.status, remaining(first)]).toEqual([200, 2]);
    for (const [method, path, body] of [
      ['GET', '/_emulator/keys'],
      ['GET', '/_emulator/requests'],
      ['GET', '/_emulator/requests?after=0'],
      ['POST', '/_emulator/reset', {}],
      ['GET', '/_emulator/keys'],
      ['GET', '/_emulator/keys'],
    ] as const) {
      const answer = await call(emu.origin, method, path, admin, body);
      expect([answer.status, remaining(answer)], `${method} ${path}`).toEqual([200, 2]);
    }
    const stream = await fetch(`${emu.origin}/_emulator/requests/stream`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect([stream.status, remaining(stream)]).toEqual([200, 2]);
    await stream.body!.cancel();
    // The two API requests left are the key's to spend; a spent key still reaches the controls.
    expect(remaining(await call(emu.origin, 'GET', '/api/v1/jobs', admin))).toBe(1);
    expect(remaining(await call(emu.origin, 'GET', '/api/v1/jobs', admin))).toBe(0);
    expect((await call(emu.origin, 'GET', '/api/v1/jobs', admin)).status).toBe(429);
    const keys = await call(emu.origin, 'GET', '/_emulator/keys', admin);
    expect([keys.status, remaining(keys)]).toEqual([200, 0]);
  });
});

describe('GET /_emulator/requests/stream', () => {
  it("writes each logged request as it comes, this server's and another process's, from `after`; never itself", async () => {
    const { dataDir } = await sandbox();
    const emu = await testEmulator(dataDir);
    const response = await fetch(`${emu.origin}/_emulator/requests/stream`, {
      headers: { authorization: `Bearer ${emu.key}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = lineReader(response);
    // At once: where the log stands.
    const ready = await lines.next();
    expect(ready).toMatchObject({ event: 'heartbeat' });
    expect(Number.isInteger(ready.last)).toBe(true);
    expect(Date.parse(ready.at)).not.toBeNaN();

    const listed = await call(emu.origin, 'GET', '/api/v1/jobs?per_page=3', emu.key);
    const seen = await nextRequest(lines);
    expect(seen).toMatchObject({
      method: 'GET',
      path: '/api/v1/jobs?per_page=3',
      status: 200,
      key_name: 'local profile',
      request_id: listed.headers.get('x-request-id'),
    });
    expect(seen.seq).toBeGreaterThan(ready.last);

    // Another process on the same data dir (a command's in-process emulator): logged in the database, read by this server.
    const other = await startEmulator({ dataDir, port: 0, mode: 'embedded' });
    const missing = await call(other.origin, 'GET', '/api/v1/jobs/job_nope', emu.key);
    await other.close();
    expect(missing.status).toBe(404);
    const fromOther = await nextRequest(lines);
    expect(fromOther).toMatchObject({
      path: '/api/v1/jobs/job_nope',
      status: 404,
      request_id: missing.headers.get('x-request-id'),
    });
    expect(fromOther.seq).toBeGreaterThan(seen.seq);

    // From `after`: what came after that point, first, in order.
    const resumed = await fetch(`${emu.origin}/_emulator/requests/stream?after=${ready.last}`, {
      headers: { authorization: `Bearer ${emu.key}` },
    });
    const again = lineReader(resumed);
    expect((await again.next()).last).toBe(ready.last);
    expect((await nextRequest(again)).request_id).toBe(seen.request_id);
    expect((await nextRequest(again)).request_id).toBe(fromOther.request_id);
    await again.cancel();

    // The streams themselves are not in the log.
    const log = await call(emu.origin, 'GET', `/_emulator/requests?after=${ready.last}`, emu.key);
    expect(log.json.data.map((entry: any) => entry.path)).toEqual(['/api/v1/jobs?per_page=3', '/api/v1/jobs/job_nope']);

    // Closing the server ends the stream (rather than waiting on it).
    await emu.close();
    expect(await lines.ended()).toBe(true);
  });

  it('takes an admin key and a whole `after`', async () => {
    const { dataDir } = await sandbox();
    const emu = await testEmulator(dataDir);
    const write = await keyWith(emu, 'write');
    const refused = await call(emu.origin, 'GET', '/_emulator/requests/stream', write);
    expect([refused.status, refused.json.error.code]).toEqual([403, 'forbidden']);
    for (const after of ['x', '-1', '', '1.5']) {
      const bad = await call(emu.origin, 'GET', `/_emulator/requests/stream?after=${after}`, emu.key);
      expect(bad.status, after).toBe(400);
      expect(Object.keys(bad.json.error.details)).toEqual(['after']);
    }
    // The sandbox's log, with the sandbox's key.
    const sandboxKey = readFileSync(emu.keyFiles.sandbox, 'utf8').trim();
    const sandboxStream = await fetch(`${emu.origin}/sandbox/_emulator/requests/stream`, {
      headers: { authorization: `Bearer ${sandboxKey}` },
    });
    expect(sandboxStream.status).toBe(200);
    const lines = lineReader(sandboxStream);
    await lines.next();
    const listed = await call(`${emu.origin}/sandbox`, 'GET', '/api/v1/jobs', sandboxKey);
    expect(await nextRequest(lines)).toMatchObject({
      path: '/sandbox/api/v1/jobs',
      request_id: listed.headers.get('x-request-id'),
    });
    await lines.cancel();
  });
});
