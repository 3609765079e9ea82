// hire jobs get ID
import { getJob } from '../../api/jobs.js';
import { printRecord } from '../../output/render.js';
import { arg, defineCommand } from '../define.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';

export default defineCommand({
  path: ['jobs', 'get'],
  summary: 'show one job (GET /jobs/ID)',
  args: { id: arg.required('job id') },
  examples: ['hire jobs get job_abc123', 'hire jobs get job_abc123 --json --fields id,status,candidate_count'],
  async run(ctx, { id }) {
    await printRecord(ctx.output, await getJob(await ctx.api(), id), JOB_DETAIL_COLUMNS);
  },
});
