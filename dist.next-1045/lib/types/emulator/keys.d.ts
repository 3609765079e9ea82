import { KEY_LEVELS, TIERS } from '../domain/vocabulary.js';
import type { Store } from './store.js';
export type KeyLevel = (typeof KEY_LEVELS)[number];
export type Tier = (typeof TIERS)[number];
export interface Limits {
    hour: number;
    day: number;
    concurrent: number;
}
/** The spec's "Limits" table. */
export declare const TIER_LIMITS: Readonly<Record<Tier, Limits>>;
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
export type PublicKey = Omit<StoredKey, 'hash' | 'last4'> & {
    masked: string;
};
export declare const LOCAL_KEY_ID = "key_local";
/**
 * When the data dir's local key was made: its file's time (the file is written once), so that data
 * dirs from before this was shown need no change. Undefined when the file cannot be read.
 */
export declare function localKeyCreatedAt(dataDir: string): Date | undefined;
export interface Admission {
    key: StoredKey;
    headers: Record<string, string>;
    release(): void;
}
/**
 * The headers of the window nearest to running out (fewest requests left; the sooner reset on a
 * tie): the hourly one, until the day's has fewer left than the hour's.
 */
export declare function rateLimitHeaders(key: StoredKey, now: number, used: {
    hour: number;
    day: number;
}): Record<string, string>;
export declare function mask(key: {
    last4: string;
}): string;
export declare class KeyRing {
    #private;
    /** `localCreatedAt`: when the local key was made (localKeyCreatedAt); now when unknown. */
    constructor(store: Store, localKey: string, now: () => Date, localCreatedAt?: Date);
    /** Who is calling: 401 for no, unknown, revoked or expired keys. */
    identify(authorization: string | undefined): StoredKey;
    /** Whether this ring holds the key, usable or not: to tell another environment's key from an unknown one. */
    holds(authorization: string): boolean;
    /** May this key do it: 403 for an address outside its allow-list, or a level below the operation's. */
    authorize(key: StoredKey, remoteAddress: string | undefined, method: string, minimum?: KeyLevel): void;
    /**
     * Requests without a usable key, counted per address and hour (in this process) against the
     * standard tier's hourly limit: their answers carry X-RateLimit-* too, and a flood of them gets 429.
     */
    anonymous(remoteAddress: string | undefined): Record<string, string>;
    /** identify, then authorize. */
    authenticate(authorization: string | undefined, remoteAddress: string | undefined, method: string, minimum?: KeyLevel): StoredKey;
    /**
     * The X-RateLimit-* headers of a key as it stands, without counting a request: for answers that
     * do not count (401 after identifying, 403, 404, 405, injected faults), so that every answer says
     * how much is left.
     */
    standing(key: StoredKey): Record<string, string>;
    /**
     * Counts a request against the key's limits, or refuses it with 429 (nothing is counted then).
     * The hourly and daily counts are rows of the store, shared by every process on the data dir and
     * kept across restarts; one write transaction reads and counts, so no two processes both take
     * the last request of a window.
     */
    admit(key: StoredKey): Admission;
    create(options: {
        name: string;
        level: KeyLevel;
        tier: Tier;
        limits?: Partial<Limits>;
        expiresInSeconds?: number;
        allowIps?: string[];
    }): {
        record: PublicKey;
        secret: string;
    };
    list(): PublicKey[];
    revoke(id: string): PublicKey | undefined;
}
/** An IP address, or a CIDR block such as 10.0.0.0/8 or 2001:db8::/32. */
export declare function parseCidr(text: string): {
    address: string;
    prefix: number;
    family: 'ipv4' | 'ipv6';
} | undefined;
