// Identifiers: prefixed opaque strings (docs/api-choices.md §2: job_…, cand_…, asmt_…, wh_…, evt_…).
import { randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random bytes drawn 4 KiB at a time (each byte used once): a call to the system's generator per
 * id cost more than storing the record it names (simulate makes hundreds of thousands).
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomByte(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++]!;
}

/** A random base62 string; rejection sampling keeps every character equally likely. */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

export type IdPrefix = 'job' | 'cand' | 'asmt' | 'wh' | 'evt' | 'dlv' | 'req' | 'key' | 'app';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomToken(prefix === 'req' ? 16 : 20)}`;
}
