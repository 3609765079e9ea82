// hire events resend ID: the event again, now, with the same webhook-id (receivers de-duplicate on
// it), to the webhooks it went to or to the one named; waits for the attempt and shows its answer.
import { suggester } from '../suggest.js';
import { getEvent, resendEvent } from '../../api/events.js';
import { ExitCode } from '../../errors.js';
import { inert } from '../../output/cells.js';
import { streamLine, streamWidth, words, type Field } from '../../output/fields.js';
import { printRecord, type Column } from '../../output/render.js';
import { arg, defineCommand, flag } from '../define.js';
import { confirmProductionWrite } from '../shared/confirm.js';
import { attemptFields, type ShownAttempt, type ShownDelivery } from './attempts.js';
import { forPeople } from '../../output/document.js';

/** How long to wait for the attempts: the platform's delivery timeout (10 s) and some slack. */
const WAIT_MS = 15_000;
const POLL_MS = 250;

const COLUMNS: readonly Column[] = [{ key: 'id' }, { key: 'type' }, { key: 'deliveries' }];

export default defineCommand({
  path: ['events', 'resend'],
  summary: 'deliver an event again, with the same webhook-id (POST /events/ID/resend)',
  effect: 'write',
  operations: ['getEvent', 'resendEvent'],
  args: { id: arg.required('event id') },
  flags: {
    webhook: flag.string({ value: 'id', help: 'to this webhook only (also one the event never went to)' }),
  },
  examples: ['hire events resend evt_abc123', 'hire events resend evt_abc123 --webhook wh_abc123'],
  async run(ctx, { id, webhook }) {
    if (!(await confirmProductionWrite(ctx, `Deliver event ${id} again${webhook ? ` to webhook ${webhook}` : ''}`)))
      return;
    const client = await ctx.session.api();
    const queued = await resendEvent(client, id, webhook);
    const wanted = new Map(
      (Array.isArray(queued.deliveries) ? (queued.deliveries as ShownDelivery[]) : []).map((delivery) => [
        String(delivery.id),
        Array.isArray(delivery.attempts) ? delivery.attempts.length : 0,
      ]),
    );
    // The attempt is made by the platform; its answer is waited for (Ctrl-C stops waiting).
    const deadline = Date.now() + WAIT_MS;
    let event = await getEvent(client, id);
    let stopped = false;
    const removeInterrupt = ctx.io.onInterrupt(() => (stopped = true));
    try {
      while (!stopped && !attempted(event, wanted) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        event = await getEvent(client, id);
      }
    } finally {
      removeInterrupt();
    }
    const deliveries = (Array.isArray(event.deliveries) ? (event.deliveries as ShownDelivery[]) : []).filter(
      (delivery) => wanted.has(String(delivery.id)),
    );
    if (!forPeople(ctx.output)) await printRecord(ctx.output, { ...event, deliveries }, COLUMNS);
    let failed: string | undefined;
    const width = streamWidth(ctx.io, 'stdout');
    const suggest = await suggester(ctx);
    for (const delivery of deliveries) {
      const before = wanted.get(String(delivery.id)) ?? 0;
      const attempts = Array.isArray(delivery.attempts) ? (delivery.attempts as ShownAttempt[]) : [];
      const fresh = attempts.slice(before);
      const webhookId = inert(String(delivery.webhook_id));
      const url = inert(String(delivery.url ?? ''));
      if (fresh.length === 0) {
        ctx.messages.notice(
          `Queued ${id} for ${webhookId} (${url}); no answer yet (\`${suggest(['events', 'get'], { args: [id] })}\` shows it when it comes).`,
        );
        continue;
      }
      for (const made of fresh) {
        // Under machine output the record above holds the attempt whole, the receiver's answer
        // included; the message names the attempt without it, so that the answer is in one place
        // a caller can leave out (an MCP result never carries it: docs/mcp.md).
        const attempt = forPeople(ctx.output) ? made : { ...made, response_body: undefined };
        // An attempt without the resend mark came due now in the delivery's own retry schedule.
        // docs/output.md "Stream lines": at a terminal, wrapped between fields; the id and the URL stay whole.
        const fields: Field[] = [
          { text: 'Resent' },
          { text: id, gap: ' ' },
          { text: 'to', gap: ' ' },
          { text: webhookId, gap: ' ' },
          { text: `(${url}):`, gap: ' ' },
          ...attemptFields(attempt, width === undefined ? undefined : width - 2).map((field, index) =>
            index === 0 ? { ...field, gap: ' ' } : field,
          ),
          ...(attempt.resend || attempt.success ? [] : words('(its retries go on)')),
        ];
        const line = streamLine(fields, undefined);
        if (!attempt.success) failed ??= line;
        if (forPeople(ctx.output)) ctx.output.line(streamLine(fields, width));
        else ctx.messages.notice(line);
      }
    }
    // The receiver did not take it: a script must know (the answer is in the line above).
    if (failed) ctx.fail(ExitCode.failure, 'delivery_failed', failed);
  },
});

/** Every queued delivery has a new attempt. */
function attempted(event: Record<string, unknown>, wanted: Map<string, number>): boolean {
  const deliveries = Array.isArray(event.deliveries) ? (event.deliveries as ShownDelivery[]) : [];
  return [...wanted].every(([deliveryId, before]) => {
    const delivery = deliveries.find((item) => String(item.id) === deliveryId);
    return delivery !== undefined && Array.isArray(delivery.attempts) && delivery.attempts.length > before;
  });
}
