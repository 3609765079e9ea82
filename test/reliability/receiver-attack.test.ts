// Reliability: `hire webhooks listen` under attack (docs/api-choices.md §8). The built
// bin/hire.js is spawned once, as a user runs it (`--port 0 --secret whsec_… --json --forward-to`),
// and that one long-lived listener is sent, in sequence and concurrently: replays, stale and future
// timestamps, signatures for another body, oversized bodies, slow senders, non-JSON, garbage bytes,
// absurd headers and wrong methods. Each attack must be refused (or, for replays, acknowledged and
// not relayed again), valid deliveries sent while slow senders are mid-request must be accepted, the listener's
// memory must stay bounded, and after all of it a valid delivery is still accepted by a process
// that is still alive. Deliveries are signed with the independent `standardwebhooks` library.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Received } from '../../src/webhooks/receiver.js';
import { sandbox } from '../helpers/env.js';
import { newEventId, signed as signedWith, type Signed } from '../helpers/webhooks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /Listening on http:\/\/127\.0\.0\.1:(\d+)/;
const MB = 1_000_000;
const MIB = 1024 * 1024;
/** The relay target takes this long to answer, as an application behind the listener would. */
const RELAY_DELAY_MS = 50;

// ---------------------------------------------------------------------------------------------
// The listener

/** A line the listener prints with --json. */
type Entry = Received;

interface Listener {
  child: ChildProcess;
  port: number;
  address: string;
  stdout: () => string;
  stderr: () => string;
  exit: () => { code: number | null; signal: NodeJS.Signals | null } | undefined;
}

function describeOutput(listener: Listener): string {
  const clip = (text: string) => (text.length > 4000 ? `…${text.slice(-4000)}` : text);
  return `\n--- listener stdout ---\n${clip(listener.stdout())}\n--- listener stderr ---\n${clip(listener.stderr())}`;
}

async function startListener(args: string[]): Promise<Listener> {
  const box = await sandbox();
  const child = spawn(process.execPath, ['bin/hire.js', 'webhooks', 'listen', ...args], {
    cwd: ROOT,
    env: box.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.on('error', () => {});
  child.once('close', (code, signal) => (exit = { code, signal }));
  // Generous: below the test's own timeout only so that a failure shows the listener's output.
  const deadline = Date.now() + 45_000;
  let match: RegExpExecArray | null;
  while (!(match = LISTENING.exec(stderr))) {
    if (exit || Date.now() > deadline)
      throw new Error(`the listener did not start (${JSON.stringify(exit)})\n${stdout}\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const port = Number(match[1]);
  return {
    child,
    port,
    address: `http://127.0.0.1:${port}`,
    stdout: () => stdout,
    stderr: () => stderr,
    exit: () => exit,
  };
}

/** Every stdout line, each of which must be one JSON object. */
function entries(listener: Listener): Entry[] {
  return listener
    .stdout()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Entry;
      } catch {
        throw new Error(`a stdout line is not JSON: ${line}${describeOutput(listener)}`);
      }
    });
}

async function waitForEntries(
  listener: Listener,
  what: string,
  probe: (all: Entry[]) => boolean,
  timeoutMs = 45_000,
): Promise<Entry[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = entries(listener);
    if (probe(all)) return all;
    if (listener.exit())
      throw new Error(
        `the listener exited (${JSON.stringify(listener.exit())}) before ${what}${describeOutput(listener)}`,
      );
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${describeOutput(listener)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1000, peak: kb('VmHWM') / 1000 };
}

// ---------------------------------------------------------------------------------------------
// The application behind --forward-to: records what is relayed to it

interface Relayed {
  id: string | undefined;
  body: string;
}

async function relayTarget(): Promise<{ url: string; received: Relayed[]; server: Server }> {
  const received: Relayed[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      received.push({ id: typeof id === 'string' ? id : undefined, body: Buffer.concat(chunks).toString('utf8') });
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }, RELAY_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received, server };
}

// ---------------------------------------------------------------------------------------------
// Deliveries, signed with standardwebhooks

const secret = `whsec_${randomBytes(24).toString('base64')}`;
/** A delivery signed with the listener's secret (or `key`). */
function signed(options: { id?: string; body?: string; at?: Date; key?: string } = {}): Signed {
  return signedWith(options.key ?? secret, options);
}

interface Answer {
  /** undefined: the connection ended without an HTTP answer. */
  status: number | undefined;
  body: string;
  ms: number;
  /** The socket error's code, when the connection failed. */
  error?: string;
}

/** One request on its own connection; resolves with the answer, or status undefined if the connection ends without one. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let status: number | undefined;
    let text = '';
    let done = false;
    let error: string | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ status, body: text, ms: performance.now() - started, ...(error ? { error } : {}) });
    };
    const req = request(
      url,
      {
        method: options.method ?? 'POST',
        headers: { 'content-type': 'application/json', ...options.headers },
        agent: false,
      },
      (res) => {
        status = res.statusCode;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', finish);
        res.on('error', finish);
        res.on('close', finish);
      },
    );
    req.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
      finish();
    });
    req.on('close', () => setTimeout(finish, 50));
    req.end(options.body);
  });
}

const deliver = (listener: Listener, delivery: Signed, path = '/') =>
  send(`${listener.address}${path}`, { headers: delivery.headers, body: delivery.body });

/**
 * A delivery whose body is `total` bytes, written as fast as the listener takes it, stopping as
 * soon as an answer arrives or the connection closes, or (then waiting for the answer) after
 * `stopAfter` bytes. Resolves with the answer and the bytes written.
 */
function stream(
  listener: Listener,
  headers: Record<string, string>,
  total: number,
  stopAfter = total,
): Promise<Answer & { written: number }> {
  const started = performance.now();
  const chunk = Buffer.alloc(MIB, 'a');
  return new Promise((resolve) => {
    let status: number | undefined;
    let text = '';
    let written = 0;
    let done = false;
    let error: string | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      req.destroy();
      resolve({ status, body: text, ms: performance.now() - started, written, ...(error ? { error } : {}) });
    };
    const req = request(
      listener.address,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(total), ...headers },
        agent: false,
      },
      (res) => {
        status = res.statusCode;
        res.setEncoding('utf8');
        res.on('data', (data: string) => (text += data));
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    req.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
      finish();
    });
    req.on('close', () => setTimeout(finish, 50));
    const limit = Math.min(total, stopAfter);
    const pump = () => {
      while (!done && status === undefined && written < limit) {
        const piece = limit - written >= chunk.length ? chunk : chunk.subarray(0, limit - written);
        written += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      if (written >= total && !done) req.end();
    };
    pump();
  });
}

/**
 * Raw bytes on a TCP connection: resolves with the status line of whatever answer comes ('' if
 * none) once the server closes or after `waitMs` (generous: every use expects the server to close).
 */
function raw(
  listener: Listener,
  bytes: Buffer | string,
  waitMs = 45_000,
): Promise<{ statusLine: string; closed: boolean }> {
  return new Promise((resolve) => {
    let received = '';
    let closed = false;
    const socket: Socket = connect(listener.port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve({ statusLine: received.split('\r\n')[0] ?? '', closed });
    };
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      done();
    });
    socket.write(bytes);
  });
}

/** The HTTP request text of a delivery, for senders that control every byte. */
function requestText(delivery: Signed, extraHeaders = ''): string {
  const headers = Object.entries(delivery.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(delivery.body)}\r\nConnection: close\r\n${headers}${extraHeaders}\r\n`;
}

/**
 * Sends `first` at once, then `text` one byte every `everyMs` for at least `forMs` and until `until`
 * resolves (never its last byte meanwhile: the request stays incomplete for as long as the test
 * holds it, however slow the machine), then the rest of it at once (unless `stall`); resolves with
 * the status line of the answer. `underway` resolves once the first byte is written.
 */
function trickle(
  listener: Listener,
  text: string,
  options: { first?: string; everyMs: number; forMs: number; until?: Promise<unknown>; stall?: boolean },
): { answer: Promise<{ statusLine: string; ms: number }>; socket: Socket; underway: Promise<void> } {
  const started = performance.now();
  let released = options.until === undefined;
  void options.until?.then(() => (released = true));
  const socket = connect(listener.port, '127.0.0.1');
  socket.setNoDelay(true);
  let wroteFirstByte: () => void = () => {};
  const underway = new Promise<void>((resolve) => (wroteFirstByte = resolve));
  if (options.first) {
    socket.write(options.first);
    wroteFirstByte();
  }
  let received = '';
  let sent = 0;
  const answer = new Promise<{ statusLine: string; ms: number }>((resolve) => {
    const timer = setInterval(() => {
      if (released && performance.now() - started >= options.forMs) {
        clearInterval(timer);
        if (!options.stall) socket.write(text.slice(sent));
        return;
      }
      if (sent < text.length - 1) {
        socket.write(text.slice(sent, sent + 1));
        sent += 1;
        wroteFirstByte();
      }
    }, options.everyMs);
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      if (received.includes('\r\n\r\n'))
        resolve({ statusLine: received.split('\r\n')[0] ?? '', ms: performance.now() - started });
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ statusLine: received.split('\r\n')[0] ?? '', ms: performance.now() - started });
    });
  });
  return { answer, socket, underway };
}

const is2xx = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

// ---------------------------------------------------------------------------------------------
// Bookkeeping: what was sent, what was refused

interface Tally {
  attack: string;
  sent: number;
  rejected: number;
}

const tallies: Tally[] = [];
/** Measurements, printed at the end. */
const figures: string[] = [];

function tally(attack: string, outcomes: boolean[]): void {
  tallies.push({ attack, sent: outcomes.length, rejected: outcomes.filter(Boolean).length });
}

/** Ids of deliveries that are valid and must be relayed exactly once. */
const validIds = new Set<string>();
/** The simultaneous burst, whose single relay has a test of its own. */
let burstId: string | undefined;

// ---------------------------------------------------------------------------------------------

let listener: Listener;
let relay: Awaited<ReturnType<typeof relayTarget>>;
const slowSockets: Socket[] = [];

describe('hire webhooks listen under attack (one long-lived listener)', () => {
  beforeAll(async () => {
    relay = await relayTarget();
    listener = await startListener(['--port', '0', '--secret', secret, '--json', '--forward-to', `${relay.url}/hooks`]);
  });

  afterAll(async () => {
    for (const socket of slowSockets) socket.destroy();
    if (listener && !listener.exit()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        listener.child.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        listener.child.kill('SIGKILL');
      });
    }
    if (relay) {
      relay.server.closeAllConnections();
      await new Promise<void>((resolve) => relay.server.close(() => resolve()));
    }
    const sent = tallies.reduce((sum, entry) => sum + entry.sent, 0);
    const rejected = tallies.reduce((sum, entry) => sum + entry.rejected, 0);
    console.log(
      [
        `receiver attacks: ${rejected} of ${sent} rejected (or, for replays, acknowledged and not relayed)`,
        ...tallies.map((entry) => `  ${entry.attack}: ${entry.rejected}/${entry.sent}`),
        ...figures.map((line) => `  ${line}`),
      ].join('\n'),
    );
  });

  it('accepts, prints and relays a first valid delivery', async () => {
    const first = signed();
    const answer = await deliver(listener, first);
    expect(answer.status, describeOutput(listener)).toBe(200);
    validIds.add(first.id);
    const all = await waitForEntries(listener, 'the first entry', (list) =>
      list.some((entry) => entry.id === first.id),
    );
    expect(all.filter((entry) => entry.id === first.id)).toMatchObject([
      { valid: true, type: 'job.created', forwarded: { status: 200 } },
    ]);
    expect(relay.received.map((entry) => entry.id)).toEqual([first.id]);
    expect(relay.received[0]!.body).toBe(first.body);
  });

  it('acknowledges 20 replays of one accepted delivery (10 in sequence, 10 at once): 2xx, printed as duplicates, relayed once', async () => {
    const original = signed();
    expect((await deliver(listener, original)).status).toBe(200);
    validIds.add(original.id);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await deliver(listener, original));
    answers.push(...(await Promise.all(Array.from({ length: 10 }, () => deliver(listener, original)))));
    for (const answer of answers) expect(is2xx(answer.status), `${answer.status} ${answer.body}`).toBe(true);
    const all = await waitForEntries(
      listener,
      '21 entries for the replayed id',
      (list) => list.filter((entry) => entry.id === original.id).length >= 21,
    );
    const mine = all.filter((entry) => entry.id === original.id);
    expect(mine).toHaveLength(21);
    expect(mine.filter((entry) => entry.valid && !entry.duplicate)).toHaveLength(1);
    expect(mine[0]).toMatchObject({ valid: true, forwarded: { status: 200 } });
    expect(mine[0]!.duplicate).toBeFalsy();
    expect(
      mine.slice(1).every((entry) => entry.valid && entry.duplicate === true && entry.forwarded === undefined),
    ).toBe(true);
    expect(relay.received.filter((entry) => entry.id === original.id)).toHaveLength(1);
    tally(
      'replays of an accepted delivery (acknowledged, not relayed)',
      answers.map((answer) => is2xx(answer.status) && /duplicate/.test(answer.body)),
    );
  });

  it('relays a burst of 20 identical copies of a new delivery, sent at once, exactly once', async () => {
    const burst = signed();
    validIds.add(burst.id);
    burstId = burst.id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(listener, burst)));
    for (const answer of answers) expect(is2xx(answer.status), `${answer.status} ${answer.body}`).toBe(true);
    const all = await waitForEntries(
      listener,
      '20 entries for the burst id',
      (list) => list.filter((entry) => entry.id === burst.id).length >= 20,
    );
    const mine = all.filter((entry) => entry.id === burst.id);
    const relayedCopies = relay.received.filter((entry) => entry.id === burst.id).length;
    figures.push(
      `burst of 20 simultaneous copies: relayed ${relayedCopies} time(s), printed as new ${mine.filter((entry) => !entry.duplicate).length} time(s)`,
    );
    tally(
      'simultaneous copies of a new delivery (all but one acknowledged as duplicates)',
      answers.map((answer) => /duplicate/.test(answer.body)).slice(1),
    );
    expect(relayedCopies, `copies relayed to the application: ${relayedCopies}`).toBe(1);
    expect(
      mine.filter((entry) => !entry.duplicate),
      `entries printed as new (not duplicate): ${mine.filter((entry) => !entry.duplicate).length}`,
    ).toHaveLength(1);
    expect(mine.filter((entry) => entry.duplicate)).toHaveLength(19);
  });

  it('refuses timestamps 6 minutes old and 6 minutes ahead, and malformed ones, with 401 and the reason', async () => {
    const cases = [
      { what: '6 min old', delivery: signed({ at: new Date(Date.now() - 6 * 60_000) }), reason: /too old/ },
      { what: '6 min ahead', delivery: signed({ at: new Date(Date.now() + 6 * 60_000) }), reason: /future/ },
      { what: '1 day old', delivery: signed({ at: new Date(Date.now() - 86_400_000) }), reason: /too old/ },
      { what: 'year 2100', delivery: signed({ at: new Date('2100-01-01T00:00:00Z') }), reason: /future/ },
    ];
    const malformed = signed();
    const odd = ['-1', '1e9', 'soon', '99999999999999999999', ' ', '0x65'].map((timestamp) => ({
      what: `timestamp "${timestamp}"`,
      delivery: { ...malformed, headers: { ...malformed.headers, 'webhook-timestamp': timestamp } },
      reason: /timestamp|malformed|old/,
    }));
    const answers = await Promise.all(
      [...cases, ...odd].map(async (item) => ({ ...item, answer: await deliver(listener, item.delivery) })),
    );
    for (const { what, answer, reason } of answers) {
      expect(answer.status, `${what}: ${answer.body}`).toBe(401);
      expect(answer.body, what).toMatch(reason);
    }
    tally(
      'old, future and malformed timestamps',
      answers.map(({ answer }) => answer.status === 401),
    );
    const ids = new Set(cases.map((item) => item.delivery.id));
    const all = await waitForEntries(
      listener,
      'the timestamp entries',
      (list) => list.filter((entry) => entry.id !== null && ids.has(entry.id)).length >= cases.length,
    );
    for (const entry of all.filter((item) => item.id !== null && (ids.has(item.id) || item.id === malformed.id)))
      expect(entry.valid).toBe(false);
    expect(
      relay.received.some((entry) => entry.id === malformed.id || (entry.id !== undefined && ids.has(entry.id))),
    ).toBe(false);
  });

  it('refuses a signature made for another body, another id, another secret, or none at all with 401', async () => {
    const genuine = signed();
    const tampered = genuine.body.replace('Backend Engineer', 'Backend Engineer (paid double)');
    const otherId = signed();
    const cases = [
      { what: 'another body', delivery: { ...genuine, body: tampered } },
      { what: 'a body with one more space', delivery: { ...genuine, body: `${genuine.body} ` } },
      {
        what: "another delivery's signature",
        delivery: {
          ...genuine,
          headers: { ...genuine.headers, 'webhook-signature': otherId.headers['webhook-signature']! },
        },
      },
      { what: 'another id', delivery: { ...genuine, headers: { ...genuine.headers, 'webhook-id': newEventId() } } },
      { what: 'another secret', delivery: signed({ key: `whsec_${randomBytes(24).toString('base64')}` }) },
      {
        what: 'v1, and nothing',
        delivery: { ...genuine, headers: { ...genuine.headers, 'webhook-signature': 'v1,' } },
      },
      {
        what: 'v2 only',
        delivery: {
          ...genuine,
          headers: {
            ...genuine.headers,
            'webhook-signature': genuine.headers['webhook-signature']!.replace('v1,', 'v2,'),
          },
        },
      },
      {
        what: 'a truncated signature',
        delivery: {
          ...genuine,
          headers: { ...genuine.headers, 'webhook-signature': genuine.headers['webhook-signature']!.slice(0, 20) },
        },
      },
    ];
    const answers = await Promise.all(
      cases.map(async (item) => ({ ...item, answer: await deliver(listener, item.delivery) })),
    );
    for (const { what, answer } of answers) {
      expect(answer.status, `${what}: ${answer.body}`).toBe(401);
      expect(answer.body, what).toMatch(/signature/);
    }
    tally(
      'signatures that do not match',
      answers.map(({ answer }) => answer.status === 401),
    );
    expect(relay.received.some((entry) => entry.body === tampered)).toBe(false);
    // The genuine one still goes through afterwards: nothing above poisoned its id.
    expect((await deliver(listener, genuine)).status).toBe(200);
    validIds.add(genuine.id);
  });

  it('answers 413 to a 5 MB delivery once 1 MiB is in, before the sender has sent the rest', async () => {
    // The sender announces 5 MB, sends 2 MiB and waits: it must get the 413 without sending more.
    const delivery = signed();
    const answer = await stream(listener, delivery.headers, 5 * MB, 2 * MIB);
    figures.push(
      `5 MB delivery, 2 MiB sent: ${answer.status ?? `no answer (${answer.error})`} in ${Math.round(answer.ms)} ms`,
    );
    tally('a 5 MB delivery (first 2 MiB sent)', [answer.status === 413]);
    expect(answer.status, answer.error).toBe(413);
    // The sender stopped at 2 MiB and waits: a 413 at all means it came without the rest.
    expect(answer.body).toMatch(/larger than 1048576 bytes/);
    const all = await waitForEntries(listener, 'its entry', (list) => list.some((entry) => entry.id === delivery.id));
    expect(all.filter((entry) => entry.id === delivery.id)).toMatchObject([{ valid: false, reason: 'body too large' }]);
  });

  it('refuses 5 MB signed bodies sent whole, 3 at once: 413 (or the connection closed on a sender still writing), never accepted', async () => {
    const bigs = Array.from({ length: 3 }, () => {
      const id = newEventId();
      return signed({ id, body: JSON.stringify({ id, type: 'job.created', data: { padding: 'x'.repeat(5 * MB) } }) });
    });
    const answers = await Promise.all(bigs.map((delivery) => deliver(listener, delivery)));
    figures.push(
      `5 MB bodies sent whole: the senders saw ${answers.map((answer) => answer.status ?? `no answer (${answer.error})`).join(', ')}`,
    );
    tally(
      '5 MB bodies sent whole',
      answers.map((answer) => !is2xx(answer.status)),
    );
    // The listener answers 413 and closes at once, with the rest of the body unread: a sender still
    // writing may get EPIPE / ECONNRESET before it reads the 413. Either way: refused.
    for (const answer of answers) {
      if (answer.status !== undefined) expect(answer.status, answer.body).toBe(413);
      else expect(answer.error).toMatch(/^(EPIPE|ECONNRESET)$/);
    }
    const ids = new Set(bigs.map((delivery) => delivery.id));
    expect(relay.received.some((entry) => entry.id !== undefined && ids.has(entry.id))).toBe(false);
    const all = await waitForEntries(
      listener,
      'the entries of the 5 MB deliveries',
      (list) => list.filter((entry) => entry.id !== null && ids.has(entry.id)).length >= 3,
    );
    for (const entry of all.filter((item) => item.id !== null && ids.has(item.id)))
      expect(entry).toMatchObject({ valid: false, reason: 'body too large' });
  });

  it('stops reading a 256 MB stream at the limit and does not hold it: RSS and peak RSS stay under 200 MB', async () => {
    const before = memory(listener.child.pid!);
    const flood = await stream(listener, signed().headers, 256 * MIB);
    figures.push(
      `256 MB sender: saw ${flood.status ?? `no answer (${flood.error})`} after writing ${(flood.written / MIB).toFixed(1)} MiB, in ${Math.round(flood.ms)} ms`,
    );
    // The listener stopped reading: the sender, held back by TCP, got nowhere near the end.
    expect(flood.written).toBeLessThan(64 * MIB);
    if (flood.status !== undefined) expect(flood.status).toBe(413);
    else expect(flood.error).toMatch(/^(EPIPE|ECONNRESET)$/);
    tally('a 256 MB stream (cut off)', [!is2xx(flood.status) && flood.written < 64 * MIB]);
    const after = memory(listener.child.pid!);
    figures.push(
      `listener memory: VmRSS ${before.rss.toFixed(0)} MB before the stream, ${after.rss.toFixed(0)} MB after; peak VmHWM ${after.peak.toFixed(0)} MB`,
    );
    expect(after.rss).toBeLessThan(200);
    expect(after.peak).toBeLessThan(200);
    expect(listener.exit()).toBeUndefined();
  });

  it('serves valid deliveries while slow senders trickle one byte per 200 ms for 3 s or more (no head-of-line blocking)', async () => {
    const slowBody = signed();
    const slowHead = signed();
    const stalled = signed();
    // The slow senders keep their requests incomplete until the valid deliveries below are all
    // answered (and for 3 s at least; the listener gives a request 10 s): a listener that served
    // one request at a time would never answer those, whatever the machine's speed.
    let quickDone: () => void = () => {};
    const until = new Promise<void>((resolve) => (quickDone = resolve));
    // Headers at once, then the body one byte per 200 ms, then the rest: slow but valid.
    const bodyTrickler = trickle(listener, slowBody.body, {
      first: requestText(slowBody),
      everyMs: 200,
      forMs: 3_000,
      until,
    });
    // That trickles from the first byte: the headers come one byte per 200 ms too.
    const headTrickler = trickle(listener, `${requestText(slowHead)}${slowHead.body}`, {
      everyMs: 200,
      forMs: 3_000,
      until,
    });
    // And one that never finishes its headers (slowloris): abandoned at the end.
    const staller = trickle(listener, requestText(stalled), { everyMs: 200, forMs: 3_000, until, stall: true });
    slowSockets.push(bodyTrickler.socket, headTrickler.socket, staller.socket);
    await Promise.all([bodyTrickler.underway, headTrickler.underway, staller.underway]);

    // Three rounds of 3 valid deliveries, while all three slow senders are mid-request.
    const quick: Answer[] = [];
    for (let round = 0; round < 3; round++) {
      const batch = await Promise.all(
        Array.from({ length: 3 }, () => signed()).map(async (delivery) => ({
          delivery,
          answer: await deliver(listener, delivery),
        })),
      );
      for (const { delivery, answer } of batch) {
        quick.push(answer);
        expect(answer.status, answer.body).toBe(200);
        validIds.add(delivery.id);
      }
    }
    quickDone();
    const slowest = Math.max(...quick.map((answer) => answer.ms));
    figures.push(
      `${quick.length} valid deliveries next to 3 slow senders: slowest answered in ${Math.round(slowest)} ms`,
    );

    const [bodyAnswer, headAnswer] = await Promise.all([bodyTrickler.answer, headTrickler.answer]);
    expect(bodyAnswer.statusLine).toMatch(/^HTTP\/1\.1 200 /);
    expect(headAnswer.statusLine).toMatch(/^HTTP\/1\.1 200 /);
    expect(bodyAnswer.ms).toBeGreaterThanOrEqual(2_900);
    figures.push(
      `slow senders answered ${bodyAnswer.statusLine.slice(9, 12)} after ${Math.round(bodyAnswer.ms)} ms (body) and ${headAnswer.statusLine.slice(9, 12)} after ${Math.round(headAnswer.ms)} ms (headers)`,
    );
    validIds.add(slowBody.id);
    validIds.add(slowHead.id);
    // The staller has sent no complete request: it was not printed nor relayed.
    expect(entries(listener).some((entry) => entry.id === stalled.id)).toBe(false);
    expect(listener.exit()).toBeUndefined();
  });

  it('refuses non-JSON bodies: signed → 400, unsigned → 401; JSON that is not an object → 400', async () => {
    const bodies = [
      'hello, this is not JSON',
      '{"id": "evt_1", "type": ',
      '<xml>no</xml>',
      '\u0000\u0001\u0002',
      '42',
      '"a string"',
      'null',
      '',
    ];
    const signedAnswers = await Promise.all(bodies.map((body) => deliver(listener, signed({ body }))));
    const unsignedAnswers = await Promise.all(bodies.map((body) => send(listener.address, { body })));
    signedAnswers.forEach((answer, index) => {
      expect(answer.status, `signed ${JSON.stringify(bodies[index])}: ${answer.body}`).toBe(400);
      expect(answer.body).toMatch(/JSON/);
    });
    unsignedAnswers.forEach((answer, index) => {
      expect(answer.status, `unsigned ${JSON.stringify(bodies[index])}: ${answer.body}`).toBe(401);
      expect(answer.body).toMatch(/missing webhook-id/);
    });
    tally('non-JSON bodies (signed and unsigned)', [
      ...signedAnswers.map((answer) => answer.status === 400),
      ...unsignedAnswers.map((answer) => answer.status === 401),
    ]);
  });

  it('survives 50 concurrent garbage requests: random bytes, random headers, missing headers', async () => {
    const randomBytesRequest = () => {
      const bytes = randomBytes(64 + Math.floor(Math.random() * 4096));
      bytes[0] = 0x01; // never a method's first letter
      return raw(listener, bytes);
    };
    const randomHeaders = () => {
      const headers: Record<string, string> = {};
      if (Math.random() < 0.6) headers['webhook-id'] = randomBytes(12).toString('base64url');
      if (Math.random() < 0.6)
        headers['webhook-timestamp'] =
          Math.random() < 0.5 ? String(Math.floor(Date.now() / 1000)) : randomBytes(6).toString('hex');
      if (Math.random() < 0.6) headers['webhook-signature'] = `v1,${randomBytes(32).toString('base64')}`;
      return send(listener.address, { headers, body: randomBytes(16 + Math.floor(Math.random() * 2048)) });
    };
    const [byteAnswers, headerAnswers] = await Promise.all([
      Promise.all(Array.from({ length: 25 }, randomBytesRequest)),
      Promise.all(Array.from({ length: 25 }, randomHeaders)),
    ]);
    for (const answer of byteAnswers) {
      // Node's parser refuses it with 400 and closes; never an accepted delivery, never left hanging.
      expect(answer.closed).toBe(true);
      expect(answer.statusLine === '' || /^HTTP\/1\.1 400 /.test(answer.statusLine), answer.statusLine).toBe(true);
    }
    for (const answer of headerAnswers) expect(answer.status, answer.body).toBe(401);
    tally(
      'garbage: random bytes',
      byteAnswers.map((answer) => answer.closed && !/^HTTP\/1\.1 2/.test(answer.statusLine)),
    );
    tally(
      'garbage: random or missing webhook headers',
      headerAnswers.map((answer) => answer.status === 401),
    );
    expect(listener.exit()).toBeUndefined();
  });

  it('refuses absurd headers (5,000 of them; one of 100 KB) with 431, and wrong methods with 405', async () => {
    const delivery = signed();
    const many = Array.from({ length: 5_000 }, (_, index) => `x-h${index}: ${index}\r\n`).join('');
    const hugeHeader = `x-huge: ${'h'.repeat(100 * 1024)}\r\n`;
    const [manyAnswer, hugeAnswer] = await Promise.all([
      raw(listener, `${requestText(delivery, many)}${delivery.body}`),
      raw(listener, `${requestText(delivery, hugeHeader)}${delivery.body}`),
    ]);
    expect(manyAnswer.statusLine).toMatch(/^HTTP\/1\.1 (431|400) /);
    expect(hugeAnswer.statusLine).toMatch(/^HTTP\/1\.1 (431|400) /);
    const methods = await Promise.all(
      ['GET', 'PUT', 'DELETE', 'PATCH'].map((method) =>
        send(listener.address, {
          method,
          headers: delivery.headers,
          body: method === 'GET' || method === 'DELETE' ? undefined : delivery.body,
        }),
      ),
    );
    for (const answer of methods) expect(answer.status).toBe(405);
    tally(
      'absurd headers',
      [manyAnswer, hugeAnswer].map((answer) => /^HTTP\/1\.1 4\d\d /.test(answer.statusLine)),
    );
    tally(
      'wrong methods',
      methods.map((answer) => answer.status === 405),
    );
    // None of them was taken for the delivery it carried.
    expect(entries(listener).some((entry) => entry.id === delivery.id)).toBe(false);
    expect(relay.received.some((entry) => entry.id === delivery.id)).toBe(false);
  });

  it('after all of it: still alive, a valid delivery is accepted, printed valid and relayed; only valid deliveries were ever relayed, each once', async () => {
    expect(listener.exit(), describeOutput(listener)).toBeUndefined();
    expect(listener.child.exitCode).toBeNull();
    const last = signed();
    const answer = await deliver(listener, last);
    expect(answer.status, describeOutput(listener)).toBe(200);
    validIds.add(last.id);
    const all = await waitForEntries(listener, 'the last valid entry', (list) =>
      list.some((entry) => entry.id === last.id),
    );
    expect(all.filter((entry) => entry.id === last.id)).toMatchObject([
      { valid: true, type: 'job.created', forwarded: { status: 200 } },
    ]);

    // Whatever was relayed was a valid delivery; every valid delivery was relayed exactly once.
    const relayedIds = relay.received.map((entry) => entry.id ?? '(none)');
    expect(
      relayedIds.filter((id) => !validIds.has(id)),
      'relayed deliveries that were not valid',
    ).toEqual([]);
    const counts = new Map<string, number>();
    for (const id of relayedIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect(
      [...validIds]
        .filter((id) => (id === burstId ? !counts.get(id) : counts.get(id) !== 1))
        .map((id) => `${id}: ${counts.get(id) ?? 0}`),
      'valid deliveries not relayed exactly once',
    ).toEqual([]);
    // Everything printed as valid is one of ours; no stack trace on stderr.
    expect(all.filter((entry) => entry.valid && (entry.id === null || !validIds.has(entry.id)))).toEqual([]);
    expect(listener.stderr()).not.toMatch(/^\s+at\s/m);
    expect(listener.stderr()).not.toMatch(/Error/);
    expect(listener.stdout()).not.toContain(secret);
    expect(listener.stderr()).not.toContain(secret);
    expect(memory(listener.child.pid!).rss).toBeLessThan(200);
  });
});
