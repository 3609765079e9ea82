import type { Column } from '../../output/render.js';

/** Id, kind and time fit 80 columns; the job is in --json, --fields job_id and `events get`. */
export const EVENT_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'type', keepWhole: true },
  { key: 'created_at', header: 'CREATED', time: true },
];
