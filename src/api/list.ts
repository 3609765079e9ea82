// One page of any list endpoint (spec "Common list parameters").
import type { ApiClient, QueryValue } from './client.js';
import { ListMetaSchema, RecordListSchema, type ApiRecord, type ListMeta } from './envelope.js';
import { unexpectedShape } from './errors.js';

export interface Page {
  items: ApiRecord[];
  meta: ListMeta | undefined;
}

export async function listPage(client: ApiClient, path: string, query: Record<string, QueryValue>): Promise<Page> {
  const response = await client.request('GET', path, { query });
  const items = RecordListSchema.safeParse(response.data);
  if (!items.success) throw unexpectedShape(`GET ${path}`, 'a list of objects', response.meta.request_id);
  const meta = ListMetaSchema.safeParse(response.meta);
  return { items: items.data, meta: meta.success ? meta.data : undefined };
}

