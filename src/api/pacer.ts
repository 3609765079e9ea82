// Bulk work at the rate limit (CONTRACT §7 "Rate limits in bulk"): a bulk command spends its key's
// budget as the X-RateLimit-* headers describe it, full speed while there is headroom, then spread
// to the window's reset, keeping `reserve` requests for other clients; when the budget is gone it
// waits for the reset and goes on, within `maxWaitMs` of waiting in all.
//
// The headers speak the server's time (X-RateLimit-Reset is the server's Unix time). The server's
// clock is read from its Date headers, and how fast it runs too: a server whose clock runs N times
// faster (the emulator's --clock-scale) has windows N times shorter in this process's time.

/** What the pacer needs of the client: the budget as last reported, and the server's clock. */
export interface Budget {
  limit: number;
  remaining: number;
  /** Server Unix time (seconds) when the window resets. */
  reset: number | undefined;
}

/** Below this share of the window's limit, the rest is spread to the reset instead of spent at once. */
const HEADROOM_SHARE = 0.1;
/** The spec's nearest window is the hour; an ETA counts later windows as that long. */
const WINDOW_SECONDS = 3_600;
/** Server seconds of observation before a clock rate other than 1 is believed (Date has 1 s steps). */
const RATE_BASELINE_MS = 10_000;

/** The server's clock as its Date headers show it: where it stands, and how fast it runs against ours. */
export class ServerClock {
  #first: { local: number; server: number } | undefined;
  #latest: { local: number; server: number } | undefined;
  readonly #localNow: () => number;

  constructor(localNow: () => number = () => performance.now()) {
    this.#localNow = localNow;
  }

  observe(dateHeader: string | undefined): void {
    if (!dateHeader) return;
    const server = Date.parse(dateHeader);
    if (Number.isNaN(server)) return;
    const point = { local: this.#localNow(), server };
    this.#first ??= point;
    // A clock that went back (another server behind a balancer): start measuring again.
    if (this.#latest && server < this.#latest.server) this.#first = point;
    this.#latest = point;
  }

  /**
   * Server ms per local ms: 1 unless measured clearly faster over a long enough span. Date headers
   * have whole seconds, so the span may be a second longer than it reads: the slowest rate they
   * allow is taken, so that waits end late rather than early (a request sent before the reset
   * would be a 429).
   */
  get rate(): number {
    if (!this.#first || !this.#latest) return 1;
    const serverSpan = this.#latest.server - this.#first.server;
    const localSpan = this.#latest.local - this.#first.local;
    if (serverSpan < RATE_BASELINE_MS || localSpan <= 0) return 1;
    const slowest = (serverSpan - 1_000) / localSpan;
    return slowest < 1.25 ? 1 : slowest;
  }

  /** The server's time now (ms), estimated; undefined before any Date header. */
  now(): number | undefined {
    if (!this.#latest) return undefined;
    return this.#latest.server + (this.#localNow() - this.#latest.local) * this.rate;
  }

  /** Local ms until the server's clock shows this Unix time (seconds); 0 when past. */
  localMsUntil(serverSeconds: number): number {
    const now = this.now() ?? Date.now();
    return Math.max(0, (serverSeconds * 1000 - now) / this.rate);
  }
}

/** `14:03` (minutes and seconds) or `2:05:00`. */
export function formatWait(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const [h, m, sec] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** Said while waiting: what is left, when it resets, and when the whole job should end. */
export interface WaitReport {
  /** The window's budget, when the server reported it (a bare 429 may not). */
  remaining: number | undefined;
  limit: number | undefined;
  /** Local ms until the window resets. */
  resetInMs: number;
  /** Local ms until the job is done at this pace, when the job said how much is left. */
  etaMs: number | undefined;
}

export interface PacerOptions {
  /** Requests left for other clients of the key. */
  reserve: number;
  /** The most this job waits for the budget, in all (local ms); Infinity for no bound. */
  maxWaitMs: number;
  /** Requests the job still has to make (for the ETA), if it knows. */
  requestsLeft?: () => number | undefined;
  /** Called as a wait begins (and again each second at a terminal) and with null when it ends. */
  onWait?: (report: WaitReport | null) => void;
  sleep(ms: number): Promise<void>;
}

/** The waiting allowed is used up: the job stops cleanly and reports what it did (exit 5). */
export class BudgetWaitExceeded extends Error {
  constructor(readonly waitedMs: number) {
    super(`waited ${Math.round(waitedMs / 1000)} s for the rate limit`);
  }
}

export class Pacer {
  readonly #options: PacerOptions;
  readonly #clock: ServerClock;
  readonly #budget: () => Budget | undefined;
  /** Admitted and not yet answered: the last reported `remaining` does not count them. */
  #pending = 0;
  /** Admitted since the budget was last reported (answers may come out of order). */
  #sinceReport = 0;
  #reportSeen: Budget | undefined;
  /** The budget believed now: the last report that is not about a window already waited out. */
  #current: Budget | undefined;
  /** The latest reset waited for: reports about that window or earlier ones are stale. */
  #passedReset: number | undefined;
  #lastAdmit = 0;
  /** Requests waiting for an answer to come in (with its report of the budget). */
  readonly #onSettled: (() => void)[] = [];
  #waitedMs = 0;
  /** Requests waiting now, since when, and until when the longest of them waits. */
  #waiting = 0;
  #waitStart = 0;
  #waitEnd = 0;
  /** Set after waiting for a reset, until an answer reports the new window. */
  #assumeFresh: Budget | undefined;

  constructor(budget: () => Budget | undefined, clock: ServerClock, options: PacerOptions) {
    this.#budget = budget;
    this.#clock = clock;
    this.#options = options;
  }

  get waitedMs(): number {
    return this.#waitedMs;
  }

  /** Waits until a request may be sent; throws BudgetWaitExceeded past maxWaitMs. */
  async admit(): Promise<void> {
    for (;;) {
      const reported = this.#budget();
      if (reported !== this.#reportSeen) {
        this.#reportSeen = reported;
        // An answer to a request of a window already waited out (answers come out of order) says
        // nothing of the window now.
        const stale = reported?.reset !== undefined && this.#passedReset !== undefined && reported.reset <= this.#passedReset;
        // Of the same window, an answer that left more than one already seen was counted earlier.
        const older = reported !== undefined && this.#current !== undefined && this.#assumeFresh === undefined && reported.reset === this.#current.reset && reported.remaining > this.#current.remaining;
        if (!stale && !older) {
          this.#current = reported;
          this.#sinceReport = this.#pending;
          this.#assumeFresh = undefined;
        }
      }
      const budget = this.#assumeFresh ?? this.#current;
      if (!budget || !Number.isFinite(budget.limit)) return this.#admitted();
      const left = budget.remaining - this.#sinceReport - this.#options.reserve;
      const resetInMs = budget.reset === undefined ? undefined : this.#clock.localMsUntil(budget.reset);
      if (left > 0) {
        const headroom = Math.max(1, Math.floor(budget.limit * HEADROOM_SHARE));
        if (left > headroom || resetInMs === undefined) return this.#admitted();
        // The rest of the window, spread evenly to its reset.
        // The last of them lands before the reset, so none spills into the next window.
        const due = this.#lastAdmit + resetInMs / (left + 1);
        const now = performance.now();
        // Spreading is a courtesy to other clients: not worth passing --max-wait for.
        if (due <= now || this.#waitedMs + (due - now) > this.#options.maxWaitMs) return this.#admitted();
        // Then look again: requests waiting beside this one may have gone first.
        await this.#wait(Math.min(due - now, resetInMs), budget, resetInMs, false);
        continue;
      }
      // Requests still unanswered may have been counted already or not: their answers tell.
      if (this.#pending > 0) {
        await new Promise<void>((resolve) => this.#onSettled.push(resolve));
        continue;
      }
      // Nothing left (but the reserve): wait for the window to reset, then go on with a full one.
      const waitMs = (resetInMs ?? 1_000) + 50 / this.#clock.rate + 20;
      await this.#wait(waitMs, budget, resetInMs ?? waitMs, true);
      // Another request may have waited too and already started the new window: counted once.
      if (budget.reset !== undefined && this.#passedReset !== undefined && budget.reset <= this.#passedReset) continue;
      if (budget.reset !== undefined) this.#passedReset = budget.reset;
      this.#assumeFresh = { limit: budget.limit, remaining: budget.limit, reset: undefined };
      this.#sinceReport = this.#pending;
    }
  }

  /** The request admitted has been answered (or failed). */
  settled(): void {
    this.#pending = Math.max(0, this.#pending - 1);
    for (const resolve of this.#onSettled.splice(0)) resolve();
  }

  /** A 429 in spite of pacing (another client, or headers that were not truthful): wait for its reset. */
  async rateLimited(retryAfterServerSeconds: number | undefined): Promise<void> {
    // The server's own word on how long first (a 429 of the concurrent limit asks for a second,
    // while the window's reset may be most of an hour away); the window's reset when it gave none.
    const budget = this.#budget();
    const resetInMs =
      retryAfterServerSeconds !== undefined || budget?.reset === undefined
        ? ((retryAfterServerSeconds ?? 1) * 1000) / this.#clock.rate
        : this.#clock.localMsUntil(budget.reset);
    await this.#wait(resetInMs + 20, budget, resetInMs, true);
  }

  #admitted(): void {
    this.#pending += 1;
    this.#sinceReport += 1;
    this.#lastAdmit = performance.now();
  }

  /**
   * Waits `ms`. Requests waiting at once wait together: the time counted against --max-wait is the
   * time during which any of them waited, and only the first says so.
   */
  async #wait(ms: number, budget: Budget | undefined, resetInMs: number, report: boolean): Promise<void> {
    const now = performance.now();
    const start = this.#waiting > 0 ? this.#waitStart : now;
    const end = Math.max(this.#waiting > 0 ? this.#waitEnd : now, now + ms);
    if (this.#waitedMs + (end - start) > this.#options.maxWaitMs) throw new BudgetWaitExceeded(this.#waitedMs + (now - start));
    if (this.#waiting === 0) this.#waitStart = now;
    this.#waitEnd = end;
    this.#waiting += 1;
    const first = this.#waiting === 1;
    try {
      await this.#sleepReporting(ms, budget, resetInMs, report && first);
    } finally {
      this.#waiting -= 1;
      if (this.#waiting === 0) this.#waitedMs += performance.now() - this.#waitStart;
    }
  }

  async #sleepReporting(ms: number, budget: Budget | undefined, resetInMs: number, report: boolean): Promise<void> {
    if (report && this.#options.onWait) {
      const known = budget !== undefined && Number.isFinite(budget.limit) && budget.limit > 0;
      const left = this.#options.requestsLeft?.();
      const perWindow = known ? Math.max(1, budget.limit - this.#options.reserve) : undefined;
      const windows = left === undefined || perWindow === undefined ? undefined : Math.max(0, Math.ceil(left / perWindow) - 1);
      const etaMs = windows === undefined ? undefined : resetInMs + (windows * WINDOW_SECONDS * 1000) / this.#clock.rate;
      this.#options.onWait({ remaining: known ? Math.max(0, budget.remaining) : undefined, limit: known ? budget.limit : undefined, resetInMs, etaMs });
    }
    await this.#options.sleep(ms);
    if (report) this.#options.onWait?.(null);
  }
}
