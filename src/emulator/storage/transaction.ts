// The one place a transaction is opened (ARCHITECTURE.md "Walls"). A request's route runs in one
// (http/pipeline.ts: a write for a method that changes data, else a read), and so does every
// operation called alone: trigger, simulate, the sandbox's seed, a candidate's page, the delivery
// worker, the key ring's counts, a unit test. An operation called inside an open transaction joins
// it, so that what a request changes (its records, its events, its idempotency record) commits
// together or not at all. A write asked inside a read is our mistake and is refused: it would take
// the write lock half-way through a snapshot, where another process's write makes it fail.
import type { Database } from './db.js';
import { StoreError } from './errors.js';

/** `write`: BEGIN IMMEDIATE (the write lock at once, waiting up to the busy timeout); `read`: one snapshot. */
export type TransactionMode = 'write' | 'read';

/** A store (store.ts), said by what is used of it: store.ts itself opens through here (its migration). */
interface Connected {
  connection(): Database;
}

/** The mode of the transaction open on each database, if one is. */
const open = new WeakMap<Database, TransactionMode>();

/** Runs fn in a transaction on the store (or the database itself, before a store is made of it). */
export function transaction<T>(on: Connected | { store: Connected } | Database, mode: TransactionMode, fn: () => T): T {
  const db = 'store' in on ? on.store.connection() : 'connection' in on ? on.connection() : on;
  const outer = db.inTransaction ? open.get(db) : undefined;
  if (db.inTransaction) {
    if (outer === 'read' && mode === 'write') throw new StoreError('a write was asked inside a read transaction');
    return fn();
  }
  open.set(db, mode);
  try {
    return db.transaction(mode === 'write' ? 'immediate' : 'deferred', fn);
  } finally {
    open.delete(db);
  }
}
