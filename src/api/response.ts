// An answer as the API's envelope (docs/api-choices.md §1), or the error it is: a redirect never
// followed, a body that is not the API's JSON, the error envelope as an ApiError. And the error
// codes that say a failure will not pass, whatever is retried.
import { ApiError } from '../errors.js';
import { dictionary } from '../domain/merge.js';
import type { FieldErrors } from '../domain/rules.js';
import { isErrorEnvelope, isSuccessEnvelope, type Meta } from './envelope.js';
import { askedWaitSeconds, readRateLimit } from './rate-limit.js';
import type { RawResponse } from './transport.js';

export interface ApiResponse {
  status: number;
  data: unknown;
  meta: Meta;
  headers: Readonly<Record<string, string>>;
  /** As RawResponse.unanswered. */
  unanswered?: number;
}

/**
 * Server errors that give the same answer every time, by their envelope's code: retrying them
 * only delays the message that says how to recover.
 */
export const PERMANENT_CODES: Readonly<Record<string, string>> = {
  data_damaged: "the local emulator's data cannot be read as it is (`hire emulator reset --yes` recovers)",
};

/** The code of a 5xx answer that will not pass (PERMANENT_CODES), if it is one. */
export function permanentCode(response: RawResponse): string | undefined {
  if (response.status < 500) return undefined;
  let code: unknown;
  try {
    code = (JSON.parse(response.text) as { error?: { code?: unknown } } | null)?.error?.code;
  } catch {
    return undefined;
  }
  return typeof code === 'string' && Object.hasOwn(PERMANENT_CODES, code) ? code : undefined;
}

/** 3xx answers are never followed: the Authorization header must not go where the user did not say. */
export function redirectMessage(status: number, location: string | undefined): string {
  return `The server answered HTTP ${status}, a redirect${location ? ` to ${location}` : ''}; hire does not follow redirects, so that the API key goes nowhere else. Check the base URL.`;
}

/**
 * An answer as the API's envelope, or the error it is. `serverNowMs` (the server's clock) lets a
 * 429 that names no wait report its believed window's reset instead.
 */
export function parseResponse(
  status: number,
  headers: Readonly<Record<string, string>>,
  text: string,
  serverNowMs?: number,
): ApiResponse {
  if (status >= 300 && status < 400) {
    // Not followed: the Authorization header must never go to an address the user did not name.
    throw new ApiError({
      status,
      code: 'redirect',
      message: redirectMessage(status, headers.location),
      ...(headers['x-request-id'] ? { requestId: headers['x-request-id'] } : {}),
    });
  }
  let json: unknown;
  try {
    json = text === '' && status === 204 ? { data: null } : JSON.parse(text);
  } catch {
    throw unparseable(status, headers, text, 'is not JSON');
  }
  if (status >= 400) throw errorFromEnvelope(status, headers, json, text, serverNowMs);
  if (!isSuccessEnvelope(json)) throw unparseable(status, headers, text, 'has no `data` envelope');
  return { status, data: json.data, meta: json.meta ?? {}, headers };
}

function errorFromEnvelope(
  status: number,
  headers: Readonly<Record<string, string>>,
  json: unknown,
  text: string,
  serverNowMs: number | undefined,
): ApiError {
  if (!isErrorEnvelope(json)) throw unparseable(status, headers, text, 'is not an error envelope');
  const { error, meta } = json;
  const requestId = meta?.request_id ?? headers['x-request-id'];
  const retryAfter = status === 429 ? retryAfterSeconds(headers, text, serverNowMs) : undefined;
  return new ApiError({
    status,
    code: error.code,
    message: error.message,
    ...(error.details ? { details: stringifyDetails(error.details) } : {}),
    ...(requestId ? { requestId } : {}),
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
    body: json,
  });
}

/** A 429's wait: as asked, else until its window's reset when that can be believed. */
function retryAfterSeconds(
  headers: Readonly<Record<string, string>>,
  text: string,
  serverNowMs: number | undefined,
): number | undefined {
  const asked = askedWaitSeconds(headers, text);
  if (asked !== undefined) return asked;
  const reading = readRateLimit(headers, serverNowMs);
  return reading.kind === 'believed' && serverNowMs !== undefined
    ? Math.max(0, reading.budget.reset - Math.floor(serverNowMs / 1000))
    : undefined;
}

function stringifyDetails(details: Record<string, unknown>): FieldErrors {
  const out: FieldErrors = dictionary();
  for (const [field, message] of Object.entries(details)) {
    out[field] = typeof message === 'string' ? message : JSON.stringify(message);
  }
  return out;
}

function unparseable(
  status: number,
  headers: Readonly<Record<string, string>>,
  text: string,
  problem: string,
): ApiError {
  const type = headers['content-type'] ? ` (${headers['content-type'].split(';')[0]})` : '';
  const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 120);
  const requestId = headers['x-request-id'];
  return new ApiError({
    // Exit 1 (exitCodeForStatus), whatever the status, but for 401, 403 and 429, which say enough alone.
    status,
    code: 'invalid_response',
    message: `The server answered HTTP ${status} with a body that ${problem}${type}${snippet ? `: ${snippet}` : ''}`,
    ...(requestId ? { requestId } : {}),
    // The API answers a missing record with its JSON error envelope: this 404 came from something else.
    ...(status === 404
      ? {
          hint: "That is not the API's JSON: is the base URL right? It is the API's address, version prefix included (https://host/api/v1).",
        }
      : {}),
  });
}
