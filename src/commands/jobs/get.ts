// hire jobs get ID: at a terminal, the job's fields, then its description (Markdown shown as
// plain text, wrapped) and its assessment settings. Piped, one `key<TAB>value` line per field, the
// description (newlines escaped) and `assessment_config.KEY` lines last; --json is the whole record.
import { getJob } from '../../api/jobs.js';
import { cellText } from '../../output/cells.js';
import { labelled, markdownLines, printDetail, settingRows } from '../../output/detail.js';
import { arg, defineCommand } from '../define.js';
import { JOB_DETAIL_COLUMNS, jobColumns } from './columns.js';

export default defineCommand({
  path: ['jobs', 'get'],
  summary: 'show one job (GET /jobs/ID)',
  effect: 'read',
  operations: ['getJob', 'listJobs'],
  args: { id: arg.required('job id') },
  examples: ['hire jobs get job_abc123', 'hire jobs get job_abc123 --json --fields id,status,candidate_count'],
  async run(ctx, { id }) {
    // A server that does not offer GET /jobs/ID: the job from GET /jobs, and a note saying so.
    const job = await getJob(await ctx.session.api(), id, {
      onNote: (message, facts) => ctx.messages.note(message, facts),
    });
    const { description, assessment_config: config } = job;
    const settings =
      config !== null && typeof config === 'object' && !Array.isArray(config)
        ? (config as Record<string, unknown>)
        : {};
    const piped: [string, string][] = [];
    if (description !== undefined && description !== null) piped.push(['description', cellText(description)]);
    for (const [key, value] of Object.entries(settings))
      piped.push([`assessment_config.${cellText(key)}`, cellText(value)]);
    await printDetail(ctx.output, job, jobColumns(JOB_DETAIL_COLUMNS), {
      piped,
      async sections(width, paint) {
        return [
          {
            heading: 'Description',
            lines: typeof description === 'string' ? await markdownLines(description, width, paint) : [],
          },
          { heading: 'Assessment settings', lines: labelled(settingRows(settings), width, paint) },
        ];
      },
    });
  },
});
