// A tool left running does not spend the budget (issue 25 item 4): `hire logs tail` holds one
// connection to the emulator's request log for a simulated hour (the emulator's clock 720 times
// fast) and the key's X-RateLimit-Remaining is what it was, read before and after; an emulator
// that goes away and comes back is followed again, from the last request seen.
import { describe, expect, it } from 'vitest';
import { spawnHire, waitExit, waitFor, type Spawned } from '../helpers/bin.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { startEmulator } from '../../src/emulator/http/server.js';

const HOUR_MS = 3_600_000;

/** The emulator's clock: from a fixed morning (no day ends in the test), `scale` times fast. */
function fastClock(scale: number): () => Date {
  const start = Date.parse('2026-03-02T06:00:00Z');
  const origin = Date.now();
  return () => new Date(start + (Date.now() - origin) * scale);
}

async function call(
  origin: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; json: any }> {
  const response = await fetch(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

function tail(box: Sandbox, env: Record<string, string>): { proc: Spawned; ready: Promise<boolean> } {
  const proc = spawnHire(box, ['logs', 'tail', '--json'], { env });
  return { proc, ready: waitFor(proc, 'the "Tailing" line', () => proc.stderr.includes('Tailing')) };
}

const printed = (proc: Spawned, requestId: string | null) =>
  waitFor(proc, `request ${requestId}`, () =>
    proc.stdout.split('\n').some((line) => line !== '' && JSON.parse(line).request_id === requestId),
  );

describe('hire logs tail and the budget', () => {
  it("follows the log for a simulated hour over one connection; the key's remaining is unchanged by it", async () => {
    const box = await sandbox();
    const clock = fastClock(720);
    const paths: string[] = [];
    const emu: TestEmulator = await testEmulator(box.dataDir, {
      now: clock,
      onRequest: (entry) => paths.push(entry.path),
    });
    // An admin key whose day is smaller than its hour: its answers show the daily window, which an hour does not reset.
    const made = await call(emu.origin, '/_emulator/keys', emu.key, {
      level: 'admin',
      name: 'tail key',
      limits: { hour: 1_000, day: 900 },
    });
    expect(made.status).toBe(201);
    const key: string = made.json.data.key;
    const budget = async () => {
      const answer = await call(emu.origin, '/api/v1/jobs?per_page=1', key);
      expect([answer.status, answer.headers.get('x-ratelimit-limit')]).toEqual([200, '900']);
      return Number(answer.headers.get('x-ratelimit-remaining'));
    };

    const before = await budget();
    const watching = tail(box, { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: key });
    await watching.ready;
    const started = clock().getTime();
    // Through the hour, another key's requests, each waited for on the tail: it is alive all along.
    let requests = 0;
    while (clock().getTime() - started < HOUR_MS) {
      const answer = await call(emu.origin, `/api/v1/jobs?per_page=${(requests % 50) + 1}`, emu.key);
      await printed(watching.proc, answer.headers.get('x-request-id'));
      requests += 1;
    }
    const after = await budget();
    // The one request less is the reading itself.
    expect(after).toBe(before - 1);
    // One connection held for the hour: the stream, opened once; no polling.
    expect(paths.filter((path) => path.startsWith('/_emulator/requests'))).toEqual(['/_emulator/requests/stream']);
    expect(requests).toBeGreaterThan(1);

    watching.proc.child.kill('SIGINT');
    expect(await waitExit(watching.proc, 'tail after SIGINT')).toEqual({ code: 130, signal: null });
  });

  it('an emulator stopped and started again is followed again, with what was logged while none served', async () => {
    const box = await sandbox();
    const first = await testEmulator(box.dataDir);
    const port = new URL(first.origin).port;
    const watching = tail(box, { HIRE_BASE_URL: first.apiUrl, HIRE_API_KEY: first.key });
    await watching.ready;
    const one = await call(first.origin, '/api/v1/jobs?n=1', first.key);
    await printed(watching.proc, one.headers.get('x-request-id'));

    await first.close();
    // Meanwhile a command's in-process emulator logs a request to the same data dir.
    const between = await startEmulator({ dataDir: box.dataDir, port: 0, mode: 'embedded' });
    const two = await call(between.origin, '/api/v1/jobs?n=2', first.key);
    await between.close();
    const second = await testEmulator(box.dataDir, { port: Number(port) });
    const three = await call(second.origin, '/api/v1/jobs?n=3', first.key);

    await printed(watching.proc, three.headers.get('x-request-id'));
    const ids = watching.proc.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).request_id);
    expect(ids).toEqual([one, two, three].map((answer) => answer.headers.get('x-request-id')));
    watching.proc.child.kill('SIGTERM');
    expect(await waitExit(watching.proc, 'tail after SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
