// The HTTP client (undici). It never prints: warnings and traces go through the callbacks given.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from './undici.js';
import { PlainHttpDispatcher } from './plain-http.js';
import { ApiError, ExitCode, HireError, InterruptedError, MAX_WAIT_SECONDS, NetworkError, UsageError } from '../errors.js';
import { BudgetWaitExceeded, Pacer, ServerClock, formatWait, type PacerOptions } from './pacer.js';
import { dictionary } from '../domain/merge.js';
import type { FieldErrors } from '../domain/rules.js';
import { ErrorEnvelopeSchema, SuccessEnvelopeSchema, type Meta } from './envelope.js';
import { isLoopbackHost, lookupLoopback, type BaseUrl } from './base-url.js';
import { openStream } from './stream.js';

export type QueryValue = string | number | boolean | undefined | readonly string[];

export interface RequestOptions {
  query?: Readonly<Record<string, QueryValue>>;
  /**
   * The path is from the root of the base URL's environment, not the API base: the emulator's
   * controls, `/_emulator` beside `/api/v1` and `/sandbox/_emulator` beside `/sandbox/api/v1`.
   */
  fromRoot?: boolean;
  body?: unknown;
  /** Sent on every POST; one per logical request, reused across its retries (CONTRACT §5). */
  idempotencyKey?: string;
}

export interface RawResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  text: string;
  /**
   * Earlier attempts of this request that may have reached the server and went unanswered (the
   * connection dropped, or the answer was cut short): one of them may have done the work.
   */
  unanswered?: number;
}

export interface RateLimit {
  limit: number;
  remaining: number;
  /** Unix time (seconds) when the window resets. */
  reset: number | undefined;
}

/** An answer larger than this is not read to the end (a list page is well under 1 MiB). */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface ApiResponse {
  status: number;
  data: unknown;
  meta: Meta;
  headers: Readonly<Record<string, string>>;
  /** As RawResponse.unanswered. */
  unanswered?: number;
}

export interface ClientOptions {
  baseUrl: BaseUrl;
  apiKey: string;
  /** Where the key came from, for the message when it cannot be sent: HIRE_API_KEY or a profile. */
  apiKeySource?: { env: string } | { profile: string };
  timeoutMs: number;
  userAgent: string;
  /** Human-readable notes for stderr (deprecations). */
  onWarning?: (message: string) => void;
  /** Request/response trace lines for --verbose; the key is already redacted. */
  onTrace?: (line: string) => void;
  /** Retries for 429, 5xx and network failures (CONTRACT §5); 0 by default. */
  maxRetries?: number;
  /** Says on stderr that a request is retried, and why. */
  onRetry?: (message: string) => void;
  /** First backoff step (doubled each retry, with jitter); 500 ms by default. */
  backoffBaseMs?: number;
  now?: () => number;
  /** The environment to read HTTPS_PROXY, HTTP_PROXY and NO_PROXY from. */
  env?: Readonly<Record<string, string | undefined>>;
}

const REDACTED = 'Bearer [redacted]';

/**
 * A body as --verbose shows it: signing secrets and keys replaced, by field name (`secret`,
 * `key`, …) and by shape (hk_… keys, whsec_… secrets), so that a trace can be pasted anywhere.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/("(?:secret|signing_secret|key|api_key|token|password)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"[redacted]"')
    .replace(/\b(hk_(?:live|test|local)_|whsec_)[A-Za-z0-9+/=_-]+/g, '$1[redacted]');
}

export class ApiClient {
  readonly #options: ClientOptions;
  readonly #dispatcher: Dispatcher;
  #warnedDeprecation = false;
  #rateLimit: RateLimit | undefined;
  /** The server's clock, from its Date headers: where rate-limit resets fall in this process's time. */
  readonly #clock = new ServerClock();
  /** Set for bulk work (pace()): requests wait for the budget instead of running into 429. */
  #pacer: Pacer | undefined;
  /** Aborted by abort(): Ctrl-C ends requests in flight and waits before retries at once. */
  readonly #stopped = new AbortController();

  private constructor(options: ClientOptions, dispatcher: Dispatcher) {
    this.#options = options;
    this.#dispatcher = dispatcher;
    if (options.baseUrl.deprecated) this.#warnDeprecated('the base URL uses /api/v0');
  }

  static async create(options: ClientOptions): Promise<ApiClient> {
    checkKeySendable(options.apiKey, options.apiKeySource);
    const { hostname: host, protocol } = new URL(options.baseUrl.href);
    // Loopback (the emulator) never goes through a proxy; everything else honours
    // HTTPS_PROXY / HTTP_PROXY / NO_PROXY (CONTRACT §2). `localhost` is answered by us, never
    // by a resolver: plain http (and the key) must not leave the machine.
    // Plain http on loopback (the emulator) goes through node:http (plain-http.ts): undici and its
    // WebAssembly parser load only for https (TLS stays undici's) and other hosts.
    const undici = () => import('./undici.js');
    const dispatcher = !isLoopbackHost(host)
      ? await undici().then(({ envHttpProxyAgent, proxySettings }) => envHttpProxyAgent(proxySettings(options.env ?? {})))
      : protocol === 'http:'
        ? (new PlainHttpDispatcher({ lookup: lookupLoopback }) as unknown as Dispatcher)
        : await undici().then(({ Agent }) => new Agent({ keepAliveTimeout: 1_000, connect: { lookup: lookupLoopback } }));
    return new ApiClient(options, dispatcher);
  }

  get baseUrl(): string {
    return this.#options.baseUrl.href;
  }

  url(path: string, query?: RequestOptions['query'], fromRoot = false): string {
    const base = fromRoot ? apiRoot(this.#options.baseUrl.href) : this.#options.baseUrl.href;
    const url = new URL(base + (path.startsWith('/') ? path : `/${path}`));
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, item);
      else url.searchParams.set(name, String(value));
    }
    return url.href;
  }

  /** One API operation: the parsed envelope, or an ApiError / NetworkError. */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const response = await this.send(method, path, options);
    const parsed = parseResponse(response.status, response.headers, response.text);
    return response.unanswered ? { ...parsed, unanswered: response.unanswered } : parsed;
  }

  /**
   * Sends a request, retrying as CONTRACT §5 says, and returns the last answer as received.
   * 429 is retried for every method (nothing was done); 5xx and network failures only where a
   * repeat is safe: GET, and POST (its Idempotency-Key makes the server answer a repeat with the
   * first result). A refused connection never reached the server, so any method is retried.
   */
  async send(method: string, path: string, options: RequestOptions & { headers?: Record<string, string>; rawBody?: string } = {}): Promise<RawResponse> {
    const url = this.url(path, options.query, options.fromRoot);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#options.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': this.#options.userAgent,
      ...options.headers,
    };
    // node:crypto loads only here, for a POST (a dozen built-ins a GET does not need).
    if (method === 'POST') headers['idempotency-key'] = options.idempotencyKey ?? process.getBuiltinModule('node:crypto').randomUUID();
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const maxRetries = this.#options.maxRetries ?? 0;
    let unanswered = 0;
    for (let attempt = 0; ; attempt++) {
      let response: RawResponse;
      await this.#admit();
      try {
        response = await this.#attempt(method, url, headers, body);
        if (unanswered > 0) response = { ...response, unanswered };
      } catch (error) {
        this.#pacer?.settled();
        if (this.#stopped.signal.aborted) throw new InterruptedError();
        // A certificate the client does not trust fails the same way every time (CONTRACT §7).
        const retryable = error instanceof NetworkError && error.code !== 'tls_certificate' && (isRepeatable(method) || error.code === 'connection_refused');
        if (!retryable || attempt >= maxRetries) throw error;
        if (error.code !== 'connection_refused') unanswered += 1;
        await this.#pause(backoffMs(attempt, this.#options.backoffBaseMs), `${error.message.replace(/\.$/, '')}`, attempt, maxRetries);
        continue;
      }
      this.#pacer?.settled();
      if (response.headers.deprecation) this.#warnDeprecated(`the server marks ${method} ${path} as deprecated`, response.headers);
      this.#clock.observe(response.headers.date);
      this.#rateLimit = readRateLimit(response.headers) ?? this.#rateLimit;
      const { status } = response;
      if (status === 429 && this.#pacer) {
        // Bulk work waits for the window, however long (up to --max-wait), and does not spend a retry on it.
        try {
          await this.#pacer.rateLimited(retryAfterSeconds(response, this.#clock.now() ?? Date.now()));
        } catch (error) {
          if (error instanceof BudgetWaitExceeded) throw budgetWaitError(error.waitedMs);
          throw error;
        }
        attempt -= 1;
        continue;
      }
      const retryable = status === 429 || (status >= 500 && isRepeatable(method) && !isPermanent(response));
      if (!retryable || attempt >= maxRetries) return response;
      const waitSeconds = retryAfterSeconds(response, this.#options.now?.() ?? Date.now());
      if (waitSeconds !== undefined && waitSeconds > MAX_WAIT_SECONDS) return response;
      const delay = waitSeconds !== undefined ? waitSeconds * 1000 : backoffMs(attempt, this.#options.backoffBaseMs);
      await this.#pause(delay, status === 429 ? 'Rate limited (429)' : `Server error ${status}`, attempt, maxRetries);
    }
  }

  /**
   * A GET read as it comes (the emulator's request log, `logs tail`), until the server ends it:
   * chunks to `onData`. Not retried; an answer other than 200 throws as request() would.
   */
  async stream(path: string, options: RequestOptions, idleMs: number, onData: (chunk: Buffer) => void): Promise<void> {
    const url = this.url(path, options.query, options.fromRoot);
    const headers = { authorization: `Bearer ${this.#options.apiKey}`, accept: 'application/x-ndjson', 'user-agent': this.#options.userAgent };
    this.#traceRequest('GET', url, headers, undefined);
    const refused = await openStream(this.#dispatcher, url, headers, { startMs: this.#options.timeoutMs, idleMs, onData }).catch((error: unknown) => {
      if (this.#stopped.signal.aborted) throw new InterruptedError();
      throw error instanceof HireError ? error : networkError(error, url, false, this.#options.timeoutMs);
    });
    if (refused) parseResponse(refused.status, refused.headers, refused.text);
  }

  /** The rate-limit headroom the server last reported, if it did. */
  /** Local milliseconds until the server's clock shows this Unix time (a rate-limit reset); 0 when past. */
  localMsUntil(unixSeconds: number): number {
    return this.#clock.localMsUntil(unixSeconds);
  }

  get rateLimit(): RateLimit | undefined {
    return this.#rateLimit;
  }

  /**
   * Bulk work from now on (CONTRACT §7 "Rate limits in bulk"): every request waits for the key's
   * budget (keeping `reserve` for others), a 429 waits for its window's reset however long, and
   * waiting past `maxWaitMs` in all ends the request in a rate_limit_wait error (exit 5).
   */
  pace(options: Omit<PacerOptions, 'sleep'>): Pacer {
    const sleepInterruptibly = (ms: number) =>
      sleep(ms, undefined, { signal: this.#stopped.signal }).catch(() => {
        throw new InterruptedError();
      });
    this.#pacer = new Pacer(() => this.#rateLimit, this.#clock, { ...options, sleep: sleepInterruptibly });
    return this.#pacer;
  }

  async #admit(): Promise<void> {
    try {
      await this.#pacer?.admit();
    } catch (error) {
      if (error instanceof BudgetWaitExceeded) throw budgetWaitError(error.waitedMs);
      throw error;
    }
  }

  async #pause(delayMs: number, reason: string, attempt: number, maxRetries: number): Promise<void> {
    const seconds = delayMs >= 1000 ? `${Math.round(delayMs / 100) / 10} s` : `${Math.round(delayMs)} ms`;
    this.#options.onRetry?.(`${reason}; retrying in ${seconds} (retry ${attempt + 1} of ${maxRetries}).`);
    await sleep(delayMs, undefined, { signal: this.#stopped.signal }).catch(() => {
      throw new InterruptedError();
    });
  }

  async #attempt(method: string, url: string, headers: Record<string, string>, body: string | undefined): Promise<RawResponse> {
    this.#traceRequest(method, url, headers, body);
    const started = performance.now();
    let timedOut = false;
    try {
      const response = await exchange(this.#dispatcher, url, method, headers, body, this.#options.timeoutMs, () => {
        timedOut = true;
      });
      this.#traceResponse(response.status, response.headers, response.text, performance.now() - started);
      return response;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if ((error as { code?: unknown }).code === 'UND_ERR_INVALID_ARG') throw unsendable(error as Error);
      throw networkError(error, url, timedOut, this.#options.timeoutMs);
    }
  }

  async close(): Promise<void> {
    if (!this.#stopped.signal.aborted) await this.#dispatcher.close();
  }

  /**
   * For Ctrl-C: drops every request in flight (close() would wait for their answers) and any wait
   * before a retry; they end in an InterruptedError, and nothing is retried or sent after this.
   */
  abort(): void {
    if (this.#stopped.signal.aborted) return;
    this.#stopped.abort();
    this.#dispatcher.destroy().catch(() => undefined);
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
    if (body !== undefined) trace(`> ${redactSecrets(body)}`);
  }

  #traceResponse(status: number, headers: Record<string, string>, text: string, elapsedMs: number): void {
    const trace = this.#options.onTrace;
    if (!trace) return;
    trace(`< ${status} (${Math.round(elapsedMs)} ms)`);
    for (const [name, value] of Object.entries(headers)) trace(`< ${name}: ${value}`);
    const shown = redactSecrets(text.length > 2000 ? text.slice(0, 2000) : text);
    trace(`< ${text.length > 2000 ? `${shown}… (${text.length} bytes)` : shown}`);
  }
}

/**
 * One request and its whole answer, through undici's dispatcher with a small handler: what
 * `request()` does, without loading undici's body mixins and fetch helpers (about a sixth of its
 * start-up cost). The timeout covers the exchange, body included.
 */
function exchange(
  dispatcher: Dispatcher,
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
  onTimeout: () => void,
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise<RawResponse>((resolve, reject) => {
    let status = 0;
    let size = 0;
    let responseHeaders: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let control: Dispatcher.DispatchController | undefined;
    const timer = setTimeout(() => {
      onTimeout();
      const error = new Error(`timed out after ${timeoutMs} ms`);
      if (control) control.abort(error);
      else reject(error);
    }, timeoutMs);
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      outcome();
    };
    dispatcher.dispatch(
      { origin: target.origin, path: target.pathname + target.search, method: method as Dispatcher.HttpMethod, headers, body: body ?? null },
      {
        onRequestStart(controller) {
          control = controller;
        },
        onResponseStart(_controller, statusCode, received) {
          status = statusCode;
          responseHeaders = flattenHeaders(received as Record<string, string | string[] | undefined>);
        },
        onResponseData(controller, chunk) {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            controller.abort(
              new ApiError({
                status,
                code: 'response_too_large',
                message: `The server's answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB; hire stopped reading it.`,
              }),
            );
            return;
          }
          chunks.push(chunk);
        },
        onResponseEnd() {
          settle(() => resolve({ status, headers: responseHeaders, text: Buffer.concat(chunks).toString('utf8') }));
        },
        onResponseError(_controller, error) {
          settle(() => reject(error));
        },
      },
    );
  });
}

/** The base URL without its `/api/vN`: the origin, or `{origin}/sandbox` for the emulator's sandbox. */
function apiRoot(href: string): string {
  const url = new URL(href);
  const prefix = /^(.*)\/api\/v\d+\/*$/.exec(url.pathname)?.[1] ?? '';
  return url.origin + prefix;
}

function budgetWaitError(waitedMs: number): HireError {
  return new HireError(`Stopped: waiting for the rate limit would pass --max-wait (waited ${formatWait(waitedMs)} so far).`, {
    exitCode: ExitCode.rateLimited,
    code: 'rate_limit_wait',
    hint: 'Run it again later (with --resume for an export, or the same file for an import: done rows are skipped), or allow more waiting with --max-wait.',
  });
}

function isRepeatable(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'POST';
}

/** A 5xx that says it will not pass (the local emulator's `data_damaged`): the same answer every time. */
function isPermanent(response: RawResponse): boolean {
  return response.text.includes('"data_damaged"') && /"code"\s*:\s*"data_damaged"/.test(response.text.slice(0, 4096));
}

/** Exponential backoff with jitter: base·2^attempt, between half and all of it, at most 8 s. */
export function backoffMs(attempt: number, baseMs = 500): number {
  const ceiling = Math.min(8_000, baseMs * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * How long a 429 (or 503) asks to wait (CONTRACT §5): `retry_after` at the body's top level or in
 * `error`, else a Retry-After header, else (a 429) until X-RateLimit-Reset; undefined when none says.
 */
export function retryAfterSeconds(response: RawResponse, nowMs: number): number | undefined {
  let body: { retry_after?: unknown; error?: { retry_after?: unknown } } | undefined;
  try {
    body = JSON.parse(response.text) as typeof body;
  } catch {
    body = undefined;
  }
  for (const value of [body?.retry_after, body?.error?.retry_after, response.headers['retry-after']]) {
    const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  // The rate window's reset says when a 429 ends; a 503 carries the headers of a window it is not about.
  const reset = Number(response.headers['x-ratelimit-reset']);
  if (response.status === 429 && response.headers['x-ratelimit-reset'] && Number.isFinite(reset)) return Math.max(0, reset - Math.floor(nowMs / 1000));
  return undefined;
}

function readRateLimit(headers: Readonly<Record<string, string>>): RateLimit | undefined {
  const remaining = Number(headers['x-ratelimit-remaining']);
  if (!headers['x-ratelimit-remaining'] || !Number.isFinite(remaining)) return undefined;
  const limit = headers['x-ratelimit-limit'] ? Number(headers['x-ratelimit-limit']) : Number.NaN;
  const reset = Number(headers['x-ratelimit-reset']);
  return { limit, remaining, reset: Number.isFinite(reset) ? reset : undefined };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** 3xx answers are never followed: the Authorization header must not go where the user did not say. */
export function redirectMessage(status: number, location: string | undefined): string {
  return `The server answered HTTP ${status}, a redirect${location ? ` to ${location}` : ''}; hire does not follow redirects, so that the API key goes nowhere else. Check the base URL.`;
}

export function parseResponse(status: number, headers: Readonly<Record<string, string>>, text: string): ApiResponse {
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
  if (status >= 400) throw errorFromEnvelope(status, headers, json, text);
  const envelope = SuccessEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw unparseable(status, headers, text, 'has no `data` envelope');
  return { status, data: envelope.data.data, meta: envelope.data.meta ?? {}, headers };
}

function errorFromEnvelope(status: number, headers: Readonly<Record<string, string>>, json: unknown, text: string): ApiError {
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw unparseable(status, headers, text, 'is not an error envelope');
  const { error, meta } = envelope.data;
  const requestId = meta?.request_id ?? headers['x-request-id'];
  const retryAfter = status === 429 ? retryAfterSeconds({ status, headers, text }, Date.now()) : undefined;
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

function stringifyDetails(details: Record<string, unknown>): FieldErrors {
  const out: FieldErrors = dictionary();
  for (const [field, message] of Object.entries(details)) {
    out[field] = typeof message === 'string' ? message : JSON.stringify(message);
  }
  return out;
}

function unparseable(status: number, headers: Readonly<Record<string, string>>, text: string, problem: string): ApiError {
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
    ...(status === 404 ? { hint: "That is not the API's JSON: is the base URL right? It is the API's address, version prefix included (https://host/api/v1)." } : {}),
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
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server does not speak TLS (a plain-http server at an https URL?)',
};

/**
 * A key is sent in the Authorization header, which carries neither line breaks nor characters
 * beyond Latin-1 (undici refuses them, and retrying cannot help): an input error, before any
 * request, that says what is wrong and where the key came from, never the key (CONTRACT §7).
 */
function checkKeySendable(apiKey: string, source: ClientOptions['apiKeySource']): void {
  const chars = [...apiKey];
  const index = chars.findIndex((char) => /[^\x20-\x7e\xa0-\xff]/.test(char));
  if (index < 0) return;
  const char = chars[index]!;
  const kind = /[\r\n]/.test(char) ? 'a line break' : char.codePointAt(0)! > 0xff ? 'a character outside Latin-1' : 'a control character';
  const [where, hint] =
    source === undefined
      ? ['The API key', 'Use the key exactly as the dashboard shows it.']
      : 'env' in source
        ? [`The API key in ${source.env}`, `Set ${source.env} to the key exactly as the dashboard shows it.`]
        : [`The API key stored in profile "${source.profile}"`, `Store it again, exactly as the dashboard shows it: \`hire auth login --profile ${source.profile}\`.`];
  throw new UsageError(`${where} contains ${kind} (character ${index + 1}), which cannot be sent in an HTTP header.`, { code: 'invalid_api_key', hint });
}

/** undici refused to send a request as given (a header value it cannot carry): an input error, not a network one. */
function unsendable(error: Error): UsageError {
  const header = /^invalid (\S+) header$/.exec(error.message)?.[1];
  return new UsageError(
    header ? `The ${header} header contains a character that cannot be sent in an HTTP header (a line break, a control character or one outside Latin-1).` : `hire cannot send this request: ${error.message}.`,
    { code: 'unsendable_request' },
  );
}

/**
 * Certificate failures, as Node's TLS names them (`err.code`), in words; each one repeats on
 * every attempt, so none is retried. Other TLS failures (a reset handshake) stay network errors.
 */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'it is issued by an unknown certificate authority',
  UNABLE_TO_GET_ISSUER_CERT: 'it is issued by an unknown certificate authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'it is issued by an unknown certificate authority',
  CERT_UNTRUSTED: 'it is not trusted',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  CERT_REVOKED: 'it has been revoked',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is issued for another host name',
};

function certificateError(code: string, origin: string, error: unknown): NetworkError | undefined {
  const problem = CERTIFICATE_PROBLEMS[code] ?? (/CERT/.test(code) && !code.startsWith('ERR_SSL_') ? 'it was rejected' : undefined);
  if (problem === undefined) return undefined;
  const hint =
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
      ? 'Check the host in the base URL: the certificate names another.'
      : code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID'
        ? "Check this machine's clock; otherwise the server's certificate must be renewed."
        : "If a proxy or firewall re-signs HTTPS traffic, set NODE_EXTRA_CA_CERTS to a PEM file of its CA certificate; otherwise the server's certificate is at fault.";
  return new NetworkError(`Cannot reach ${origin}: TLS certificate problem: ${problem} (${code}). Not retried.`, {
    code: 'tls_certificate',
    hint,
    cause: error,
  });
}

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
  const certificate = certificateError(code, origin, error);
  if (certificate) return certificate;
  const reason = NETWORK_CODES[code] ?? (isTlsCode(code) ? `TLS error (${code})` : err.message || String(error));
  return new NetworkError(`Cannot reach ${origin}: ${reason}.`, {
    code: code === 'ECONNREFUSED' ? 'connection_refused' : 'network_error',
    cause: error,
  });
}

function isTlsCode(code: string): boolean {
  return /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code);
}
