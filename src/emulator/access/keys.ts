// API keys as the spec's "Authentication" and "Limits" describe them, enforced by the emulator:
// permission levels (read: GETs; write: also POST/PATCH; admin: also DELETE), expiry, revocation,
// IP allow-lists, and per-key limits per hour, per day and in flight, with X-RateLimit-* headers.
import { statSync } from 'node:fs';
import { KEY_LEVELS, TIERS } from '../../domain/vocabulary.js';
import { addressAllowed, normaliseAddress } from './cidr.js';
import { AccessError } from './errors.js';
import { randomToken } from '../storage/ids.js';
import { hashKey, localKeyPath } from './local-key.js';
import type { Store } from '../storage/store.js';
import { transaction } from '../storage/transaction.js';
import { countUsage, usage } from '../storage/usage.js';

export type KeyLevel = (typeof KEY_LEVELS)[number];
export type Tier = (typeof TIERS)[number];

export interface Limits {
  hour: number;
  day: number;
  concurrent: number;
}

/** The spec's "Limits" table. */
export const TIER_LIMITS: Readonly<Record<Tier, Limits>> = {
  standard: { hour: 1_000, day: 10_000, concurrent: 100 },
  enterprise: { hour: 10_000, day: 100_000, concurrent: 1_000 },
};

export interface StoredKey {
  id: string;
  name: string;
  level: KeyLevel;
  tier: Tier;
  limits: Limits;
  hash: string;
  /** For display: `hk_…` and the last four characters. */
  last4: string;
  allow_ips: string[];
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export type PublicKey = Omit<StoredKey, 'hash' | 'last4'> & { masked: string };

export const LOCAL_KEY_ID = 'key_local';

/**
 * When the data dir's local key was made: its file's time (the file is written once), so that data
 * dirs from before this was shown need no change. Undefined when the file cannot be read.
 */
export function localKeyCreatedAt(dataDir: string): Date | undefined {
  try {
    return statSync(localKeyPath(dataDir)).mtime;
  } catch {
    return undefined;
  }
}
const KEY_PREFIX = 'hk_test_';

export interface Admission {
  key: StoredKey;
  headers: Record<string, string>;
  release: () => void;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;

interface Window {
  limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
}

function windowHeaders(key: StoredKey, window: Window): Record<string, string> {
  return {
    'x-ratelimit-limit': String(window.limit),
    'x-ratelimit-remaining': String(Math.max(0, window.remaining)),
    'x-ratelimit-reset': String(window.reset),
    ...(key.expires_at ? { 'x-key-expires-at': key.expires_at } : {}),
  };
}

/**
 * The headers of the window nearest to running out (fewest requests left; the sooner reset on a
 * tie): the hourly one, until the day's has fewer left than the hour's.
 */
export function rateLimitHeaders(
  key: StoredKey,
  now: number,
  used: { hour: number; day: number },
): Record<string, string> {
  const hour: Window = {
    limit: key.limits.hour,
    remaining: key.limits.hour - used.hour,
    reset: Math.ceil(((Math.floor(now / HOUR) + 1) * HOUR) / 1000),
  };
  const day: Window = {
    limit: key.limits.day,
    remaining: key.limits.day - used.day,
    reset: Math.ceil(((Math.floor(now / DAY) + 1) * DAY) / 1000),
  };
  return windowHeaders(key, day.remaining < hour.remaining ? day : hour);
}

function requiredLevel(method: string): KeyLevel {
  if (method === 'GET' || method === 'HEAD') return 'read';
  if (method === 'DELETE') return 'admin';
  return 'write';
}

export function mask(key: { last4: string }): string {
  return `hk_…${key.last4}`;
}

export class KeyRing {
  readonly #store: Store;
  readonly #local: StoredKey;
  /** Requests under way per key, in this process (the hourly and daily counts live in the store). */
  readonly #inFlight = new Map<string, number>();
  readonly #now: () => Date;
  /** Requests without a usable key in the current hour, per address (see anonymous()). */
  readonly #anonymous = new Map<string, number>();
  #anonymousWindow = -1;

  /** `localCreatedAt`: when the local key was made (localKeyCreatedAt); now when unknown. */
  constructor(store: Store, localKey: string, now: () => Date, localCreatedAt?: Date) {
    this.#store = store;
    this.#now = now;
    this.#local = {
      id: LOCAL_KEY_ID,
      name: 'local profile',
      level: 'admin',
      tier: 'enterprise',
      limits: TIER_LIMITS.enterprise,
      hash: hashKey(localKey),
      last4: localKey.slice(-4),
      allow_ips: [],
      created_at: (localCreatedAt ?? now()).toISOString(),
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
    };
  }

  /** Who is calling: 401 for no, unknown, revoked or expired keys. */
  identify(authorization: string | undefined): StoredKey {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) throw new AccessError(401, 'unauthorized', 'Missing API key: send Authorization: Bearer <API_KEY>.');
    const hash = hashKey(match[1]!);
    const key = hash === this.#local.hash ? this.#local : this.#store.findBy<StoredKey>('keys', 'hash', hash);
    if (!key) throw new AccessError(401, 'unauthorized', 'Invalid API key.');
    if (key.revoked_at) throw new AccessError(401, 'unauthorized', 'This API key was revoked.');
    if (key.expires_at && new Date(key.expires_at) <= this.#now()) {
      throw new AccessError(401, 'key_expired', `This API key expired at ${key.expires_at}.`);
    }
    return key;
  }

  /** Whether this ring holds the key, usable or not: to tell another environment's key from an unknown one. */
  holds(authorization: string): boolean {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) return false;
    const hash = hashKey(match[1]!);
    return (
      hash === this.#local.hash ||
      transaction(this.#store, 'read', () => this.#store.findBy<StoredKey>('keys', 'hash', hash)) !== undefined
    );
  }

  /** May this key be used from here: 403 for an address outside its allow-list. */
  authorizeAddress(key: StoredKey, remoteAddress: string | undefined): void {
    if (key.allow_ips.length > 0 && !addressAllowed(key.allow_ips, remoteAddress)) {
      throw new AccessError(
        403,
        'forbidden',
        `This API key may not be used from ${normaliseAddress(remoteAddress) ?? 'this address'}.`,
      );
    }
  }

  /**
   * May this key do it: 403 for a level below the operation's (the route's own, else the method's).
   * Asked once the route is known: a method no route has is 405 whatever the key (http/pipeline.ts).
   */
  authorizeLevel(key: StoredKey, method: string, minimum?: KeyLevel): void {
    const needed = minimum ?? requiredLevel(method);
    if (KEY_LEVELS.indexOf(key.level) < KEY_LEVELS.indexOf(needed)) {
      throw new AccessError(
        403,
        'forbidden',
        `This operation needs ${needed === 'admin' ? 'an' : 'a'} ${needed} key; this key is ${key.level}.`,
      );
    }
  }

  /**
   * Requests without a usable key, counted per address and hour (in this process) against the
   * standard tier's hourly limit: their answers carry X-RateLimit-* too, and a flood of them gets 429.
   */
  anonymous(remoteAddress: string | undefined): Record<string, string> {
    const now = this.#now().getTime();
    const window = Math.floor(now / HOUR);
    const address = normaliseAddress(remoteAddress) ?? 'unknown';
    if (this.#anonymousWindow !== window) {
      this.#anonymousWindow = window;
      this.#anonymous.clear();
    }
    const used = (this.#anonymous.get(address) ?? 0) + 1;
    this.#anonymous.set(address, used);
    const limit = TIER_LIMITS.standard.hour;
    const reset = Math.ceil(((window + 1) * HOUR) / 1000);
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-reset': String(reset),
    };
    if (used > limit) {
      const retryAfter = Math.max(1, reset - Math.floor(now / 1000));
      throw new AccessError(
        429,
        'rate_limited',
        `Too many requests without a valid API key from this address (${limit} an hour).`,
        { ...headers, 'retry-after': String(retryAfter) },
        { retry_after: retryAfter },
      );
    }
    return headers;
  }

  /** How many requests without a usable key this address has sent past its allowance this hour. */
  refusedAnonymous(remoteAddress: string | undefined): number {
    const address = normaliseAddress(remoteAddress) ?? 'unknown';
    return Math.max(0, (this.#anonymous.get(address) ?? 0) - TIER_LIMITS.standard.hour);
  }

  /**
   * The X-RateLimit-* headers of a key as it stands, without counting a request: for answers that
   * do not count (401 after identifying, 403, 404, 405, injected faults), so that every answer says
   * how much is left.
   */
  standing(key: StoredKey): Record<string, string> {
    const now = this.#now().getTime();
    const used = transaction(this.#store, 'read', () => ({
      hour: this.#used(key.id, 'hour', Math.floor(now / HOUR)),
      day: this.#used(key.id, 'day', Math.floor(now / DAY)),
    }));
    return rateLimitHeaders(key, now, used);
  }

  /**
   * A request that spends none of the budget (the emulator's own controls): the key is marked used
   * (`keys list` says when it last was), and the headers tell what is left, as before it.
   */
  used(key: StoredKey): Record<string, string> {
    const stamp = this.#now().toISOString();
    if (key.id !== LOCAL_KEY_ID)
      transaction(this.#store, 'write', () => this.#store.setField('keys', key.id, 'last_used_at', stamp));
    key.last_used_at = stamp;
    return this.standing(key);
  }

  /**
   * Counts a request against the key's limits, or refuses it with 429 (nothing is counted then).
   * The hourly and daily counts are rows of the store, shared by every process on the data dir and
   * kept across restarts; one write transaction reads and counts, so no two processes both take
   * the last request of a window.
   */
  admit(key: StoredKey): Admission {
    const now = this.#now().getTime();
    const hourWindow = Math.floor(now / HOUR);
    const dayWindow = Math.floor(now / DAY);
    const hourReset = Math.ceil(((hourWindow + 1) * HOUR) / 1000);
    const dayReset = Math.ceil(((dayWindow + 1) * DAY) / 1000);
    // A refusal describes the window that refuses (windowHeaders); an admission, rateLimitHeaders.
    const headers = (limit: number, remaining: number, reset: number) =>
      windowHeaders(key, { limit, remaining, reset });
    const nowSeconds = Math.floor(now / 1000);
    const refuse = (retryAfter: number, why: string, windowHeaders: Record<string, string>): never => {
      throw new AccessError(
        429,
        'rate_limited',
        why,
        { ...windowHeaders, 'retry-after': String(retryAfter) },
        { retry_after: retryAfter },
      );
    };
    const inFlight = this.#inFlight.get(key.id) ?? 0;
    const stamp = new Date(now).toISOString();
    const counted = transaction(this.#store, 'write', () => {
      const used = { hour: this.#used(key.id, 'hour', hourWindow), day: this.#used(key.id, 'day', dayWindow) };
      if (used.day >= key.limits.day) {
        refuse(
          Math.max(1, dayReset - nowSeconds),
          `Daily limit of ${key.limits.day} requests reached.`,
          headers(key.limits.day, 0, dayReset),
        );
      }
      if (used.hour >= key.limits.hour) {
        refuse(
          Math.max(1, hourReset - nowSeconds),
          `Hourly limit of ${key.limits.hour} requests reached.`,
          headers(key.limits.hour, 0, hourReset),
        );
      }
      if (inFlight >= key.limits.concurrent) {
        refuse(1, `Limit of ${key.limits.concurrent} concurrent requests reached.`, rateLimitHeaders(key, now, used));
      }
      this.#count(key.id, 'hour', hourWindow);
      this.#count(key.id, 'day', dayWindow);
      if (key.id !== LOCAL_KEY_ID) {
        this.#store.setField('keys', key.id, 'last_used_at', stamp);
      }
      return { hour: used.hour + 1, day: used.day + 1 };
    });
    key.last_used_at = stamp;
    this.#inFlight.set(key.id, inFlight + 1);
    let released = false;
    return {
      key,
      headers: rateLimitHeaders(key, now, counted),
      release: () => {
        if (released) return;
        released = true;
        const left = (this.#inFlight.get(key.id) ?? 1) - 1;
        if (left > 0) this.#inFlight.set(key.id, left);
        else this.#inFlight.delete(key.id);
      },
    };
  }

  create(options: {
    name: string;
    level: KeyLevel;
    tier: Tier;
    limits?: Partial<Limits>;
    expiresInSeconds?: number;
    allowIps?: string[];
  }): { record: PublicKey; secret: string } {
    const secret = `${KEY_PREFIX}${randomToken(32)}`;
    const now = this.#now();
    const record: StoredKey = {
      id: `key_${randomToken(16)}`,
      name: options.name,
      level: options.level,
      tier: options.tier,
      limits: { ...TIER_LIMITS[options.tier], ...options.limits },
      hash: hashKey(secret),
      last4: secret.slice(-4),
      allow_ips: options.allowIps ?? [],
      created_at: now.toISOString(),
      expires_at:
        options.expiresInSeconds === undefined
          ? null
          : new Date(now.getTime() + options.expiresInSeconds * 1000).toISOString(),
      revoked_at: null,
      last_used_at: null,
    };
    this.#store.put('keys', record);
    return { record: publicKey(record), secret };
  }

  list(): PublicKey[] {
    return [this.#local, ...this.#store.all<StoredKey>('keys')].map(publicKey);
  }

  revoke(id: string): PublicKey | undefined {
    const key = this.#store.get<StoredKey>('keys', id);
    if (!key) return undefined;
    const revoked = { ...key, revoked_at: key.revoked_at ?? this.#now().toISOString() };
    this.#store.put('keys', revoked);
    return publicKey(revoked);
  }

  /** Requests counted in the key's current window (0 when the window has moved on). */
  #used(keyId: string, window: 'hour' | 'day', start: number): number {
    return usage(this.#store, keyId, window, start);
  }

  #count(keyId: string, window: 'hour' | 'day', start: number): void {
    countUsage(this.#store, keyId, window, start);
  }
}

function publicKey(key: StoredKey): PublicKey {
  const { hash: _hash, last4: _last4, ...rest } = key;
  return { ...rest, masked: mask(key) };
}
