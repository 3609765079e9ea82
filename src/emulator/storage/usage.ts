// Keys' usage (access/keys.ts): requests counted per key and window (hour, day), rows shared by
// every process on the data dir and kept across restarts.
import type { Store } from './store.js';

/** The requests counted for a key in a window (hour, day) that started at `start`; 0 once it moved on. */
export function usage(store: Store, keyId: string, window: string, start: number): number {
  const row = store
    .connection()
    .prepare('SELECT start, count FROM usage WHERE key_id = ? AND window = ?')
    .get(keyId, window);
  return row && Number(row.start) === start ? Number(row.count) : 0;
}

/** Counts one request in a key's window that started at `start` (a window that moved on starts again at 1). */
export function countUsage(store: Store, keyId: string, window: string, start: number): void {
  store
    .connection()
    .prepare(
      'INSERT INTO usage (key_id, window, start, count) VALUES (?, ?, ?, 1) ON CONFLICT (key_id, window) DO UPDATE SET count = CASE WHEN start = excluded.start THEN count + 1 ELSE 1 END, start = excluded.start',
    )
    .run(keyId, window, start);
}
