// hire trigger KIND: the emulator makes the smallest realistic set of records that produces an
// event of the kind (a job for job.created; a job, an application and an assessment for
// assessment.completed) and emits every event they produce, delivered to the webhooks that listen
// (like `stripe trigger`). A write key may.
import { triggerEvent } from '../api/emulator.js';
import { EVENT_KINDS } from '../domain/vocabulary.js';
import { UsageError } from '../errors.js';
import { printList } from '../output/render.js';
import { inert } from '../output/cells.js';
import { arg, defineCommand, flag } from './define.js';
import { EVENT_LIST_COLUMNS } from './events/columns.js';
import { localClient } from './emulator/local.js';
import { warnDroppedEvents } from './emulator/dropped-events.js';

export default defineCommand({
  path: ['trigger'],
  summary: 'make the local emulator emit an event of a kind, with the records behind it',
  effect: 'write',
  local: 'drives the local emulator',
  args: {
    kind: arg.enum(EVENT_KINDS, 'the event kind', {
      message: `Not an event kind: "{value}". Kinds: ${EVENT_KINDS.join(', ')}.`,
    }),
  },
  flags: {
    job: flag.string({ value: 'id', help: 'use this job instead of making one (active, for candidate events)' }),
    override: flag.list({
      value: 'path=value',
      help: "set a field of the event's data, path below data (repeatable); the value is JSON when it reads as JSON, else text",
    }),
  },
  examples: [
    'hire trigger job.created',
    'hire trigger assessment.completed --job job_abc123',
    'hire trigger candidate.statusChanged --override score=97 --json',
  ],
  async run(ctx, { kind, job, override }) {
    if (kind === 'job.created' && job !== undefined)
      throw new UsageError('--job does not go with job.created: that trigger makes a job of its own.');
    const overrides = parseOverrides(override ?? []);
    const client = await localClient(ctx, 'hire trigger works', 'The platform has no API that emits events on demand.');
    const result = await triggerEvent(client, { type: kind, ...(job !== undefined ? { job_id: job } : {}), overrides });
    const events = result.events ?? [];
    await printList(ctx.output, events, EVENT_LIST_COLUMNS);
    const others = events.length - 1;
    const triggered = events.find((event) => event.id === result.event_id);
    const about = typeof triggered?.job_id === 'string' ? ` on job ${inert(triggered.job_id)}` : '';
    warnDroppedEvents(ctx, result);
    ctx.messages.notice(
      `Triggered ${kind}: ${inert(String(result.event_id ?? ''))}${about}${others > 0 ? ` (and ${others} more event${others === 1 ? '' : 's'} the records produced)` : ''}.`,
    );
  },
});

/** `path=value` pairs: the value as JSON when it reads as JSON (97, true, null, "42", [..]), else as text. */
export function parseOverrides(pairs: readonly string[]): Record<string, unknown> {
  const overrides: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const pair of pairs) {
    const match = /^([^=]+)=(.*)$/s.exec(pair);
    if (!match || !/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(match[1]!.trim())) {
      throw new UsageError(
        `--override takes path=value, the path below the event's data such as name or location.city (got "${inert(pair)}").`,
      );
    }
    const raw = match[2]!;
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // text
    }
    overrides[match[1]!.trim()] = value;
  }
  return overrides;
}
