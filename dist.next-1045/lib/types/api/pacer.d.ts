import type { Clock } from './clock.js';
import { type Budget } from './rate-limit.js';
import { ServerClock } from './server-clock.js';
export { ServerClock };
export type { Budget };
/** The default reserve for a window of `limit` requests. */
export declare function defaultReserve(limit: number): number;
/** `14:03` (minutes and seconds) or `2:05:00`. */
export declare function formatWait(ms: number): string;
/** A span in words: `45 s`, `30 min`, `25 h`, `1,157 days`. */
export declare function formatSpan(ms: number): string;
/** Said while waiting: why, what is left, when it resets, and when the whole job should end. */
export interface WaitReport {
    /** `budget`: the window's budget is spent (no 429 came); `rate_limited`: a 429 asked for this wait. */
    reason: 'budget' | 'rate_limited';
    /** The window's budget, when it is known (a bare 429 may not say). */
    remaining: number | undefined;
    limit: number | undefined;
    /** The reserve kept for other clients. */
    reserve: number;
    /** Local ms until the wait ends (the window resets, or the 429's wait is over). */
    resetInMs: number;
    /** Local ms until the job is done at this pace, when the job said how much is left. */
    etaMs: number | undefined;
}
export interface PacerOptions {
    /** Requests left for other clients of the key; undefined for the default (defaultReserve). */
    reserve?: number | undefined;
    /** The most this job waits for the budget, in all (local ms). */
    maxWaitMs: number;
    /** Requests the job still has to make (for the ETA), if it knows. */
    requestsLeft?: () => number | undefined;
    /** Called as a wait begins and with null when it ends. */
    onWait?: (report: WaitReport | null) => void;
}
/** Why a wait was not begun: past --max-wait in all, or longer than the API's longest window. */
export type WaitRefusal = 'max_wait' | 'longest_window';
/** The waiting allowed is used up, or a wait was asked that is not waited: the job stops (exit 5). */
export declare class BudgetWaitExceeded extends Error {
    readonly why: WaitRefusal;
    /** The wait that was refused (local ms). */
    readonly askedMs: number;
    /** Waited so far in all (local ms). */
    readonly waitedMs: number;
    readonly maxWaitMs: number;
    /** What the server said, when a 429 asked for the wait (`Retry-After: 99999999`). */
    readonly asked: string | undefined;
    constructor(why: WaitRefusal, 
    /** The wait that was refused (local ms). */
    askedMs: number, 
    /** Waited so far in all (local ms). */
    waitedMs: number, maxWaitMs: number, 
    /** What the server said, when a 429 asked for the wait (`Retry-After: 99999999`). */
    asked: string | undefined);
}
/** What the pacer needs: the clock, the server's clock, the budget believed now, and Ctrl-C. */
export interface PacerDeps {
    clock: Clock;
    serverClock: ServerClock;
    /** The budget as last believed; undefined when unknown (only 429s are reacted to). */
    budget(): Budget | undefined;
    signal: AbortSignal;
}
export declare class Pacer {
    #private;
    constructor(deps: PacerDeps, options: PacerOptions);
    get waitedMs(): number;
    /** The reserve kept of a window of `limit`: the explicit one, else the default. */
    reserveFor(limit: number): number;
    /** An explicit reserve at or above the key's limit leaves this job nothing: exit 2, naming both. */
    checkReserve(budget: Budget | undefined): void;
    /** Waits until a request may be sent; throws BudgetWaitExceeded rather than wait past the bounds. */
    admit(): Promise<void>;
    /** The request admitted has been answered (its status), or failed (undefined). */
    settled(status?: number): void;
    /**
     * A 429 in spite of pacing (another client, or headers that were not truthful): from now on no
     * request goes out until the wait it asks for is over (its `retry_after`/Retry-After, else the
     * believed window's reset, else 1 s), and never less than 1 s doubling with each 429 in a row (a
     * server answering 429 with `Retry-After: 0` is not hammered). Synchronous, so that it holds
     * before anything else runs; throws BudgetWaitExceeded rather than hold past the bounds.
     * `asked`: the server's words, for the message. Returns the hold, for holdFor().
     */
    rateLimited(askedServerSeconds: number | undefined, asked: string | undefined): number;
    /** Waits out the hold a 429 began (rateLimited()), saying so. */
    holdFor(waitMs: number): Promise<void>;
}
