// Single records: GET, POST, PATCH and DELETE on `/things` and `/things/{id}`. The operations on
// `/things/{id}` are assumed (the spec publishes none): each goes through offered.ts, which tells a
// missing record from an operation the server does not offer.
import { OPERATIONS, type OperationId } from '../domain/operations.js';
import type { ApiClient } from './client.js';
import type { ReadBackOptions } from './reconcile.js';
import { isRecord, type ApiRecord, type Meta } from './envelope.js';
import { UsageError } from '../errors.js';
import { unexpectedShape } from './errors.js';
import { runAssumed, type AssumedOptions } from './offered.js';

export function recordPath(collection: string, id: string): string {
  // `.` and `..` stay path steps however they are encoded (URL parsing collapses them): never an id.
  if (id === '' || id === '.' || id === '..') throw new UsageError(`"${id}" is not an id.`);
  return `${collection}/${encodeURIComponent(id)}`;
}

/** The operation's path for record `id`: `/jobs/{id}` → `/jobs/job_x`. */
export function operationPath(operation: OperationId, id: string): string {
  const [collection, rest] = OPERATIONS[operation].path.split('/{id}') as [string, string | undefined];
  return recordPath(collection, id) + (rest ?? '');
}

function asRecord(operation: string, data: unknown, meta: Meta): ApiRecord {
  if (!isRecord(data)) throw unexpectedShape(operation, 'an object', meta.request_id);
  return data;
}

/** GET of one record (an assumed operation): read from its published list when the server does not offer it. */
export async function getRecord(
  client: ApiClient,
  operation: OperationId,
  id: string,
  options: Pick<AssumedOptions, 'onNote'> = {},
): Promise<ApiRecord> {
  const path = operationPath(operation, id);
  return runAssumed(
    client,
    operation,
    id,
    async () => {
      const { data, meta } = await client.request('GET', path);
      return asRecord(`GET ${path}`, data, meta);
    },
    (record) => record,
    options,
  );
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
  operation: OperationId,
  id: string,
  body: unknown,
  options: ReadBackOptions = {},
): Promise<ApiRecord> {
  const path = operationPath(operation, id);
  return runAssumed(
    client,
    operation,
    id,
    async () => {
      let answer;
      try {
        answer = await client.request('PATCH', path, { body });
      } catch (error) {
        const { reconcilePatch } = await import('./reconcile.js');
        return reconcilePatch(client, path, body, error, options);
      }
      return asRecord(`PATCH ${path}`, answer.data, answer.meta);
    },
    undefined,
  );
}

/** DELETE, checked as patchRecord is: done when a read-back finds the record gone. */
export async function deleteRecord(
  client: ApiClient,
  operation: OperationId,
  id: string,
  options: ReadBackOptions = {},
): Promise<void> {
  const path = operationPath(operation, id);
  await runAssumed(
    client,
    operation,
    id,
    async () => {
      try {
        await client.request('DELETE', path);
      } catch (error) {
        const { reconcileDelete } = await import('./reconcile.js');
        await reconcileDelete(client, path, error, options);
      }
    },
    undefined,
  );
}
