// What access refuses: a key that is missing, unknown, revoked or expired (401), used from an
// address outside its allow-list or below the operation's level (403), or over its budget (429).
// Each carries the spec's status and code and the headers its answer must carry (X-RateLimit-*,
// Retry-After); the HTTP layer answers it (http/answers.ts). Access knows no server.
export class AccessError extends Error {
  constructor(
    readonly status: 401 | 403 | 429,
    readonly code: 'unauthorized' | 'key_expired' | 'forbidden' | 'rate_limited',
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields at the top level of the error body (the spec's 429 carries `retry_after` there). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
