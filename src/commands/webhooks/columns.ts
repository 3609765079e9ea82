import type { Column } from '../../output/render.js';

export const WEBHOOK_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'url', url: true },
  // Event kinds are typed in --events: wrapped between them, never inside one (docs/output.md "Values a person copies").
  { key: 'events', wholeWords: true, drop: 1 },
  { key: 'status', status: true },
  // What a hook receives says more than when it was made: at a narrow terminal CREATED goes first.
  { key: 'created_at', header: 'CREATED', time: true, drop: 2 },
];

export const WEBHOOK_DETAIL_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'url', url: true },
  { key: 'events', wholeWords: true },
  { key: 'status', status: true },
  // Shown once and pasted into a receiver: never split across lines.
  { key: 'secret', keepWhole: true },
  { key: 'created_at' },
];
