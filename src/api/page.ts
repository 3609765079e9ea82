// One page of any list endpoint as the server answers it (spec "Common list parameters"), with no
// judgement of whether the server offers the list: list.ts adds that for the assumed lists, and
// offered.ts reads the published lists through this when it looks a record up.
import type { ApiClient, QueryValue } from './client.js';
import { isListMeta, isRecordList, type ApiRecord, type ListMeta } from './envelope.js';
import { unexpectedShape } from './errors.js';

export interface Page {
  items: ApiRecord[];
  meta: ListMeta | undefined;
}

export async function readPage(client: ApiClient, path: string, query: Record<string, QueryValue>): Promise<Page> {
  const response = await client.request('GET', path, { query });
  if (!isRecordList(response.data)) throw unexpectedShape(`GET ${path}`, 'a list of objects', response.meta.request_id);
  return { items: response.data, meta: isListMeta(response.meta) ? response.meta : undefined };
}
