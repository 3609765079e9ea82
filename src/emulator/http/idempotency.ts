// Idempotency-Key (docs/api-choices.md §7): a POST sent again with the same key and the same
// request replays the first answer; with another request it is a conflict. The record is written
// in the request's own transaction, so it commits with what the request changed, or not at all.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../domain/canonical.js';
import { HttpError, validationError, type EmulatorResponse } from './answers.js';
import type { EmulatorRequest, RouteContext } from './route.js';

/** The header, as the OpenAPI document and a 400's details name it. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

interface IdempotencyRecord {
  id: string;
  request_hash: string;
  status: number;
  body: unknown;
  created_at: string;
}

/** docs/api-choices.md §7: the same Idempotency-Key with the same request replays the first answer. */
export function withIdempotency(
  req: EmulatorRequest,
  rawBody: Buffer,
  ctx: RouteContext,
  run: () => EmulatorResponse,
): EmulatorResponse {
  const header = req.headers['idempotency-key'];
  const idempotencyKey = Array.isArray(header) ? header[0] : header;
  if (req.method !== 'POST' || idempotencyKey === undefined) return run();
  // An empty key is refused, not ignored: a client that sends one believes its POST is protected
  // against a repeat, and it is not (docs/api-choices.md §7).
  if (idempotencyKey === '')
    throw validationError({ [IDEMPOTENCY_HEADER]: 'must not be empty' }, 'The Idempotency-Key header is empty.');
  const id = `${req.key.id}:${idempotencyKey}`;
  // The same request, whatever its key order or spacing: the parsed body, keys sorted.
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.path}\n`)
    .update(req.body === undefined ? rawBody : canonicalJson(req.body))
    .digest('hex');
  const previous = ctx.store.get<IdempotencyRecord>('idempotency', id);
  if (previous) {
    if (previous.request_hash !== requestHash) {
      throw new HttpError(409, 'conflict', 'This Idempotency-Key was already used with a different request.');
    }
    return {
      status: previous.status,
      body: previous.body as Record<string, unknown>,
      headers: { 'idempotent-replayed': 'true' },
    };
  }
  const response = run();
  if (response.status >= 200 && response.status < 300) {
    ctx.store.put('idempotency', {
      id,
      request_hash: requestHash,
      status: response.status,
      body: response.body,
      created_at: ctx.now().toISOString(),
    } satisfies IdempotencyRecord);
  }
  return response;
}
