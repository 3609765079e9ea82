// The emulator's answers: the error it answers with, the response shapes routes return, and how
// any error becomes the spec's error envelope (a platform refusal, an access refusal, damaged data)
// and goes out. It knows no route and no stage of the pipeline (route.ts and pipeline.ts know it).
import type { ServerResponse } from 'node:http';
import type { FieldErrors } from '../../domain/rules.js';
import { AccessError } from '../access/errors.js';
import { PlatformError, type PlatformErrorKind } from '../platform/errors.js';
import { StoreError } from '../storage/errors.js';

/** An error answered with the spec's error envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: FieldErrors,
    readonly headers: Record<string, string> = {},
    /** Fields at the top level of the error body (the spec's 429 carries `retry_after` there). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function validationError(details: FieldErrors, message = 'The request has invalid fields.'): HttpError {
  return new HttpError(400, 'validation_error', message, details);
}

export function notFound(what: string, id: string): HttpError {
  return new HttpError(404, 'not_found', `No ${what} with id ${id}.`);
}

export interface EmulatorResponse {
  status: number;
  /** The envelope to send (`{data, meta}` or `{error}`); `meta.request_id` is added by the server. */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function ok(data: unknown, meta?: Record<string, unknown>): EmulatorResponse {
  return { status: 200, body: meta ? { data, meta } : { data } };
}

export function created(data: unknown, meta?: Record<string, unknown>): EmulatorResponse {
  return { status: 201, body: meta ? { data, meta } : { data } };
}

export function noContent(): EmulatorResponse {
  return { status: 204 };
}

/** What a platform operation refused, as HTTP: the spec's status and code for each kind. */
const PLATFORM_ERRORS: Record<PlatformErrorKind, { status: number; code: string }> = {
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  invalid: { status: 400, code: 'validation_error' },
};

/** Any error as the spec's error envelope: refusals with their status and code, anything else a 500. */
export function errorResponse(cause: unknown): EmulatorResponse {
  const error =
    cause instanceof PlatformError
      ? new HttpError(
          PLATFORM_ERRORS[cause.kind].status,
          PLATFORM_ERRORS[cause.kind].code,
          cause.message,
          cause.details,
        )
      : cause instanceof AccessError
        ? new HttpError(cause.status, cause.code, cause.message, undefined, cause.headers, cause.extra)
        : cause;
  if (error instanceof HttpError) {
    const body: Record<string, unknown> = { code: error.code, message: error.message };
    if (error.details) body.details = error.details;
    // The spec's authentication errors carry the HTTP status in the body too.
    if (error.status === 401 || error.status === 403) body.status = error.status;
    return { status: error.status, body: { error: body, ...error.extra }, headers: error.headers };
  }
  // Damaged data (storage/store.ts): that record fails, with what is wrong and how to recover; the rest is served.
  if (error instanceof StoreError && error.code === 'data_damaged')
    return { status: 500, body: { error: { code: 'data_damaged', message: error.message } } };
  return {
    status: 500,
    body: { error: { code: 'internal_error', message: `The emulator failed: ${(error as Error).message}` } },
  };
}

/** Writes the answer, with `meta.request_id`; `truncate` cuts the body half-way (an injected fault). */
export function send(
  res: ServerResponse,
  response: EmulatorResponse,
  headers: Record<string, string>,
  requestId: string,
  truncate = false,
): void {
  if (response.status === 204 || response.body === undefined) {
    res.writeHead(response.status, headers);
    if (truncate) res.socket?.destroy();
    else res.end();
    return;
  }
  const meta = { request_id: requestId, ...(response.body.meta as Record<string, unknown> | undefined) };
  const payload = JSON.stringify({ ...response.body, meta });
  res.writeHead(response.status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(payload)),
  });
  if (!truncate) {
    res.end(payload);
    return;
  }
  // Half the body, then the connection goes: the client sees fewer bytes than Content-Length.
  res.write(payload.slice(0, Math.floor(payload.length / 2)), () => res.socket?.destroy());
}
