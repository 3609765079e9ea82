// hire jobs list
import { JOBS_PATH } from '../../api/jobs.js';
import { JOB_STATUSES } from '../../domain/vocabulary.js';
import { defineCommand, flag } from '../define.js';
import { LIST_FLAGS } from '../shared/list-flags.js';
import { runList } from '../shared/list.js';
import { JOB_LIST_COLUMNS, jobColumns } from './columns.js';

export default defineCommand({
  path: ['jobs', 'list'],
  summary: 'list job postings (GET /jobs)',
  effect: 'read',
  operations: ['listJobs'],
  flags: {
    status: flag.enum(JOB_STATUSES, {
      help: 'only jobs with this status: {choices} (comma-separated for several)',
      many: true,
    }),
    ...LIST_FLAGS,
  },
  examples: [
    'hire jobs list',
    'hire jobs list --status active --sort -created_at --per-page 50',
    'hire jobs list --all -o csv > jobs.csv',
  ],
  async run(ctx, options) {
    await runList(ctx, options, {
      command: ['jobs', 'list'],
      path: JOBS_PATH,
      noun: 'jobs',
      columns: jobColumns(JOB_LIST_COLUMNS),
      query: { status: options.status?.join(',') },
    });
  },
});
