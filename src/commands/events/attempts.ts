// Not a command: an event's deliveries as `events get` and `events resend` show them at a
// terminal: one line per attempt, the receiver's answer escaped and cut.
import { displayWidth, inert, inertJson, truncate } from '../../output/cells.js';
import { layoutFields, streamLine, type Field } from '../../output/fields.js';
import { clusters } from '../../output/width.js';

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

/**
 * `#3  2026-11-24 09:00:01  200  12 ms  resend  "ok"` as fields (docs/output.md "Stream lines");
 * with `width`, the answer's snippet is cut to the room left on the line.
 */
export function attemptFields(attempt: ShownAttempt, width = Number.POSITIVE_INFINITY): Field[] {
  const at = typeof attempt.at === 'string' ? attempt.at.replace('T', ' ').slice(0, 19) : '';
  const answer =
    attempt.response_status !== null && attempt.response_status !== undefined
      ? String(attempt.response_status)
      : inert(String(attempt.error ?? 'no answer'));
  const ms = typeof attempt.duration_ms === 'number' ? `${Math.round(attempt.duration_ms)} ms` : '';
  const fields: Field[] = [{ text: `#${String(attempt.number ?? '?')}` }, { text: at }, { text: answer }];
  fields.push({ text: ms }, { text: attempt.resend ? 'resend' : '' });
  // The snippet is cut to the room left on the attempt's line, keeping at least a few characters.
  const room = Math.max(12, width - displayWidth(streamLine(fields, undefined)) - 2);
  if (typeof attempt.response_body === 'string' && attempt.response_body !== '')
    fields.push({ text: snippet(attempt.response_body, room) });
  return fields;
}

/** An attempt as one line, as piped output prints it. */
export function attemptLine(attempt: ShownAttempt): string {
  return streamLine(attemptFields(attempt), undefined);
}

/**
 * Lines for each delivery: the webhook, its state, its URL whole, then its attempts. With `width`
 * (a terminal's), each is laid out between fields to fit it (docs/output.md "Stream lines").
 */
export function deliveryLines(deliveries: readonly ShownDelivery[], width?: number): string[] {
  const lines: string[] = [];
  for (const delivery of deliveries) {
    const next =
      delivery.state === 'pending' && typeof delivery.next_attempt_at === 'string'
        ? `(next attempt ${delivery.next_attempt_at.replace('T', ' ').slice(0, 19)})`
        : '';
    lines.push(
      ...layoutFields(
        [
          inert(String(delivery.webhook_id ?? '?')),
          inert(String(delivery.state ?? '')),
          { text: next, gap: ' ' },
          inert(String(delivery.url ?? '')),
        ],
        width,
      ),
    );
    const attempts = Array.isArray(delivery.attempts) ? (delivery.attempts as ShownAttempt[]) : [];
    if (attempts.length === 0) lines.push('  (no attempt yet)');
    for (const attempt of attempts)
      lines.push(
        ...layoutFields(
          attemptFields(attempt, width === undefined ? undefined : width - 4),
          width === undefined ? undefined : width - 2,
        ).map((line) => `  ${line}`),
      );
  }
  return lines;
}

/** The receiver's text as one quoted line (a JSON string: controls escaped), cut when long or wider than `room`. */
function snippet(text: string, room = Number.POSITIVE_INFINITY): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // The first characters as a person counts them: whole grapheme clusters (an emoji is not split).
  let end = flat.length;
  let count = 0;
  for (const cluster of clusters(flat))
    if (++count > SNIPPET_CHARS) {
      end = cluster.start;
      break;
    }
  const quoted = inertJson(end < flat.length ? `${flat.slice(0, end)}…` : flat);
  // Cut inside the quotes, so that a cut snippet still reads as one: "first words…".
  return displayWidth(quoted) <= room ? quoted : `${truncate(quoted.slice(0, -1), room - 1)}"`;
}
