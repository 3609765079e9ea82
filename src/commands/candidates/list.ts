// hire candidates list: filters status, score_min (spec) and job_id (docs/commands.md).
import { CANDIDATES_PATH } from '../../api/candidates.js';
import { CANDIDATE_STATUSES } from '../../domain/vocabulary.js';
import { defineCommand, flag } from '../define.js';
import { LIST_FLAGS } from '../shared/list-flags.js';
import { runList } from '../shared/list.js';
import { CANDIDATE_LIST_COLUMNS, candidateColumns } from './columns.js';

export default defineCommand({
  path: ['candidates', 'list'],
  summary: 'list candidates (GET /candidates)',
  effect: 'read',
  operations: ['listCandidates'],
  flags: {
    status: flag.enum(CANDIDATE_STATUSES, {
      help: 'only this status: {choices} (comma-separated for several)',
      many: true,
    }),
    scoreMin: flag.number({
      value: 'n',
      help: 'only candidates whose assessment score is at least N (0-100)',
      min: 0,
      max: 100,
    }),
    job: flag.string({ value: 'id', help: "only this job's candidates" }),
    ...LIST_FLAGS,
  },
  examples: [
    'hire candidates list --status review --score-min 80',
    'hire candidates list --all -o ndjson --resume export.state >> all.ndjson',
    'hire candidates list --json --fields id,name,score',
  ],
  async run(ctx, options) {
    await runList(ctx, options, {
      command: ['candidates', 'list'],
      path: CANDIDATES_PATH,
      noun: 'candidates',
      columns: candidateColumns(CANDIDATE_LIST_COLUMNS),
      query: { status: options.status?.join(','), score_min: options.scoreMin, job_id: options.job },
    });
  },
});
