// Single records: GET, POST, PATCH and DELETE on `/things` and `/things/{id}`.
import type { ApiClient } from './client.js';
import type { ReadBackOptions } from './reconcile.js';
import { RecordSchema, type ApiRecord, type Meta } from './envelope.js';
import { UsageError } from '../errors.js';
import { unexpectedShape } from './errors.js';

export function recordPath(collection: string, id: string): string {
  // `.` and `..` stay path steps however they are encoded (URL parsing collapses them): never an id.
  if (id === '' || id === '.' || id === '..') throw new UsageError(`"${id}" is not an id.`);
  return `${collection}/${encodeURIComponent(id)}`;
}

function asRecord(operation: string, data: unknown, meta: Meta): ApiRecord {
  const record = RecordSchema.safeParse(data);
  if (!record.success) throw unexpectedShape(operation, 'an object', meta.request_id);
  return record.data;
}

export async function getRecord(client: ApiClient, path: string): Promise<ApiRecord> {
  const { data, meta } = await client.request('GET', path);
  return asRecord(`GET ${path}`, data, meta);
}

export async function postRecord(
  client: ApiClient,
  path: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<{ record: ApiRecord; meta: Meta; headers: Readonly<Record<string, string>>; unanswered: number }> {
  const { data, meta, headers, unanswered } = await client.request('POST', path, {
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return { record: asRecord(`POST ${path}`, data, meta), meta, headers, unanswered: unanswered ?? 0 };
}

/**
 * PATCH, not retried on a fault that may follow its processing; when one leaves the outcome unknown,
 * the record is read back and, if it holds the change, returned as read (reconcile.ts, docs/api-choices.md §7).
 */
export async function patchRecord(
  client: ApiClient,
  path: string,
  body: unknown,
  options: ReadBackOptions = {},
): Promise<ApiRecord> {
  let answer;
  try {
    answer = await client.request('PATCH', path, { body });
  } catch (error) {
    const { reconcilePatch } = await import('./reconcile.js');
    return reconcilePatch(client, path, body, error, options);
  }
  return asRecord(`PATCH ${path}`, answer.data, answer.meta);
}

/** DELETE, checked as patchRecord is: done when a read-back finds the record gone. */
export async function deleteRecord(client: ApiClient, path: string, options: ReadBackOptions = {}): Promise<void> {
  try {
    await client.request('DELETE', path);
  } catch (error) {
    const { reconcileDelete } = await import('./reconcile.js');
    await reconcileDelete(client, path, error, options);
  }
}
