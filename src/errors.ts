// Error types and the exit-code table of docs/exit-codes.md. Commands throw these; only src/cli.ts exits.
/** Per-field messages keyed by path, as domain/rules.ts makes them (written out: the library's types need no zod). */
type FieldErrors = Record<string, string>;
/** An error's details: per-field messages, or (a bulk run stopped part-way) how many items ended each way. */
type ErrorDetails = Record<string, string | number>;

/**
 * docs/api-choices.md §6: a server's request to wait longer than this is not honoured; the 429 is reported
 * instead (the client retries, the error's hint says so).
 */
export const MAX_WAIT_SECONDS = 60;

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  rateLimited: 5,
  network: 6,
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export class HireError extends Error {
  readonly exitCode: ExitCode;
  /** Machine-readable code, printed as `error.code` in the JSON error envelope. */
  readonly code: string;
  /** Per-field messages (`location.city: is required …`), or counts (src/services/bulk.ts `stopCounts`). */
  readonly details: ErrorDetails | undefined;
  /** What the user can do next, one line. */
  readonly hint: string | undefined;

  constructor(
    message: string,
    options: { exitCode: ExitCode; code: string; details?: ErrorDetails; hint?: string; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.exitCode = options.exitCode;
    this.code = options.code;
    this.details = options.details;
    this.hint = options.hint;
  }
}

/** A bad flag, argument or input file: exit 2. */
export class UsageError extends HireError {
  constructor(message: string, options: { details?: FieldErrors; hint?: string; code?: string } = {}) {
    super(message, { exitCode: ExitCode.usage, code: options.code ?? 'usage_error', ...options });
  }
}

/** Local validation of a request body failed before anything was sent: exit 2. */
export class ValidationError extends HireError {
  /** How a field is named to a person: `title (--title)`. */
  readonly labelField: (field: string) => string;

  constructor(
    message: string,
    details: FieldErrors,
    options: { hint?: string; labelField?: (field: string) => string } = {},
  ) {
    super(message, {
      exitCode: ExitCode.usage,
      code: 'validation_error',
      details,
      ...(options.hint ? { hint: options.hint } : {}),
    });
    this.labelField = options.labelField ?? ((field) => field);
  }
}

/** No usable credential: exit 3. */
export class AuthError extends HireError {
  constructor(message: string, hint?: string) {
    super(message, { exitCode: ExitCode.auth, code: 'no_credentials', ...(hint ? { hint } : {}) });
  }
}

/** Connection refused, DNS, TLS, timeout: exit 6. */
export class NetworkError extends HireError {
  constructor(message: string, options: { cause?: unknown; hint?: string; code?: string } = {}) {
    super(message, { exitCode: ExitCode.network, code: options.code ?? 'network_error', ...options });
  }
}

/** Ctrl-C, or a prompt cancelled: exit 130. */
export class InterruptedError extends HireError {
  constructor(message = 'Interrupted') {
    super(message, { exitCode: ExitCode.interrupted, code: 'interrupted' });
  }
}

/** An answer from the API that is an error envelope, or that cannot be understood. */
export class ApiError extends HireError {
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
    details?: ErrorDetails;
    requestId?: string;
    body?: unknown;
    hint?: string;
    retryAfterSeconds?: number;
  }) {
    super(options.message, {
      exitCode: exitCodeForStatus(options.status, options.code),
      code: options.code,
      ...(options.details ? { details: options.details } : {}),
      ...(options.hint ? { hint: options.hint } : {}),
    });
    this.status = options.status;
    this.requestId = options.requestId;
    this.body = options.body;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The same API error with a hint found after it came (what the record's status allows). */
export function withHint(error: ApiError, hint: string): ApiError {
  return new ApiError({
    status: error.status,
    code: error.code,
    message: error.message,
    hint,
    body: error.body,
    ...(error.details ? { details: error.details } : {}),
    ...(error.requestId ? { requestId: error.requestId } : {}),
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  });
}

export function exitCodeForStatus(status: number, code?: string): ExitCode {
  // An answer that is not the API's JSON is unreadable (exit 1), even as a 404 or a 400; only
  // 401, 403 and 429 say enough by their status alone.
  if (code === 'invalid_response' && status !== 401 && status !== 403 && status !== 429) return ExitCode.failure;
  if (status === 400 && code === 'validation_error') return ExitCode.usage;
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  if (status === 429) return ExitCode.rateLimited;
  if (status >= 400 && status < 500 && status !== 409) return ExitCode.usage;
  return ExitCode.failure;
}
