import type { Column } from '../../output/render.js';

const day = (text: string) => text.slice(0, 10);

export const CANDIDATE_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'name' },
  { key: 'status', status: true },
  { key: 'score' },
  { key: 'job_id', header: 'JOB', keepWhole: true },
  { key: 'applied_at', header: 'APPLIED', brief: day },
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
