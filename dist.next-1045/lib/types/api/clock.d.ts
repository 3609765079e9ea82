/** The longest single timer Node sets as asked. */
export declare const MAX_TIMER_MS: number;
export interface Clock {
    /** Milliseconds since the Unix epoch; never goes back. */
    now(): number;
    /** Resolves after `ms` (any length); rejects with the signal's reason once it aborts. */
    sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
/** What a clock is built on: a timer that is never asked for more than MAX_TIMER_MS. */
export interface Timers {
    now(): number;
    setTimer(callback: () => void, ms: number): unknown;
    clearTimer(handle: unknown): void;
}
/** A clock whose sleeps are slept in pieces that the timers can hold. */
export declare function clockOn(timers: Timers): Clock;
/** Real time: monotonic (performance.now()) on the epoch's scale. */
export declare const systemClock: Clock;
