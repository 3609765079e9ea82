// The Standard Webhooks signature check shared by `webhooks listen` and `webhooks verify`, at the
// edges of its five-minute tolerance; signed with the independent `standardwebhooks` library.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { TOLERANCE_SECONDS, verify } from '../../src/webhooks/signature.js';

const SECRET = ['whsec', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'].join('_');
const NOW = new Date('2026-11-22T12:00:00Z');
const BODY = JSON.stringify({ id: 'evt_1', type: 'job.created', data: { id: 'job_1' } });

function check(offsetSeconds: number) {
  const at = new Date(NOW.getTime() + offsetSeconds * 1000);
  const signature = new Webhook(SECRET).sign('evt_1', at, BODY);
  return verify({
    secret: SECRET,
    id: 'evt_1',
    timestamp: String(Math.floor(at.getTime() / 1000)),
    signature,
    body: BODY,
    now: NOW,
  });
}

describe('verify: the timestamp tolerance', () => {
  it('is five minutes either way, both ends included', () => {
    expect(TOLERANCE_SECONDS).toBe(300);
    for (const offset of [-300, -299, 0, 299, 300]) expect(check(offset), `${offset} s`).toEqual({ valid: true });
  });

  it('refuses one second past it, naming which way', () => {
    expect(check(-301)).toEqual({ valid: false, reason: 'timestamp too old (301 s; at most 300 s)' });
    expect(check(301)).toEqual({ valid: false, reason: 'timestamp too far in the future (301 s)' });
  });

  it('refuses a signature for another body at any time', () => {
    const signature = new Webhook(SECRET).sign('evt_1', NOW, BODY);
    const result = verify({
      secret: SECRET,
      id: 'evt_1',
      timestamp: String(NOW.getTime() / 1000),
      signature,
      body: `${BODY} `,
      now: NOW,
    });
    expect(result).toEqual({ valid: false, reason: 'bad signature' });
  });
});
