// The event log's rows (docs/api-choices.md §8): events are only ever added, and trimmed by
// number and by age with their settled deliveries. The event bus (platform/event-bus.ts) decides
// what is kept; these say it in SQL, in the caller's transaction.
import { field } from './schema.js';
import type { Store, StoredRecord } from './store.js';

/** Appends an event (a plain insert, never an update); returns its row number, which only grows. */
export function appendEvent(store: Store, event: StoredRecord): number {
  const { lastInsertRowid } = store
    .connection()
    .prepare('INSERT INTO events (id, doc) VALUES (?, ?)')
    .run(event.id, JSON.stringify(event));
  return Number(lastInsertRowid);
}

/** The row number of the newest event, 0 when there is none. */
export function lastEventNumber(store: Store): number {
  return Number(store.connection().prepare('SELECT max(seq) AS last FROM events').get()?.last ?? 0);
}

/** The created_at of the first event stored, if any. */
export function firstEventAt(store: Store): string | undefined {
  const at = store
    .connection()
    .prepare(`SELECT ${field('created_at')} AS at FROM events ORDER BY seq LIMIT 1`)
    .get()?.at;
  return typeof at === 'string' ? at : undefined;
}

/** Is any event older than `cutoff` (ISO)? */
export function hasEventsBefore(store: Store, cutoff: string): boolean {
  return (
    store
      .connection()
      .prepare(`SELECT 1 AS yes FROM events WHERE ${field('created_at')} < ? LIMIT 1`)
      .get(cutoff) !== undefined
  );
}

/**
 * Deletes the events numbered up to `throughNumber` and those created before `before` (ISO),
 * with their deliveries that are settled (not still being attempted). Answers how many events went
 * for each reason: pushed out by newer ones (`byNumber`), and past their age.
 */
export function trimEvents(store: Store, throughNumber: number, before: string): { byNumber: number; byAge: number } {
  const db = store.connection();
  const settled = `${field('state')} != 'pending'`;
  const [byNumber, byAge] = (
    [
      ['seq <= ?', throughNumber],
      [`${field('created_at')} < ?`, before],
    ] as const
  ).map(([condition, value]) => {
    db.prepare(
      `DELETE FROM deliveries WHERE ${field('event_id')} IN (SELECT id FROM events WHERE ${condition}) AND ${settled}`,
    ).run(value);
    return Number(db.prepare(`DELETE FROM events WHERE ${condition}`).run(value).changes);
  });
  return { byNumber: byNumber!, byAge: byAge! };
}
