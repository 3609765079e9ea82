// The emulator's HTTP vocabulary: the error it answers with and the response shapes. A leaf: the
// key ring and list parsing throw HttpError too, so it must not know the server's parts (route.ts does).
import type { FieldErrors } from '../../domain/rules.js';

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
