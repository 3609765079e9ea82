import type { Column } from '../../../output/render.js';

export const KEY_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'name' },
  { key: 'masked', header: 'KEY' },
  { key: 'level' },
  { key: 'tier' },
  { key: 'created_at', header: 'CREATED', brief: (text) => text.slice(0, 10) },
  { key: 'expires_at', header: 'EXPIRES' },
  { key: 'revoked_at', header: 'REVOKED' },
  { key: 'last_used_at', header: 'LAST USED' },
];
