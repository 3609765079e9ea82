import type { Column } from '../../output/render.js';

/** At 80 columns the job hides first (`--job` lists one job's candidates anyway). */
export const CANDIDATE_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'name', lines: 2, want: 12 },
  { key: 'status', status: true },
  { key: 'score' },
  { key: 'job_id', header: 'JOB', keepWhole: true, drop: 2 },
  { key: 'applied_at', header: 'APPLIED', time: true, drop: 1 },
];

export const CANDIDATE_DETAIL_COLUMNS: readonly Column[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'email' },
  { key: 'status', status: true },
  { key: 'score' },
  { key: 'job_id' },
  { key: 'applied_at' },
  { key: 'created_at' },
  { key: 'updated_at' },
];
