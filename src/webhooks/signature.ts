// Standard Webhooks v1 signatures (docs/api-choices.md §8), shared by the emulator (signing) and
// `hire webhooks listen` / `verify` (checking). Byte-for-byte the same as the `standardwebhooks`
// library, which the tests check; written on node:crypto so that the CLI needs no extra package.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** Receivers reject timestamps further than this from now, past or future. */
export const TOLERANCE_SECONDS = 5 * 60;

/**
 * The HMAC key: the base64 after `whsec_`, decoded; otherwise the secret's UTF-8 bytes. Typed as
 * Uint8Array (a Buffer is one) so that the library's declarations need no Node types.
 */
export function signingKey(secret: string): Uint8Array {
  return secret.startsWith(SECRET_PREFIX)
    ? Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

/**
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. A receiver passes the body's bytes as they
 * came: decoding them first would make bytes that are not UTF-8 sign like U+FFFD.
 */
export function sign(secret: string, id: string, timestamp: number, body: string | Uint8Array): string {
  const digest = createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64');
  return `v1,${digest}`;
}

export interface DeliveryHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(secret: string, id: string, body: string, now: Date): DeliveryHeaders {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, id, timestamp, body),
  };
}

export type VerifyResult = { valid: true } | { valid: false; reason: string };

/**
 * Checks a delivery: the three headers present, a timestamp within five minutes of now, and any
 * of the space-separated `v1,` signatures matching (several during secret rotation). Constant-time.
 */
export function verify(options: {
  secret: string;
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  /** The body as received: its bytes (or text, encoded as UTF-8). */
  body: string | Uint8Array;
  now?: Date;
}): VerifyResult {
  const { secret, id, timestamp, signature, body } = options;
  if (!id || !timestamp || !signature) {
    const missing = [!id && 'webhook-id', !timestamp && 'webhook-timestamp', !signature && 'webhook-signature'].filter(
      Boolean,
    );
    return { valid: false, reason: `malformed headers: missing ${missing.join(', ')}` };
  }
  if (!/^\d{1,12}$/.test(timestamp.trim()))
    return { valid: false, reason: 'malformed headers: webhook-timestamp is not Unix seconds' };
  const seconds = Number(timestamp.trim());
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (now - seconds > TOLERANCE_SECONDS)
    return { valid: false, reason: `timestamp too old (${now - seconds} s; at most ${TOLERANCE_SECONDS} s)` };
  if (seconds - now > TOLERANCE_SECONDS)
    return { valid: false, reason: `timestamp too far in the future (${seconds - now} s)` };
  // The base64 text itself is compared, as `standardwebhooks` does: decoding first would let
  // junk characters, the base64url alphabet or missing padding through (Node's decoder skips them).
  const expected = Buffer.from(sign(secret, id, seconds, body).slice('v1,'.length), 'utf8');
  let sawV1 = false;
  for (const candidate of signature.trim().split(/\s+/)) {
    const comma = candidate.indexOf(',');
    if (comma < 0 || candidate.slice(0, comma) !== 'v1') continue;
    sawV1 = true;
    const given = Buffer.from(candidate.slice(comma + 1), 'utf8');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { valid: true };
  }
  return { valid: false, reason: sawV1 ? 'bad signature' : 'malformed headers: no v1 signature' };
}

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}
