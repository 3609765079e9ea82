import type { ApiClient } from './client.js';
import { type ApiRecord } from './envelope.js';
export interface AnalyticsQuery {
    job_id?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
}
/** The data as sent (for --json), checked to be an object. */
export declare function getAnalytics(client: ApiClient, query: AnalyticsQuery): Promise<ApiRecord>;
