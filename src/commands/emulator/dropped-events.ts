// Not a command: what `hire emulator simulate` and `hire trigger` say when the events they made
// pushed older ones out of the emulator's event log (docs/emulator.md "Webhooks and events").
import type { Context } from '../../context.js';

/**
 * A warning on stderr naming how many events were dropped and how many the log keeps, from the
 * emulator's answer (`dropped_events`, `events_kept`); nothing when none was, or when the emulator
 * (an older one) does not say.
 */
export function warnDroppedEvents(ctx: Context, answer: Record<string, unknown>): void {
  const { dropped_events: dropped, events_kept: kept } = answer;
  if (!Number.isSafeInteger(dropped) || (dropped as number) <= 0) return;
  const one = dropped === 1;
  const limit = Number.isSafeInteger(kept)
    ? `, which keeps the newest ${(kept as number).toLocaleString('en-US')}`
    : '';
  ctx.messages.warn(
    `${(dropped as number).toLocaleString('en-US')} older event${one ? ' was' : 's were'} dropped from the event log${limit}; ${one ? 'it' : 'they'} can no longer be read or resent.`,
  );
}
