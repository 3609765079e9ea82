import { type Database, type SqlValue } from './db.js';
/** The collections of the first schema (and of the first-format data dirs it imports). */
export declare const FIRST_COLLECTIONS: readonly ["jobs", "assessments", "candidates", "webhooks", "keys", "idempotency", "events", "deliveries"];
/** `applications`: what a candidate sent on the application page, and their assessment session. */
export declare const COLLECTIONS: readonly ["jobs", "assessments", "candidates", "webhooks", "keys", "idempotency", "events", "deliveries", "applications"];
export type CollectionName = (typeof COLLECTIONS)[number];
export interface StoredRecord {
    id: string;
}
export declare class StoreError extends Error {
    /** `data_damaged`: the data cannot be read as it is, and `hire emulator reset --yes` recovers (RECOVER_COMMAND). */
    readonly code: 'emulator_data' | 'data_damaged';
    readonly name = "StoreError";
    constructor(message: string, 
    /** `data_damaged`: the data cannot be read as it is, and `hire emulator reset --yes` recovers (RECOVER_COMMAND). */
    code?: 'emulator_data' | 'data_damaged');
}
/** What recovers from damaged data: an emulator's own reset (a database that cannot be opened is moved aside). */
export declare const RECOVER_COMMAND = "hire emulator reset --yes";
/** One stored record that cannot be read (bytes that are not UTF-8, text that is not a JSON object). */
export declare class DamagedRecordError extends StoreError {
    readonly file: string;
    readonly collection: string;
    readonly seq: number;
    readonly problem: string;
    constructor(file: string, collection: string, seq: number, problem: string, command?: string);
}
export declare const DATABASE_FILE = "emulator.db";
export declare function isFieldPath(path: string): boolean;
/** The SQL expression for a field of the document (`location.city`); the path must pass isFieldPath. */
export declare function field(path: string): string;
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
export type Condition = {
    field: string;
    is: Comparison;
    value: SqlValue;
} | {
    field: string;
    in: SqlValue[];
} | {
    field: string;
    anyOf: string[];
};
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
export declare class Store {
    #private;
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
    private constructor();
    static open(dir: string, options?: {
        busyTimeoutMs?: number;
        recoverCommand?: string;
    }): Store;
    /** Runs fn as one write transaction: it sees and commits its writes together, or none of them. */
    write<T>(fn: () => T): T;
    /** Runs fn on one consistent snapshot of the data. */
    read<T>(fn: () => T): T;
    /** Every record of a collection (where each given field equals its value), oldest first. */
    all<T extends StoredRecord>(name: CollectionName, where?: Record<string, SqlValue>): T[];
    /** The records selected; a damaged one is left out, and reported to onDamaged. */
    select<T extends StoredRecord>(name: CollectionName, selection?: Selection): T[];
    count(name: CollectionName, selection?: Pick<Selection, 'where' | 'params'>): number;
    /** The record, or undefined; a DamagedRecordError when it is stored but cannot be read. */
    get<T extends StoredRecord>(name: CollectionName, id: string): T | undefined;
    /** The first record whose field equals value (an indexed field, for lookups such as a key's hash). */
    findBy<T extends StoredRecord>(name: CollectionName, path: string, value: SqlValue): T | undefined;
    /** The records a query selects, in its order. */
    query<T extends StoredRecord>(name: CollectionName, query?: Query): T[];
    /** How many records meet the conditions. */
    countWhere(name: CollectionName, conditions?: Condition[]): number;
    /** Stores the record; an update keeps the record's place in the collection's order. */
    put<T extends StoredRecord>(name: CollectionName, record: T): T;
    delete(name: CollectionName, id: string): boolean;
    /** Deletes the records whose field equals value; returns how many. */
    deleteWhere(name: CollectionName, path: string, value: SqlValue): number;
    /** Deletes every record of the collection; returns how many there were. */
    clear(name: CollectionName): number;
    /** A value of the database's own bookkeeping (the meta table), such as when the sandbox was last reset. */
    meta(name: string): string | undefined;
    setMeta(name: string, value: string): void;
    /** Appends an event (a plain insert, never an update); returns its row number, which only grows. */
    appendEvent(event: StoredRecord): number;
    /** The row number of the newest event, 0 when there is none. */
    lastEventNumber(): number;
    /** The created_at of the first event stored, if any. */
    firstEventAt(): string | undefined;
    /** Is any event older than `cutoff` (ISO)? */
    hasEventsBefore(cutoff: string): boolean;
    /**
     * Deletes the events numbered up to `throughNumber` and those created before `before` (ISO),
     * with their deliveries that are settled (not still being attempted).
     */
    trimEvents(throughNumber: number, before: string): void;
    /** When the earliest pending delivery is due (ISO), if any is. */
    nextPendingDelivery(): string | undefined;
    /**
     * Takes up to `limit` pending deliveries due by `now` (ISO) whose lease (if any) ended before
     * `clock` (ms), the earliest first, leasing each until `leaseUntil` (ms); in the caller's write transaction.
     */
    leaseDueDeliveries<T extends StoredRecord>(now: string, clock: number, leaseUntil: number, limit: number): T[];
    /** Gives up the lease on a delivery: any process may attempt it at once. */
    releaseDelivery(id: string): void;
    /** The requests counted for a key in a window (hour, day) that started at `start`; 0 once it moved on. */
    usage(keyId: string, window: string, start: number): number;
    /** Counts one request in a key's window that started at `start` (a window that moved on starts again at 1). */
    countUsage(keyId: string, window: string, start: number): void;
    /** Sets one top-level field of a stored record in place (a key's last_used_at), without reading it. */
    setField(name: CollectionName, id: string, path: string, value: SqlValue): void;
    /** Appends an entry (JSON text); returns its number, 0 if it was not added. */
    appendRequest(entry: string): number;
    /** The number of the newest entry, 0 when there is none. */
    lastRequestNumber(): number;
    /** Deletes the entries numbered up to `throughNumber`. */
    trimRequests(throughNumber: number): void;
    /**
     * Up to `limit` entries numbered after `after`, oldest first, each with its number and its JSON
     * text as bytes (text that is not UTF-8 would abort the process in the binding: the caller decodes).
     */
    requestsAfter(after: number, limit: number): {
        seq: number;
        entry: Uint8Array;
    }[];
    close(): void;
}
/**
 * `hire emulator reset` on a database that cannot be opened (data_damaged): it is renamed, with its
 * -wal and -shm files, to `emulator.db.damaged-TIME` beside it (kept, never deleted), so that the
 * next open starts with empty data. Returns the new name, or undefined when it opens fine.
 */
export declare function moveDamagedDatabase(dir: string): {
    from: string;
    to: string;
} | undefined;
