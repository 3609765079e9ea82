// What a route is and what the server hands it: the request with its admitted key, and the
// server's parts. Kept out of http.ts, which the key ring imports, so that no import runs in a circle.
import type { IncomingHttpHeaders } from 'node:http';
import type { EventBus } from './events.js';
import type { EmulatorResponse } from './http.js';
import type { KeyRing, StoredKey } from './keys.js';
import type { Store } from './store.js';

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

export interface RouteContext {
  store: Store;
  keys: KeyRing;
  events: EventBus;
  /** Origin used for public links (`application_url`). */
  publicUrl: string;
  now(): Date;
  /** Which environment's data this is: production (`/api/v1`) or the sandbox (`/sandbox/api/v1`). */
  environment: 'production' | 'sandbox';
}

export type Handler = (req: EmulatorRequest, ctx: RouteContext) => EmulatorResponse;

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A path with `:name` parameters: `/jobs/:id`. */
  path: string;
  /** The key level it takes, when not the method's (read: GET; write: POST, PATCH; admin: DELETE). */
  level?: 'read' | 'write' | 'admin';
  handler: Handler;
}
