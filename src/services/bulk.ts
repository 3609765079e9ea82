// The one runner of bulk work (`candidates move` with several ids, `jobs import`, and the library's
// bulk methods): the same item done for many, with the rules decided here once.
// - The first item goes alone: a key that may not do this (401, 403) is refused once, not once per
//   item (docs/api-choices.md §6 "Rate limits"); then `concurrency` items are in flight at once.
// - A refusal of the key stops the run: every item not started is reported not attempted.
// - Requests are paced through the client's pacer (src/api/pacer.ts); past its --max-wait the run
//   stops and the items not started are reported not sent.
// - Ctrl-C (or SIGTERM): no further item starts; the items in flight get a grace period to be
//   answered (an exact report), then, or at a second signal, they are dropped (client.abort()).
// - Stopped so, the run's report is printed as a finished one's is, and the failure it ends with
//   (`interruptedRun`) counts in its details how many items ended each way (docs/exit-codes.md).
// It never prints: progress, waits and the stop come through callbacks, and time through `timers`.
import type { PacerOptions, PacerWording, WaitReport } from '../api/pacer.js';
import { ApiError, ExitCode, HireError, InterruptedError } from '../errors.js';

/** The spec's "Concurrent requests" limit of the standard tier: the most items in flight at once. */
export const MAX_CONCURRENCY = 100;

/** After Ctrl-C, how long the items in flight get to be answered before they are dropped. */
export const STOP_GRACE_MS = 5_000;

/** What the runner needs of the API client: a paced sibling for the work, and a way to drop what is in flight. */
export interface BulkClient<C> {
  paced(options: PacerOptions): C;
  abort(): void;
}

/** What became of one item. */
export type BulkOutcome<R> =
  /** The work answered (whatever it made of the answer: a 404 or a 409 may be an answer). */
  | { kind: 'done'; value: R }
  /** It failed, alone: the others go on. */
  | { kind: 'failed'; error: HireError }
  /** The key itself was refused (401, 403): the run stops. */
  | { kind: 'key_refused'; error: ApiError }
  /** The pacer would wait past its limit: not sent, and the run stops. */
  | { kind: 'waited_out'; error: HireError }
  /** In flight when the run was interrupted and dropped: it may have been done. */
  | { kind: 'cut_off'; error: InterruptedError }
  /** Not started: the run was interrupted, or waited out. */
  | { kind: 'not_sent'; because: 'interrupted' | 'waited_out' }
  /** Not started: the key was refused for another item. */
  | { kind: 'not_attempted' };

export interface BulkReport<R> {
  /** One outcome an item, in the items' order. */
  outcomes: BulkOutcome<R>[];
  /** Ctrl-C or SIGTERM stopped the run. */
  interrupted: boolean;
  /** The refusal that stopped the run: the key's (401, 403), or the pacer's wait. */
  stoppedBy:
    { kind: 'key_refused'; error: ApiError; index: number } | { kind: 'waited_out'; error: HireError } | undefined;
}

/** Timers for the grace period (src/api/clock.ts's shape: tests pass a virtual clock). */
export interface GraceTimers {
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

const REAL_TIMERS: GraceTimers = {
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface BulkRun<T, R, C> {
  items: readonly T[];
  client: BulkClient<C>;
  /** Items in flight at once after the first (1 to MAX_CONCURRENCY). */
  concurrency: number;
  /** The pacer's limits (`reserve`, `maxWaitMs`) and its waits, reported as they begin and end. */
  pacing: {
    reserve: number | undefined;
    maxWaitMs: number;
    onWait?: (report: WaitReport | null) => void;
    /** How the pacer's refusals name the limits (the library's options; the CLI's flags by default). */
    wording?: PacerWording;
  };
  /**
   * One item, with the paced client. Throwing a HireError is the item's failure, classified here;
   * anything else is a bug, and ends the run with it.
   */
  work(item: T, client: C, index: number): Promise<R>;
  /** After each item started has its outcome (a progress bar's tick). */
  onSettled?(outcome: BulkOutcome<R>, index: number): void;
  /** Subscribes to Ctrl-C and SIGTERM; returns the unsubscribe. */
  onInterrupt?(listener: () => void): () => void;
  /** The first signal was taken: the items in flight get `graceMs` (a second signal drops them now). */
  onStopping?(graceMs: number): void;
  graceMs?: number;
  timers?: GraceTimers;
}

/** A refusal of the key itself rather than of the item: every other item would be refused alike. */
export function refusesKey(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The pacer's refusal to wait longer (--max-wait, or a wait longer than a day). */
export function isWaitedOut(error: HireError): boolean {
  return error.code === 'rate_limit_wait';
}

/**
 * The failure a bulk run stopped by Ctrl-C or SIGTERM ends with, once its report is printed: exit
 * 130, code `interrupted`, the report's summary as its message, and in `details` how many items
 * ended each way — every way in `ways` (the command's words: moved, not_sent…), 0 included, so that
 * a script finds the same keys every time.
 */
export function interruptedRun(summary: string, ways: readonly string[], ended: readonly string[]): HireError {
  const details: Record<string, number> = Object.fromEntries(ways.map((way) => [way, 0]));
  for (const way of ended) details[way] = (Object.hasOwn(details, way) ? details[way]! : 0) + 1;
  return new HireError(`Interrupted. ${summary}`, { exitCode: ExitCode.interrupted, code: 'interrupted', details });
}

function classify<R>(error: unknown): BulkOutcome<R> {
  if (!(error instanceof HireError)) throw error;
  if (error instanceof InterruptedError) return { kind: 'cut_off', error };
  if (isWaitedOut(error)) return { kind: 'waited_out', error };
  if (refusesKey(error)) return { kind: 'key_refused', error };
  return { kind: 'failed', error };
}

export async function runBulk<T, R, C>(run: BulkRun<T, R, C>): Promise<BulkReport<R>> {
  const { items, client } = run;
  const timers = run.timers ?? REAL_TIMERS;
  const graceMs = run.graceMs ?? STOP_GRACE_MS;
  const outcomes: (BulkOutcome<R> | undefined)[] = items.map(() => undefined);
  let next = 0;
  let interrupted = false;
  let broken = false;
  let stoppedBy: BulkReport<R>['stoppedBy'];
  let grace: unknown;
  const paced = client.paced({
    reserve: run.pacing.reserve,
    maxWaitMs: run.pacing.maxWaitMs,
    requestsLeft: () => items.length - next,
    ...(run.pacing.onWait ? { onWait: run.pacing.onWait } : {}),
    ...(run.pacing.wording ? { wording: run.pacing.wording } : {}),
  });
  const removeInterrupt = run.onInterrupt?.(() => {
    if (interrupted) return client.abort();
    interrupted = true;
    run.onStopping?.(graceMs);
    grace = timers.setTimer(() => client.abort(), graceMs);
  });
  const going = () => !interrupted && !broken && stoppedBy === undefined && next < items.length;
  const one = async () => {
    const index = next++;
    let outcome: BulkOutcome<R>;
    try {
      outcome = { kind: 'done', value: await run.work(items[index]!, paced, index) };
    } catch (error) {
      try {
        outcome = classify<R>(error);
      } catch (bug) {
        broken = true;
        throw bug;
      }
    }
    if (outcome.kind === 'key_refused') stoppedBy ??= { kind: 'key_refused', error: outcome.error, index };
    if (outcome.kind === 'waited_out') stoppedBy ??= { kind: 'waited_out', error: outcome.error };
    outcomes[index] = outcome;
    run.onSettled?.(outcome, index);
  };
  const worker = async () => {
    while (going()) await one();
  };
  try {
    if (going()) await one();
    await Promise.all(Array.from({ length: Math.min(run.concurrency, items.length - next) }, worker));
  } finally {
    if (grace !== undefined) timers.clearTimer(grace);
    removeInterrupt?.();
  }
  return {
    outcomes: outcomes.map(
      (outcome): BulkOutcome<R> =>
        outcome ??
        (stoppedBy?.kind === 'key_refused'
          ? { kind: 'not_attempted' }
          : { kind: 'not_sent', because: stoppedBy ? 'waited_out' : 'interrupted' }),
    ),
    interrupted,
    stoppedBy,
  };
}
