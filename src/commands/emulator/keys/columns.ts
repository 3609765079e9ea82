import type { Column } from '../../../output/render.js';

export const KEY_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'name', lines: 2 },
  { key: 'masked', header: 'KEY', keepWhole: true },
  { key: 'level' },
  { key: 'tier', drop: 4 },
  { key: 'created_at', header: 'CREATED', time: true, drop: 1 },
  { key: 'expires_at', header: 'EXPIRES', time: true, drop: 2 },
  { key: 'revoked_at', header: 'REVOKED', time: true, drop: 3 },
  { key: 'last_used_at', header: 'LAST USED', short: 'USED', time: true },
];
