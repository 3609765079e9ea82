// hire webhooks deliveries ID: the delivery log, every attempt of every event (docs/commands.md).
import { deliveriesPath } from '../../api/webhooks.js';
import type { Column } from '../../output/render.js';
import { arg, defineCommand } from '../define.js';
import { LIST_FLAGS } from '../shared/list-flags.js';
import { runList } from '../shared/list.js';

const COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'event_type', header: 'EVENT', wholeWords: true },
  { key: 'event_id', header: 'EVENT ID', keepWhole: true, drop: 1 },
  { key: 'state', status: true },
  { key: 'attempts', short: 'TRIES', format: (value) => (Array.isArray(value) ? String(value.length) : '') },
  {
    key: 'last_answer',
    header: 'LAST ANSWER',
    value: (record) => {
      const attempts = record.attempts as { response_status: number | null; error: string | null }[] | undefined;
      const last = attempts?.at(-1);
      return last ? (last.response_status ?? last.error) : undefined;
    },
  },
  { key: 'next_attempt_at', header: 'NEXT ATTEMPT', short: 'NEXT', time: true },
];

export default defineCommand({
  path: ['webhooks', 'deliveries'],
  summary: "a webhook's delivery log: every attempt of every event",
  effect: 'read',
  operations: ['listWebhookDeliveries'],
  args: { id: arg.required('webhook id') },
  flags: LIST_FLAGS,
  examples: ['hire webhooks deliveries wh_abc123', 'hire webhooks deliveries wh_abc123 --json'],
  async run(ctx, options) {
    await runList(ctx, options, {
      command: ['webhooks', 'deliveries'],
      path: deliveriesPath(options.id),
      noun: 'deliveries',
      columns: COLUMNS,
    });
  },
});
