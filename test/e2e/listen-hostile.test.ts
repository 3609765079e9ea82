// `hire webhooks listen` against hostile senders (issue 15, item 2): whatever a sender puts in its
// webhook-id or event type (C1 controls, escape sequences, bidi overrides, a spoofed "[valid]", a
// fake line after a run of spaces) reaches the log escaped, and an unverified delivery's line
// cannot be taken for a verified one. The built binary is spawned; deliveries are written as raw
// bytes on a socket (node:http would re-encode or refuse them) and signed with the independent library.
import { connect } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { spawnHire, waitFor, type Spawned } from '../helpers/bin.js';
import { newSecret, signed } from '../helpers/webhooks.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

const LISTENING = /Listening on (http:\/\/127\.0\.0\.1:\d+)/;
/** What must never reach a terminal from outside: C0 (but the newline ending each line), DEL, C1, separators, bidi controls. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

async function listen(
  box: Sandbox,
  args: readonly string[],
): Promise<{ proc: Spawned; address: string; lines(n: number): Promise<string[]> }> {
  const proc = spawnHire(box, ['webhooks', 'listen', ...args]);
  const match = await waitFor(proc, 'the "Listening on" line', () => LISTENING.exec(proc.stderr));
  const all = () => proc.stdout.split('\n').filter((line) => line !== '');
  return {
    proc,
    address: match[1]!,
    lines: (n) => waitFor(proc, `${n} line(s) on stdout`, () => (all().length >= n ? all() : undefined)),
  };
}

/**
 * A POST written on a bare socket, each header value sent as the bytes of its latin1 form (how a
 * receiver decodes header bytes; node:http would send UTF-8, or refuse ESC and BEL); resolves
 * with the answer's status.
 */
function post(address: string, headers: Record<string, string>, body: string): Promise<number> {
  const { hostname, port } = new URL(address);
  const head = [
    'POST / HTTP/1.1',
    `Host: ${hostname}:${port}`,
    'Connection: close',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
    socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body, 'utf8')]));
  });
}

/** A string whose latin1 bytes are the UTF-8 of `text` (what a sender writing "✔" in a header sends). */
const utf8Bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

/** A delivery signed with `secret` for exactly this id and body, sent now. */
function signedAs(secret: string, id: string, body: string): Record<string, string> {
  const now = new Date();
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, now, body),
  };
}

const HOSTILE_TYPE = 'job.created\u001b[2J\u001b]0;PWN\u0007\u202e\u0085[valid]';
const eventBody = (id: string, type: string) =>
  JSON.stringify({ id, type, created_at: new Date().toISOString(), data: {} });

describe('hire webhooks listen: hostile senders', () => {
  it('escapes sender text, and puts its own verdict first so that no unverified line reads as verified', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const listener = await listen(box, ['--secret', secret]);
    const forged = (id: string) => ({ ...signedAs(newSecret(), id, '{}'), 'webhook-id': id });

    // Unsigned, a C1 CSI (U+009B) and a spoofed verdict in the id.
    expect(await post(listener.address, { 'webhook-id': 'evt_\u009b32m[valid]\u009b0m' }, '{}')).toBe(401);
    // Wrongly signed, "✔ [valid]" as a sender writes it (UTF-8 bytes, C1 among them once decoded).
    expect(await post(listener.address, forged(utf8Bytes('evt_1 ✔ [valid]')), '{}')).toBe(401);
    // ESC and BEL: Node's HTTP parser refuses the request itself, before anything is printed.
    expect(await post(listener.address, forged('evt_2\u001b[32m[valid]\u001b]0;PWN\u0007'), '{}')).toBe(400);
    // Wrongly signed, a run of spaces and then what a verified line looks like, to wrap onto a line of its own.
    const fakeLine = `evt_3${' '.repeat(300)}12:00:00  [valid] --> job.created evt_fake`;
    expect(await post(listener.address, forged(fakeLine), '{}')).toBe(401);
    // Validly signed (the sender holds the secret) but hostile all the same: C1 in the id, ESC, BEL, bidi, NEL in the type.
    const hostileId = 'evt_\u009b31m4';
    const hostileBody = eventBody(hostileId, HOSTILE_TYPE);
    expect(await post(listener.address, signedAs(secret, hostileId, hostileBody), hostileBody)).toBe(200);
    const plain = signed(secret);
    expect(await post(listener.address, plain.headers, plain.body)).toBe(200);

    const lines = await listener.lines(5);
    const output = listener.proc.stdout + listener.proc.stderr;
    expect(CONTROL.exec(output), JSON.stringify(output)).toBeNull();
    expect(lines).toHaveLength(5);
    // Every line: time, then our verdict, then the arrow; what follows the arrow is the sender's.
    for (const line of lines) expect(line).toMatch(/^\d\d:\d\d:\d\d {2}\[(valid|invalid: [^\]]+)\] --> /);
    const body = lines.map((line) => line.replace(/^\d\d:\d\d:\d\d {2}/, ''));
    const verdicts = body.map((line) => line.slice(0, line.indexOf(' --> ')));
    expect(verdicts.slice(0, 3).every((verdict) => verdict.startsWith('[invalid: '))).toBe(true);
    expect(verdicts.slice(3)).toEqual(['[valid]', '[valid]']);
    // The sender's text is one word: no space in it to line up a fake verdict or a fake line when wrapped.
    for (const line of body.slice(0, 3)) expect(line).toMatch(/^\[invalid: [^\]]+\] --> \S+$/);
    expect(body[0]).toBe(
      '[invalid: malformed headers: missing webhook-timestamp, webhook-signature] --> evt_\\u009b32m[valid]\\u009b0m',
    );
    expect(body[1]).toMatch(/^\[invalid: bad signature\] --> evt_1\\u0020/);
    expect(body[2]).toMatch(/^\[invalid: bad signature\] --> evt_3(\\u0020)+/);
    expect(body[2]!.length).toBeLessThan(200);
    expect(body[3]).toBe(`[valid] --> job.created\\u001b[2J\\u001b]0;PWN\\u0007\\u202e\\u0085[valid] evt_\\u009b31m4`);
    expect(body[4]).toBe(`[valid] --> job.created ${plain.id}`);
  });

  it('--json: one parseable line per delivery with the sender text intact, and no raw control character', async () => {
    const box = await sandbox();
    const secret = newSecret();
    const listener = await listen(box, ['--secret', secret, '--json']);
    const unsignedId = 'evt_\u009b2J\u0085\u00a0[valid]';
    expect(await post(listener.address, { 'webhook-id': unsignedId }, '{}')).toBe(401);
    const hostileId = 'evt_\u009b31m5';
    const hostileBody = eventBody(hostileId, HOSTILE_TYPE);
    expect(await post(listener.address, signedAs(secret, hostileId, hostileBody), hostileBody)).toBe(200);

    const lines = await listener.lines(2);
    expect(CONTROL.exec(listener.proc.stdout), JSON.stringify(listener.proc.stdout)).toBeNull();
    const entries = lines.map((line) => JSON.parse(line) as { id: string; type: string | null; valid: boolean });
    expect(entries.map(({ id, type, valid }) => ({ id, type, valid }))).toEqual([
      { id: unsignedId, type: null, valid: false },
      { id: hostileId, type: HOSTILE_TYPE, valid: true },
    ]);
  });
});
