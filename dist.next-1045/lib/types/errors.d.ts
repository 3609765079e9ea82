/** Per-field messages keyed by path, as domain/rules.ts makes them (written out: the library's types need no zod). */
type FieldErrors = Record<string, string>;
/**
 * CONTRACT §5: a server's request to wait longer than this is not honoured; the 429 is reported
 * instead (the client retries, the error's hint says so).
 */
export declare const MAX_WAIT_SECONDS = 60;
export declare const ExitCode: {
    readonly ok: 0;
    readonly failure: 1;
    readonly usage: 2;
    readonly auth: 3;
    readonly notFound: 4;
    readonly rateLimited: 5;
    readonly network: 6;
    readonly interrupted: 130;
};
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
export declare class HireError extends Error {
    readonly exitCode: ExitCode;
    /** Machine-readable code, printed as `error.code` in the JSON error envelope. */
    readonly code: string;
    /** Per-field messages (`location.city: is required …`). */
    readonly details: FieldErrors | undefined;
    /** What the user can do next, one line. */
    readonly hint: string | undefined;
    constructor(message: string, options: {
        exitCode: ExitCode;
        code: string;
        details?: FieldErrors;
        hint?: string;
        cause?: unknown;
    });
}
/** A bad flag, argument or input file: exit 2. */
export declare class UsageError extends HireError {
    constructor(message: string, options?: {
        details?: FieldErrors;
        hint?: string;
        code?: string;
    });
}
/** Local validation of a request body failed before anything was sent: exit 2. */
export declare class ValidationError extends HireError {
    /** How a field is named to a person: `title (--title)`. */
    readonly labelField: (field: string) => string;
    constructor(message: string, details: FieldErrors, options?: {
        hint?: string;
        labelField?: (field: string) => string;
    });
}
/** No usable credential: exit 3. */
export declare class AuthError extends HireError {
    constructor(message: string, hint?: string);
}
/** Connection refused, DNS, TLS, timeout: exit 6. */
export declare class NetworkError extends HireError {
    constructor(message: string, options?: {
        cause?: unknown;
        hint?: string;
        code?: string;
    });
}
/** Ctrl-C, or a prompt cancelled: exit 130. */
export declare class InterruptedError extends HireError {
    constructor(message?: string);
}
/** An answer from the API that is an error envelope, or that cannot be understood. */
export declare class ApiError extends HireError {
    readonly status: number;
    readonly requestId: string | undefined;
    /** The error envelope as received, printed to stderr with --json. */
    readonly body: unknown;
    /** For a 429: how long the server asked to wait. */
    readonly retryAfterSeconds: number | undefined;
    constructor(options: {
        status: number;
        code: string;
        message: string;
        details?: FieldErrors;
        requestId?: string;
        body?: unknown;
        hint?: string;
        retryAfterSeconds?: number;
    });
}
/** The same API error with a hint found after it came (what the record's status allows). */
export declare function withHint(error: ApiError, hint: string): ApiError;
export declare function exitCodeForStatus(status: number, code?: string): ExitCode;
export {};
