// Request and response shapes shared by the emulator's routes.
import type { IncomingHttpHeaders } from 'node:http';
import type { FieldErrors } from '../domain/rules.js';
import type { EventBus } from './events.js';
import type { KeyRing, StoredKey } from './keys.js';
import type { Store } from './store.js';

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

export interface EmulatorRequest {
  method: string;
  /** The path after the version prefix: `/jobs/job_123`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
  requestId: string;
  key: StoredKey;
}

export interface EmulatorResponse {
  status: number;
  /** The envelope to send (`{data, meta}` or `{error}`); `meta.request_id` is added by the server. */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface RouteContext {
  store: Store;
  keys: KeyRing;
  events: EventBus;
  /** Origin used for public links (`application_url`). */
  publicUrl: string;
  now(): Date;
}

export type Handler = (req: EmulatorRequest, ctx: RouteContext) => EmulatorResponse;

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A path with `:name` parameters: `/jobs/:id`. */
  path: string;
  handler: Handler;
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
