/** The API's longest window (the day): no wait longer than this is ever waited. */
export declare const LONGEST_WINDOW_SECONDS = 86400;
/** A window's budget as believed: every number plausible. */
export interface Budget {
    limit: number;
    remaining: number;
    /** Unix time (seconds, the server's clock) when the window resets. */
    reset: number;
}
/** The headers as reported, unjudged (`hire status` shows them, itself saying what it believes). */
export interface RateLimit {
    limit: number;
    remaining: number;
    /** Unix time (seconds) when the window resets. */
    reset: number | undefined;
}
export declare function reportedRateLimit(headers: Readonly<Record<string, string>>): RateLimit | undefined;
/** How an answer's rate-limit headers read: believed, absent, or present and not believable. */
export type RateLimitReading = {
    kind: 'believed';
    budget: Budget;
} | {
    kind: 'absent';
} | {
    kind: 'unbelievable';
    why: string;
};
/**
 * Reads X-RateLimit-*. `serverNowMs` is the server's time as its clock (Date) shows it, or
 * undefined when that cannot be trusted (no Date, or one far from the others): then a reset
 * cannot be judged, and the budget is not believed.
 */
export declare function readRateLimit(headers: Readonly<Record<string, string>>, serverNowMs: number | undefined): RateLimitReading;
/**
 * How long a 429 (or 503) asks to wait, in the server's seconds (CONTRACT §5): `retry_after` at
 * the body's top level or in `error`, else a Retry-After header; undefined when none says it as a
 * finite number ≥ 0.
 */
export declare function askedWaitSeconds(headers: Readonly<Record<string, string>>, text: string): number | undefined;
