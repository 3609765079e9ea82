// hire jobs delete ID: asks first at a terminal; needs --yes otherwise (docs/profiles.md "Confirmations").
import { deleteJob, getJob } from '../../api/jobs.js';
import { arg, defineCommand } from '../define.js';
import { confirmOrRefuse } from '../shared/confirm.js';
import { plural } from '../../output/plural.js';

export default defineCommand({
  path: ['jobs', 'delete'],
  summary: 'delete a job with its candidates (asks first; --yes when not at a terminal)',
  effect: 'delete',
  operations: ['getJob', 'deleteJob', 'listJobs'],
  args: { id: arg.required('job id') },
  examples: ['hire jobs delete job_abc123', 'hire jobs delete job_abc123 --yes'],
  async run(ctx, { id }) {
    const client = await ctx.session.api();
    if (!ctx.settings.yes) {
      const job = ctx.canPrompt ? await getJob(client, id) : undefined;
      const where = await ctx.session.whereWritten();
      const what = `${job ? `job ${id} ("${String(job.title)}", ${plural(Number(job.candidate_count ?? 0), 'candidate')})` : `job ${id}`}${where}`;
      if (
        !(await confirmOrRefuse(
          ctx,
          `Delete ${what}? Its candidates and assessment go with it.`,
          `Refusing to delete ${what}`,
        ))
      ) {
        ctx.messages.notice('Nothing was deleted.');
        return;
      }
    }
    await deleteJob(client, id, { onReadBack: (message, facts) => ctx.messages.note(message, facts) });
    ctx.messages.notice(`Deleted job ${id}${await ctx.session.whereWritten()}.`);
  },
});
