// Identifiers: prefixed opaque strings (CONTRACT §6: job_…, cand_…, asmt_…, wh_…, evt_…).
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random base62 string; rejection sampling keeps every character equally likely. */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export type IdPrefix = 'job' | 'cand' | 'asmt' | 'wh' | 'evt' | 'dlv' | 'req' | 'key' | 'app';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomToken(prefix === 'req' ? 16 : 20)}`;
}
