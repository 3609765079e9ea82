// The one module that knows the SQLite binding (libsql: better-sqlite3's API, its binary shipped
// inside registry packages, so it installs with no compiler and no download from elsewhere).
// Moving to Node's built-in node:sqlite (Node 22.5+) means changing this file alone.
import { createRequire } from 'node:module';

export type SqlValue = string | number | bigint | null;

export interface Statement {
  /** `lastInsertRowid`: the rowid of the row an INSERT made. */
  run(...params: SqlValue[]): { changes: number; lastInsertRowid: number };
  get(...params: SqlValue[]): Record<string, unknown> | undefined;
  all(...params: SqlValue[]): Record<string, unknown>[];
}

export interface Database {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  /** Runs fn in a transaction: `immediate` takes the write lock at once (for writes), `deferred` reads a snapshot. */
  transaction<T>(mode: 'immediate' | 'deferred', fn: () => T): T;
  readonly inTransaction: boolean;
  close(): void;
}

export class DatabaseError extends Error {
  constructor(
    message: string,
    /** SQLite's code, such as SQLITE_BUSY or SQLITE_NOTADB. */
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface LibsqlStatement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

interface LibsqlDatabase {
  exec(sql: string): void;
  prepare(sql: string): LibsqlStatement;
  readonly inTransaction: boolean;
  close(): void;
}

type LibsqlConstructor = new (path: string, options?: { timeout?: number }) => LibsqlDatabase;

let binding: LibsqlConstructor | undefined;

/** libsql is CommonJS with a native part: loaded on first use, never by commands that do not open a database. */
function load(): LibsqlConstructor {
  if (binding) return binding;
  const require = createRequire(import.meta.url);
  // libsql picks its binary package (gnu or musl) with @neon-rs/load, which asks
  // process.report.getReport() whether the C library is glibc: a whole diagnostic report, about a
  // third of the binding's load time. detect-libc (which libsql loads anyway) answers from the
  // ELF interpreter instead; the report is stood in for by that answer while libsql loads.
  let family: string | null = null;
  let glibc = '';
  try {
    // Resolved from libsql itself, wherever npm put its dependency.
    const detect = createRequire(require.resolve('libsql'))('detect-libc') as {
      familySync(): string | null;
      GLIBC: string;
    };
    family = detect.familySync();
    glibc = detect.GLIBC;
  } catch {
    // no answer: libsql asks the report itself
  }
  const report = process.report as { getReport: () => unknown } | undefined;
  const getReport = report?.getReport;
  if (report && getReport && family !== null)
    report.getReport = () => ({ header: family === glibc ? { glibcVersionRuntime: 'detect-libc' } : {} });
  try {
    binding = require('libsql') as LibsqlConstructor;
  } finally {
    if (report && getReport) report.getReport = getReport;
  }
  return binding;
}

/** libsql adds a `_metadata` entry to each row object; rows here carry only their columns. */
function clean(row: unknown): Record<string, unknown> | undefined {
  if (row === undefined || row === null) return undefined;
  const { _metadata: _, ...columns } = row as Record<string, unknown>;
  return columns;
}

function wrapError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (error instanceof Error && typeof code === 'string' && code.startsWith('SQLITE'))
    return new DatabaseError(error.message, code);
  return error;
}

/** Opens (creating) the database file at `path`; a busy database is waited for up to busyTimeoutMs. */
export function openDatabase(path: string, options: { busyTimeoutMs: number }): Database {
  const Libsql = load();
  let db: LibsqlDatabase;
  try {
    db = new Libsql(path);
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
  } catch (error) {
    throw wrapError(error);
  }
  const cache = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let statement = cache.get(sql);
    if (statement) return statement;
    let raw: LibsqlStatement;
    try {
      raw = db.prepare(sql);
    } catch (error) {
      throw wrapError(error);
    }
    statement = {
      run(...params) {
        try {
          const { changes, lastInsertRowid } = raw.run(...params);
          return { changes, lastInsertRowid: Number(lastInsertRowid) };
        } catch (error) {
          throw wrapError(error);
        }
      },
      get(...params) {
        try {
          return clean(raw.get(...params));
        } catch (error) {
          throw wrapError(error);
        }
      },
      all(...params) {
        try {
          return raw.all(...params).map((row) => clean(row)!);
        } catch (error) {
          throw wrapError(error);
        }
      },
    };
    cache.set(sql, statement);
    return statement;
  };
  return {
    exec(sql) {
      try {
        db.exec(sql);
      } catch (error) {
        throw wrapError(error);
      }
    },
    prepare,
    transaction(mode, fn) {
      if (db.inTransaction) return fn();
      try {
        db.exec(mode === 'immediate' ? 'BEGIN IMMEDIATE' : 'BEGIN DEFERRED');
      } catch (error) {
        throw wrapError(error);
      }
      let result;
      try {
        result = fn();
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
      try {
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw wrapError(error);
      }
      return result;
    },
    get inTransaction() {
      return db.inTransaction;
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
