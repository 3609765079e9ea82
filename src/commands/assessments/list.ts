// hire assessments list: GET /assessments (assumed: the spec shows no such list), filter job_id.
import { ASSESSMENTS_PATH } from '../../api/assessments.js';
import { defineCommand, flag } from '../define.js';
import { LIST_FLAGS } from '../shared/list-flags.js';
import { runList } from '../shared/list.js';
import { ASSESSMENT_LIST_COLUMNS } from './columns.js';

export default defineCommand({
  path: ['assessments', 'list'],
  summary: 'list assessments (GET /assessments)',
  effect: 'read',
  // GET /jobs: what tells a server without the list from a wrong address (docs/api-choices.md §13).
  operations: ['listAssessments', 'listJobs'],
  flags: {
    job: flag.string({ value: 'id', help: "only this job's assessments" }),
    ...LIST_FLAGS,
  },
  examples: [
    'hire assessments list --job job_abc123',
    'hire assessments list --all -o ndjson > assessments.ndjson',
    'hire assessments list --json --fields id,job_id,question_count',
  ],
  async run(ctx, options) {
    await runList(ctx, options, {
      command: ['assessments', 'list'],
      path: ASSESSMENTS_PATH,
      noun: 'assessments',
      columns: ASSESSMENT_LIST_COLUMNS,
      query: { job_id: options.job },
    });
  },
});
