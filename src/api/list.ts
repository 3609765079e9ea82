// One page of any list endpoint (spec "Common list parameters"). A list the API spec does not
// publish (webhooks, events, deliveries, assessments) goes through offered.ts, so that a server
// without it is said to lack the operation rather than answer "not found".
import { operationAt } from '../domain/operations.js';
import type { ApiClient, QueryValue } from './client.js';
import { runAssumedList } from './offered.js';
import { readPage, type Page } from './page.js';

export type { Page } from './page.js';

/** The query parameters that choose a page or its shape; any other is a filter. */
const PAGING = new Set(['page', 'per_page', 'sort', 'fields']);

export function listPage(client: ApiClient, path: string, query: Record<string, QueryValue>): Promise<Page> {
  const found = operationAt('GET', path);
  const read = () => readPage(client, path, query);
  if (!found) return read();
  const filtered = Object.entries(query).some(([name, value]) => value !== undefined && !PAGING.has(name));
  return runAssumedList(client, found.operation, found.id, read, filtered);
}
