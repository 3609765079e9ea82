import type { FieldErrors } from '../domain/rules.js';
/** An error answered with the spec's error envelope. */
export declare class HttpError extends Error {
    readonly status: number;
    readonly code: string;
    readonly details?: FieldErrors | undefined;
    readonly headers: Record<string, string>;
    /** Fields at the top level of the error body (the spec's 429 carries `retry_after` there). */
    readonly extra: Record<string, unknown>;
    constructor(status: number, code: string, message: string, details?: FieldErrors | undefined, headers?: Record<string, string>, 
    /** Fields at the top level of the error body (the spec's 429 carries `retry_after` there). */
    extra?: Record<string, unknown>);
}
export declare function validationError(details: FieldErrors, message?: string): HttpError;
export declare function notFound(what: string, id: string): HttpError;
export interface EmulatorResponse {
    status: number;
    /** The envelope to send (`{data, meta}` or `{error}`); `meta.request_id` is added by the server. */
    body?: Record<string, unknown>;
    headers?: Record<string, string>;
}
export declare function ok(data: unknown, meta?: Record<string, unknown>): EmulatorResponse;
export declare function created(data: unknown, meta?: Record<string, unknown>): EmulatorResponse;
export declare function noContent(): EmulatorResponse;
