// Deliveries under way: a process attempting one holds a lease on it until a time, so that the
// delivery workers of every process on a data dir (platform/event-bus.ts) never attempt one twice.
import { field } from './schema.js';
import type { Store, StoredRecord } from './store.js';

/** When the earliest pending delivery is due (ISO), if any is. */
export function nextPendingDelivery(store: Store): string | undefined {
  const next = store
    .connection()
    .prepare(`SELECT min(${field('next_attempt_at')}) AS next FROM deliveries WHERE ${field('state')} = 'pending'`)
    .get()?.next;
  return typeof next === 'string' ? next : undefined;
}

/**
 * Takes up to `limit` pending deliveries due by `now` (ISO) whose lease (if any) ended before
 * `clock` (ms), the earliest first, leasing each until `leaseUntil` (ms); in the caller's write transaction.
 */
export function leaseDueDeliveries<T extends StoredRecord>(
  store: Store,
  now: string,
  clock: number,
  leaseUntil: number,
  limit: number,
): T[] {
  const due = store.select<T>('deliveries', {
    where: [
      `${field('state')} = 'pending'`,
      `${field('next_attempt_at')} <= ?`,
      '(lease_until IS NULL OR lease_until < ?)',
    ],
    params: [now, clock],
    order: [field('next_attempt_at')],
    limit,
  });
  const lease = store.connection().prepare('UPDATE deliveries SET lease_until = ? WHERE id = ?');
  for (const delivery of due) lease.run(leaseUntil, delivery.id);
  return due;
}

/** Gives up the lease on a delivery: any process may attempt it at once. */
export function releaseDelivery(store: Store, id: string): void {
  store.connection().prepare('UPDATE deliveries SET lease_until = NULL WHERE id = ?').run(id);
}
