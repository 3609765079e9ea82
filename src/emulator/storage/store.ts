// The emulator's state: one SQLite database in the data dir (emulator.db, WAL), shared safely by
// any number of processes (docs/emulator.md "Data"). Each collection is a table of JSON documents in the
// order they were first stored; lists are SQL queries over indexed fields, so a command's cost
// does not grow with the data. Writes are transactions: what a request changes commits together
// or not at all, and SQLite's locks (with a busy timeout), not a lock file, decide who writes.
import { chmodSync, closeSync, existsSync, lstatSync, openSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_SETTINGS, ensurePrivateDir } from '../../files/private-dir.js';
import { DatabaseError, openDatabase, type Database, type SqlValue } from './db.js';
import { LEGACY_FILES, LegacyFormatError, readLegacyState } from './legacy.js';

/** The collections of the first schema (and of the first-format data dirs it imports). */
export const FIRST_COLLECTIONS = [
  'jobs',
  'assessments',
  'candidates',
  'webhooks',
  'keys',
  'idempotency',
  'events',
  'deliveries',
] as const;
/** `applications`: what a candidate sent on the application page, and their assessment session. */
export const COLLECTIONS = [...FIRST_COLLECTIONS, 'applications'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

export interface StoredRecord {
  id: string;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    message: string,
    /** `data_damaged`: the data cannot be read as it is, and `hire emulator reset --yes` recovers (RECOVER_COMMAND). */
    readonly code: 'emulator_data' | 'data_damaged' = 'emulator_data',
  ) {
    super(message);
  }
}

/** What recovers from damaged data: an emulator's own reset (a database that cannot be opened is moved aside). */
export const RECOVER_COMMAND = 'hire emulator reset --yes';

/** The database file cannot be used at all (not a file, not SQLite, a schema this hire does not know). */
function damagedDatabase(path: string, problem: string, command: string): StoreError {
  return new StoreError(
    `The emulator database ${path} ${problem}; it was left untouched. \`${command}\` moves it aside and starts with empty data.`,
    'data_damaged',
  );
}

/** One stored record that cannot be read (bytes that are not UTF-8, text that is not a JSON object). */
export class DamagedRecordError extends StoreError {
  constructor(
    readonly file: string,
    readonly collection: string,
    readonly seq: number,
    readonly problem: string,
    command = RECOVER_COMMAND,
  ) {
    super(
      `The emulator database ${file} holds a damaged record (${collection}, row ${seq}): ${problem}. \`${command}\` removes it with the rest of the data.`,
      'data_damaged',
    );
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A document as stored, read as bytes (SQL: CAST(doc AS BLOB)): the SQLite binding aborts the
 * process on text that is not UTF-8, so text never reaches it unchecked.
 */
function decodeDocument(bytes: unknown): { doc?: StoredRecord; problem?: string } {
  let text: string;
  try {
    text = typeof bytes === 'string' ? bytes : UTF8.decode(bytes as Uint8Array);
  } catch {
    return { problem: 'its text is not valid UTF-8' };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message)?.[1];
    return { problem: `it is not valid JSON${at ? ` (at character ${at})` : ''}` };
  }
  if (
    typeof doc !== 'object' ||
    doc === null ||
    Array.isArray(doc) ||
    typeof (doc as { id?: unknown }).id !== 'string'
  ) {
    return { problem: 'it is not a JSON object with an id' };
  }
  return { doc: doc as StoredRecord };
}

export const DATABASE_FILE = 'emulator.db';
/** How long a write waits for another process's transaction before it fails. */
const DEFAULT_BUSY_TIMEOUT_MS = 60_000;

const FIELD_PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

/** A candidate's email address as compared: ASCII letters folded to lower case (SQLite's lower()). */
const FOLDED_EMAIL = `lower(${field('email')})`;

/** candidateByEmail's query (exported for the test that reads its query plan). */
export const CANDIDATE_BY_EMAIL = `SELECT seq, CAST(doc AS BLOB) AS doc FROM candidates WHERE ${field('job_id')} = ? AND ${FOLDED_EMAIL} = lower(?) ORDER BY seq LIMIT 1`;

/** Fields looked up or filtered often, indexed per collection (the expressions must match queries'). */
const INDEXED: Partial<Record<CollectionName, string[][]>> = {
  jobs: [['status']],
  candidates: [['job_id'], ['status'], ['score']],
  assessments: [['job_id']],
  keys: [['hash']],
  deliveries: [['webhook_id'], ['state', 'next_attempt_at']],
};

/**
 * Schema changes, in order; the database records how many it has had (meta `schema_version`), so
 * that a later version of hire migrates an older database on open.
 */
const MIGRATIONS: string[] = [
  [
    'CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID',
    ...FIRST_COLLECTIONS.map(
      (name) =>
        `CREATE TABLE ${name} (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)`,
    ),
    ...Object.entries(INDEXED).flatMap(([name, indexes]) =>
      indexes.map((fields) => `CREATE INDEX ${name}_${fields.join('_')} ON ${name} (${fields.map(field).join(', ')})`),
    ),
    // A delivery attempt under way in some process: others leave it alone until the lease ends.
    'ALTER TABLE deliveries ADD COLUMN lease_until INTEGER',
    // Requests counted per key and window (hour, day), shared by every process on the data dir.
    'CREATE TABLE usage (key_id TEXT NOT NULL, window TEXT NOT NULL, start INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (key_id, window)) WITHOUT ROWID',
  ].join(';\n'),
  // The candidate's side (docs/emulator.md "The candidate's side"): applications, found by their assessment token's hash.
  [
    'CREATE TABLE applications (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)',
    `CREATE INDEX applications_token_hash ON applications (${field('token_hash')})`,
  ].join(';\n'),
  // The event log (issue 17): events by time (for retention; filters by kind and job scan at most
  // 10,000, cheaper than an index on every insert); the deliveries of an event; and the requests
  // the emulator answered, for `hire logs tail` (request-log.ts).
  [
    `CREATE INDEX events_created_at ON events (${field('created_at')})`,
    `CREATE INDEX deliveries_event_id ON deliveries (${field('event_id')})`,
    'CREATE TABLE requests (seq INTEGER PRIMARY KEY AUTOINCREMENT, entry TEXT NOT NULL)',
  ].join(';\n'),
  // Every filter the CLI sends is served by an index: events by kind and by job (`hire events
  // list --kind --job`), failed deliveries (`hire status`) newest first.
  [
    `CREATE INDEX events_type ON events (${field('type')})`,
    `CREATE INDEX events_job_id ON events (${field('job_id')})`,
    `CREATE INDEX deliveries_state_seq ON deliveries (${field('state')}, seq)`,
  ].join(';\n'),
  // The application page's duplicate check (issue 27): a job's candidate by email address, any
  // case, found by this index whatever the job's number of candidates (candidateByEmail).
  `CREATE INDEX candidates_job_id_email ON candidates (${field('job_id')}, ${FOLDED_EMAIL})`,
  // The candidate's note (issue 28): a candidate made before it carries its application's note, or null.
  `UPDATE candidates SET doc = json_set(doc, '$.note', (SELECT NULLIF(json_extract(a.doc, '$.note'), '') FROM applications AS a WHERE json_extract(a.doc, '$.candidate_id') = candidates.id)) WHERE json_type(doc, '$.note') IS NULL`,
];

export function isFieldPath(path: string): boolean {
  return FIELD_PATH.test(path);
}

/** The SQL expression for a field of the document (`location.city`); the path must pass isFieldPath. */
export function field(path: string): string {
  if (!isFieldPath(path)) throw new StoreError(`not a field path: ${JSON.stringify(path)}`);
  return `json_extract(doc, '$.${path}')`;
}

export interface Selection {
  /** SQL conditions joined with AND, with `?` for params. */
  where?: string[];
  params?: SqlValue[];
  /** ORDER BY terms; default: the order records were first stored. */
  order?: string[];
  limit?: number;
  offset?: number;
}

/** A comparison of a document's field with a value. */
export type Comparison = '=' | '!=' | '<' | '<=' | '>' | '>=';

/**
 * A condition on a document, said without SQL: a field compared with a value; a field equal to one
 * of some values, as stored (its index serves it); or a field equal, as text without regard to
 * case, to any of some values (an array field: any of its items).
 */
export type Condition =
  | { field: string; is: Comparison; value: SqlValue }
  | { field: string; in: SqlValue[] }
  | { field: string; anyOf: string[] };

/** A sort key: a field path, descending with `descending`. */
export interface SortKey {
  field: string;
  descending?: boolean;
}

/** Which records, in which order, and which page of them; conditions are joined with AND. */
export interface Query {
  conditions?: Condition[];
  /** Default: the order records were first stored, newest first with `newestFirst`. */
  sort?: SortKey[];
  newestFirst?: boolean;
  limit?: number;
  offset?: number;
}

export interface MigrationReport {
  records: number;
  /** The first-format files, now renamed to `*.migrated`. */
  files: string[];
  /** First-format files written after the move (by an earlier hire still running), kept aside, not imported. */
  strays?: string[];
}

export class Store {
  readonly dir: string;
  readonly path: string;
  readonly db: Database;
  /** Set when this open moved a first-format data dir into the database. */
  readonly migrated: MigrationReport | undefined;
  /**
   * Told of each damaged record met, once per record (the emulator logs it). A list serves the
   * records it can read and leaves the damaged out; one asked for alone is a DamagedRecordError.
   */
  onDamaged: ((error: DamagedRecordError) => void) | undefined;
  readonly #reported = new Set<string>();
  /** The command that recovers this database (the sandbox's names its profile). */
  readonly #recover: string;
  #closed = false;

  private constructor(dir: string, db: Database, migrated: MigrationReport | undefined, recover: string) {
    this.#recover = recover;
    this.dir = dir;
    this.path = join(dir, DATABASE_FILE);
    this.db = db;
    this.migrated = migrated;
  }

  static open(dir: string, options: { busyTimeoutMs?: number; recoverCommand?: string } = {}): Store {
    const recover = options.recoverCommand ?? RECOVER_COMMAND;
    ensurePrivateDir(dir, 'data directory', DATA_DIR_SETTINGS);
    const path = join(dir, DATABASE_FILE);
    // Looked at before anything opens it: opening a FIFO would wait for a writer for ever.
    checkDatabaseFile(path, recover);
    // Made 0600 before SQLite opens it: its -wal and -shm files take the same mode. Only when it
    // is new: closing any descriptor of a file drops every POSIX lock this process holds on it, so
    // opening an existing database here would strip the locks of a connection still open on it.
    try {
      closeSync(openSync(path, 'wx', 0o600));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(path, 0o600);
    let db: Database | undefined;
    try {
      db = openDatabase(path, { busyTimeoutMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
      db.exec('PRAGMA journal_mode = WAL');
      // Commits reach the WAL file before they are acknowledged; a crashed process loses none of
      // them (only a power cut could lose the last ones, as with any file not flushed).
      db.exec('PRAGMA synchronous = NORMAL');
      migrateSchema(db, path, recover);
      checkMeta(db, path, recover);
      for (const suffix of ['-wal', '-shm']) if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
      const migrated = importLegacy(db, dir);
      return new Store(dir, db, migrated, recover);
    } catch (error) {
      db?.close();
      if (error instanceof StoreError) throw error;
      if (error instanceof LegacyFormatError) throw new StoreError(error.message);
      if (error instanceof DatabaseError && (error.code === 'SQLITE_NOTADB' || error.code === 'SQLITE_CORRUPT')) {
        throw damagedDatabase(
          path,
          `is not readable (${error.code === 'SQLITE_NOTADB' ? 'not an SQLite database' : 'the database is corrupt'})`,
          recover,
        );
      }
      throw error;
    }
  }

  /** Runs fn as one write transaction: it sees and commits its writes together, or none of them. */
  write<T>(fn: () => T): T {
    this.#open();
    return this.db.transaction('immediate', fn);
  }

  /** Runs fn on one consistent snapshot of the data. */
  read<T>(fn: () => T): T {
    this.#open();
    return this.db.transaction('deferred', fn);
  }

  /** Every record of a collection (where each given field equals its value), oldest first. */
  all<T extends StoredRecord>(name: CollectionName, where: Record<string, SqlValue> = {}): T[] {
    const entries = Object.entries(where);
    return this.select<T>(name, {
      where: entries.map(([path]) => `${field(path)} = ?`),
      params: entries.map(([, value]) => value),
    });
  }

  /** The records selected; a damaged one is left out, and reported to onDamaged. */
  select<T extends StoredRecord>(name: CollectionName, selection: Selection = {}): T[] {
    const sql = `SELECT seq, CAST(doc AS BLOB) AS doc FROM ${table(name)}${whereClause(selection.where)} ORDER BY ${[...(selection.order ?? []), 'seq'].join(', ')}${
      selection.limit !== undefined
        ? ` LIMIT ${Math.floor(selection.limit)} OFFSET ${Math.floor(selection.offset ?? 0)}`
        : ''
    }`;
    const records: T[] = [];
    for (const row of this.#open()
      .prepare(sql)
      .all(...(selection.params ?? []))) {
      const { doc, problem } = decodeDocument(row.doc);
      if (doc) records.push(doc as T);
      else this.#report(new DamagedRecordError(this.path, name, Number(row.seq), problem!, this.#recover));
    }
    return records;
  }

  count(name: CollectionName, selection: Pick<Selection, 'where' | 'params'> = {}): number {
    const row = this.#open()
      .prepare(`SELECT count(*) AS n FROM ${table(name)}${whereClause(selection.where)}`)
      .get(...(selection.params ?? []));
    return Number(row?.n ?? 0);
  }

  /** The record, or undefined; a DamagedRecordError when it is stored but cannot be read. */
  get<T extends StoredRecord>(name: CollectionName, id: string): T | undefined {
    const row = this.#open()
      .prepare(`SELECT seq, CAST(doc AS BLOB) AS doc FROM ${table(name)} WHERE id = ?`)
      .get(id);
    return row ? (this.#decode(name, row) as T) : undefined;
  }

  /** The first record whose field equals value (an indexed field, for lookups such as a key's hash). */
  findBy<T extends StoredRecord>(name: CollectionName, path: string, value: SqlValue): T | undefined {
    const row = this.#open()
      .prepare(`SELECT seq, CAST(doc AS BLOB) AS doc FROM ${table(name)} WHERE ${field(path)} = ? ORDER BY seq LIMIT 1`)
      .get(value);
    return row ? (this.#decode(name, row) as T) : undefined;
  }

  /**
   * The job's first candidate with this email address, letters' case aside (ASCII, as SQLite's
   * lower()): one lookup in the candidates_job_id_email index, never a scan of the job's candidates.
   */
  candidateByEmail<T extends StoredRecord>(jobId: string, email: string): T | undefined {
    const row = this.#open().prepare(CANDIDATE_BY_EMAIL).get(jobId, email);
    return row ? (this.#decode('candidates', row) as T) : undefined;
  }

  #decode(name: CollectionName, row: Record<string, unknown>): StoredRecord {
    const { doc, problem } = decodeDocument(row.doc);
    if (doc) return doc;
    const error = new DamagedRecordError(this.path, name, Number(row.seq), problem!, this.#recover);
    this.#report(error);
    throw error;
  }

  #report(error: DamagedRecordError): void {
    const key = `${error.collection}:${error.seq}`;
    if (this.#reported.has(key)) return;
    this.#reported.add(key);
    this.onDamaged?.(error);
  }

  /** The records a query selects, in its order. */
  query<T extends StoredRecord>(name: CollectionName, query: Query = {}): T[] {
    const { where, params } = conditionsSql(query.conditions ?? []);
    const order =
      query.sort && query.sort.length > 0 ? query.sort.flatMap(orderTerms) : query.newestFirst ? ['seq DESC'] : [];
    return this.select<T>(name, {
      where,
      params,
      order,
      ...(query.limit !== undefined ? { limit: query.limit, offset: query.offset ?? 0 } : {}),
    });
  }

  /** How many records meet the conditions. */
  countWhere(name: CollectionName, conditions: Condition[] = []): number {
    return this.count(name, conditionsSql(conditions));
  }

  /** Stores the record; an update keeps the record's place in the collection's order. */
  put<T extends StoredRecord>(name: CollectionName, record: T): T {
    this.#open()
      .prepare(`INSERT INTO ${table(name)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`)
      .run(record.id, JSON.stringify(record));
    return record;
  }

  delete(name: CollectionName, id: string): boolean {
    return (
      this.#open()
        .prepare(`DELETE FROM ${table(name)} WHERE id = ?`)
        .run(id).changes > 0
    );
  }

  /** Deletes the records whose field equals value; returns how many. */
  deleteWhere(name: CollectionName, path: string, value: SqlValue): number {
    return this.#open()
      .prepare(`DELETE FROM ${table(name)} WHERE ${field(path)} = ?`)
      .run(value).changes;
  }

  /** Deletes every record of the collection; returns how many there were. */
  clear(name: CollectionName): number {
    return this.#open()
      .prepare(`DELETE FROM ${table(name)}`)
      .run().changes;
  }

  /** A value of the database's own bookkeeping (the meta table), such as when the sandbox was last reset. */
  meta(name: string): string | undefined {
    const row = this.#open().prepare('SELECT CAST(value AS BLOB) AS value FROM meta WHERE name = ?').get(name);
    if (!row) return undefined;
    try {
      return UTF8.decode(row.value as Uint8Array);
    } catch {
      throw new StoreError(
        `The emulator database ${this.path} holds a damaged value (meta ${JSON.stringify(name)}): its text is not valid UTF-8. \`${this.#recover}\` moves the database aside.`,
        'data_damaged',
      );
    }
  }

  setMeta(name: string, value: string): void {
    this.#open()
      .prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value')
      .run(name, value);
  }

  // ---------------------------------------------------------------------------------------------
  // The event log (events.ts): events are only ever added, and trimmed by number and by age.

  /** Appends an event (a plain insert, never an update); returns its row number, which only grows. */
  appendEvent(event: StoredRecord): number {
    const { lastInsertRowid } = this.#open()
      .prepare('INSERT INTO events (id, doc) VALUES (?, ?)')
      .run(event.id, JSON.stringify(event));
    return Number(lastInsertRowid);
  }

  /** The row number of the newest event, 0 when there is none. */
  lastEventNumber(): number {
    return Number(this.#open().prepare('SELECT max(seq) AS last FROM events').get()?.last ?? 0);
  }

  /** The created_at of the first event stored, if any. */
  firstEventAt(): string | undefined {
    const at = this.#open()
      .prepare(`SELECT ${field('created_at')} AS at FROM events ORDER BY seq LIMIT 1`)
      .get()?.at;
    return typeof at === 'string' ? at : undefined;
  }

  /** Is any event older than `cutoff` (ISO)? */
  hasEventsBefore(cutoff: string): boolean {
    return (
      this.#open()
        .prepare(`SELECT 1 AS yes FROM events WHERE ${field('created_at')} < ? LIMIT 1`)
        .get(cutoff) !== undefined
    );
  }

  /**
   * Deletes the events numbered up to `throughNumber` and those created before `before` (ISO),
   * with their deliveries that are settled (not still being attempted).
   */
  trimEvents(throughNumber: number, before: string): void {
    const db = this.#open();
    const settled = `${field('state')} != 'pending'`;
    for (const [condition, value] of [
      ['seq <= ?', throughNumber],
      [`${field('created_at')} < ?`, before],
    ] as const) {
      db.prepare(
        `DELETE FROM deliveries WHERE ${field('event_id')} IN (SELECT id FROM events WHERE ${condition}) AND ${settled}`,
      ).run(value);
      db.prepare(`DELETE FROM events WHERE ${condition}`).run(value);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Deliveries under way (events.ts): a process attempting one holds a lease on it until a time.

  /** When the earliest pending delivery is due (ISO), if any is. */
  nextPendingDelivery(): string | undefined {
    const next = this.#open()
      .prepare(`SELECT min(${field('next_attempt_at')}) AS next FROM deliveries WHERE ${field('state')} = 'pending'`)
      .get()?.next;
    return typeof next === 'string' ? next : undefined;
  }

  /**
   * Takes up to `limit` pending deliveries due by `now` (ISO) whose lease (if any) ended before
   * `clock` (ms), the earliest first, leasing each until `leaseUntil` (ms); in the caller's write transaction.
   */
  leaseDueDeliveries<T extends StoredRecord>(now: string, clock: number, leaseUntil: number, limit: number): T[] {
    const due = this.select<T>('deliveries', {
      where: [
        `${field('state')} = 'pending'`,
        `${field('next_attempt_at')} <= ?`,
        '(lease_until IS NULL OR lease_until < ?)',
      ],
      params: [now, clock],
      order: [field('next_attempt_at')],
      limit,
    });
    const lease = this.#open().prepare('UPDATE deliveries SET lease_until = ? WHERE id = ?');
    for (const delivery of due) lease.run(leaseUntil, delivery.id);
    return due;
  }

  /** Gives up the lease on a delivery: any process may attempt it at once. */
  releaseDelivery(id: string): void {
    this.#open().prepare('UPDATE deliveries SET lease_until = NULL WHERE id = ?').run(id);
  }

  // ---------------------------------------------------------------------------------------------
  // Keys' usage (keys.ts): requests counted per key and window, shared by every process.

  /** The requests counted for a key in a window (hour, day) that started at `start`; 0 once it moved on. */
  usage(keyId: string, window: string, start: number): number {
    const row = this.#open()
      .prepare('SELECT start, count FROM usage WHERE key_id = ? AND window = ?')
      .get(keyId, window);
    return row && Number(row.start) === start ? Number(row.count) : 0;
  }

  /** Counts one request in a key's window that started at `start` (a window that moved on starts again at 1). */
  countUsage(keyId: string, window: string, start: number): void {
    this.#open()
      .prepare(
        'INSERT INTO usage (key_id, window, start, count) VALUES (?, ?, ?, 1) ON CONFLICT (key_id, window) DO UPDATE SET count = CASE WHEN start = excluded.start THEN count + 1 ELSE 1 END, start = excluded.start',
      )
      .run(keyId, window, start);
  }

  /** Sets one top-level field of a stored record in place (a key's last_used_at), without reading it. */
  setField(name: CollectionName, id: string, path: string, value: SqlValue): void {
    if (!isFieldPath(path)) throw new StoreError(`not a field path: ${JSON.stringify(path)}`);
    this.#open()
      .prepare(`UPDATE ${table(name)} SET doc = json_set(doc, '$.${path}', ?) WHERE id = ?`)
      .run(value, id);
  }

  // ---------------------------------------------------------------------------------------------
  // The request log (request-log.ts): entries in the order they were added, trimmed from the oldest.

  /** Appends an entry (JSON text); returns its number, 0 if it was not added. */
  appendRequest(entry: string): number {
    const db = this.#open();
    const { changes } = db.prepare('INSERT INTO requests (entry) VALUES (?)').run(entry);
    return changes === 0 ? 0 : this.lastRequestNumber();
  }

  /** The number of the newest entry, 0 when there is none. */
  lastRequestNumber(): number {
    return Number(this.#open().prepare('SELECT max(seq) AS last FROM requests').get()?.last ?? 0);
  }

  /** Deletes the entries numbered up to `throughNumber`. */
  trimRequests(throughNumber: number): void {
    this.#open().prepare('DELETE FROM requests WHERE seq <= ?').run(throughNumber);
  }

  /**
   * Up to `limit` entries numbered after `after`, oldest first, each with its number and its JSON
   * text as bytes (text that is not UTF-8 would abort the process in the binding: the caller decodes).
   */
  requestsAfter(after: number, limit: number): { seq: number; entry: Uint8Array }[] {
    return this.#open()
      .prepare('SELECT seq, CAST(entry AS BLOB) AS entry FROM requests WHERE seq > ? ORDER BY seq LIMIT ?')
      .all(after, limit)
      .map((row) => ({ seq: Number(row.seq), entry: row.entry as Uint8Array }));
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.db.close();
  }

  #open(): Database {
    if (this.#closed) throw new StoreError('the store is closed');
    return this.db;
  }
}

/**
 * `hire emulator reset` on a database that cannot be opened (data_damaged): it is renamed, with its
 * -wal and -shm files, to `emulator.db.damaged-TIME` beside it (kept, never deleted), so that the
 * next open starts with empty data. Returns the new name, or undefined when it opens fine.
 */
export function moveDamagedDatabase(dir: string): { from: string; to: string } | undefined {
  try {
    Store.open(dir).close();
    return undefined;
  } catch (error) {
    if (!(error instanceof StoreError) || error.code !== 'data_damaged') throw error;
  }
  const from = join(dir, DATABASE_FILE);
  const to = `${from}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['-wal', '-shm', '']) {
    try {
      renameSync(from + suffix, to + suffix);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { from, to };
}

function table(name: CollectionName): string {
  if (!(COLLECTIONS as readonly string[]).includes(name)) throw new StoreError(`unknown collection ${name}`);
  return name;
}

function whereClause(conditions: string[] | undefined): string {
  return conditions && conditions.length > 0
    ? ` WHERE ${conditions.map((condition) => `(${condition})`).join(' AND ')}`
    : '';
}

/** A database file that is not a regular file (a directory, a FIFO, a device) is not opened at all. */
function checkDatabaseFile(path: string, command: string): void {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // Asked of the link itself first: a file another process creates meanwhile is no dangling link.
    if (danglingLink(path)) throw damagedDatabase(path, 'is a symbolic link to nothing', command);
    return;
  }
  if (stats.isFile()) return;
  const kind = stats.isDirectory()
    ? 'a directory'
    : stats.isFIFO()
      ? 'a FIFO (named pipe)'
      : stats.isSocket()
        ? 'a socket'
        : 'a device';
  throw damagedDatabase(path, `is ${kind}, not a database file`, command);
}

/** The conditions of a query as SQL, with their params. */
function conditionsSql(conditions: Condition[]): { where: string[]; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  for (const condition of conditions) {
    if ('anyOf' in condition) {
      const matched = matchesAny(condition.field, condition.anyOf);
      where.push(matched.sql);
      params.push(...matched.params);
    } else if ('in' in condition) {
      where.push(`${field(condition.field)} IN (${condition.in.map(() => '?').join(', ')})`);
      params.push(...condition.in);
    } else {
      if (!COMPARISONS.has(condition.is)) throw new StoreError(`not a comparison: ${JSON.stringify(condition.is)}`);
      where.push(`${field(condition.field)} ${condition.is} ?`);
      params.push(condition.value);
    }
  }
  return { where, params };
}

const COMPARISONS: ReadonlySet<string> = new Set<Comparison>(['=', '!=', '<', '<=', '>', '>=']);

/**
 * Case-insensitive equality with any of the values, as text; an array field matches when any of
 * its items does (`skills=go` finds jobs whose skills include go). Booleans and null compare as
 * `true`, `false` and `null`; objects as their JSON.
 */
function matchesAny(path: string, values: string[]): { sql: string; params: SqlValue[] } {
  if (!isFieldPath(path)) throw new StoreError(`not a field path: ${JSON.stringify(path)}`);
  const wanted = values.map((value) => value.toLowerCase());
  const marks = wanted.map(() => '?').join(', ');
  const text = `lower(CASE item.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN 'null' WHEN 'object' THEN json(item.value) WHEN 'array' THEN json(item.value) ELSE CAST(item.value AS TEXT) END)`;
  return {
    sql: `CASE json_type(doc, '$.${path}') WHEN 'object' THEN lower(json_extract(doc, '$.${path}')) IN (${marks}) ELSE EXISTS (SELECT 1 FROM json_each(doc, '$.${path}') AS item WHERE ${text} IN (${marks})) END`,
    params: [...wanted, ...wanted],
  };
}

/**
 * ORDER BY terms for one sort key: missing values last in either direction; then as text without
 * regard to case, then with it (numbers by value).
 */
function orderTerms(key: SortKey): string[] {
  const value = field(key.field);
  const direction = key.descending ? ' DESC' : '';
  return [`(${value} IS NULL)`, `${value} COLLATE NOCASE${direction}`, `${value}${direction}`];
}

/** The database's own bookkeeping (a few rows) is read whole at open: a damaged value stops it there, where the reset can move it aside. */
function checkMeta(db: Database, path: string, command: string): void {
  for (const row of db.prepare('SELECT name, CAST(value AS BLOB) AS value FROM meta').all()) {
    try {
      UTF8.decode(row.value as Uint8Array);
    } catch {
      throw damagedDatabase(path, 'holds a meta value whose text is not valid UTF-8', command);
    }
  }
}

/** A symbolic link whose target does not exist. */
function danglingLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink() && !existsSync(path);
  } catch {
    return false;
  }
}

function schemaVersion(db: Database, path: string, command: string): number {
  // One statement, so one snapshot: asked in two, a schema another process commits in between (a
  // fresh data dir opened by many at once) looked like tables without ours.
  const tables = db
    .prepare(
      "SELECT count(*) AS tables, coalesce(max(name = 'meta'), 0) AS ours FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .get() as { tables: number; ours: number };
  if (!tables.ours) {
    // A new database has no tables; one with tables but none of ours is another program's.
    if (tables.tables > 0)
      throw damagedDatabase(path, 'is an SQLite database of another program (it has no hire schema)', command);
    return 0;
  }
  const row = db.prepare("SELECT CAST(value AS BLOB) AS value FROM meta WHERE name = 'schema_version'").get();
  if (!row) return 0;
  let text: string | undefined;
  try {
    text = UTF8.decode(row.value as Uint8Array);
  } catch {
    text = undefined;
  }
  if (text === undefined || !/^\d{1,6}$/.test(text)) {
    throw damagedDatabase(
      path,
      `records no valid schema version (${text === undefined ? 'its text is not UTF-8' : JSON.stringify(text.slice(0, 20))})`,
      command,
    );
  }
  return Number(text);
}

function migrateSchema(db: Database, path: string, command: string): void {
  // The usual case, a current database, needs no write lock.
  if (schemaVersion(db, path, command) === MIGRATIONS.length) return;
  db.transaction('immediate', () => {
    const version = schemaVersion(db, path, command);
    if (version > MIGRATIONS.length) {
      throw new StoreError(
        `The emulator database ${path} was made by a newer hire (schema ${version}; this one knows ${MIGRATIONS.length}); update hire to use it. It was left untouched; \`${command}\` would move it aside and start with empty data.`,
        'data_damaged',
      );
    }
    for (const migration of MIGRATIONS.slice(version)) db.exec(migration);
    if (version < MIGRATIONS.length) {
      db.prepare(
        "INSERT INTO meta (name, value) VALUES ('schema_version', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      ).run(String(MIGRATIONS.length));
    }
  });
}

/**
 * A data dir of the first format (state.json, journal.jsonl) is moved into the database in one
 * transaction, then its files are renamed to `*.migrated` and kept. Whichever process gets here
 * first does it; a crash between the commit and the renames leaves files that the next open renames.
 * An earlier hire's emulator still running on the data dir (its emulator.lock names a live
 * process) would go on writing the old files: nothing is moved until it stops. Old files that
 * differ from what was moved (written after the move) are kept aside, not imported, and reported.
 */
function importLegacy(db: Database, dir: string): MigrationReport | undefined {
  const present = LEGACY_FILES.filter((name) => existsSync(join(dir, name)));
  if (present.length === 0) return undefined;
  const holder = earlierEmulator(dir);
  if (holder !== undefined) {
    throw new StoreError(
      `An emulator of an earlier hire (pid ${holder}) still uses the data dir ${dir}; stop it, then run this again (its data then moves into ${DATABASE_FILE}). Nothing was changed.`,
    );
  }
  let records = 0;
  const imported = db.transaction('immediate', () => {
    if (db.prepare("SELECT value FROM meta WHERE name = 'legacy_migrated_at'").get()) return false;
    const state = readLegacyState(dir);
    const insert = (name: CollectionName) =>
      db.prepare(`INSERT INTO ${name} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`);
    for (const [name, collection] of state ?? []) {
      if (!(COLLECTIONS as readonly string[]).includes(name)) continue;
      const statement = insert(name as CollectionName);
      for (const record of collection.values()) {
        statement.run(record.id, JSON.stringify(record));
        records += 1;
      }
    }
    db.prepare("INSERT INTO meta (name, value) VALUES ('legacy_migrated_at', ?)").run(new Date().toISOString());
    return true;
  });
  const strays: string[] = [];
  for (const name of present) {
    const from = join(dir, name);
    let to = join(dir, `${name}.migrated`);
    try {
      if (!imported && existsSync(to) && !readFileSync(from).equals(readFileSync(to))) {
        to = join(dir, `${name}.unimported-${new Date().toISOString().replace(/[:.]/g, '-')}`);
        strays.push(to);
      }
      renameSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // another process renamed it
    }
  }
  if (imported) return { records, files: present.map((name) => `${name}.migrated`) };
  return strays.length > 0 ? { records: 0, files: [], strays } : undefined;
}

/** The pid of a live emulator of the first format on this data dir (its lock file), if any. */
function earlierEmulator(dir: string): number | undefined {
  try {
    const { pid } = JSON.parse(readFileSync(join(dir, 'emulator.lock'), 'utf8')) as { pid?: unknown };
    if (typeof pid !== 'number' || pid === process.pid) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? -1 : undefined;
  }
}
