// hire webhooks deliveries ID: the delivery log, every attempt of every event (CONTRACT §3).
import type { Context } from '../../context.js';
import { recordPath } from '../../api/records.js';
import type { Column } from '../../output/render.js';
import type { ListFlags } from '../shared/list-flags.js';
import { runList } from '../shared/list.js';

const COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'event_type', header: 'EVENT' },
  { key: 'event_id', header: 'EVENT ID' },
  { key: 'state', status: true },
  { key: 'attempts', format: (value) => (Array.isArray(value) ? String(value.length) : '') },
  {
    key: 'last_answer',
    header: 'LAST ANSWER',
    value: (record) => {
      const attempts = record.attempts as { response_status: number | null; error: string | null }[] | undefined;
      const last = attempts?.at(-1);
      return last ? (last.response_status ?? last.error) : undefined;
    },
  },
  { key: 'next_attempt_at', header: 'NEXT ATTEMPT' },
];

export async function run(ctx: Context, flags: ListFlags, id: string): Promise<void> {
  await runList(ctx, flags, { path: `${recordPath('/webhooks', id)}/deliveries`, noun: 'deliveries', columns: COLUMNS });
}
