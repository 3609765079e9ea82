// The HTTP client (undici). It never prints: warnings and traces go through the callbacks given.
import { randomUUID } from 'node:crypto';
import { Agent, envHttpProxyAgent, type Dispatcher } from './undici.js';
import { ApiError, NetworkError } from '../errors.js';
import type { FieldErrors } from '../domain/rules.js';
import { ErrorEnvelopeSchema, SuccessEnvelopeSchema, type Meta } from './envelope.js';
import { isLoopbackHost, type BaseUrl } from './base-url.js';

export type QueryValue = string | number | boolean | undefined | readonly string[];

export interface RequestOptions {
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  /** Sent on every POST; one per logical request, reused across its retries (CONTRACT §5). */
  idempotencyKey?: string;
}

export interface ApiResponse {
  status: number;
  data: unknown;
  meta: Meta;
  headers: Readonly<Record<string, string>>;
}

export interface ClientOptions {
  baseUrl: BaseUrl;
  apiKey: string;
  timeoutMs: number;
  userAgent: string;
  /** Human-readable notes for stderr (deprecations). */
  onWarning?: (message: string) => void;
  /** Request/response trace lines for --verbose; the key is already redacted. */
  onTrace?: (line: string) => void;
}

const REDACTED = 'Bearer [redacted]';

export class ApiClient {
  readonly #options: ClientOptions;
  readonly #dispatcher: Dispatcher;
  #warnedDeprecation = false;

  private constructor(options: ClientOptions, dispatcher: Dispatcher) {
    this.#options = options;
    this.#dispatcher = dispatcher;
    if (options.baseUrl.deprecated) this.#warnDeprecated('the base URL uses /api/v0');
  }

  static async create(options: ClientOptions): Promise<ApiClient> {
    const host = new URL(options.baseUrl.href).hostname;
    // Loopback (the emulator) never goes through a proxy; everything else honours
    // HTTPS_PROXY / HTTP_PROXY / NO_PROXY (CONTRACT §2).
    const dispatcher = isLoopbackHost(host) ? new Agent({ keepAliveTimeout: 1_000 }) : await envHttpProxyAgent();
    return new ApiClient(options, dispatcher);
  }

  get baseUrl(): string {
    return this.#options.baseUrl.href;
  }

  url(path: string, query?: RequestOptions['query']): string {
    const url = new URL(this.#options.baseUrl.href + (path.startsWith('/') ? path : `/${path}`));
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, item);
      else url.searchParams.set(name, String(value));
    }
    return url.href;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const url = this.url(path, options.query);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#options.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': this.#options.userAgent,
    };
    if (method === 'POST') headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    this.#traceRequest(method, url, headers, body);

    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.#options.timeoutMs);
    let status: number;
    let responseHeaders: Record<string, string>;
    let text: string;
    try {
      const target = new URL(url);
      const response = await this.#dispatcher.request({
        origin: target.origin,
        path: target.pathname + target.search,
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal: controller.signal,
      });
      status = response.statusCode;
      responseHeaders = flattenHeaders(response.headers);
      text = await response.body.text();
    } catch (error) {
      throw networkError(error, url, controller.signal.aborted, this.#options.timeoutMs);
    } finally {
      clearTimeout(timer);
    }
    this.#traceResponse(status, responseHeaders, text, performance.now() - started);
    if (responseHeaders.deprecation) this.#warnDeprecated(`the server marks ${method} ${path} as deprecated`, responseHeaders);
    return parseResponse(status, responseHeaders, text);
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  #warnDeprecated(what: string, headers?: Record<string, string>): void {
    if (this.#warnedDeprecation) return;
    this.#warnedDeprecation = true;
    const sunset = headers?.sunset ? ` It will be removed after ${headers.sunset}.` : '';
    this.#options.onWarning?.(`API version deprecated: ${what}.${sunset} Use /api/v1.`);
  }

  #traceRequest(method: string, url: string, headers: Record<string, string>, body: string | undefined): void {
    const trace = this.#options.onTrace;
    if (!trace) return;
    trace(`> ${method} ${url}`);
    for (const [name, value] of Object.entries(headers)) trace(`> ${name}: ${name === 'authorization' ? REDACTED : value}`);
    if (body !== undefined) trace(`> ${body}`);
  }

  #traceResponse(status: number, headers: Record<string, string>, text: string, elapsedMs: number): void {
    const trace = this.#options.onTrace;
    if (!trace) return;
    trace(`< ${status} (${Math.round(elapsedMs)} ms)`);
    for (const [name, value] of Object.entries(headers)) trace(`< ${name}: ${value}`);
    trace(`< ${text.length > 2000 ? `${text.slice(0, 2000)}… (${text.length} bytes)` : text}`);
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

export function parseResponse(status: number, headers: Record<string, string>, text: string): ApiResponse {
  let json: unknown;
  try {
    json = text === '' && status === 204 ? { data: null } : JSON.parse(text);
  } catch {
    throw unparseable(status, headers, text, 'is not JSON');
  }
  if (status >= 400) throw errorFromEnvelope(status, headers, json, text);
  const envelope = SuccessEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw unparseable(status, headers, text, 'has no `data` envelope');
  return { status, data: envelope.data.data, meta: envelope.data.meta ?? {}, headers };
}

function errorFromEnvelope(status: number, headers: Record<string, string>, json: unknown, text: string): ApiError {
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw unparseable(status, headers, text, 'is not an error envelope');
  const { error, meta } = envelope.data;
  const requestId = meta?.request_id ?? headers['x-request-id'];
  return new ApiError({
    status,
    code: error.code,
    message: error.message,
    ...(error.details ? { details: stringifyDetails(error.details) } : {}),
    ...(requestId ? { requestId } : {}),
    body: json,
  });
}

function stringifyDetails(details: Record<string, unknown>): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(details)) {
    out[field] = typeof message === 'string' ? message : JSON.stringify(message);
  }
  return out;
}

function unparseable(status: number, headers: Record<string, string>, text: string, problem: string): ApiError {
  const type = headers['content-type'] ? ` (${headers['content-type'].split(';')[0]})` : '';
  const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 120);
  const requestId = headers['x-request-id'];
  return new ApiError({
    // A 2xx we cannot read maps to exit 1 (exitCodeForStatus); an error status keeps its own code.
    status,
    code: 'invalid_response',
    message: `The server answered HTTP ${status} with a body that ${problem}${type}${snippet ? `: ${snippet}` : ''}`,
    ...(requestId ? { requestId } : {}),
  });
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the server',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for the response',
  UND_ERR_BODY_TIMEOUT: 'timed out reading the response',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  UND_ERR_CLOSED: 'the connection closed unexpectedly',
};

function networkError(error: unknown, url: string, timedOut: boolean, timeoutMs: number): NetworkError {
  const origin = new URL(url).origin;
  if (timedOut) {
    return new NetworkError(`Request to ${origin} timed out after ${timeoutMs / 1000} s.`, {
      code: 'timeout',
      hint: 'Raise the limit with --timeout SECONDS.',
      cause: error,
    });
  }
  const err = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = err.code ?? err.cause?.code ?? '';
  const reason = NETWORK_CODES[code] ?? (isTlsCode(code) ? `TLS error (${code})` : err.message || String(error));
  return new NetworkError(`Cannot reach ${origin}: ${reason}.`, { code: 'network_error', cause: error });
}

function isTlsCode(code: string): boolean {
  return /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code);
}
