import type { IncomingHttpHeaders } from 'node:http';
import type { EmulatorResponse } from './http.js';
import type { KeyRing, StoredKey } from './keys.js';
import type { PlatformContext } from './platform/context.js';
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
/** An environment's platform, and its keys (the emulator's controls make and revoke them). */
export interface RouteContext extends PlatformContext {
    keys: KeyRing;
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
