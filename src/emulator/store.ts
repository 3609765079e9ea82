// The emulator's state: one SQLite database in the data dir (emulator.db, WAL), shared safely by
// any number of processes (CONTRACT §7). Each collection is a table of JSON documents in the
// order they were first stored; lists are SQL queries over indexed fields, so a command's cost
// does not grow with the data. Writes are transactions: what a request changes commits together
// or not at all, and SQLite's locks (with a busy timeout), not a lock file, decide who writes.
import { chmodSync, closeSync, existsSync, openSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_SETTINGS, ensurePrivateDir } from '../files/private-dir.js';
import { DatabaseError, openDatabase, type Database, type SqlValue } from './db.js';
import { LEGACY_FILES, LegacyFormatError, readLegacyState } from './legacy.js';

/** The collections of the first schema (and of the first-format data dirs it imports). */
export const FIRST_COLLECTIONS = ['jobs', 'assessments', 'candidates', 'webhooks', 'keys', 'idempotency', 'events', 'deliveries'] as const;
/** `applications`: what a candidate sent on the application page, and their assessment session. */
export const COLLECTIONS = [...FIRST_COLLECTIONS, 'applications'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

export interface StoredRecord {
  id: string;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
}

export const DATABASE_FILE = 'emulator.db';
/** How long a write waits for another process's transaction before it fails. */
const DEFAULT_BUSY_TIMEOUT_MS = 60_000;

const FIELD_PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

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
    ...FIRST_COLLECTIONS.map((name) => `CREATE TABLE ${name} (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)`),
    ...Object.entries(INDEXED).flatMap(([name, indexes]) =>
      indexes.map((fields) => `CREATE INDEX ${name}_${fields.join('_')} ON ${name} (${fields.map(field).join(', ')})`),
    ),
    // A delivery attempt under way in some process: others leave it alone until the lease ends.
    'ALTER TABLE deliveries ADD COLUMN lease_until INTEGER',
    // Requests counted per key and window (hour, day), shared by every process on the data dir.
    'CREATE TABLE usage (key_id TEXT NOT NULL, window TEXT NOT NULL, start INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (key_id, window)) WITHOUT ROWID',
  ].join(';\n'),
  // The candidate's side (CONTRACT §7): applications, found by their assessment token's hash.
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
  #closed = false;

  private constructor(dir: string, db: Database, migrated: MigrationReport | undefined) {
    this.dir = dir;
    this.path = join(dir, DATABASE_FILE);
    this.db = db;
    this.migrated = migrated;
  }

  static open(dir: string, options: { busyTimeoutMs?: number } = {}): Store {
    ensurePrivateDir(dir, 'data directory', DATA_DIR_SETTINGS);
    const path = join(dir, DATABASE_FILE);
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
      migrateSchema(db, path);
      for (const suffix of ['-wal', '-shm']) if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
      const migrated = importLegacy(db, dir);
      return new Store(dir, db, migrated);
    } catch (error) {
      db?.close();
      if (error instanceof StoreError) throw error;
      if (error instanceof LegacyFormatError) throw new StoreError(error.message);
      if (error instanceof DatabaseError && (error.code === 'SQLITE_NOTADB' || error.code === 'SQLITE_CORRUPT')) {
        throw new StoreError(`The emulator database ${path} is not readable (${error.message}); it was left untouched.`);
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
    return this.select<T>(name, { where: entries.map(([path]) => `${field(path)} = ?`), params: entries.map(([, value]) => value) });
  }

  select<T extends StoredRecord>(name: CollectionName, selection: Selection = {}): T[] {
    const sql = `SELECT doc FROM ${table(name)}${whereClause(selection.where)} ORDER BY ${[...(selection.order ?? []), 'seq'].join(', ')}${
      selection.limit !== undefined ? ` LIMIT ${Math.floor(selection.limit)} OFFSET ${Math.floor(selection.offset ?? 0)}` : ''
    }`;
    return this.#open()
      .prepare(sql)
      .all(...(selection.params ?? []))
      .map((row) => JSON.parse(row.doc as string) as T);
  }

  count(name: CollectionName, selection: Pick<Selection, 'where' | 'params'> = {}): number {
    const row = this.#open().prepare(`SELECT count(*) AS n FROM ${table(name)}${whereClause(selection.where)}`).get(...(selection.params ?? []));
    return Number(row?.n ?? 0);
  }

  get<T extends StoredRecord>(name: CollectionName, id: string): T | undefined {
    const row = this.#open().prepare(`SELECT doc FROM ${table(name)} WHERE id = ?`).get(id);
    return row ? (JSON.parse(row.doc as string) as T) : undefined;
  }

  /** The first record whose field equals value (an indexed field, for lookups such as a key's hash). */
  findBy<T extends StoredRecord>(name: CollectionName, path: string, value: SqlValue): T | undefined {
    const row = this.#open().prepare(`SELECT doc FROM ${table(name)} WHERE ${field(path)} = ? ORDER BY seq LIMIT 1`).get(value);
    return row ? (JSON.parse(row.doc as string) as T) : undefined;
  }

  /** Stores the record; an update keeps the record's place in the collection's order. */
  put<T extends StoredRecord>(name: CollectionName, record: T): T {
    this.#open()
      .prepare(`INSERT INTO ${table(name)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`)
      .run(record.id, JSON.stringify(record));
    return record;
  }

  delete(name: CollectionName, id: string): boolean {
    return this.#open().prepare(`DELETE FROM ${table(name)} WHERE id = ?`).run(id).changes > 0;
  }

  /** Deletes the records whose field equals value; returns how many. */
  deleteWhere(name: CollectionName, path: string, value: SqlValue): number {
    return this.#open().prepare(`DELETE FROM ${table(name)} WHERE ${field(path)} = ?`).run(value).changes;
  }

  /** Deletes every record of the collection; returns how many there were. */
  clear(name: CollectionName): number {
    return this.#open().prepare(`DELETE FROM ${table(name)}`).run().changes;
  }

  /** A value of the database's own bookkeeping (the meta table), such as when the sandbox was last reset. */
  meta(name: string): string | undefined {
    const row = this.#open().prepare('SELECT value FROM meta WHERE name = ?').get(name);
    return row ? String(row.value) : undefined;
  }

  setMeta(name: string, value: string): void {
    this.#open().prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value').run(name, value);
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

function table(name: CollectionName): string {
  if (!(COLLECTIONS as readonly string[]).includes(name)) throw new StoreError(`unknown collection ${name}`);
  return name;
}

function whereClause(conditions: string[] | undefined): string {
  return conditions && conditions.length > 0 ? ` WHERE ${conditions.map((condition) => `(${condition})`).join(' AND ')}` : '';
}

function schemaVersion(db: Database): number {
  const hasMeta = db.prepare("SELECT 1 AS yes FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (!hasMeta) return 0;
  return Number(db.prepare("SELECT value FROM meta WHERE name = 'schema_version'").get()?.value ?? 0);
}

function migrateSchema(db: Database, path: string): void {
  // The usual case, a current database, needs no write lock.
  if (schemaVersion(db) === MIGRATIONS.length) return;
  db.transaction('immediate', () => {
    const version = schemaVersion(db);
    if (version > MIGRATIONS.length) {
      throw new StoreError(`The emulator database ${path} was made by a newer hire (schema ${version}); update hire to use it. It was left untouched.`);
    }
    for (const migration of MIGRATIONS.slice(version)) db.exec(migration);
    if (version < MIGRATIONS.length) {
      db.prepare("INSERT INTO meta (name, value) VALUES ('schema_version', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(
        String(MIGRATIONS.length),
      );
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
