// Not a command: an event's deliveries as `events get` and `events resend` show them at a
// terminal: one line per attempt, the receiver's answer escaped and cut.
import { displayWidth, inert, inertJson, truncate } from '../../output/cells.js';
import { fitUrl } from '../../output/fit.js';

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

/** `#3  2026-11-24 09:00:01  200  12 ms  resend  "ok"`; with `width`, the answer's snippet is cut to fit it. */
export function attemptLine(attempt: ShownAttempt, width = Number.POSITIVE_INFINITY): string {
  const at = typeof attempt.at === 'string' ? attempt.at.replace('T', ' ').slice(0, 19) : '';
  const answer =
    attempt.response_status !== null && attempt.response_status !== undefined
      ? String(attempt.response_status)
      : inert(String(attempt.error ?? 'no answer'));
  const ms = typeof attempt.duration_ms === 'number' ? `${Math.round(attempt.duration_ms)} ms` : '';
  const head = `#${String(attempt.number ?? '?')}  ${at}  ${answer}  ${ms}${attempt.resend ? '  resend' : ''}`;
  // The snippet keeps at least a few characters: a line that cannot hold them wraps at the terminal.
  const room = Math.max(12, width - displayWidth(head) - 2);
  const body =
    typeof attempt.response_body === 'string' && attempt.response_body !== ''
      ? `  ${snippet(attempt.response_body, room)}`
      : '';
  return `${head}${body}`;
}

/**
 * Lines for each delivery: the webhook, its state, then its attempts. With `width` (a terminal's),
 * the state comes before the URL, which is cut in its path to fit, and snippets are cut to fit.
 */
export function deliveryLines(deliveries: readonly ShownDelivery[], width = Number.POSITIVE_INFINITY): string[] {
  const lines: string[] = [];
  for (const delivery of deliveries) {
    const next =
      delivery.state === 'pending' && typeof delivery.next_attempt_at === 'string'
        ? ` (next attempt ${delivery.next_attempt_at.replace('T', ' ').slice(0, 19)})`
        : '';
    const head = `${inert(String(delivery.webhook_id ?? '?'))}  ${inert(String(delivery.state ?? ''))}${next}`;
    lines.push(`${head}  ${fitUrl(inert(String(delivery.url ?? '')), Math.max(20, width - displayWidth(head) - 2))}`);
    const attempts = Array.isArray(delivery.attempts) ? (delivery.attempts as ShownAttempt[]) : [];
    if (attempts.length === 0) lines.push('  (no attempt yet)');
    for (const attempt of attempts) lines.push(`  ${attemptLine(attempt, width - 2)}`);
  }
  return lines;
}

/** The receiver's text as one quoted line (a JSON string: controls escaped), cut when long or wider than `room`. */
function snippet(text: string, room = Number.POSITIVE_INFINITY): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  const quoted = inertJson(
    chars.length > SNIPPET_CHARS ? `${chars.slice(0, SNIPPET_CHARS).join('')}…` : chars.join(''),
  );
  // Cut inside the quotes, so that a cut snippet still reads as one: "first words…".
  return displayWidth(quoted) <= room ? quoted : `${truncate(quoted.slice(0, -1), room - 1)}"`;
}
