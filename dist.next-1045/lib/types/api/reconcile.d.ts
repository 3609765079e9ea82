import type { ApiClient } from './client.js';
import { type ApiRecord } from './envelope.js';
export interface ReadBackOptions {
    /** Says that a failed write was found done by reading it back: one line for stderr (the API layer never prints). */
    onReadBack?: (message: string) => void;
}
/**
 * Why a write's failure leaves its outcome unknown, in words ("The answer was lost"); undefined
 * when the failure says for certain that nothing was done (a 4xx, a refused connection, a
 * certificate refused before anything was sent, Ctrl-C).
 */
export declare function unknownOutcome(error: unknown): string | undefined;
/**
 * Whether a record holds every value a PATCH sent: nested objects compared by the fields sent
 * (the server merges them), lists whole, `null` as cleared (null or absent).
 */
export declare function holdsChange(record: unknown, sent: unknown): boolean;
/**
 * A PATCH failed with `error`: the record as read back when it holds every value sent; otherwise
 * `error` again (also when the record cannot be read back), what was found as its hint.
 */
export declare function reconcilePatch(client: ApiClient, path: string, body: unknown, error: unknown, options?: ReadBackOptions): Promise<ApiRecord>;
/**
 * A DELETE failed with `error`: done when the record is gone (the API's 404); otherwise `error`
 * again (also when the record cannot be read back), what was found as its hint.
 */
export declare function reconcileDelete(client: ApiClient, path: string, error: unknown, options?: ReadBackOptions): Promise<void>;
