// How the pacer's refusals to wait are said (docs/api-choices.md §6): the spans in words, what
// the limits are called (the CLI's flags, or the library's options), and the error a job stops
// in (exit 5) when a wait is not begun.
import { ExitCode, HireError } from '../errors.js';

/** `14:03` (minutes and seconds) or `2:05:00`. */
export function formatWait(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const [h, m, sec] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** A span in words: `45 s`, `30 min`, `25 h`, `1,157 days`. */
export function formatSpan(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const number = (n: number) => Math.round(n).toLocaleString('en-US');
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${number(seconds / 60)} min`;
  if (seconds < 3 * 86_400) return `${number(seconds / 3_600)} h`;
  return `${number(seconds / 86_400)} days`;
}

/**
 * What the pacer's refusals call the limits and the way on: the CLI
 * names its flags; the library (src/lib/client.ts) names its options.
 */
export interface PacerWording {
  /** The most waited in all. */
  maxWait: string;
  /** Requests left for other clients. */
  reserve: string;
  /** What the reserve leaves nothing for. */
  job: string;
  /** What to do later: the hint's start. */
  later: string;
}

export const CLI_WORDING: PacerWording = {
  maxWait: '--max-wait',
  reserve: '--reserve',
  job: 'this command',
  later:
    'Run the same command again later (with --resume for an export, or the same file for an import: done rows are skipped)',
};

/** Why a wait was not begun: past --max-wait in all, or longer than the API's longest window. */
export type WaitRefusal = 'max_wait' | 'longest_window';

/** The waiting allowed is used up, or a wait was asked that is not waited: the job stops (exit 5). */
export class BudgetWaitExceeded extends Error {
  constructor(
    readonly why: WaitRefusal,
    /** The wait that was refused (local ms). */
    readonly askedMs: number,
    /** Waited so far in all (local ms). */
    readonly waitedMs: number,
    readonly maxWaitMs: number,
    /** What the server said, when a 429 asked for the wait (`Retry-After: 99999999`). */
    readonly asked: string | undefined,
  ) {
    super(`would wait ${Math.round(askedMs / 1000)} s for the rate limit`);
  }
}

/**
 * The job stops (exit 5) rather than wait: it says what the server asked (or how long the budget
 * would take), why hire does not wait that long, and what to run later.
 */
export function budgetWaitError(refusal: BudgetWaitExceeded, wording: PacerWording): HireError {
  const asked = refusal.asked ? ` (${refusal.asked})` : '';
  const what = refusal.asked
    ? `the server asks to wait ${formatSpan(refusal.askedMs)}${asked}`
    : `the rate limit's window resets in ${formatSpan(refusal.askedMs)}`;
  const message =
    refusal.why === 'longest_window'
      ? `Stopped: ${what}, longer than the API's longest window (a day); hire does not wait that long.`
      : `Stopped: waiting for the rate limit would pass ${wording.maxWait} (${formatSpan(refusal.maxWaitMs)} in all): ${what}, and ${formatWait(refusal.waitedMs)} was waited so far.`;
  return new HireError(message, {
    exitCode: ExitCode.rateLimited,
    code: 'rate_limit_wait',
    hint: wording.later + (refusal.why === 'max_wait' ? `, or allow more waiting with ${wording.maxWait}.` : '.'),
  });
}
