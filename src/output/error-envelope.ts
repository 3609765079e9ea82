// docs/exit-codes.md "What is printed": a failure as the spec's error envelope, for machine output
// (cli.ts writes it on stderr) and for an MCP call (its result). The warnings said on the way are
// added to it as `warnings`.
import { ApiError, ExitCode, HireError } from '../errors.js';

/** A failure that is no HireError (a bug): under machine output, an envelope all the same. */
export function unexpected(error: unknown): HireError {
  const message = error instanceof Error ? error.message : String(error);
  return new HireError(`unexpected failure: ${message}`, { exitCode: ExitCode.failure, code: 'unexpected_failure' });
}

/** The exit code a failure ends with. */
export const exitCodeOf = (error: unknown): number => (error instanceof HireError ? error.exitCode : ExitCode.failure);

/** The envelope of a failure: the API's own when it sent one, else `{error: {code, message, details?}}`. */
export function errorEnvelope(error: unknown, warnings: readonly string[] = []): Record<string, unknown> {
  return withWarnings(warnings, envelopeOf(error instanceof HireError ? error : unexpected(error)));
}

/** The envelope with the warnings said under machine output, if any. */
export function withWarnings(warnings: readonly string[], envelope: Record<string, unknown>): Record<string, unknown> {
  return warnings.length > 0 ? { ...envelope, warnings } : envelope;
}

function envelopeOf(error: HireError): Record<string, unknown> {
  if (error instanceof ApiError && isEnvelope(error.body)) return error.body as Record<string, unknown>;
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details) body.details = error.details;
  if (error instanceof ApiError) {
    body.status = error.status;
    return { error: body, ...(error.requestId ? { meta: { request_id: error.requestId } } : {}) };
  }
  return { error: body };
}

function isEnvelope(body: unknown): boolean {
  return body !== null && typeof body === 'object' && 'error' in body;
}
