// The requests an emulator answered, kept in its environment's database for `hire logs tail`
// (docs/emulator.md "Running it"): method, path, status, latency, request id and the key's name, never the key.
// Every process on a data dir appends to it; the newest 10,000 are kept. A path and query is
// kept to PATH_KEPT characters, with its length; requests an address sends without a key past its
// allowance are counted, not logged one by one (docs/emulator.md "The request log"), so that a
// flood of them can neither fill the disk nor push real requests out of `hire logs tail`.
import type { Store } from './store.js';
import { transaction } from './transaction.js';

export const REQUESTS_KEPT = 10_000;
/** The log is trimmed each time this many more requests have been added. */
const TRIM_EVERY = 500;

export interface LoggedRequest {
  /** The log's own order: later requests have larger numbers. */
  seq: number;
  at: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  request_id: string;
  /** The name of the key the request was made with, when it had a valid one. */
  key_name: string | null;
  /** The length of the path and query as sent, when it was longer than PATH_KEPT (the path is cut). */
  path_length?: number;
  /**
   * A request refused past its address's allowance for requests without a key: which one it was
   * this hour. Only the 1st, 10th, 100th… are logged; the others are counted (this number).
   */
  refused_count?: number;
}

/** The characters of a path and query a log keeps; a longer one is cut, its length recorded. */
export const PATH_KEPT = 512;

/** Of the requests an address sends past its allowance, the ones logged: the 1st, 10th, 100th… */
export function refusalLogged(count: number): boolean {
  if (count < 1) return false;
  let power = 1;
  while (power < count) power *= 10;
  return power === count;
}

/** A candidate's assessment link is their credential: the log shows where it went, not the token. */
export function loggedPath(path: string): string {
  const hidden = path.replace(/^((?:\/sandbox)?\/assess\/)[^/?#]+/, '$1…');
  return hidden.length > PATH_KEPT ? `${hidden.slice(0, PATH_KEPT - 1)}…` : hidden;
}

/** Appends one request; never fails the request it describes (a busy or closed store drops the entry). */
export function logRequest(store: Store, entry: Omit<LoggedRequest, 'seq'>): void {
  try {
    const path = loggedPath(entry.path);
    const cut = entry.path.length > PATH_KEPT;
    const last = appendRequest(
      store,
      JSON.stringify({ ...entry, path, ...(cut ? { path_length: entry.path.length } : {}) }),
    );
    if (last > 0 && last % TRIM_EVERY === 0) trimRequests(store, last - REQUESTS_KEPT);
  } catch {
    // The log is a convenience: losing an entry must not turn an answered request into a failure.
  }
}

/** The requests after `after` (oldest first, at most `limit`), and the newest number in the log. */
export function readRequests(
  store: Store,
  after: number | undefined,
  limit: number,
): { requests: LoggedRequest[]; last: number } {
  return transaction(store, 'read', () => {
    const last = lastRequestNumber(store);
    if (after === undefined) return { requests: [], last };
    // Read as bytes; a damaged entry (not UTF-8, not JSON) is left out.
    return { requests: requestsAfter(store, after, limit).flatMap((row) => readEntry(row.seq, row.entry)), last };
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function readEntry(seq: number, bytes: Uint8Array): LoggedRequest[] {
  try {
    const entry = JSON.parse(UTF8.decode(bytes)) as unknown;
    return typeof entry === 'object' && entry !== null && !Array.isArray(entry)
      ? [{ ...(entry as Omit<LoggedRequest, 'seq'>), seq }]
      : [];
  } catch {
    return [];
  }
}

// The rows: entries in the order they were added, trimmed from the oldest.

/** Appends an entry (JSON text); returns its number, 0 if it was not added. */
export function appendRequest(store: Store, entry: string): number {
  const db = store.connection();
  const { changes } = db.prepare('INSERT INTO requests (entry) VALUES (?)').run(entry);
  return changes === 0 ? 0 : lastRequestNumber(store);
}

/** The number of the newest entry, 0 when there is none. */
export function lastRequestNumber(store: Store): number {
  return Number(store.connection().prepare('SELECT max(seq) AS last FROM requests').get()?.last ?? 0);
}

/** Deletes the entries numbered up to `throughNumber`. */
export function trimRequests(store: Store, throughNumber: number): void {
  store.connection().prepare('DELETE FROM requests WHERE seq <= ?').run(throughNumber);
}

/**
 * Up to `limit` entries numbered after `after`, oldest first, each with its number and its JSON
 * text as bytes (text that is not UTF-8 would abort the process in the binding: the caller decodes).
 */
export function requestsAfter(store: Store, after: number, limit: number): { seq: number; entry: Uint8Array }[] {
  return store
    .connection()
    .prepare('SELECT seq, CAST(entry AS BLOB) AS entry FROM requests WHERE seq > ? ORDER BY seq LIMIT ?')
    .all(after, limit)
    .map((row) => ({ seq: Number(row.seq), entry: row.entry as Uint8Array }));
}
