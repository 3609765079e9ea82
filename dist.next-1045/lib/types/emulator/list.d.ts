import type { SqlValue } from './db.js';
import { type CollectionName, type Comparison, type Condition, type Store, type StoredRecord } from './store.js';
export declare const PER_PAGE_DEFAULT = 20;
export declare const PER_PAGE_MAX = 100;
/** The last page a client may ask for: any further and the row offset would leave SQLite's integers. */
export declare const PAGE_MAX: number;
export interface ListSpec<T> {
    /** Field names a client may sort by, select, and filter on (dotted paths below them too). */
    fields: readonly string[];
    /** Filters that are not plain field equality, such as `score_min`: a value, compared with a field. */
    filters?: Record<string, {
        parse(value: string): SqlValue;
        field: string;
        is: Comparison;
    }>;
    /** Field values every listed record has (the deliveries of one webhook). */
    scope?: Record<string, SqlValue>;
    /** Conditions every listed record meets (events within the log's age). */
    conditions?: Condition[];
    /** What a stored record shows (a webhook without its secret). */
    show?: (record: T) => Record<string, unknown>;
}
export interface Page {
    data: Record<string, unknown>[];
    meta: {
        current_page: number;
        per_page: number;
        total_pages: number;
        total_count: number;
    };
}
/**
 * Lists a collection newest first unless `sort` says otherwise, as one query of the store: filters,
 * sort, page and count are one consistent read, whatever the collection's size.
 */
export declare function listRecords<T extends StoredRecord>(store: Store, name: CollectionName, query: URLSearchParams, spec: ListSpec<T>): Page;
