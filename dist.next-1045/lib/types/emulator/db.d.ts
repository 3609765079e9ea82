export type SqlValue = string | number | bigint | null;
export interface Statement {
    /** `lastInsertRowid`: the rowid of the row an INSERT made. */
    run(...params: SqlValue[]): {
        changes: number;
        lastInsertRowid: number;
    };
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
export declare class DatabaseError extends Error {
    /** SQLite's code, such as SQLITE_BUSY or SQLITE_NOTADB. */
    readonly code: string | undefined;
    constructor(message: string, 
    /** SQLite's code, such as SQLITE_BUSY or SQLITE_NOTADB. */
    code: string | undefined);
}
/** Opens (creating) the database file at `path`; a busy database is waited for up to busyTimeoutMs. */
export declare function openDatabase(path: string, options: {
    busyTimeoutMs: number;
}): Database;
