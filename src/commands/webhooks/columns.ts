import type { Column } from '../../output/render.js';

export const WEBHOOK_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'url', url: true },
  { key: 'events', lines: 3, drop: 2 },
  { key: 'status', status: true },
  { key: 'created_at', header: 'CREATED', time: true, drop: 1 },
];

export const WEBHOOK_DETAIL_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'url', url: true },
  { key: 'events' },
  { key: 'status', status: true },
  { key: 'secret' },
  { key: 'created_at' },
];
