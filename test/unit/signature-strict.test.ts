// Signatures are compared as text, strictly, as the `standardwebhooks` library does (issue 15,
// item 5): a `v1,` value that merely decodes to the right bytes (junk characters, the base64url
// alphabet, missing or extra padding) is refused. Cross-checked against the library itself.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verify } from '../../src/webhooks/signature.js';

const SECRET = ['whsec', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'].join('_');
const NOW = new Date('2026-11-22T12:00:00Z');
const TIMESTAMP = String(Math.floor(NOW.getTime() / 1000));

/** A delivery whose signature contains `+` or `/` (so that its base64url form differs) and ends in `=`. */
function delivery(): { id: string; body: string; digest: string } {
  for (let n = 0; ; n++) {
    const id = `evt_${n}`;
    const body = JSON.stringify({ id, type: 'job.created', data: { id: 'job_1' } });
    const digest = new Webhook(SECRET).sign(id, NOW, body).slice('v1,'.length);
    if (/[+/]/.test(digest) && digest.endsWith('=')) return { id, body, digest };
  }
}

const check = (id: string, body: string, signature: string) =>
  verify({ secret: SECRET, id, timestamp: TIMESTAMP, signature, body, now: NOW });

describe('verify: the v1 signature must be exactly the expected base64 text', () => {
  const { id, body, digest } = delivery();
  const middle = Math.floor(digest.length / 2);

  it('accepts the exact signature, alone or among others (secret rotation)', () => {
    const other = new Webhook(`whsec_${randomBytes(24).toString('base64')}`).sign(id, NOW, body);
    expect(check(id, body, `v1,${digest}`)).toEqual({ valid: true });
    expect(check(id, body, `${other} v1,${digest}`)).toEqual({ valid: true });
    expect(check(id, body, `v1,${digest} ${other} v1a,c29tZXRoaW5n`)).toEqual({ valid: true });
    expect(check(id, body, `  v1,${digest}  `)).toEqual({ valid: true });
  });

  const malformed: Array<[string, string]> = [
    ['junk appended', `v1,${digest}!!!!`],
    ['junk inserted', `v1,${digest.slice(0, middle)}!*%${digest.slice(middle)}`],
    ['a dot inserted', `v1,${digest.slice(0, middle)}.${digest.slice(middle)}`],
    ['the base64url alphabet', `v1,${digest.replace(/\+/g, '-').replace(/\//g, '_')}`],
    ['no padding', `v1,${digest.replace(/=+$/, '')}`],
    ['base64url without padding', `v1,${digest.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`],
    ['extra padding', `v1,${digest}=`],
    ['padding in the middle', `v1,${digest.slice(0, middle)}=${digest.slice(middle)}`],
    ['a third comma-separated part', `v1,${digest},junk`],
    ['a version with a suffix', `v1x,${digest}`],
  ];
  it.each(malformed)('refuses %s', (_what, signature) => {
    expect(check(id, body, signature)).toMatchObject({ valid: false, reason: expect.stringMatching(/signature/) });
    // Also when a valid signature for some other delivery sits beside it.
    const other = new Webhook(SECRET).sign('evt_other', NOW, body);
    expect(check(id, body, `${other} ${signature}`).valid).toBe(false);
  });
});

describe('verify agrees with standardwebhooks', () => {
  const secrets = [
    SECRET,
    `whsec_${randomBytes(32).toString('base64')}`,
    `whsec_${randomBytes(18).toString('base64')}`,
  ];

  /** `valid` as the library sees it: verify() returns instead of throwing. */
  function library(secret: string, headers: Record<string, string>, body: string): boolean {
    try {
      new Webhook(secret).verify(body, headers, { jsonParse: false });
      return true;
    } catch {
      return false;
    }
  }

  it('on generated deliveries, valid and tampered', () => {
    const mutations: Array<
      [string, (d: { id: string; body: string; signature: string }) => { id: string; body: string; signature: string }]
    > = [
      ['as signed', (d) => d],
      ['body changed', (d) => ({ ...d, body: `${d.body} ` })],
      ['id changed', (d) => ({ ...d, id: `${d.id}x` })],
      [
        'one character of the signature changed',
        (d) => ({ ...d, signature: d.signature.replace(/[A-Za-z](?=[^,]*$)/, (c) => (c === 'A' ? 'B' : 'A')) }),
      ],
      [
        'signed with another secret',
        (d) => ({
          ...d,
          signature: new Webhook(`whsec_${randomBytes(24).toString('base64')}`).sign(d.id, NOW, d.body),
        }),
      ],
      ['junk appended', (d) => ({ ...d, signature: `${d.signature}!!` })],
      ['padding dropped', (d) => ({ ...d, signature: d.signature.replace(/=+$/, '') })],
      ['base64url', (d) => ({ ...d, signature: d.signature.replace(/\+/g, '-').replace(/\//g, '_') })],
      ['a space inside', (d) => ({ ...d, signature: `${d.signature.slice(0, 10)} ${d.signature.slice(10)}` })],
      ['v2 prefix', (d) => ({ ...d, signature: d.signature.replace(/^v1,/, 'v2,') })],
      ['rotated, valid last', (d) => ({ ...d, signature: `v1,${randomBytes(32).toString('base64')} ${d.signature}` })],
      ['rotated, valid first', (d) => ({ ...d, signature: `${d.signature} v1,${randomBytes(32).toString('base64')}` })],
      ['lowercased', (d) => ({ ...d, signature: d.signature.toLowerCase() })],
    ];
    let cases = 0;
    let valid = 0;
    for (let n = 0; n < 60; n++) {
      const secret = secrets[n % secrets.length]!;
      const id = `msg_${randomBytes(6).toString('hex')}`;
      const body = JSON.stringify({ id, type: 'job.created', data: { n, text: randomBytes(n).toString('base64') } });
      // The library checks against the real clock; sign a little in the past, well inside the window.
      const at = new Date(Date.now() - (n % 120) * 1000);
      const signed = { id, body, signature: new Webhook(secret).sign(id, at, body) };
      for (const [what, mutate] of mutations) {
        const d = mutate(signed);
        const timestamp = String(Math.floor(at.getTime() / 1000));
        const ours = verify({ secret, id: d.id, timestamp, signature: d.signature, body: d.body }).valid;
        const theirs = library(
          secret,
          { 'webhook-id': d.id, 'webhook-timestamp': timestamp, 'webhook-signature': d.signature },
          d.body,
        );
        expect(ours, `${what} (case ${n}): ${d.signature}`).toBe(theirs);
        cases += 1;
        if (ours) valid += 1;
      }
    }
    expect(cases).toBe(60 * mutations.length);
    // Both outcomes occurred: at least the three untampered mutations were valid in every case
    // (base64url changes nothing in a signature without + or /).
    expect(valid).toBeGreaterThanOrEqual(60 * 3);
    expect(valid).toBeLessThan(cases / 2);
  });

  it('differs on purpose in one way: a third comma-separated part is refused, where the library ignores it', () => {
    const { id, body, digest } = delivery();
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) };
    const signature = `${new Webhook(SECRET).sign(id, new Date(Number(headers['webhook-timestamp']) * 1000), body)},junk`;
    expect(digest).not.toBe('');
    expect(library(SECRET, { ...headers, 'webhook-signature': signature }, body)).toBe(true);
    expect(verify({ secret: SECRET, id, timestamp: headers['webhook-timestamp'], signature, body }).valid).toBe(false);
  });
});
