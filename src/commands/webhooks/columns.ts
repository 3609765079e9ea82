import type { Column } from '../../output/render.js';

export const WEBHOOK_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'url' },
  { key: 'events' },
  { key: 'status', status: true },
  { key: 'created_at', header: 'CREATED', brief: (text) => text.slice(0, 10) },
];

export const WEBHOOK_DETAIL_COLUMNS: readonly Column[] = [
  { key: 'id' },
  { key: 'url' },
  { key: 'events' },
  { key: 'status', status: true },
  { key: 'secret' },
  { key: 'created_at' },
];
