// The retry policy of a single request (docs/api-choices.md §7): pure decisions — whether an answer
// or a failure is tried again, and after how long — and RetryPolicy, which carries them out on the
// client's clock as an attempt policy of the send loop (send-loop.ts). Bulk work's 429s are the
// pacer's (pacer.ts), asked before this.
import type { Clock } from './clock.js';
import { InterruptedError, MAX_WAIT_SECONDS, NetworkError } from '../errors.js';
import { askedWaitSeconds, type Budget } from './rate-limit.js';
import { permanentCode } from './response.js';
import type { AttemptPolicy, RequestState, Verdict } from './send-loop.js';
import type { RawResponse } from './transport.js';

export type Decision = { retry: false } | { retry: true; delayMs: number; reason: string };

/** First backoff step (doubled each retry, with jitter). */
export const BACKOFF_BASE_MS = 500;

/**
 * 5xx and network failures are retried only where a repeat is safe: GET, HEAD, and POST (its
 * Idempotency-Key makes the server answer a repeat with the first result).
 */
export function isRepeatable(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'POST';
}

/** Exponential backoff with jitter: base·2^attempt, between half and all of it, at most 8 s. */
export function backoffMs(attempt: number, random: () => number = Math.random, baseMs = BACKOFF_BASE_MS): number {
  const ceiling = Math.min(8_000, baseMs * 2 ** attempt);
  return ceiling / 2 + random() * (ceiling / 2);
}

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
export function decideAnswer(
  status: number,
  askedSeconds: number | undefined,
  { method, attempt, maxRetries, random }: Attempt,
): Decision {
  // 501 Not Implemented answers the same every time: the operation is not there (offered.ts).
  const retryable = status === 429 || (status >= 500 && status !== 501 && isRepeatable(method));
  if (!retryable || attempt >= maxRetries) return { retry: false };
  if (askedSeconds !== undefined && askedSeconds > MAX_WAIT_SECONDS) return { retry: false };
  const delayMs = askedSeconds !== undefined ? askedSeconds * 1000 : backoffMs(attempt, random);
  return { retry: true, delayMs, reason: status === 429 ? 'Rate limited (429)' : `Server error ${status}` };
}

/**
 * A failure before an answer: a network error where a repeat is safe (a refused connection never
 * reached the server: any method). A certificate the client does not trust fails the same way
 * every time (docs/api-choices.md §7): never retried; nor is anything that is not a network error.
 */
export function decideFailure(error: unknown, { method, attempt, maxRetries, random }: Attempt): Decision {
  if (!(error instanceof NetworkError) || error.code === 'tls_certificate') return { retry: false };
  if (!isRepeatable(method) && error.code !== 'connection_refused') return { retry: false };
  if (attempt >= maxRetries) return { retry: false };
  return { retry: true, delayMs: backoffMs(attempt, random), reason: error.message.replace(/\.$/, '') };
}

export interface RetryDeps {
  maxRetries: number;
  /** Jitter for backoff (0 ≤ x < 1); Math.random by default. */
  random?: (() => number) | undefined;
  clock: Clock;
  /** Ctrl-C: ends a wait before a retry, and retries nothing after. */
  signal: AbortSignal;
  /** The budget as believed, and the server's time now (ms): a 429 that names no wait waits for the reset. */
  budget(): Budget | undefined;
  serverNow(): number | undefined;
  /** Says that a request is retried, and why. */
  onRetry?: ((message: string) => void) | undefined;
}

/** The retry policy as an attempt policy of the send loop: it decides every answer and failure it is asked about. */
export class RetryPolicy implements AttemptPolicy {
  readonly #deps: RetryDeps;

  constructor(deps: RetryDeps) {
    this.#deps = deps;
  }

  async beforeAttempt(): Promise<void> {}

  async afterFailure(error: unknown, request: RequestState): Promise<Verdict> {
    if (this.#deps.signal.aborted || request.signal?.aborted) throw new InterruptedError();
    return this.#carryOut(decideFailure(error, this.#attempt(request)), request);
  }

  async afterAnswer(response: RawResponse, request: RequestState): Promise<Verdict> {
    // A 5xx that says it will not pass (the local emulator's `data_damaged`): the same answer every time.
    if (permanentCode(response) !== undefined) return 'done';
    return this.#carryOut(decideAnswer(response.status, this.#askedWait(response), this.#attempt(request)), request);
  }

  #attempt(request: RequestState): Attempt {
    const { maxRetries, random } = this.#deps;
    return { method: request.method, attempt: request.retries, maxRetries, ...(random ? { random } : {}) };
  }

  /** A 429's wait in seconds: as asked, else until the believed window's reset; a 503's as asked. */
  #askedWait(response: RawResponse): number | undefined {
    if (response.status !== 429 && response.status !== 503) return undefined;
    const asked = askedWaitSeconds(response.headers, response.text);
    if (asked !== undefined || response.status !== 429) return asked;
    const budget = this.#deps.budget();
    const now = this.#deps.serverNow();
    return budget === undefined || now === undefined ? undefined : Math.max(0, budget.reset - Math.floor(now / 1000));
  }

  async #carryOut(decision: Decision, request: RequestState): Promise<Verdict> {
    if (!decision.retry) return 'done';
    const { delayMs } = decision;
    const seconds = delayMs >= 1000 ? `${Math.round(delayMs / 100) / 10} s` : `${Math.round(delayMs)} ms`;
    this.#deps.onRetry?.(
      `${decision.reason}; retrying in ${seconds} (retry ${request.retries + 1} of ${this.#deps.maxRetries}).`,
    );
    request.retries += 1;
    // The client's stop (Ctrl-C) or the request's own (its caller stopped) ends the wait.
    const signal = request.signal ? AbortSignal.any([this.#deps.signal, request.signal]) : this.#deps.signal;
    await this.#deps.clock.sleep(delayMs, signal).catch(() => {
      throw new InterruptedError();
    });
    return 'again';
  }
}
