// The schema's history and the first storage format's import (docs/emulator.md "Data"): a database
// records how many schema changes it has had and takes the rest on open; a data dir of the first
// format (state.json, journal.jsonl) moves into the database once. A database that is not ours,
// or is newer than this hire, is refused untouched (data_damaged, with the command that recovers).
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './db.js';
import { StoreError, UTF8, damagedDatabase } from './errors.js';
import { LEGACY_FILES, readLegacyState } from './legacy.js';
import { COLLECTIONS, DATABASE_FILE, FIRST_COLLECTIONS, FOLDED_EMAIL, field, type CollectionName } from './schema.js';
import { transaction } from './transaction.js';

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
export const MIGRATIONS: string[] = [
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
  // The event log: events by time (for retention; filters by kind and job scan at most
  // EVENTS_KEPT, cheaper than an index on every insert); the deliveries of an event; and the requests
  // the emulator answered, for `hire logs tail` (storage/request-log.ts).
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
  // The application page's duplicate check: a job's candidate by email address, any
  // case, found by this index whatever the job's number of candidates (candidateByEmail).
  `CREATE INDEX candidates_job_id_email ON candidates (${field('job_id')}, ${FOLDED_EMAIL})`,
  // The candidate's note: a candidate made before it carries its application's note, or null.
  `UPDATE candidates SET doc = json_set(doc, '$.note', (SELECT NULLIF(json_extract(a.doc, '$.note'), '') FROM applications AS a WHERE json_extract(a.doc, '$.candidate_id') = candidates.id)) WHERE json_type(doc, '$.note') IS NULL`,
];

export interface MigrationReport {
  records: number;
  /** The first-format files, now renamed to `*.migrated`. */
  files: string[];
  /** First-format files written after the move (by an earlier hire still running), kept aside, not imported. */
  strays?: string[];
}

/** The database's own bookkeeping (a few rows) is read whole at open: a damaged value stops it there, where the reset can move it aside. */
export function checkMeta(db: Database, path: string, command: string): void {
  for (const row of db.prepare('SELECT name, CAST(value AS BLOB) AS value FROM meta').all()) {
    try {
      UTF8.decode(row.value as Uint8Array);
    } catch {
      throw damagedDatabase(path, 'holds a meta value whose text is not valid UTF-8', command);
    }
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

export function migrateSchema(db: Database, path: string, command: string): void {
  // The usual case, a current database, needs no write lock.
  if (schemaVersion(db, path, command) === MIGRATIONS.length) return;
  transaction(db, 'write', () => {
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
export function importLegacy(db: Database, dir: string): MigrationReport | undefined {
  const present = LEGACY_FILES.filter((name) => existsSync(join(dir, name)));
  if (present.length === 0) return undefined;
  const holder = earlierEmulator(dir);
  if (holder !== undefined) {
    throw new StoreError(
      `An emulator of an earlier hire (pid ${holder}) still uses the data dir ${dir}; stop it, then run this again (its data then moves into ${DATABASE_FILE}). Nothing was changed.`,
    );
  }
  let records = 0;
  const imported = transaction(db, 'write', () => {
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
