// The retry policy of a single request (docs/api-choices.md §7), as pure decisions: whether an answer or a
// failure is tried again, and after how long. The send loop (client.ts) carries them out on its
// clock; bulk work's 429s are the pacer's (pacer.ts), not this.
import { MAX_WAIT_SECONDS, NetworkError } from '../errors.js';

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
  const retryable = status === 429 || (status >= 500 && isRepeatable(method));
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
