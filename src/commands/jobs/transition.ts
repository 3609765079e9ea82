// hire jobs publish|pause|close|reopen ID: PATCH /jobs/ID {status} (CONTRACT §3).
import { getRecord, patchRecord, recordPath } from '../../api/records.js';
import type { Context } from '../../context.js';
import type { JobStatus } from '../../domain/vocabulary.js';
import { ExitCode, HireError } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';

export const TRANSITION_TARGETS = { publish: 'active', pause: 'paused', close: 'closed', reopen: 'active' } as const satisfies Record<
  string,
  JobStatus
>;
export type TransitionVerb = keyof typeof TRANSITION_TARGETS;

/**
 * Where each verb starts from (CONTRACT §6). publish and reopen both send {status: active}, so
 * the API cannot tell them apart: the job's status is read first, and the wrong verb is refused.
 */
const TRANSITION_SOURCES: Record<TransitionVerb, readonly JobStatus[]> = {
  publish: ['draft'],
  pause: ['active'],
  close: ['draft', 'active', 'paused'],
  reopen: ['paused', 'closed'],
};

function suggestion(status: string): string {
  const verb = (Object.keys(TRANSITION_SOURCES) as TransitionVerb[]).find((candidate) =>
    (TRANSITION_SOURCES[candidate] as readonly string[]).includes(status) && candidate !== 'close',
  );
  return verb ? ` Use \`hire jobs ${verb}\` instead.` : '';
}

export function transition(verb: TransitionVerb) {
  return async (ctx: Context, _flags: unknown, id: string): Promise<void> => {
    const client = await ctx.api();
    const path = recordPath('/jobs', id);
    if (verb === 'publish' || verb === 'reopen') {
      // An active job is left to the server, which answers 409 with its request id.
      const current = String((await getRecord(client, path)).status);
      if (current !== 'active' && !(TRANSITION_SOURCES[verb] as readonly string[]).includes(current)) {
        throw new HireError(`Job ${id} is ${current}: ${verb} works on ${TRANSITION_SOURCES[verb].join(' or ')} jobs (conflict).${suggestion(current)}`, {
          exitCode: ExitCode.failure,
          code: 'conflict',
        });
      }
    }
    const job = await patchRecord(client, path, { status: TRANSITION_TARGETS[verb] });
    await printRecord(ctx, job, JOB_DETAIL_COLUMNS);
    await ctx.announceWrite(`Job ${id} is ${TRANSITION_TARGETS[verb]}`);
  };
}
