// Not a command: an event's deliveries as `events get` and `events resend` show them at a
// terminal: one line per attempt, the receiver's answer escaped and cut.
import { inert, inertJson } from '../../output/cells.js';

/** A snippet of a receiver's answer is cut to this many characters on its line. */
const SNIPPET_CHARS = 60;

export interface ShownAttempt {
  number?: unknown;
  at?: unknown;
  duration_ms?: unknown;
  response_status?: unknown;
  response_body?: unknown;
  error?: unknown;
  success?: unknown;
  resend?: unknown;
}

export interface ShownDelivery {
  id?: unknown;
  webhook_id?: unknown;
  url?: unknown;
  state?: unknown;
  attempts?: unknown;
  next_attempt_at?: unknown;
}

/** `#3  2026-11-24 09:00:01  200  12 ms  resend  "ok"`. */
export function attemptLine(attempt: ShownAttempt): string {
  const at = typeof attempt.at === 'string' ? attempt.at.replace('T', ' ').slice(0, 19) : '';
  const answer = attempt.response_status !== null && attempt.response_status !== undefined ? String(attempt.response_status) : inert(String(attempt.error ?? 'no answer'));
  const ms = typeof attempt.duration_ms === 'number' ? `${Math.round(attempt.duration_ms)} ms` : '';
  const body = typeof attempt.response_body === 'string' && attempt.response_body !== '' ? `  ${snippet(attempt.response_body)}` : '';
  return `#${String(attempt.number ?? '?')}  ${at}  ${answer}  ${ms}${attempt.resend ? '  resend' : ''}${body}`;
}

/** Lines for each delivery: the webhook, its state, then its attempts. */
export function deliveryLines(deliveries: readonly ShownDelivery[]): string[] {
  const lines: string[] = [];
  for (const delivery of deliveries) {
    const next = delivery.state === 'pending' && typeof delivery.next_attempt_at === 'string' ? ` (next attempt ${delivery.next_attempt_at.replace('T', ' ').slice(0, 19)})` : '';
    lines.push(`${inert(String(delivery.webhook_id ?? '?'))}  ${inert(String(delivery.url ?? ''))}  ${inert(String(delivery.state ?? ''))}${next}`);
    const attempts = Array.isArray(delivery.attempts) ? (delivery.attempts as ShownAttempt[]) : [];
    if (attempts.length === 0) lines.push('  (no attempt yet)');
    for (const attempt of attempts) lines.push(`  ${attemptLine(attempt)}`);
  }
  return lines;
}

/** The receiver's text as one quoted line (a JSON string: controls escaped), cut when long. */
function snippet(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return inertJson(chars.length > SNIPPET_CHARS ? `${chars.slice(0, SNIPPET_CHARS).join('')}…` : chars.join(''));
}
