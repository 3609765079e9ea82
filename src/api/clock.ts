// The one clock of the API client: what time it is, and sleeping. The send loop, the retry policy
// and the pacer all take it (tests drive a virtual one, test/helpers/virtual-clock.ts), and nothing
// in src/api reads Date.now() or performance.now() on its own.
//
// Node holds a timer of at most 2^31−1 ms (about 24.8 days); a longer one fires after 1 ms with a
// TimeoutOverflowWarning. Sleeps are therefore made of pieces no longer than that, whatever asks.

/** The longest single timer Node sets as asked. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

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
export function clockOn(timers: Timers): Clock {
  return {
    now: () => timers.now(),
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortReason(signal));
        const end = timers.now() + Math.max(0, ms);
        let handle: unknown;
        const onAbort = () => {
          timers.clearTimer(handle);
          reject(abortReason(signal!));
        };
        const next = () => {
          const left = end - timers.now();
          if (!(left > 0)) {
            signal?.removeEventListener('abort', onAbort);
            return resolve();
          }
          handle = timers.setTimer(next, Math.min(MAX_TIMER_MS, Math.ceil(left)));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        next();
      });
    },
  };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}

/** Real time: monotonic (process.hrtime) on the epoch's scale, from the clock's first reading. */
export const systemClock: Clock = clockOn({
  now: monotonicNow(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
});

/**
 * Date.now() at the first call, moved on by process.hrtime since: never backwards when the wall clock
 * is set back. Not performance.now(): the global `performance` loads Node's perf_hooks modules
 * (1–3 ms of every command's start).
 */
function monotonicNow(): () => number {
  let origin: { wall: number; hr: bigint } | undefined;
  return () => {
    const hr = process.hrtime.bigint();
    origin ??= { wall: Date.now(), hr };
    return origin.wall + Number(hr - origin.hr) / 1e6;
  };
}
