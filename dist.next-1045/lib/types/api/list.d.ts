import type { ApiClient, QueryValue } from './client.js';
import { type ApiRecord, type ListMeta } from './envelope.js';
export interface Page {
    items: ApiRecord[];
    meta: ListMeta | undefined;
}
export declare function listPage(client: ApiClient, path: string, query: Record<string, QueryValue>): Promise<Page>;
