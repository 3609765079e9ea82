// The emulator's state: one SQLite database in the data dir (emulator.db, WAL), shared safely by
// any number of processes (docs/emulator.md "Data"). Each collection is a table of JSON documents in the
// order they were first stored; lists are SQL queries over indexed fields, so a command's cost
// does not grow with the data. Writes are transactions: what a request changes commits together
// or not at all, and SQLite's locks (with a busy timeout), not a lock file, decide who writes.
import { chmodSync, closeSync, existsSync, lstatSync, openSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_SETTINGS, ensurePrivateDir } from '../../files/private-dir.js';
import { writingIntoSync } from '../../files/unwritable.js';
import { DatabaseError, openDatabase, type Database, type SqlValue } from './db.js';
import { DamagedRecordError, RECOVER_COMMAND, StoreError, UTF8, damagedDatabase } from './errors.js';
import { LegacyFormatError } from './legacy.js';
import { checkMeta, importLegacy, migrateSchema, type MigrationReport } from './migration.js';
import { DATABASE_FILE, FOLDED_EMAIL, field, isFieldPath, table, type CollectionName } from './schema.js';

export interface StoredRecord {
  id: string;
}

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

/** How long a write waits for another process's transaction before it fails. */
const DEFAULT_BUSY_TIMEOUT_MS = 60_000;

/** candidateByEmail's query (exported for the test that reads its query plan). */
export const CANDIDATE_BY_EMAIL = `SELECT seq, CAST(doc AS BLOB) AS doc FROM candidates WHERE ${field('job_id')} = ? AND ${FOLDED_EMAIL} = lower(?) ORDER BY seq LIMIT 1`;

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
    ensurePrivateDir(dir, 'data directory', DATA_DIR_SETTINGS);
    // A data dir that refuses the write (read-only, no permission, full) is exit 2 naming it.
    return writingIntoSync(
      { dir, what: 'data directory', outcome: 'the emulator cannot keep its data there', setBy: DATA_DIR_SETTINGS },
      () => Store.#openIn(dir, options),
    );
  }

  static #openIn(dir: string, options: { busyTimeoutMs?: number; recoverCommand?: string }): Store {
    const recover = options.recoverCommand ?? RECOVER_COMMAND;
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

  /** The database, for the storage modules' own SQL (usage.ts, deliveries.ts, …); refused once closed. */
  connection(): Database {
    return this.#open();
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

  /** Sets one top-level field of a stored record in place (a key's last_used_at), without reading it. */
  setField(name: CollectionName, id: string, path: string, value: SqlValue): void {
    if (!isFieldPath(path)) throw new StoreError(`not a field path: ${JSON.stringify(path)}`);
    this.#open()
      .prepare(`UPDATE ${table(name)} SET doc = json_set(doc, '$.${path}', ?) WHERE id = ?`)
      .run(value, id);
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

/** A symbolic link whose target does not exist. */
function danglingLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink() && !existsSync(path);
  } catch {
    return false;
  }
}
