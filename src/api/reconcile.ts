// Writes whose outcome is unknown (docs/api-choices.md §7): a PATCH or DELETE that ends in a network failure,
// a timeout, a 5xx or a cut-off answer is never sent again (a transition applied twice is a 409);
// the record is read back instead, and the write is reported done when the change is there.
import type { ApiClient, ApiResponse } from './client.js';
import { isRecord, type ApiRecord } from './envelope.js';
import { ApiError, InterruptedError, NetworkError } from '../errors.js';
import { WRITE_RECONCILED, type WarningFacts } from '../warnings.js';

export interface ReadBackOptions {
  /**
   * Says that a failed write was found done by reading it back: one line for stderr (the API layer
   * never prints), and its facts for scripts (`write_reconciled`: the id, the write, why it was read back).
   */
  onReadBack?: (message: string, facts: WarningFacts) => void;
}

/** The facts of a write found done by reading it back (docs/output.md "Warnings"). */
function reconciled(method: string, path: string, cause: string, error: unknown, readBackId?: string): WarningFacts {
  return {
    code: WRITE_RECONCILED,
    id: idOf(path),
    method,
    path,
    reason: cause,
    // The failed write's own request id when its answer gave one (a 5xx), else the read-back's.
    request_id: (error instanceof ApiError ? error.requestId : undefined) ?? readBackId,
  };
}

/**
 * Why a write's failure leaves its outcome unknown, in words ("The answer was lost"); undefined
 * when the failure says for certain that nothing was done (a 4xx, a refused connection, a
 * certificate refused before anything was sent, Ctrl-C).
 */
export function unknownOutcome(error: unknown): string | undefined {
  if (error instanceof NetworkError) {
    if (error.code === 'connection_refused' || error.code === 'tls_certificate') return undefined;
    return error.code === 'timeout' ? 'The request timed out' : 'The answer was lost';
  }
  if (error instanceof ApiError) {
    // 501 Not Implemented: the server does not do this at all (offered.ts tells why), so nothing was done.
    if (error.status >= 500 && error.status !== 501) return `The server answered HTTP ${error.status}`;
    // A 2xx whose body is cut short or garbled: done, by its status, but what it made is unread.
    if (error.code === 'invalid_response' && error.status >= 200 && error.status < 300)
      return 'The answer was unreadable';
  }
  return undefined;
}

/**
 * Whether a record holds every value a PATCH sent: nested objects compared by the fields sent
 * (the server merges them), lists whole, `null` as cleared (null or absent).
 */
export function holdsChange(record: unknown, sent: unknown): boolean {
  if (sent === null) return record === null || record === undefined;
  if (Array.isArray(sent)) {
    return (
      Array.isArray(record) &&
      record.length === sent.length &&
      sent.every((item, index) => holdsChange(record[index], item))
    );
  }
  if (typeof sent === 'object') {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) return false;
    const fields = record as Record<string, unknown>;
    // An undefined field is not sent (JSON drops it), so it asks for nothing.
    return Object.entries(sent).every(([field, value]) => value === undefined || holdsChange(fields[field], value));
  }
  return record === sent;
}

/** The record's id, from its path (`/jobs/job_x` → job_x), for messages. */
function idOf(path: string): string {
  const last = path.split('/').at(-1) ?? path;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A read-back that failed, in a few words for the notice. */
function readFailure(error: unknown): string {
  return error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
}

/**
 * The failure as it was (class, code, exit code, body), with what the read-back found as its hint:
 * shown after the error to a person, left out of the --json error envelope.
 */
function withFinding(error: unknown, finding: string): unknown {
  const hint = (previous: string | undefined) => (previous ? `${finding} ${previous}` : finding);
  if (error instanceof ApiError) {
    return new ApiError({
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      ...(error.requestId ? { requestId: error.requestId } : {}),
      body: error.body,
      hint: hint(error.hint),
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    });
  }
  if (error instanceof NetworkError)
    return new NetworkError(error.message, { code: error.code, hint: hint(error.hint), cause: error.cause });
  return error;
}

/** After a timeout the server may still be working on the request: "not there" may be "not yet". */
const timedOut = (cause: string) => cause === 'The request timed out';

/**
 * A PATCH failed with `error`: the record as read back when it holds every value sent; otherwise
 * `error` again (also when the record cannot be read back), what was found as its hint.
 */
export async function reconcilePatch(
  client: ApiClient,
  path: string,
  body: unknown,
  error: unknown,
  options: ReadBackOptions = {},
): Promise<ApiRecord> {
  const cause = unknownOutcome(error);
  if (cause === undefined) throw error;
  const id = idOf(path);
  let record: ApiRecord;
  let readBack: ApiResponse;
  try {
    // A GET: retried by the client on 429, 5xx and network failures, up to --max-retries, with backoff.
    readBack = await client.request('GET', path);
    if (!isRecord(readBack.data)) throw new Error('the answer has no record in `data`');
    record = readBack.data;
  } catch (readError) {
    if (readError instanceof InterruptedError) throw readError;
    throw withFinding(
      error,
      `${cause}; ${id} could not be read back (${readFailure(readError)}), so whether the change was made is not known.`,
    );
  }
  if (holdsChange(record, body)) {
    options.onReadBack?.(
      `${cause}; read back ${id}: the change is there.`,
      reconciled('PATCH', path, cause, error, readBack.meta.request_id ?? readBack.headers['x-request-id']),
    );
    return record;
  }
  throw withFinding(
    error,
    timedOut(cause)
      ? `${cause}; read back ${id}: the change is not there yet, but the server may still make it.`
      : `${cause}; read back ${id}: the change is not there.`,
  );
}

/**
 * A DELETE failed with `error`: done when the record is gone (the API's 404); otherwise `error`
 * again (also when the record cannot be read back), what was found as its hint.
 */
export async function reconcileDelete(
  client: ApiClient,
  path: string,
  error: unknown,
  options: ReadBackOptions = {},
): Promise<void> {
  const cause = unknownOutcome(error);
  if (cause === undefined) throw error;
  const id = idOf(path);
  try {
    await client.request('GET', path);
  } catch (readError) {
    if (readError instanceof InterruptedError) throw readError;
    // The API's own 404 (its JSON envelope), not a 404 page from something in between.
    if (readError instanceof ApiError && readError.status === 404 && readError.code !== 'invalid_response') {
      options.onReadBack?.(
        `${cause}; read back ${id}: it is gone, so the change is there.`,
        reconciled('DELETE', path, cause, error, readError.requestId),
      );
      return;
    }
    throw withFinding(
      error,
      `${cause}; ${id} could not be read back (${readFailure(readError)}), so whether it was deleted is not known.`,
    );
  }
  throw withFinding(
    error,
    timedOut(cause)
      ? `${cause}; read back ${id}: it is still there, but the server may yet delete it.`
      : `${cause}; read back ${id}: it is still there.`,
  );
}
