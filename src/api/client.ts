// The HTTP client (undici). It never prints: warnings and traces go through the callbacks given.
import type { Dispatcher } from './undici.js';
import { PlainHttpDispatcher } from './plain-http.js';
import { ApiError, ExitCode, HireError, InterruptedError, NetworkError, UsageError } from '../errors.js';
import { systemClock, type Clock } from './clock.js';
import { DeprecationNotice } from './deprecation.js';
import {
  BudgetWaitExceeded,
  Pacer,
  ServerClock,
  formatSpan,
  formatWait,
  type PacerOptions,
  type PacerWording,
} from './pacer.js';
import { askedWaitSeconds, readRateLimit, reportedRateLimit, type Budget, type RateLimit } from './rate-limit.js';
import { decideAnswer, decideFailure } from './retry.js';
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
  /** Sent on every POST; one per logical request, reused across its retries (docs/api-choices.md §7). */
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

export type { RateLimit };

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

/**
 * Everything the client needs; none of it is the CLI's. It never prints: what a person should
 * read comes through the callbacks (the CLI renders them on stderr).
 */
export interface ClientOptions {
  baseUrl: BaseUrl;
  apiKey: string;
  /** Where the key came from, for the message when it cannot be sent: HIRE_API_KEY or a profile. */
  apiKeySource?: { env: string } | { profile: string };
  timeoutMs: number;
  userAgent: string;
  /** The transport; by default an Agent (loopback) or the proxy-aware agent of `env` (create()). */
  dispatcher?: Dispatcher;
  /** The one clock of sends, retries and pacing; the system's by default. */
  clock?: Clock;
  /** Jitter for backoff (0 ≤ x < 1); Math.random by default. */
  random?: () => number;
  /** Human-readable notes for stderr (deprecations). */
  onWarning?: (message: string) => void;
  /** Request/response trace lines for --verbose; the key is already redacted. */
  onTrace?: (line: string) => void;
  /** Retries for 429, 5xx and network failures (docs/api-choices.md §7); 0 by default. */
  maxRetries?: number;
  /** Says on stderr that a request is retried, and why. */
  onRetry?: (message: string) => void;
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

/** What a client and its paced siblings share: the transport, the clocks, the budget, Ctrl-C. */
class Shared {
  readonly dispatcher: Dispatcher;
  readonly clock: Clock;
  readonly serverClock: ServerClock;
  readonly deprecation: DeprecationNotice;
  /** Aborted by abort(): Ctrl-C ends requests in flight and waits before retries at once. */
  readonly stopped = new AbortController();
  /** The headers as last reported (hire status shows them). */
  rateLimit: RateLimit | undefined;
  /** The budget as believed (pacing): undefined when unknown or not believable. */
  budget: Budget | undefined;

  constructor(options: ClientOptions, dispatcher: Dispatcher) {
    this.dispatcher = dispatcher;
    this.clock = options.clock ?? systemClock;
    this.serverClock = new ServerClock(() => this.clock.now(), {
      mayRunFast: isLoopbackHost(new URL(options.baseUrl.href).hostname),
    });
    this.deprecation = new DeprecationNotice(options.onWarning);
  }
}

export class ApiClient {
  readonly #options: ClientOptions;
  readonly #shared: Shared;
  /** Bulk work (paced()): requests wait for the budget instead of running into 429. */
  readonly #pacer: Pacer | undefined;

  /**
   * A client on `options.dispatcher` (for plain http on loopback, node:http when none is given;
   * anything else needs a dispatcher, which create() makes). `paced` is paced()'s own: a
   * sibling sharing this client's transport, clocks and budget.
   */
  constructor(options: ClientOptions, paced?: { shared: Shared; pacer: Pacer }) {
    this.#options = options;
    if (paced) {
      this.#shared = paced.shared;
      this.#pacer = paced.pacer;
      return;
    }
    checkKeySendable(options.apiKey, options.apiKeySource);
    this.#shared = new Shared(options, options.dispatcher ?? defaultDispatcher(options.baseUrl.href));
    this.#pacer = undefined;
    if (options.baseUrl.deprecated) this.#shared.deprecation.deprecated('the base URL uses /api/v0');
  }

  static async create(options: ClientOptions): Promise<ApiClient> {
    checkKeySendable(options.apiKey, options.apiKeySource);
    if (options.dispatcher) return new ApiClient(options);
    const { hostname: host, protocol } = new URL(options.baseUrl.href);
    // Loopback (the emulator) never goes through a proxy; everything else honours
    // HTTPS_PROXY / HTTP_PROXY / NO_PROXY (docs/profiles.md "Precedence"). `localhost` is answered by us, never
    // by a resolver: plain http (and the key) must not leave the machine.
    // Plain http on loopback (the emulator) goes through node:http (plain-http.ts): undici and its
    // WebAssembly parser load only for https (TLS stays undici's) and other hosts.
    const undici = () => import('./undici.js');
    const dispatcher = !isLoopbackHost(host)
      ? await undici().then(({ envHttpProxyAgent, proxySettings }) =>
          envHttpProxyAgent(proxySettings(options.env ?? {})),
        )
      : protocol === 'http:'
        ? (new PlainHttpDispatcher({ lookup: lookupLoopback }) as unknown as Dispatcher)
        : await undici().then(
            ({ Agent }) => new Agent({ keepAliveTimeout: 1_000, connect: { lookup: lookupLoopback } }),
          );
    return new ApiClient({ ...options, dispatcher });
  }

  get baseUrl(): string {
    return this.#options.baseUrl.href;
  }

  url(path: string, query?: RequestOptions['query'], fromRoot = false): string {
    const base = fromRoot ? apiRoot(this.#options.baseUrl.href) : this.#options.baseUrl.href;
    const url = new URL(base + (path.startsWith('/') ? path : `/${path}`));
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item));
      else url.searchParams.set(name, String(value));
    }
    return url.href;
  }

  /** One API operation: the parsed envelope, or an ApiError / NetworkError. */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const response = await this.send(method, path, options);
    const parsed = parseResponse(response.status, response.headers, response.text, this.#shared.serverClock.now());
    return response.unanswered ? { ...parsed, unanswered: response.unanswered } : parsed;
  }

  /**
   * Sends a request, retrying as docs/api-choices.md §7 says (retry.ts), and returns the last answer as
   * received. In bulk work (paced()), every attempt is first admitted by the pacer, and a 429 is
   * the pacer's to wait out, within its bounds, without spending a retry.
   */
  async send(
    method: string,
    path: string,
    options: RequestOptions & { headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<RawResponse> {
    const url = this.url(path, options.query, options.fromRoot);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#options.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': this.#options.userAgent,
      ...options.headers,
    };
    // node:crypto loads only here, for a POST (a dozen built-ins a GET does not need).
    if (method === 'POST')
      headers['idempotency-key'] = options.idempotencyKey ?? process.getBuiltinModule('node:crypto').randomUUID();
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const policy = {
      method,
      maxRetries: this.#options.maxRetries ?? 0,
      attempt: 0,
      ...(this.#options.random ? { random: this.#options.random } : {}),
    };
    const pacer = this.#pacer;
    let unanswered = 0;
    for (;;) {
      if (pacer) await bounded(pacer.admit(), pacer.wording);
      let response: RawResponse;
      const sentAt = this.#shared.clock.now();
      try {
        response = await this.#attempt(method, url, headers, body);
        if (unanswered > 0) response = { ...response, unanswered };
      } catch (error) {
        pacer?.settled();
        if (this.#shared.stopped.signal.aborted) throw new InterruptedError();
        const decision = decideFailure(error, policy);
        if (!decision.retry) throw error;
        if ((error as NetworkError).code !== 'connection_refused') unanswered += 1;
        await this.#pause(decision, policy);
        continue;
      }
      this.#shared.deprecation.answer(method, path, response.headers);
      this.#observeRateLimit(response.headers, sentAt);
      if (pacer) {
        // A 429 holds every request before any other learns that this one is answered.
        let holdMs: number | undefined;
        let refused: unknown;
        if (response.status === 429) {
          const asked = askedWaitSeconds(response.headers, response.text);
          try {
            holdMs = pacer.rateLimited(asked, asked === undefined ? undefined : askedWords(response));
          } catch (error) {
            refused = error;
          }
        }
        pacer.settled(response.status);
        if (refused !== undefined)
          throw refused instanceof BudgetWaitExceeded ? budgetWaitError(refused, pacer.wording) : (refused as Error);
        // An explicit --reserve the key's limit cannot leave anything beside: exit 2, at once.
        pacer.checkReserve(this.#shared.budget);
        if (holdMs !== undefined) {
          await bounded(pacer.holdFor(holdMs), pacer.wording);
          continue;
        }
      }
      // A 5xx that says it will not pass (the local emulator's `data_damaged`): the same answer every time.
      if (isPermanent(response)) return response;
      const decision = decideAnswer(response.status, this.#askedWait(response), policy);
      if (!decision.retry) return response;
      await this.#pause(decision, policy);
    }
  }

  /**
   * A GET read as it comes (the emulator's request log, `logs tail`), until the server ends it:
   * chunks to `onData`. Not retried; an answer other than 200 throws as request() would.
   */
  async stream(path: string, options: RequestOptions, idleMs: number, onData: (chunk: Buffer) => void): Promise<void> {
    const url = this.url(path, options.query, options.fromRoot);
    const headers = {
      authorization: `Bearer ${this.#options.apiKey}`,
      accept: 'application/x-ndjson',
      'user-agent': this.#options.userAgent,
    };
    this.#traceRequest('GET', url, headers, undefined);
    const refused = await openStream(this.#shared.dispatcher, url, headers, {
      startMs: this.#options.timeoutMs,
      idleMs,
      onData,
    }).catch((error: unknown) => {
      if (this.#shared.stopped.signal.aborted) throw new InterruptedError();
      throw error instanceof HireError ? error : networkError(error, url, false, this.#options.timeoutMs);
    });
    if (refused) parseResponse(refused.status, refused.headers, refused.text);
  }

  /** Local milliseconds until the server's clock shows this Unix time (a rate-limit reset); 0 when past. */
  localMsUntil(unixSeconds: number): number {
    return this.#shared.serverClock.localMsUntil(unixSeconds);
  }

  /** The rate-limit headers the server last reported, if it did, as reported. */
  get rateLimit(): RateLimit | undefined {
    return this.#shared.rateLimit;
  }

  /** The budget as believed (headers that can be true); undefined when unknown. */
  get budget(): Budget | undefined {
    return this.#shared.budget;
  }

  /**
   * A sibling of this client for bulk work (docs/api-choices.md §6): every request
   * waits for the key's budget (keeping a reserve for others), a 429 holds every request for the
   * wait it asks, and waiting past `maxWaitMs` in all, or any single wait longer than a day, ends
   * the request in a rate_limit_wait error (exit 5). It shares this client's transport and budget.
   */
  paced(options: PacerOptions): ApiClient {
    const shared = this.#shared;
    const pacer = new Pacer(
      {
        clock: shared.clock,
        serverClock: shared.serverClock,
        budget: () => shared.budget,
        signal: shared.stopped.signal,
      },
      options,
    );
    return new ApiClient(this.#options, { shared, pacer });
  }

  /** `sentAt`: when the request was sent (local ms); its answer's Date was written since. */
  #observeRateLimit(headers: Readonly<Record<string, string>>, sentAt: number): void {
    const shared = this.#shared;
    const dated = shared.serverClock.observe(headers.date, sentAt);
    shared.rateLimit = reportedRateLimit(headers) ?? shared.rateLimit;
    // An answer with no X-RateLimit headers leaves the budget as it was; one whose headers cannot
    // be true (or whose Date is far from the others') makes it unknown.
    const reading = readRateLimit(headers, dated ? shared.serverClock.now() : undefined);
    if (reading.kind === 'believed') shared.budget = reading.budget;
    else if (reading.kind === 'unbelievable') shared.budget = undefined;
  }

  /** A 429's wait in seconds: as asked, else until the believed window's reset. */
  #askedWait(response: RawResponse): number | undefined {
    if (response.status !== 429 && response.status !== 503) return undefined;
    const asked = askedWaitSeconds(response.headers, response.text);
    if (asked !== undefined || response.status !== 429) return asked;
    const budget = this.#shared.budget;
    const now = this.#shared.serverClock.now();
    return budget === undefined || now === undefined ? undefined : Math.max(0, budget.reset - Math.floor(now / 1000));
  }

  async #pause(
    decision: { delayMs: number; reason: string },
    policy: { attempt: number; maxRetries: number },
  ): Promise<void> {
    const { delayMs } = decision;
    const seconds = delayMs >= 1000 ? `${Math.round(delayMs / 100) / 10} s` : `${Math.round(delayMs)} ms`;
    this.#options.onRetry?.(
      `${decision.reason}; retrying in ${seconds} (retry ${policy.attempt + 1} of ${policy.maxRetries}).`,
    );
    policy.attempt += 1;
    await this.#shared.clock.sleep(delayMs, this.#shared.stopped.signal).catch(() => {
      throw new InterruptedError();
    });
  }

  async #attempt(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<RawResponse> {
    const { clock, dispatcher } = this.#shared;
    this.#traceRequest(method, url, headers, body);
    const started = clock.now();
    let timedOut = false;
    try {
      const response = await exchange(dispatcher, clock, url, method, headers, body, this.#options.timeoutMs, () => {
        timedOut = true;
      });
      this.#traceResponse(response.status, response.headers, response.text, clock.now() - started);
      return response;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if ((error as { code?: unknown }).code === 'UND_ERR_INVALID_ARG') throw unsendable(error as Error);
      throw networkError(error, url, timedOut, this.#options.timeoutMs);
    }
  }

  async close(): Promise<void> {
    if (!this.#shared.stopped.signal.aborted) await this.#shared.dispatcher.close();
  }

  /**
   * For Ctrl-C: drops every request in flight (close() would wait for their answers) and any wait
   * before a retry; they end in an InterruptedError, and nothing is retried or sent after this.
   */
  abort(): void {
    const shared = this.#shared;
    if (shared.stopped.signal.aborted) return;
    shared.stopped.abort(new InterruptedError());
    shared.dispatcher.destroy().catch(() => undefined);
  }

  #traceRequest(method: string, url: string, headers: Record<string, string>, body: string | undefined): void {
    const trace = this.#options.onTrace;
    if (!trace) return;
    trace(`> ${method} ${url}`);
    for (const [name, value] of Object.entries(headers))
      trace(`> ${name}: ${name === 'authorization' ? REDACTED : value}`);
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

/** The pacer's refusal to wait, as the error a command ends in (exit 5); anything else as it is. */
async function bounded(waiting: Promise<void>, wording: PacerWording): Promise<void> {
  try {
    await waiting;
  } catch (error) {
    if (error instanceof BudgetWaitExceeded) throw budgetWaitError(error, wording);
    throw error;
  }
}

/** What a 429 said about its wait, in the server's words: `Retry-After: 99999999`. */
function askedWords(response: RawResponse): string {
  const header = response.headers['retry-after'];
  const fromBody = askedWaitSeconds({}, response.text);
  if (fromBody !== undefined) return `retry_after ${fromBody}`;
  return `Retry-After: ${header ?? ''}`.trim();
}

/**
 * One request and its whole answer, through undici's dispatcher with a small handler: what
 * `request()` does, without loading undici's body mixins and fetch helpers (about a sixth of its
 * start-up cost). The timeout covers the exchange, body included.
 */
function exchange(
  dispatcher: Dispatcher,
  clock: Clock,
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
    const timer = new AbortController();
    clock.sleep(timeoutMs, timer.signal).then(
      () => {
        onTimeout();
        const error = new Error(`timed out after ${timeoutMs} ms`);
        if (control) control.abort(error);
        else reject(error);
      },
      () => undefined,
    );
    const settle = (outcome: () => void) => {
      timer.abort();
      outcome();
    };
    dispatcher.dispatch(
      { origin: target.origin, path: target.pathname + target.search, method, headers, body: body ?? null },
      {
        onRequestStart(controller) {
          control = controller;
        },
        onResponseStart(_controller, statusCode, received) {
          status = statusCode;
          responseHeaders = flattenHeaders(received);
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

/**
 * The job stops (exit 5) rather than wait: it says what the server asked (or how long the budget
 * would take), why hire does not wait that long, and what to run later.
 */
function budgetWaitError(refusal: BudgetWaitExceeded, wording: PacerWording): HireError {
  const asked = refusal.asked ? ` (${refusal.asked})` : '';
  const what = refusal.asked
    ? `the server asks to wait ${formatSpan(refusal.askedMs)}${asked}`
    : `the rate limit's window resets in ${formatSpan(refusal.askedMs)}`;
  const message =
    refusal.why === 'longest_window'
      ? `Stopped: ${what}, longer than the API's longest window (a day); hire does not wait that long.`
      : `Stopped: waiting for the rate limit would pass ${wording.maxWait} (${formatSpan(refusal.maxWaitMs)} in all): ${what}, and ${formatWait(refusal.waitedMs)} was waited so far.`;
  return new HireError(message, {
    exitCode: ExitCode.rateLimited,
    code: 'rate_limit_wait',
    hint: wording.later + (refusal.why === 'max_wait' ? `, or allow more waiting with ${wording.maxWait}.` : '.'),
  });
}

/** A 5xx that says it will not pass (the local emulator's `data_damaged`): the same answer every time. */
function isPermanent(response: RawResponse): boolean {
  return response.text.includes('"data_damaged"') && /"code"\s*:\s*"data_damaged"/.test(response.text.slice(0, 4096));
}

/** The transport when none is given: node:http for the emulator's plain http; others need create(). */
function defaultDispatcher(href: string): Dispatcher {
  const { hostname, protocol } = new URL(href);
  if (protocol === 'http:' && isLoopbackHost(hostname))
    return new PlainHttpDispatcher({ lookup: lookupLoopback }) as unknown as Dispatcher;
  throw new TypeError('ApiClient: pass a dispatcher for this address, or make the client with ApiClient.create().');
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
  const envelope = SuccessEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw unparseable(status, headers, text, 'has no `data` envelope');
  return { status, data: envelope.data.data, meta: envelope.data.meta ?? {}, headers };
}

function errorFromEnvelope(
  status: number,
  headers: Readonly<Record<string, string>>,
  json: unknown,
  text: string,
  serverNowMs: number | undefined,
): ApiError {
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw unparseable(status, headers, text, 'is not an error envelope');
  const { error, meta } = envelope.data;
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
 * request, that says what is wrong and where the key came from, never the key (docs/profiles.md "Keys stay secret").
 */
function checkKeySendable(apiKey: string, source: ClientOptions['apiKeySource']): void {
  const chars = [...apiKey];
  const index = chars.findIndex((char) => /[^\x20-\x7e\xa0-\xff]/.test(char));
  if (index < 0) return;
  const char = chars[index]!;
  const kind = /[\r\n]/.test(char)
    ? 'a line break'
    : char.codePointAt(0)! > 0xff
      ? 'a character outside Latin-1'
      : 'a control character';
  const [where, hint] =
    source === undefined
      ? ['The API key', 'Use the key exactly as the dashboard shows it.']
      : 'env' in source
        ? [`The API key in ${source.env}`, `Set ${source.env} to the key exactly as the dashboard shows it.`]
        : [
            `The API key stored in profile "${source.profile}"`,
            `Store it again, exactly as the dashboard shows it: \`hire auth login --profile ${source.profile}\`.`,
          ];
  throw new UsageError(`${where} contains ${kind} (character ${index + 1}), which cannot be sent in an HTTP header.`, {
    code: 'invalid_api_key',
    hint,
  });
}

/** undici refused to send a request as given (a header value it cannot carry): an input error, not a network one. */
function unsendable(error: Error): UsageError {
  const header = /^invalid (\S+) header$/.exec(error.message)?.[1];
  return new UsageError(
    header
      ? `The ${header} header contains a character that cannot be sent in an HTTP header (a line break, a control character or one outside Latin-1).`
      : `hire cannot send this request: ${error.message}.`,
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
  const problem =
    CERTIFICATE_PROBLEMS[code] ?? (/CERT/.test(code) && !code.startsWith('ERR_SSL_') ? 'it was rejected' : undefined);
  if (problem === undefined) return undefined;
  const hint =
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
      ? 'Check the host in the base URL: the certificate names another.'
      : code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID'
        ? "Check this machine's clock; otherwise the server's certificate must be renewed."
        : "If a proxy or firewall re-signs HTTPS traffic, set NODE_EXTRA_CA_CERTS to a PEM file of its CA certificate, or NODE_USE_SYSTEM_CA=1 (Node 22.19+ and 24.6+) to trust the system's store where it is installed; otherwise the server's certificate is at fault.";
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
