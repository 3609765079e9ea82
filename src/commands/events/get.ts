// hire events get ID: the event's payload and every delivery attempt (status, latency, the start
// of the receiver's answer).
import { getEvent } from '../../api/events.js';
import { inertJson } from '../../output/cells.js';
import { streamWidth } from '../../output/fields.js';
import { printRecord, type Column } from '../../output/render.js';
import { arg, defineCommand } from '../define.js';
import { deliveryLines, type ShownDelivery } from './attempts.js';
import { forPeople } from '../../output/document.js';

const COLUMNS: readonly Column[] = [
  { key: 'id' },
  { key: 'type' },
  { key: 'job_id', header: 'JOB' },
  { key: 'created_at' },
  { key: 'data' },
  { key: 'deliveries' },
];

export default defineCommand({
  path: ['events', 'get'],
  summary: 'show an event: its payload and every delivery attempt',
  effect: 'read',
  operations: ['getEvent'],
  args: { id: arg.required('event id') },
  examples: ['hire events get evt_abc123', 'hire events get evt_abc123 --json'],
  async run(ctx, { id }) {
    const event = await getEvent(await ctx.session.api(), id);
    if (!forPeople(ctx.output) || ctx.output.fields) {
      await printRecord(ctx.output, event, COLUMNS);
      return;
    }
    // People read the payload as indented JSON, then each delivery with its attempts.
    const deliveries = Array.isArray(event.deliveries) ? (event.deliveries as ShownDelivery[]) : [];
    await printRecord(
      ctx.output,
      { ...event, data: undefined, deliveries: undefined },
      COLUMNS.filter((column) => column.key !== 'deliveries' && column.key !== 'data'),
    );
    ctx.output.line(`\nPayload (data):\n${inertJson(event.data ?? null, 2)}`);
    ctx.output.line(
      deliveries.length === 0
        ? '\nNot delivered: no webhook listened to this kind when it happened.'
        : `\nDeliveries:\n${deliveryLines(deliveries, streamWidth(ctx.io, 'stdout')).join('\n')}`,
    );
  },
});
