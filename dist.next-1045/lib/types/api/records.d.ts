import type { ApiClient } from './client.js';
import type { ReadBackOptions } from './reconcile.js';
import { type ApiRecord, type Meta } from './envelope.js';
export declare function recordPath(collection: string, id: string): string;
export declare function getRecord(client: ApiClient, path: string): Promise<ApiRecord>;
export declare function postRecord(client: ApiClient, path: string, body: unknown, idempotencyKey?: string): Promise<{
    record: ApiRecord;
    meta: Meta;
    headers: Readonly<Record<string, string>>;
    unanswered: number;
}>;
/**
 * PATCH, not retried on a fault that may follow its processing; when one leaves the outcome unknown,
 * the record is read back and, if it holds the change, returned as read (reconcile.ts, CONTRACT §5).
 */
export declare function patchRecord(client: ApiClient, path: string, body: unknown, options?: ReadBackOptions): Promise<ApiRecord>;
/** DELETE, checked as patchRecord is: done when a read-back finds the record gone. */
export declare function deleteRecord(client: ApiClient, path: string, options?: ReadBackOptions): Promise<void>;
