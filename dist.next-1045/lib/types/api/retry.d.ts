export type Decision = {
    retry: false;
} | {
    retry: true;
    delayMs: number;
    reason: string;
};
/** First backoff step (doubled each retry, with jitter). */
export declare const BACKOFF_BASE_MS = 500;
/**
 * 5xx and network failures are retried only where a repeat is safe: GET, HEAD, and POST (its
 * Idempotency-Key makes the server answer a repeat with the first result).
 */
export declare function isRepeatable(method: string): boolean;
/** Exponential backoff with jitter: base·2^attempt, between half and all of it, at most 8 s. */
export declare function backoffMs(attempt: number, random?: () => number, baseMs?: number): number;
export interface Attempt {
    method: string;
    /** Retries made so far. */
    attempt: number;
    maxRetries: number;
    random?: () => number;
}
/**
 * An answer: a 429 is retried for every method (nothing was done), after the wait it asks for
 * (`askedSeconds`, else backoff), unless that is longer than a single request waits (60 s): then
 * it is the answer. A 5xx is retried where a repeat is safe.
 */
export declare function decideAnswer(status: number, askedSeconds: number | undefined, { method, attempt, maxRetries, random }: Attempt): Decision;
/**
 * A failure before an answer: a network error where a repeat is safe (a refused connection never
 * reached the server: any method). A certificate the client does not trust fails the same way
 * every time (CONTRACT §7): never retried; nor is anything that is not a network error.
 */
export declare function decideFailure(error: unknown, { method, attempt, maxRetries, random }: Attempt): Decision;
