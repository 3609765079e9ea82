import type { Store } from './store.js';
export declare const REQUESTS_KEPT = 10000;
export interface LoggedRequest {
    /** The log's own order: later requests have larger numbers. */
    seq: number;
    at: string;
    method: string;
    path: string;
    status: number;
    ms: number;
    request_id: string;
    /** The name of the key the request was made with, when it had a valid one. */
    key_name: string | null;
}
/** A candidate's assessment link is their credential: the log shows where it went, not the token. */
export declare function loggedPath(path: string): string;
/** Appends one request; never fails the request it describes (a busy or closed store drops the entry). */
export declare function logRequest(store: Store, entry: Omit<LoggedRequest, 'seq'>): void;
/** The requests after `after` (oldest first, at most `limit`), and the newest number in the log. */
export declare function readRequests(store: Store, after: number | undefined, limit: number): {
    requests: LoggedRequest[];
    last: number;
};
