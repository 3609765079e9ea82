// hire jobs publish|pause|close|reopen ID: PATCH /jobs/ID {status} (CONTRACT §3).
import { patchRecord, recordPath } from '../../api/records.js';
import type { Context } from '../../context.js';
import type { JobStatus } from '../../domain/vocabulary.js';
import { printRecord } from '../../output/render.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';

export const TRANSITION_TARGETS = { publish: 'active', pause: 'paused', close: 'closed', reopen: 'active' } as const satisfies Record<
  string,
  JobStatus
>;
export type TransitionVerb = keyof typeof TRANSITION_TARGETS;

export function transition(verb: TransitionVerb) {
  return async (ctx: Context, _flags: unknown, id: string): Promise<void> => {
    const client = await ctx.api();
    const job = await patchRecord(client, recordPath('/jobs', id), { status: TRANSITION_TARGETS[verb] });
    await printRecord(ctx, job, JOB_DETAIL_COLUMNS);
    await ctx.announceWrite(`Job ${id} is ${TRANSITION_TARGETS[verb]}`);
  };
}
