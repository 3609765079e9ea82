import type { Column } from '../../output/render.js';

export const ASSESSMENT_DETAIL_COLUMNS: readonly Column[] = [
  { key: 'id' },
  { key: 'job_id' },
  { key: 'status', status: true },
  { key: 'question_count' },
  { key: 'time_limit' },
  { key: 'proctoring' },
  { key: 'question_types' },
  { key: 'questions', format: (value) => (Array.isArray(value) ? `${value.length} questions (--json shows them)` : String(value)) },
  { key: 'created_at' },
  { key: 'updated_at' },
];
