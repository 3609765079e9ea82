// Bulk work at the rate limit (docs/api-choices.md §6): a bulk command
// spends its key's budget as the X-RateLimit-* headers describe it (when they can be true, see
// rate-limit.ts), full speed while there is headroom, then spread to the window's reset, keeping a
// reserve for other clients; when the budget is gone it waits for the reset and goes on. A 429
// holds every request until the wait it asked for is over.
//
// Every wait is bounded: none longer than the API's longest window (a day), and no more than
// `maxWaitMs` in all; a wait past either is not begun, and the job stops (BudgetWaitExceeded,
// exit 5) saying what was asked. Time is the client's one clock; sleeps are slept in pieces.
//
// The pacer is an attempt policy of the send loop (send-loop.ts), asked before the retry policy:
// it admits every attempt, and a 429 is its to wait out without spending a retry.
import type { Clock } from './clock.js';
import { askedWaitSeconds, LONGEST_WINDOW_SECONDS, type Budget } from './rate-limit.js';
import type { AttemptPolicy, Verdict } from './send-loop.js';
import { ServerClock } from './server-clock.js';
import type { RawResponse } from './transport.js';
import { UsageError } from '../errors.js';
import {
  BudgetWaitExceeded,
  budgetWaitError,
  CLI_WORDING,
  formatSpan,
  formatWait,
  type PacerWording,
  type WaitRefusal,
} from './pacer-words.js';

export { ServerClock };
export type { Budget };
export { BudgetWaitExceeded, CLI_WORDING, formatSpan, formatWait, type PacerWording, type WaitRefusal };

/** Below this share of the window's limit, the rest is spread to the reset instead of spent at once. */
const HEADROOM_SHARE = 0.1;
/** The default reserve: a tenth of the limit, at most this many (a key of 5 an hour keeps none). */
const DEFAULT_RESERVE = 10;
/** The spec's nearest window is the hour; an ETA counts later windows as that long. */
const WINDOW_SECONDS = 3_600;
/** A 429 that names no wait: 1 s, doubled with each 429 in a row, at most a minute. */
const UNNAMED_WAIT_MS = 1_000;
const UNNAMED_WAIT_CEILING_MS = 60_000;
/** No single wait is longer than the longest window (and the few seconds a reset is waited past). */
const LONGEST_WAIT_MS = (LONGEST_WINDOW_SECONDS + 60) * 1000;
/** After a reset, this much more (local ms), so that the next request lands in the new window. */
const AFTER_RESET_MS = 20;

/** The default reserve for a window of `limit` requests. */
export function defaultReserve(limit: number): number {
  return Math.min(DEFAULT_RESERVE, Math.floor(limit * HEADROOM_SHARE));
}

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
  /** How refusals name the limits and what to do next; the CLI's flags when not given. */
  wording?: PacerWording;
}

/** What the pacer needs: the clock, the server's clock, the budget believed now, and Ctrl-C. */
export interface PacerDeps {
  clock: Clock;
  serverClock: ServerClock;
  /** The budget as last believed; undefined when unknown (only 429s are reacted to). */
  budget(): Budget | undefined;
  signal: AbortSignal;
}

interface Window {
  limit: number;
  remaining: number;
  reset: number | undefined;
}

export class Pacer implements AttemptPolicy {
  readonly #options: PacerOptions;
  readonly #deps: PacerDeps;
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
  #assumeFresh: Window | undefined;
  /** No request goes out before this (local ms): the end of the wait a 429 asked for. */
  #holdUntil = 0;
  /** 429s in a row: a 429 that names no wait waits longer each time. */
  #rateLimitedInRow = 0;
  /** Whether any answer came yet: until one does, the budget is not known, and one request goes at a time. */
  #answered = false;
  /** What the server said of the hold in force, for the message if waiting it out is refused. */
  #heldBy: string | undefined;

  /** Set once the job must stop (a wait refused, a reserve that does not fit): every request ends in it. */
  #stopped: Error | undefined;
  /** Ends every wait at once when the job stops (or at Ctrl-C, the client's signal). */
  readonly #halt = new AbortController();
  readonly #signal: AbortSignal;

  constructor(deps: PacerDeps, options: PacerOptions) {
    this.#deps = deps;
    this.#options = options;
    this.#signal = AbortSignal.any([deps.signal, this.#halt.signal]);
  }

  /** The job stops: no request is admitted after this, and every wait ends now, in `error`. */
  #stop(error: Error): Error {
    this.#stopped ??= error;
    this.#halt.abort(this.#stopped);
    for (const resolve of this.#onSettled.splice(0)) resolve();
    return this.#stopped;
  }

  get waitedMs(): number {
    return this.#waitedMs;
  }

  /** The reserve kept of a window of `limit`: the explicit one, else the default. */
  reserveFor(limit: number): number {
    return this.#options.reserve ?? defaultReserve(limit);
  }

  /** How refusals name the limits (the CLI's flags unless the options say otherwise). */
  get wording(): PacerWording {
    return this.#options.wording ?? CLI_WORDING;
  }

  /** An explicit reserve at or above the key's limit leaves this job nothing: exit 2, naming both. */
  checkReserve(budget: Budget | undefined): void {
    const reserve = this.#options.reserve;
    if (budget === undefined || reserve === undefined || reserve < budget.limit) return;
    const { reserve: name, job } = this.wording;
    throw this.#stop(
      new UsageError(
        `${name} ${reserve} is at or above the key's limit of ${budget.limit} requests per window: nothing is left for ${job}.`,
        {
          code: 'reserve_too_large',
          hint: `Pass a ${name} below ${budget.limit} (0 keeps none), or leave it out: the default keeps a tenth of the limit, at most ${DEFAULT_RESERVE}.`,
        },
      ),
    );
  }

  /** The send loop's turn before an attempt: admit(), a refusal to wait in words (exit 5). */
  async beforeAttempt(): Promise<void> {
    await inWords(this.admit(), this.wording);
  }

  /** An attempt that got no answer is no longer pending; whether to retry it is not the pacer's. */
  async afterFailure(): Promise<Verdict> {
    this.settled();
    return 'pass';
  }

  /**
   * An answer: a 429 holds every request before any other learns that this one is answered, and
   * is waited out here (again, no retry spent); anything else is left to the retry policy.
   */
  async afterAnswer(response: RawResponse): Promise<Verdict> {
    let holdMs: number | undefined;
    let refused: unknown;
    if (response.status === 429) {
      const asked = askedWaitSeconds(response.headers, response.text);
      try {
        holdMs = this.rateLimited(asked, asked === undefined ? undefined : askedWords(response));
      } catch (error) {
        refused = error;
      }
    }
    this.settled(response.status);
    if (refused !== undefined)
      throw refused instanceof BudgetWaitExceeded ? budgetWaitError(refused, this.wording) : (refused as Error);
    // An explicit --reserve the key's limit cannot leave anything beside: exit 2, at once.
    this.checkReserve(this.#deps.budget());
    if (holdMs === undefined) return 'pass';
    await inWords(this.holdFor(holdMs), this.wording);
    return 'again';
  }

  /** Waits until a request may be sent; throws BudgetWaitExceeded rather than wait past the bounds. */
  async admit(): Promise<void> {
    const { clock, serverClock } = this.#deps;
    for (;;) {
      if (this.#stopped) throw this.#stopped;
      const now = clock.now();
      if (this.#holdUntil > now) {
        await this.#wait(this.#holdUntil - now, undefined, this.#holdUntil - now, 'rate_limited', false, this.#heldBy);
        continue;
      }
      const reported = this.#deps.budget();
      if (reported !== this.#reportSeen) {
        this.#reportSeen = reported;
        // An answer to a request of a window already waited out (answers come out of order) says
        // nothing of the window now.
        const stale = reported !== undefined && this.#passedReset !== undefined && reported.reset <= this.#passedReset;
        // Of the same window, an answer that left more than one already seen was counted earlier.
        const older =
          reported !== undefined &&
          this.#current !== undefined &&
          this.#assumeFresh === undefined &&
          reported.reset === this.#current.reset &&
          reported.remaining > this.#current.remaining;
        if (!stale && !older) {
          this.#current = reported;
          this.#sinceReport = this.#pending;
          this.#assumeFresh = undefined;
        }
      }
      const budget: Window | undefined = this.#assumeFresh ?? this.#current;
      // Before the first answer, one request at a time: it tells the budget (a key of 1 an hour is
      // not sent 8 at once). After, an unknown budget is spent as fast as 429s allow.
      if (!budget && !this.#answered && this.#pending > 0) {
        await new Promise<void>((resolve) => this.#onSettled.push(resolve));
        continue;
      }
      if (!budget) return this.#admitted();
      const reserve = this.reserveFor(budget.limit);
      const left = budget.remaining - this.#sinceReport - reserve;
      const resetInMs = budget.reset === undefined ? undefined : serverClock.localMsUntil(budget.reset);
      if (left > 0) {
        const headroom = Math.max(1, Math.floor(budget.limit * HEADROOM_SHARE));
        if (left > headroom || resetInMs === undefined) return this.#admitted();
        // The rest of the window, spread evenly to its reset.
        // The last of them lands before the reset, so none spills into the next window.
        const due = this.#lastAdmit + resetInMs / (left + 1);
        // Spreading is a courtesy to other clients: not worth passing --max-wait for.
        if (due <= now || this.#waitedMs + (due - now) > this.#options.maxWaitMs) return this.#admitted();
        // Then look again: requests waiting beside this one may have gone first.
        await this.#wait(Math.min(due - now, resetInMs), budget, resetInMs, 'budget', false);
        continue;
      }
      // Requests still unanswered may have been counted already or not: their answers tell.
      if (this.#pending > 0) {
        await new Promise<void>((resolve) => this.#onSettled.push(resolve));
        continue;
      }
      // Nothing left (but the reserve): wait for the window to reset, then go on with a full one.
      const untilReset = resetInMs ?? UNNAMED_WAIT_MS;
      const waitMs = untilReset + 50 / serverClock.rate + AFTER_RESET_MS;
      await this.#wait(waitMs, budget, untilReset, 'budget', true);
      // Another request may have waited too and already started the new window: counted once.
      if (budget.reset !== undefined && this.#passedReset !== undefined && budget.reset <= this.#passedReset) continue;
      if (budget.reset !== undefined) this.#passedReset = budget.reset;
      this.#assumeFresh = { limit: budget.limit, remaining: budget.limit, reset: undefined };
      this.#sinceReport = this.#pending;
    }
  }

  /** The request admitted has been answered (its status), or failed (undefined). */
  settled(status?: number): void {
    this.#pending = Math.max(0, this.#pending - 1);
    if (status !== undefined) this.#answered = true;
    if (status !== undefined && status !== 429) this.#rateLimitedInRow = 0;
    for (const resolve of this.#onSettled.splice(0)) resolve();
  }

  /**
   * A 429 in spite of pacing (another client, or headers that were not truthful): from now on no
   * request goes out until the wait it asks for is over (its `retry_after`/Retry-After, else the
   * believed window's reset, else 1 s), and never less than 1 s doubling with each 429 in a row (a
   * server answering 429 with `Retry-After: 0` is not hammered). Synchronous, so that it holds
   * before anything else runs; throws BudgetWaitExceeded rather than hold past the bounds.
   * `asked`: the server's words, for the message. Returns the hold, for holdFor().
   */
  rateLimited(askedServerSeconds: number | undefined, asked: string | undefined): number {
    const { clock, serverClock } = this.#deps;
    // 429s of one burst (answered while a hold is in force) are one event: they do not escalate.
    if (this.#holdUntil <= clock.now()) this.#rateLimitedInRow += 1;
    this.#rateLimitedInRow = Math.max(1, this.#rateLimitedInRow);
    if (askedServerSeconds !== undefined && askedServerSeconds > LONGEST_WINDOW_SECONDS) {
      throw this.#stop(
        new BudgetWaitExceeded(
          'longest_window',
          (askedServerSeconds * 1000) / serverClock.rate,
          this.#waitedMs,
          this.#options.maxWaitMs,
          asked,
        ),
      );
    }
    const floor = Math.min(UNNAMED_WAIT_CEILING_MS, UNNAMED_WAIT_MS * 2 ** Math.min(16, this.#rateLimitedInRow - 1));
    const budget = this.#deps.budget();
    const named =
      askedServerSeconds !== undefined
        ? (askedServerSeconds * 1000) / serverClock.rate
        : budget !== undefined
          ? serverClock.localMsUntil(budget.reset) + AFTER_RESET_MS
          : undefined;
    const waitMs = Math.max(named ?? 0, floor);
    this.#checkBounds(waitMs, asked);
    this.#holdUntil = Math.max(this.#holdUntil, clock.now() + waitMs);
    this.#heldBy = asked;
    return waitMs;
  }

  /** Waits out the hold a 429 began (rateLimited()), saying so. */
  async holdFor(waitMs: number): Promise<void> {
    await this.#wait(waitMs, this.#deps.budget(), waitMs, 'rate_limited', true, this.#heldBy);
  }

  #checkBounds(ms: number, asked: string | undefined): void {
    if (ms > LONGEST_WAIT_MS)
      throw this.#stop(new BudgetWaitExceeded('longest_window', ms, this.#waitedMs, this.#options.maxWaitMs, asked));
    const now = this.#deps.clock.now();
    const start = this.#waiting > 0 ? this.#waitStart : now;
    const end = Math.max(this.#waiting > 0 ? this.#waitEnd : now, now + ms);
    if (this.#waitedMs + (end - start) > this.#options.maxWaitMs) {
      throw this.#stop(
        new BudgetWaitExceeded('max_wait', ms, this.#waitedMs + (now - start), this.#options.maxWaitMs, asked),
      );
    }
  }

  #admitted(): void {
    this.#pending += 1;
    this.#sinceReport += 1;
    this.#lastAdmit = this.#deps.clock.now();
  }

  /**
   * Waits `ms`. Requests waiting at once wait together: the time counted against --max-wait is the
   * time during which any of them waited, and only the first says so.
   */
  async #wait(
    ms: number,
    budget: Window | undefined,
    resetInMs: number,
    reason: WaitReport['reason'],
    report: boolean,
    asked?: string,
  ): Promise<void> {
    const { clock } = this.#deps;
    const now = clock.now();
    this.#checkBounds(ms, asked);
    const end = Math.max(this.#waiting > 0 ? this.#waitEnd : now, now + ms);
    if (this.#waiting === 0) this.#waitStart = now;
    this.#waitEnd = end;
    this.#waiting += 1;
    const first = this.#waiting === 1;
    try {
      if (report && first) this.#report(reason, budget, resetInMs);
      await clock.sleep(ms, this.#signal);
      if (report && first) this.#options.onWait?.(null);
    } finally {
      this.#waiting -= 1;
      if (this.#waiting === 0) this.#waitedMs += clock.now() - this.#waitStart;
    }
  }

  #report(reason: WaitReport['reason'], budget: Window | undefined, resetInMs: number): void {
    if (!this.#options.onWait) return;
    const reserve = budget ? this.reserveFor(budget.limit) : 0;
    const left = this.#options.requestsLeft?.();
    const perWindow = budget ? Math.max(1, budget.limit - reserve) : undefined;
    const windows =
      left === undefined || perWindow === undefined ? undefined : Math.max(0, Math.ceil(left / perWindow) - 1);
    const etaMs =
      windows === undefined ? undefined : resetInMs + (windows * WINDOW_SECONDS * 1000) / this.#deps.serverClock.rate;
    this.#options.onWait({
      reason,
      remaining: budget ? Math.max(0, budget.remaining) : undefined,
      limit: budget?.limit,
      reserve,
      resetInMs,
      etaMs,
    });
  }
}

/** The pacer's refusal to wait, as the error a command ends in (exit 5); anything else as it is. */
async function inWords(waiting: Promise<void>, wording: PacerWording): Promise<void> {
  try {
    await waiting;
  } catch (error) {
    if (error instanceof BudgetWaitExceeded) throw budgetWaitError(error, wording);
    throw error;
  }
}

/** What a 429 said about its wait, in the server's words: `Retry-After: 99999999`. */
function askedWords(response: RawResponse): string {
  const header = response.headers['retry-after'];
  const fromBody = askedWaitSeconds({}, response.text);
  if (fromBody !== undefined) return `retry_after ${fromBody}`;
  return `Retry-After: ${header ?? ''}`.trim();
}
