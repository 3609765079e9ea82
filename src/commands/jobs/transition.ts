// What publish, pause, close and reopen share: PATCH /jobs/ID {status}, the move taken from the
// domain's state machine (JOB_VERBS), and the help said from it too.
import { suggester, type Suggest } from '../suggest.js';
import { getJob, setJobStatus } from '../../api/jobs.js';
import { JOB_VERBS, verbFrom, type JobVerb } from '../../domain/job-status.js';
import type { ApiClient } from '../../api/client.js';
import { ApiError, ExitCode, HireError, withHint } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { arg, defineCommand } from '../define.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';
import { confirmProductionWrite } from '../shared/confirm.js';
import { showNextSteps, showsNextSteps } from '../shared/next-steps.js';
import type { Context } from '../../context.js';
import { inert } from '../../output/cells.js';

const either = (statuses: readonly string[]) =>
  statuses.length < 2 ? statuses.join('') : `${statuses.slice(0, -1).join(', ')} or ${statuses.at(-1)}`;

/** `publish a draft (draft → active)`: what the verb does, and its move. */
export const transitionSummary = (verb: JobVerb, what: string) =>
  `${what} (${either(JOB_VERBS[verb].from)} → ${JOB_VERBS[verb].to})`;

export function jobTransition(verb: JobVerb, what: string) {
  return defineCommand({
    path: ['jobs', verb],
    summary: transitionSummary(verb, what),
    effect: 'write',
    operations: ['getJob', 'updateJob', 'listJobs'],
    args: { id: arg.required('job id') },
    examples: [`hire jobs ${verb} job_abc123`],
    async run(ctx, { id }) {
      const client = await ctx.session.api();
      const suggest = await suggester(ctx);
      const { from, to } = JOB_VERBS[verb];
      if (verb === 'publish' || verb === 'reopen') {
        // Both send {status: active}, so the API cannot tell them apart: the job's status is read
        // first, and the wrong verb is refused. An active job is left to the server (409).
        const current = String((await getJob(client, id)).status);
        if (current !== 'active' && !(from as readonly string[]).includes(current)) {
          const instead = verbFrom(current);
          throw new HireError(
            `Job ${id} is ${current}: ${verb} works on ${from.join(' or ')} jobs (conflict).${instead ? ` Use \`${suggest(['jobs', instead])}\` instead.` : ''}`,
            {
              exitCode: ExitCode.failure,
              code: 'conflict',
            },
          );
        }
      }
      if (!(await confirmProductionWrite(ctx, `${verb[0]!.toUpperCase()}${verb.slice(1)} job ${id} (${to})`))) return;
      const job = await setJobStatus(client, id, to, {
        onReadBack: (message, facts) => ctx.messages.note(message, facts),
      }).catch(async (error: unknown) => {
        throw error instanceof ApiError && error.status === 409
          ? withHint(error, await rightVerb(client, id, verb, suggest))
          : error;
      });
      await printRecord(ctx.output, job, JOB_DETAIL_COLUMNS);
      await ctx.session.announceWrite(`Job ${id} is ${to}`);
      if (verb === 'publish') await afterPublish(ctx, job, suggest);
    },
  });
}

/**
 * After publishing (docs/output.md "Next steps"): where candidates apply, and on the emulator the
 * command that makes some apply; then their list.
 */
async function afterPublish(ctx: Context, job: Record<string, unknown>, suggest: Suggest): Promise<void> {
  if (!showsNextSteps(ctx)) return;
  const id = inert(String(job.id));
  const url = typeof job.application_url === 'string' ? inert(job.application_url) : undefined;
  const emulator = (await ctx.session.profile()).environment === 'local';
  showNextSteps(
    ctx,
    [
      ...(emulator ? [suggest(['emulator', 'simulate'], { flags: { job: id, applications: 10 } })] : []),
      suggest(['candidates', 'list'], { flags: { job: id } }),
    ],
    url ? [`Candidates apply at ${url}`] : [],
  );
}

/** After a refused move (pausing a draft): the verb that works from the job's status, read once. */
async function rightVerb(client: ApiClient, id: string, verb: JobVerb, suggest: Suggest): Promise<string> {
  const current = await getJob(client, id).then(
    (job) => String(job.status),
    () => undefined,
  );
  const works = `${verb} works on ${either(JOB_VERBS[verb].from)} jobs`;
  if (current === undefined) return `${works[0]!.toUpperCase()}${works.slice(1)}.`;
  const instead = verbFrom(current);
  if (current === 'draft')
    return `A draft is not live yet: publish it first with \`${suggest(['jobs', 'publish'], { args: [id] })}\`; ${works}.`;
  return instead
    ? `Job ${id} is ${current}; ${works}. \`${suggest(['jobs', instead], { args: [id] })}\` is the move from ${current}.`
    : `Job ${id} is ${current}; ${works}.`;
}
