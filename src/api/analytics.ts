// GET /analytics (spec "Analytics"): one object of counts, scores and the funnel.
import type { ApiClient } from './client.js';
import { isRecord, type ApiRecord } from './envelope.js';
import { unexpectedShape } from './errors.js';

export interface AnalyticsQuery {
  job_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The data as sent (for --json), checked to be an object. */
export async function getAnalytics(client: ApiClient, query: AnalyticsQuery): Promise<ApiRecord> {
  const { data, meta } = await client.request('GET', '/analytics', { query: { ...query } });
  if (!isRecord(data)) throw unexpectedShape('GET /analytics', 'an object', meta.request_id);
  return data;
}
