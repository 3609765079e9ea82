import type { ApiClient, QueryValue } from './client.js';
import type { ApiRecord } from './envelope.js';
import { type Page } from './list.js';
export declare const MAX_PER_PAGE = 100;
export interface PageOptions {
    all?: boolean;
    limit?: number;
    /** Pages in flight at once with --all. */
    concurrency?: number;
    /** Called with the list meta of the first page (total_count, total_pages). */
    onFirstPage?: (page: Page) => void;
    /** Called with the number of each page as it is yielded. */
    onPage?: (page: number) => void;
}
export declare function paginate(client: ApiClient, path: string, query: Record<string, QueryValue>, options?: PageOptions): AsyncGenerator<ApiRecord[]>;
