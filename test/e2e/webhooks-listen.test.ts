// End-to-end tests of `hire webhooks listen` and `hire webhooks verify` (docs/commands.md,
// docs/api-choices.md §8): the built bin/hire.js is spawned as a user runs it, deliveries are sent with our own
// HTTP client and signed with the independent `standardwebhooks` library, never with src/.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { hire, spawnHire, waitExit, waitFor, type Spawned } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
// Imported before env.js: relay targets close after each test's processes are stopped.
import { listen as listenOn } from '../helpers/scripted-server.js';
import { eventBody, newEventId, newSecret, signed, type Signed } from '../helpers/webhooks.js';
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';

const LISTENING = /Listening on (http:\/\/127\.0\.0\.1:(\d+))/;
const MIB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Spawning the binary

interface Listener {
  proc: Spawned;
  /** `http://127.0.0.1:PORT` */
  address: string;
  port: number;
  /** stdout lines, without the leading `HH:MM:SS  ` time. */
  lines(): string[];
  /** Waits until stdout has at least n lines, and returns them. */
  waitLines(n: number): Promise<string[]>;
}

async function listen(
  box: Sandbox,
  args: readonly string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<Listener> {
  const proc = spawnHire(box, ['webhooks', 'listen', ...args], options);
  const match = await waitFor(proc, 'the "Listening on" line', () => LISTENING.exec(proc.stderr));
  const lines = () =>
    proc.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/^\d\d:\d\d:\d\d\s+/, ''));
  return {
    proc,
    address: match[1]!,
    port: Number(match[2]),
    lines,
    waitLines: (n) => waitFor(proc, `${n} line(s) on stdout`, () => (lines().length >= n ? lines() : undefined)),
  };
}

// ---------------------------------------------------------------------------------------------
// Deliveries: signed with standardwebhooks, sent with node:http

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request with exactly these headers; resolves with the answer even if the server then resets. */
function send(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  const target = new URL(options.path ?? '/', url);
  return new Promise((resolve, reject) => {
    let status: number | undefined;
    let text = '';
    const req = request(
      target,
      {
        method: options.method ?? 'POST',
        headers: { 'content-type': 'application/json', ...options.headers },
        agent: false,
      },
      (res) => {
        status = res.statusCode;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: status!, body: text }));
        res.on('error', () => resolve({ status: status!, body: text }));
      },
    );
    req.on('error', (error) => (status === undefined ? reject(error) : resolve({ status, body: text })));
    req.end(options.body);
  });
}

const deliver = (url: string, delivery: Signed, path = '/') =>
  send(url, { path, headers: delivery.headers, body: delivery.body });

/** A second server, standing in for the developer's app behind --forward-to. */
async function relayTarget(): Promise<{
  url: string;
  received: Array<{ method: string; path: string; headers: IncomingHttpHeaders; body: string }>;
  setStatus(status: number): void;
}> {
  const received: Array<{ method: string; path: string; headers: IncomingHttpHeaders; body: string }> = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  return { url: await listenOn(server), received, setStatus: (next) => (status = next) };
}

// ---------------------------------------------------------------------------------------------

describe('hire webhooks listen', () => {
  it('accepts a valid delivery on any path with 200 and prints "[valid] --> TYPE ID"', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const listener = await listen(box, ['--secret', secret]);
    expect(listener.port).toBeGreaterThan(0);
    expect(listener.proc.stdout).toBe('');

    const first = signed(secret);
    const answer = await deliver(listener.address, first);
    expect(answer.status).toBe(200);

    const second = signed(secret, { type: 'candidate.statusChanged' });
    const deep = await deliver(listener.address, second, '/hooks/stripe-like/deep?source=test');
    expect(deep.status).toBe(200);

    const lines = await listener.waitLines(2);
    expect(lines).toEqual([`[valid] --> job.created ${first.id}`, `[valid] --> candidate.statusChanged ${second.id}`]);
    expect(listener.proc.stdout).toMatch(/^\d\d:\d\d:\d\d\s+\[valid\] --> job\.created evt_[0-9a-f]+$/m);
    expect(listener.proc.exit).toBeUndefined();
  });

  it('--json prints one JSON object per line with id, type, valid and data; --port picks the port', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const port = await unusedPort();
    const listener = await listen(box, ['--secret', secret, '--json', '--port', String(port)]);
    expect(listener.address).toBe(`http://127.0.0.1:${port}`);

    const data = { id: 'job_abc', title: 'Data Engineer — Zürich', skills: ['go', 'sql'] };
    const valid = signed(secret, { data });
    expect((await deliver(listener.address, valid)).status).toBe(200);
    const forged = signed(newSecret());
    expect((await deliver(listener.address, forged)).status).toBe(401);

    await listener.waitLines(2);
    const rows = listener.proc.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: valid.id, type: 'job.created', valid: true, data });
    expect(rows[1]).toMatchObject({ id: forged.id, valid: false });
    expect(String(rows[1]!.reason)).toMatch(/signature/);
    expect(rows[1]).not.toHaveProperty('data');
  });

  it('rejects every invalid delivery with 401 and a reason, prints it as invalid, and keeps running', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const listener = await listen(box, ['--secret', secret]);
    const now = Date.now();
    const good = () => signed(secret);
    const without = (name: string) => {
      const delivery = good();
      const headers = { ...delivery.headers };
      delete headers[name];
      return { ...delivery, headers };
    };
    const withHeader = (name: string, value: string) => {
      const delivery = good();
      return { ...delivery, headers: { ...delivery.headers, [name]: value } };
    };
    const digest = (delivery: Signed) => delivery.headers['webhook-signature']!.slice('v1,'.length);

    const tampered = good();
    const nonV1 = good();
    const cases: Array<{ what: string; delivery: Signed; reason: RegExp; printedId: boolean }> = [
      {
        what: 'tampered body',
        delivery: { ...tampered, body: tampered.body.replace('Backend', 'Frontend') },
        reason: /signature/i,
        printedId: true,
      },
      { what: 'wrong secret', delivery: signed(newSecret()), reason: /signature/i, printedId: true },
      {
        what: '6 minutes old',
        delivery: signed(secret, { at: new Date(now - 6 * 60_000) }),
        reason: /old/i,
        printedId: true,
      },
      {
        what: '6 minutes in the future',
        delivery: signed(secret, { at: new Date(now + 6 * 60_000) }),
        reason: /future/i,
        printedId: true,
      },
      { what: 'no webhook-id', delivery: without('webhook-id'), reason: /webhook-id/, printedId: false },
      {
        what: 'no webhook-timestamp',
        delivery: without('webhook-timestamp'),
        reason: /webhook-timestamp/,
        printedId: true,
      },
      {
        what: 'no webhook-signature',
        delivery: without('webhook-signature'),
        reason: /webhook-signature/,
        printedId: true,
      },
      {
        what: 'malformed timestamp',
        delivery: withHeader('webhook-timestamp', 'yesterday'),
        reason: /webhook-timestamp/,
        printedId: true,
      },
      {
        what: 'a v2 signature only',
        delivery: { ...nonV1, headers: { ...nonV1.headers, 'webhook-signature': `v2,${digest(nonV1)}` } },
        reason: /v1/,
        printedId: true,
      },
      {
        what: 'garbage signature',
        delivery: withHeader('webhook-signature', 'garbage'),
        reason: /v1|signature/i,
        printedId: true,
      },
      {
        what: 'garbage after v1,',
        delivery: withHeader('webhook-signature', 'v1,!!not-base64!!'),
        reason: /signature/i,
        printedId: true,
      },
    ];

    for (const { what, delivery, reason } of cases) {
      const answer = await deliver(listener.address, delivery);
      expect(answer.status, what).toBe(401);
      expect(answer.body, what).toMatch(reason);
    }
    expect(listener.proc.exit).toBeUndefined();

    const valid = good();
    expect((await deliver(listener.address, valid)).status).toBe(200);

    const lines = await listener.waitLines(cases.length + 1);
    expect(lines).toHaveLength(cases.length + 1);
    cases.forEach(({ what, delivery, reason, printedId }, index) => {
      const line = lines[index]!;
      expect(line, what).toMatch(/^\[invalid: .+\] --> /);
      expect(line.slice(0, line.indexOf('] --> ')), what).toMatch(reason);
      if (printedId) expect(line, what).toContain(delivery.id);
      expect(line, what).not.toContain('[valid]');
    });
    expect(lines[cases.length]).toBe(`[valid] --> job.created ${valid.id}`);
  });

  it('accepts a delivery when any of several space-separated signatures matches (secret rotation)', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const listener = await listen(box, ['--secret', secret]);
    const oldSecret = newSecret();

    const rotated = signed(secret);
    const oldSignature = new Webhook(oldSecret).sign(
      rotated.id,
      new Date(Number(rotated.headers['webhook-timestamp']) * 1000),
      rotated.body,
    );
    const newFirst = {
      ...rotated,
      headers: { ...rotated.headers, 'webhook-signature': `${rotated.headers['webhook-signature']} ${oldSignature}` },
    };
    const newLast = signed(secret);
    const oldOfLast = new Webhook(oldSecret).sign(
      newLast.id,
      new Date(Number(newLast.headers['webhook-timestamp']) * 1000),
      newLast.body,
    );
    newLast.headers['webhook-signature'] =
      `v1a,c29tZXRoaW5nIGVsc2U= ${oldOfLast} ${newLast.headers['webhook-signature']}`;

    expect((await deliver(listener.address, newFirst)).status).toBe(200);
    expect((await deliver(listener.address, newLast)).status).toBe(200);

    // None matching: still refused.
    const none = signed(newSecret());
    const otherOld = new Webhook(oldSecret).sign(
      none.id,
      new Date(Number(none.headers['webhook-timestamp']) * 1000),
      none.body,
    );
    none.headers['webhook-signature'] = `${none.headers['webhook-signature']} ${otherOld}`;
    const refused = await deliver(listener.address, none);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatch(/signature/);

    const lines = await listener.waitLines(3);
    expect(lines[0]).toBe(`[valid] --> job.created ${rotated.id}`);
    expect(lines[1]).toBe(`[valid] --> job.created ${newLast.id}`);
    expect(lines[2]).toMatch(/^\[invalid: .*signature.*\] --> /);
  });

  it('acknowledges a replayed delivery (same webhook-id) with 2xx, prints it as a duplicate and does not relay it again', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const target = await relayTarget();
    const listener = await listen(box, ['--secret', secret, '--forward-to', `${target.url}/hooks`]);

    const original = signed(secret);
    expect((await deliver(listener.address, original)).status).toBe(200);
    // The exact same request again, then a retry re-signed a second later with the same id.
    const replay = await deliver(listener.address, original);
    expect(replay.status).toBeGreaterThanOrEqual(200);
    expect(replay.status).toBeLessThan(300);
    const retry = signed(secret, { id: original.id, body: original.body, at: new Date(Date.now() + 1_000) });
    const retried = await deliver(listener.address, retry);
    expect(retried.status).toBeGreaterThanOrEqual(200);
    expect(retried.status).toBeLessThan(300);

    const lines = await listener.waitLines(4);
    expect(lines[0]).toBe(`[valid] --> job.created ${original.id}`);
    expect(lines[1]).toBe('<-- 200');
    expect(lines.slice(2)).toHaveLength(2);
    for (const line of lines.slice(2)) {
      expect(line).toContain(original.id);
      expect(line).toMatch(/duplicate/);
      expect(line).not.toMatch(/\[valid\]/);
    }
    expect(target.received).toHaveLength(1);
  });

  it('without --forward-to, a replay is acknowledged as a duplicate too: {"duplicate":true}, printed once as valid', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const listener = await listen(box, ['--secret', secret, '--json']);
    const original = signed(secret);
    const first = await deliver(listener.address, original);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ received: true });
    const replay = await deliver(listener.address, original);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, duplicate: true });

    const entries = (await listener.waitLines(2)).map(
      (line) => JSON.parse(line) as { id: string; valid: boolean; duplicate?: boolean },
    );
    expect(entries.map((entry) => [entry.id, entry.valid, entry.duplicate ?? false])).toEqual([
      [original.id, true, false],
      [original.id, true, true],
    ]);
  });

  it('answers 413 to a body over 1 MiB, 405 to a GET and 400 to a signed body that is not JSON, and keeps running', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const listener = await listen(box, ['--secret', secret]);

    const id = newEventId();
    const huge = signed(secret, { id, body: eventBody(id, 'job.created', { padding: 'x'.repeat(MIB + 1024) }) });
    expect(Buffer.byteLength(huge.body)).toBeGreaterThan(MIB);
    const tooLarge = await deliver(listener.address, huge);
    expect(tooLarge.status).toBe(413);

    const get = await send(listener.address, { method: 'GET', path: '/' });
    expect(get.status).toBe(405);

    const notJson = signed(secret, { body: 'hello, this is not JSON' });
    const bad = await deliver(listener.address, notJson);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/JSON/);

    const valid = signed(secret);
    expect((await deliver(listener.address, valid)).status).toBe(200);
    const lines = await waitFor(listener.proc, 'the valid line', () =>
      listener.lines().some((line) => line.includes(valid.id)) ? listener.lines() : undefined,
    );
    expect(lines.some((line) => line.includes('[valid]') && line.includes(huge.id))).toBe(false);
    const notJsonLine = lines.find((line) => line.includes(notJson.id));
    expect(notJsonLine).toMatch(/\[invalid: .*JSON.*\]/);
    expect(lines.at(-1)).toBe(`[valid] --> job.created ${valid.id}`);
  });

  it('--secret-stdin reads the secret (trimmed) from stdin', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const listener = await listen(box, ['--secret-stdin'], { stdin: `${secret}\n` });
    const valid = signed(secret);
    expect((await deliver(listener.address, valid)).status).toBe(200);
    expect((await deliver(listener.address, signed(newSecret()))).status).toBe(401);
    const lines = await listener.waitLines(2);
    expect(lines[0]).toBe(`[valid] --> job.created ${valid.id}`);
    expect(lines[1]).toMatch(/\[invalid: /);
  });

  it('without --secret, --secret-stdin or --register: exit 2 and no listener', async () => {
    const box = await sandbox();
    const result = await hire(box, ['webhooks', 'listen']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/--secret/);
    expect(result.stderr).not.toMatch(LISTENING);
  });

  it('refuses bad flags with exit 2 before listening', async () => {
    const box = await sandbox();
    const runs = await Promise.all([
      hire(box, ['webhooks', 'listen', '--secret', newSecret(), '--secret-stdin'], { stdin: `${newSecret()}\n` }),
      hire(box, ['webhooks', 'listen', '--secret-stdin'], { stdin: '  \n' }),
      hire(box, ['webhooks', 'listen', '--secret', newSecret(), '--events', 'job.exploded']),
      hire(box, ['webhooks', 'listen', '--secret', newSecret(), '--port', '70000']),
      hire(box, ['webhooks', 'listen', '--secret', newSecret(), '--forward-to', 'ftp://127.0.0.1/x']),
    ]);
    for (const result of runs) {
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toMatch(LISTENING);
    }
    expect(runs[2].stderr).toContain('job.exploded');
    expect(runs[3].stderr).toContain('--port');
  });

  it('--events job.created: other kinds are answered 2xx but not printed', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const listener = await listen(box, ['--secret', secret, '--events', 'job.created']);

    const other = signed(secret, { type: 'candidate.statusChanged' });
    const ignored = await deliver(listener.address, other);
    expect(ignored.status).toBeGreaterThanOrEqual(200);
    expect(ignored.status).toBeLessThan(300);
    const wanted = signed(secret);
    expect((await deliver(listener.address, wanted)).status).toBe(200);

    // The ignored delivery was answered first: anything it printed would come before this line.
    const lines = await listener.waitLines(1);
    expect(lines).toEqual([`[valid] --> job.created ${wanted.id}`]);
    expect(listener.proc.stdout).not.toContain(other.id);
  });

  it('--forward-to relays a valid delivery with the same body and webhook-* headers; a relay 500 is answered 502', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const target = await relayTarget();
    const listener = await listen(box, ['--secret', secret, '--forward-to', `${target.url}/app/hooks`]);

    // A body whose bytes a re-serialisation would change: spacing, key order, non-ASCII.
    const id = newEventId();
    const body = `{ "type": "job.created",  "id": "${id}", "created_at": "2030-01-01T00:00:00Z", "data": { "title": "Ingénieur — 東京" } }`;
    const delivery = signed(secret, { id, body });
    const answer = await deliver(listener.address, delivery, '/incoming');
    expect(answer.status).toBe(200);

    expect(target.received).toHaveLength(1);
    const relayed = target.received[0]!;
    expect(relayed.method).toBe('POST');
    expect(relayed.path).toBe('/app/hooks');
    expect(relayed.body).toBe(body);
    expect(relayed.headers['webhook-id']).toBe(delivery.headers['webhook-id']);
    expect(relayed.headers['webhook-timestamp']).toBe(delivery.headers['webhook-timestamp']);
    expect(relayed.headers['webhook-signature']).toBe(delivery.headers['webhook-signature']);
    // The app behind it can verify it as it would a delivery from the platform.
    expect(new Webhook(secret).verify(relayed.body, relayed.headers as Record<string, string>)).toMatchObject({
      id,
      type: 'job.created',
    });
    let lines = await listener.waitLines(2);
    expect(lines.slice(0, 2)).toEqual([`[valid] --> job.created ${id}`, '<-- 200']);

    // An invalid delivery is not relayed.
    expect((await deliver(listener.address, signed(newSecret()))).status).toBe(401);
    expect(target.received).toHaveLength(1);

    // The app fails: the sender gets 502, so that the platform tries again.
    target.setStatus(500);
    const failing = signed(secret);
    const failed = await deliver(listener.address, failing);
    expect(failed.status).toBe(502);
    expect(target.received).toHaveLength(2);
    lines = await listener.waitLines(5);
    expect(lines.slice(3, 5)).toEqual([`[valid] --> job.created ${failing.id}`, '<-- 500']);

    // The platform's retry (same id) is relayed again once the app is back: a failed relay is no duplicate.
    target.setStatus(200);
    const retry = signed(secret, { id: failing.id, body: failing.body });
    expect((await deliver(listener.address, retry)).status).toBe(200);
    expect(target.received).toHaveLength(3);
    expect(target.received[2]!.body).toBe(failing.body);
    lines = await listener.waitLines(7);
    expect(lines.slice(5, 7)).toEqual([`[valid] --> job.created ${failing.id}`, '<-- 200']);

    // Nobody listens at the relay address: also 502, and the failure is printed.
    const nowhere = await listen(box, [
      '--secret',
      secret,
      '--forward-to',
      `http://127.0.0.1:${await unusedPort()}/hooks`,
    ]);
    const lost = signed(secret);
    expect((await deliver(nowhere.address, lost)).status).toBe(502);
    const lostLines = await nowhere.waitLines(2);
    expect(lostLines[0]).toBe(`[valid] --> job.created ${lost.id}`);
    expect(lostLines[1]).toMatch(/^<-- \S/);
    expect(lostLines[1]).not.toMatch(/^<-- 2\d\d$/);
  });

  describe('--register against a running emulator', () => {
    it("registers a webhook for its address, prints the platform's deliveries, and removes it on Ctrl-C (exit 130)", async () => {
      const box = await sandbox();
      const emu = await testEmulator(box.dataDir);
      const env = { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
      const listener = await listen(box, ['--register'], { env });
      await waitFor(listener.proc, '"Registered webhook"', () =>
        /Registered webhook (wh_\S+)/.exec(listener.proc.stderr),
      );

      const webhooks = emu.store.all<{ id: string; url: string; events: string[] }>('webhooks');
      expect(webhooks).toHaveLength(1);
      expect(webhooks[0]!.url.replace(/\/$/, '')).toBe(listener.address);
      expect(webhooks[0]!.events).toContain('job.created');
      expect(listener.proc.stderr).toContain(webhooks[0]!.id);

      const created = await emu.call('POST', '/jobs', {
        body: { title: 'Backend Engineer', description: DESCRIPTION },
      });
      expect(created.status).toBe(201);
      const line = await waitFor(listener.proc, 'the job.created line', () =>
        listener.lines().find((entry) => entry.includes('job.created')),
      );
      expect(line).toMatch(/^\[valid\] --> job\.created evt_\S+$/);
      // The platform saw a 2xx: its delivery succeeded at the first attempt.
      const delivered = await waitFor(listener.proc, 'the delivery to succeed', () =>
        emu.store
          .all<{ id: string; state: string; event_type: string; attempts: Array<{ response_status: number | null }> }>(
            'deliveries',
          )
          .find((delivery) => delivery.event_type === 'job.created' && delivery.state === 'succeeded'),
      );
      expect(delivered.attempts[0]!.response_status).toBe(200);

      listener.proc.child.kill('SIGINT');
      const exit = await waitExit(listener.proc, 'the listener after SIGINT');
      expect(exit).toEqual({ code: 130, signal: null });
      expect(emu.store.all('webhooks')).toEqual([]);
      expect(listener.proc.stderr).toMatch(/Removed webhook wh_/);
    });

    it('a server without DELETE /webhooks/{id}: on Ctrl-C it says plainly that its webhook stays, and what to do (exit 1)', async () => {
      const box = await sandbox();
      const emu = await testEmulator(box.dataDir, { publishedOnly: true });
      const env = { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
      const listener = await listen(box, ['--register'], { env });
      const registered = await waitFor(listener.proc, '"Registered webhook"', () =>
        /Registered webhook (wh_\S+)/.exec(listener.proc.stderr),
      );
      listener.proc.child.kill('SIGINT');
      const exit = await waitExit(listener.proc, 'the listener after SIGINT');
      expect(exit).toEqual({ code: 1, signal: null });
      const id = registered[1]!;
      expect(listener.proc.stderr).toContain(`The webhook ${id} this listener registered could not be removed`);
      expect(listener.proc.stderr).toContain(`Remove ${id} in the platform's web app`);
      expect(listener.proc.stderr).not.toMatch(/Removed webhook/);
      expect(emu.store.all('webhooks')).toHaveLength(1);
    });

    it('on the local profile says "Using the local emulator" once, though it connects again to remove its webhook', async () => {
      const box = await sandbox();
      const listener = await listen(box, ['--register']);
      await waitFor(listener.proc, '"Registered webhook"', () =>
        /Registered webhook (wh_\S+)/.exec(listener.proc.stderr),
      );
      listener.proc.child.kill('SIGINT');
      expect(await waitExit(listener.proc, 'the listener after SIGINT')).toEqual({ code: 130, signal: null });
      // Removing the webhook connects again (the listener let go of the in-process emulator meanwhile).
      expect(listener.proc.stderr).toMatch(/Removed webhook wh_/);
      expect(listener.proc.stderr.split('Using the local emulator').length - 1, listener.proc.stderr).toBe(1);
    });

    it("--print-secret prints the profile's listener secret, the one --register signs with; --rotate-secret makes a new one", async () => {
      const box = await sandbox();
      const emu = await testEmulator(box.dataDir);
      const env = { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
      const printed = await hire(box, ['webhooks', 'listen', '--print-secret'], { env });
      expect(printed.code, printed.stderr).toBe(0);
      expect(printed.stderr).toBe('');
      expect(printed.stdout).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}\n$/);
      const secret = printed.stdout.trim();
      // Kept for the profile (0600), the same on the next call.
      expect((await hire(box, ['webhooks', 'listen', '--print-secret'], { env })).stdout.trim()).toBe(secret);
      expect(statSync(join(box.configDir, 'config.json')).mode & 0o777).toBe(0o600);

      const listener = await listen(box, ['--register', '--events', 'job.created'], { env });
      await waitFor(listener.proc, '"Registered webhook"', () => /Registered webhook/.exec(listener.proc.stderr));
      const [webhook] = emu.store.all<{ id: string; secret: string }>('webhooks');
      expect(webhook!.secret).toBe(secret);
      listener.proc.child.kill('SIGTERM');
      expect(await waitExit(listener.proc, 'the listener after SIGTERM')).toEqual({ code: 0, signal: null });

      const rotated = (
        await hire(box, ['webhooks', 'listen', '--print-secret', '--rotate-secret'], { env })
      ).stdout.trim();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      const misuse = await hire(box, ['webhooks', 'listen', '--rotate-secret'], { env });
      expect(misuse.code).toBe(2);
      expect(misuse.stderr).toContain('--rotate-secret goes with --print-secret or --register.');
    });

    it('processes racing to make the listener secret on a fresh config all get the one that won (issue 28)', async () => {
      const box = await sandbox();
      const env = { HIRE_BASE_URL: 'http://127.0.0.1:9/api/v1', HIRE_API_KEY: 'hk_test_race' };
      // Started together, each waited for to the end: no assumption about which gets there first.
      const racers = Array.from({ length: 8 }, () =>
        spawnHire(box, ['webhooks', 'listen', '--print-secret'], { env, stdin: '' }),
      );
      const exits = await Promise.all(racers.map((racer, index) => waitExit(racer, `racer ${index}`)));
      for (const [index, exit] of exits.entries())
        expect(exit, racers[index]!.stderr).toEqual({ code: 0, signal: null });
      const secrets = new Set(racers.map((racer) => racer.stdout));
      expect(secrets.size, [...secrets].join('')).toBe(1);
      const [secret] = secrets;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}\n$/);
      // The one kept is the one printed: a later call prints it again.
      expect((await hire(box, ['webhooks', 'listen', '--print-secret'], { env })).stdout).toBe(secret);
    });

    it('with a write key, registers and removes its webhook ("configure webhooks")', async () => {
      const box = await sandbox();
      const emu = await testEmulator(box.dataDir);
      const write = (await fetch(`${emu.origin}/_emulator/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ level: 'write' }),
      }).then((response) => response.json())) as { data: { key: string } };
      const listener = await listen(box, ['--register', '--events', 'job.created'], {
        env: { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: write.data.key },
      });
      await waitFor(listener.proc, '"Registered webhook"', () => /Registered webhook/.exec(listener.proc.stderr));
      expect(emu.store.all('webhooks')).toHaveLength(1);
      listener.proc.child.kill('SIGTERM');
      expect(await waitExit(listener.proc, 'the listener after SIGTERM')).toEqual({ code: 0, signal: null });
      expect(emu.store.all('webhooks')).toEqual([]);
      expect(listener.proc.stderr).toMatch(/Removed webhook wh_/);
    });

    it('on SIGTERM removes its webhook and exits 0', async () => {
      const box = await sandbox();
      const emu = await testEmulator(box.dataDir);
      const listener = await listen(box, ['--register', '--events', 'job.created'], {
        env: { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key },
      });
      await waitFor(listener.proc, '"Registered webhook"', () => /Registered webhook/.exec(listener.proc.stderr));
      const webhooks = emu.store.all<{ id: string; url: string; events: string[] }>('webhooks');
      expect(webhooks).toHaveLength(1);
      expect(webhooks[0]!.events).toEqual(['job.created']);

      listener.proc.child.kill('SIGTERM');
      const exit = await waitExit(listener.proc, 'the listener after SIGTERM');
      expect(exit).toEqual({ code: 0, signal: null });
      expect(emu.store.all('webhooks')).toEqual([]);
    });
  });

  describe('--register on a profile that is not the emulator: --public-url', () => {
    /** A sandbox profile pointed at the emulator, as a real platform's would be: not known as the emulator. */
    async function staging() {
      const box = await sandbox();
      const emu = await testEmulator(box.dataDir);
      box.writeConfig({
        profiles: { staging: { environment: 'sandbox', base_url: emu.apiUrl, api_key: emu.key, emulator: false } },
      });
      const webhooks = async () => {
        const listed = await hire(box, ['webhooks', 'list', '--json', '--profile', 'staging']);
        expect(listed.code, listed.stderr).toBe(0);
        return JSON.parse(listed.stdout) as { id: string; url: string }[];
      };
      const config = () => JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8')) as Record<string, any>;
      return { box, emu, webhooks, config };
    }

    it('without --public-url: exit 2 before anything is registered, saying why and the command with a tunnel', async () => {
      const { box, webhooks, config } = await staging();
      const result = await hire(box, ['webhooks', 'listen', '--register', '--profile', 'staging']);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('Profile "staging" is not the emulator');
      expect(result.stderr).toContain('cannot reach this listener at 127.0.0.1, so nothing was registered');
      expect(result.stderr).toContain(
        '`hire webhooks listen --register --port 8080 --public-url https://YOUR-TUNNEL.example/ --profile staging`',
      );
      expect(result.stderr).not.toContain('Listening on');
      expect(await webhooks()).toEqual([]);
      // Nothing noted either: no listener entry, no listener secret made.
      expect(config().listen_webhooks).toBeUndefined();
      expect(config().listen_secrets).toBeUndefined();
      // Under --json: the usage error's envelope.
      const json = await hire(box, [
        'webhooks',
        'listen',
        '--register',
        '--port',
        '9000',
        '--profile',
        'staging',
        '--json',
      ]);
      expect(json.code).toBe(2);
      expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'listener_unreachable' } });
      expect(await webhooks()).toEqual([]);
    });

    it('with --public-url https://…: that URL is registered, noted, named in the banner, and removed on Ctrl-C', async () => {
      const { box, webhooks, config } = await staging();
      const listener = await listen(box, [
        '--register',
        '--events',
        'job.created',
        '--public-url',
        'https://example.test/hook',
        '--profile',
        'staging',
      ]);
      const id = (
        await waitFor(listener.proc, '"Registered webhook"', () =>
          /Registered webhook (wh_\S+) .*delivering to https:\/\/example\.test\/hook$/m.exec(listener.proc.stderr),
        )
      )[1]!;
      expect(await webhooks()).toEqual([expect.objectContaining({ id, url: 'https://example.test/hook' })]);
      expect(config().listen_webhooks.staging).toEqual([
        expect.objectContaining({ url: 'https://example.test/hook', webhook_id: id }),
      ]);
      listener.proc.child.kill('SIGINT');
      expect(await waitExit(listener.proc, 'the listener after SIGINT')).toEqual({ code: 130, signal: null });
      expect(listener.proc.stderr).toContain(`Removed webhook ${id}.`);
      expect(await webhooks()).toEqual([]);
      expect(config().listen_webhooks).toBeUndefined();
    });

    it('on the emulator too: the URL given is registered instead of 127.0.0.1', async () => {
      const box = await sandbox();
      const emu = await testEmulator(box.dataDir);
      const env = { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
      const listener = await listen(box, ['--register', '--public-url', 'https://tunnel.example.test/in'], { env });
      await waitFor(listener.proc, '"Registered webhook"', () => /Registered webhook/.exec(listener.proc.stderr));
      expect(emu.store.all<{ id: string; url: string }>('webhooks').map((webhook) => webhook.url)).toEqual([
        'https://tunnel.example.test/in',
      ]);
      listener.proc.child.kill('SIGTERM');
      expect(await waitExit(listener.proc, 'the listener after SIGTERM')).toEqual({ code: 0, signal: null });
      expect(emu.store.all('webhooks')).toEqual([]);
    });

    it('--json: the warnings said while it ran (a deprecated /api/v0) end stderr as one document when it stops', async () => {
      const box = await sandbox();
      const emu = await testEmulator(box.dataDir);
      const env = { HIRE_BASE_URL: `${emu.origin}/api/v0`, HIRE_API_KEY: emu.key };
      const listener = await listen(box, ['--register', '--json'], { env });
      await waitFor(listener.proc, '"Registered webhook"', () => /Registered webhook/.exec(listener.proc.stderr));
      expect(listener.proc.stderr).not.toContain('"warnings"');
      listener.proc.child.kill('SIGTERM');
      expect(await waitExit(listener.proc, 'the listener after SIGTERM')).toEqual({ code: 0, signal: null });
      const stderr = listener.proc.stderr;
      expect(JSON.parse(stderr.slice(stderr.indexOf('\n{\n') + 1))).toEqual({
        warnings: [expect.objectContaining({ code: 'api_deprecated', base_url: `${emu.origin}/api/v0` })],
      });
    });

    it('--public-url must be https, and goes with --register: exit 2 naming the flag', async () => {
      const box = await sandbox();
      const env = { HIRE_BASE_URL: 'http://127.0.0.1:9/api/v1', HIRE_API_KEY: 'hk_test_publicurl' };
      for (const [value, message] of [
        ['http://example.test/hook', '--public-url takes an https URL'],
        ['not a url', '--public-url takes an https URL'],
      ] as const) {
        const result = await hire(box, ['webhooks', 'listen', '--register', '--public-url', value], { env });
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(message);
        expect(result.stderr).toContain(`(got "${value}")`);
      }
      const alone = await hire(
        box,
        ['webhooks', 'listen', '--secret', newSecret(), '--public-url', 'https://x.test/'],
        {
          env,
        },
      );
      expect(alone.code).toBe(2);
      expect(alone.stderr).toContain('--public-url goes with --register');
    });
  });
});

describe('hire webhooks verify', () => {
  const flags = (secret: string, delivery: Signed) => [
    '--secret',
    secret,
    '--id',
    delivery.headers['webhook-id']!,
    '--timestamp',
    delivery.headers['webhook-timestamp']!,
    '--signature',
    delivery.headers['webhook-signature']!,
  ];

  it('exit 0 and "valid" for a correct delivery, with the payload on stdin or in --payload-file', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const delivery = signed(secret);
    const payloadFile = join(box.root, 'body.json');
    writeFileSync(payloadFile, delivery.body);
    const oldSecret = newSecret();
    const rotated = signed(secret);
    rotated.headers['webhook-signature'] =
      `${new Webhook(oldSecret).sign(rotated.id, new Date(Number(rotated.headers['webhook-timestamp']) * 1000), rotated.body)} ${rotated.headers['webhook-signature']}`;

    const [onStdin, fromFile, secretOnStdin, json, rotation] = await Promise.all([
      hire(box, ['webhooks', 'verify', ...flags(secret, delivery)], { stdin: delivery.body }),
      hire(box, ['webhooks', 'verify', ...flags(secret, delivery), '--payload-file', payloadFile]),
      hire(
        box,
        ['webhooks', 'verify', ...flags(secret, delivery).slice(2), '--secret-stdin', '--payload-file', payloadFile],
        { stdin: `${secret}\n` },
      ),
      hire(box, ['webhooks', 'verify', ...flags(secret, delivery), '--json'], { stdin: delivery.body }),
      hire(box, ['webhooks', 'verify', ...flags(secret, rotated)], { stdin: rotated.body }),
    ]);
    for (const [what, result] of Object.entries({ onStdin, fromFile, secretOnStdin, rotation })) {
      expect(result.code, `${what}: ${result.stderr}`).toBe(0);
      expect(result.stdout.trim(), what).toBe('valid');
    }
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ valid: true });
  });

  it('exit 3 with the reason on stderr for a bad signature, a timestamp too old, a malformed header', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const delivery = signed(secret);
    const old = signed(secret, { at: new Date(Date.now() - 6 * 60_000) });

    const [tampered, wrongSecret, tooOld, malformed, json] = await Promise.all([
      hire(box, ['webhooks', 'verify', ...flags(secret, delivery)], {
        stdin: delivery.body.replace('job_123', 'job_999'),
      }),
      hire(box, ['webhooks', 'verify', ...flags(newSecret(), delivery)], { stdin: delivery.body }),
      hire(box, ['webhooks', 'verify', ...flags(secret, old)], { stdin: old.body }),
      hire(
        box,
        [
          'webhooks',
          'verify',
          ...flags(secret, { ...delivery, headers: { ...delivery.headers, 'webhook-timestamp': 'soon' } }),
        ],
        { stdin: delivery.body },
      ),
      hire(box, ['webhooks', 'verify', ...flags(newSecret(), delivery), '--json'], { stdin: delivery.body }),
    ]);
    for (const [what, result, reason] of [
      ['tampered', tampered, /signature/],
      ['wrong secret', wrongSecret, /signature/],
      ['too old', tooOld, /old/],
      ['malformed timestamp', malformed, /malformed|webhook-timestamp|timestamp/],
    ] as const) {
      expect(result.code, `${what}: ${result.stderr}`).toBe(3);
      expect(result.stdout, what).toBe('');
      expect(result.stderr, what).toMatch(reason);
    }
    expect(json.code).toBe(3);
    const verdict = JSON.parse(json.stdout) as { valid: unknown; reason?: unknown };
    expect(verdict.valid).toBe(false);
    expect(String(verdict.reason)).toMatch(/signature/);
  });

  it('--secret-stdin without --payload-file: exit 2', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const delivery = signed(secret);
    const result = await hire(box, ['webhooks', 'verify', ...flags(secret, delivery).slice(2), '--secret-stdin'], {
      stdin: `${secret}\n`,
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/--payload-file/);
  });
});
