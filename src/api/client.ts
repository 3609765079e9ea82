// The HTTP client: requests to the API as one send loop (send-loop.ts) over its attempt policies
// (retry.ts, and in bulk work pacer.ts), on a transport (transport.ts), answers read as the API's
// envelope (response.ts). It never prints: warnings and traces go through the callbacks given.
import { checkKeySendable, type ApiKeySource } from './api-key.js';
import { isLoopbackHost, type BaseUrl } from './base-url.js';
import { systemClock, type Clock } from './clock.js';
import { DeprecationNotice } from './deprecation.js';
import { failedExchange, networkError } from './network-errors.js';
import { memoryBook, type OfferedBook } from './offered-book.js';
import { Pacer, ServerClock, type PacerOptions } from './pacer.js';
import { readRateLimit, reportedRateLimit, type Budget, type RateLimit } from './rate-limit.js';
import { parseResponse, type ApiResponse } from './response.js';
import { RetryPolicy } from './retry.js';
import { runSendLoop, type AttemptPolicy } from './send-loop.js';
import { openStream } from './stream.js';
import { traceRequest, traceResponse } from './trace.js';
import { defaultDispatcher, dispatcherFor, exchange, type Dispatcher, type RawResponse } from './transport.js';
import { ApiError, HireError, InterruptedError } from '../errors.js';
import { KeyRedactor } from '../redaction.js';
import type { WarningFacts } from '../warnings.js';

export { parseResponse, redirectMessage, type ApiResponse } from './response.js';
export { redactSecrets } from './trace.js';
export { MAX_RESPONSE_BYTES, type RawResponse } from './transport.js';
export type { RateLimit };

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

/**
 * Everything the client needs; none of it is the CLI's. It never prints: what a person should
 * read comes through the callbacks (the CLI renders them on stderr).
 */
export interface ClientOptions {
  baseUrl: BaseUrl;
  apiKey: string;
  /** Where the key came from, for the message when it cannot be sent: HIRE_API_KEY or a profile. */
  apiKeySource?: ApiKeySource;
  timeoutMs: number;
  userAgent: string;
  /** The transport; by default an Agent (loopback) or the proxy-aware agent of `env` (create()). */
  dispatcher?: Dispatcher;
  /** Called by create() just before it loads undici; the library passes none (transport.ts). */
  beforeUndici?: () => void;
  /** The one clock of sends, retries and pacing; the system's by default. */
  clock?: Clock;
  /** Jitter for backoff (0 ≤ x < 1); Math.random by default. */
  random?: () => number;
  /** Human-readable notes for stderr (deprecations), with their code and facts for scripts. */
  onWarning?: (message: string, facts: WarningFacts) => void;
  /** Request/response trace lines for --verbose; the key is already redacted. */
  onTrace?: (line: string) => void;
  /** Retries for 429, 5xx and network failures (docs/api-choices.md §7); 0 by default. */
  maxRetries?: number;
  /** Says on stderr that a request is retried, and why. */
  onRetry?: (message: string) => void;
  /** The environment to read HTTPS_PROXY, HTTP_PROXY and NO_PROXY from. */
  env?: Readonly<Record<string, string | undefined>>;
  /** What is known of the server's assumed operations (offered.ts); a book in memory by default. */
  offered?: OfferedBook;
}

/** What a client and its paced siblings share: the transport, the clocks, the budget, the retry policy, Ctrl-C. */
class Shared {
  readonly dispatcher: Dispatcher;
  readonly clock: Clock;
  readonly serverClock: ServerClock;
  readonly deprecation: DeprecationNotice;
  /** Aborted by abort(): Ctrl-C ends requests in flight and waits before retries at once. */
  readonly stopped = new AbortController();
  readonly retry: RetryPolicy;
  readonly offered: OfferedBook;
  /** The headers as last reported (hire status shows them). */
  rateLimit: RateLimit | undefined;
  /** The environment the server named in an answer (the emulator's X-Hire-Environment), if one did. */
  answeredEnvironment: string | undefined;
  /** The budget as believed (pacing): undefined when unknown or not believable. */
  budget: Budget | undefined;

  constructor(options: ClientOptions, dispatcher: Dispatcher) {
    this.dispatcher = dispatcher;
    this.clock = options.clock ?? systemClock;
    this.serverClock = new ServerClock(() => this.clock.now(), {
      mayRunFast: isLoopbackHost(new URL(options.baseUrl.href).hostname),
    });
    this.deprecation = new DeprecationNotice(options.onWarning);
    this.offered = options.offered ?? memoryBook();
    this.retry = new RetryPolicy({
      maxRetries: options.maxRetries ?? 0,
      random: options.random,
      clock: this.clock,
      signal: this.stopped.signal,
      budget: () => this.budget,
      serverNow: () => this.serverClock.now(),
      onRetry: options.onRetry,
    });
  }
}

/** What a sibling (paced(), withSignal()) takes from the client it came from. */
interface Sibling {
  shared: Shared;
  policies: readonly AttemptPolicy[];
  /** Its own stop (withSignal()'s), aborted by its abort() and by the signal it was given. */
  stop?: AbortController;
  /** The stop of the client it came from, if that was a sibling with its own. */
  parentSignal?: AbortSignal | undefined;
}

export class ApiClient {
  readonly #options: ClientOptions;
  readonly #shared: Shared;
  /** Asked in turn about every attempt: the retry policy; in bulk work (paced()) the pacer first. */
  readonly #policies: readonly AttemptPolicy[];
  /** A sibling's own stop (withSignal()); undefined for a client that stops only with the whole (abort()). */
  readonly #stop: AbortController | undefined;
  /** What ends this client's requests and waits besides the whole's stop: its own, and its parent's. */
  readonly #signal: AbortSignal | undefined;
  /**
   * This client's key, removed from every answer as it arrives (redaction.ts): nothing made of a
   * server's text (an error, a trace, a body printed or cut at a terminal) can carry it.
   */
  readonly redactor: KeyRedactor;

  /**
   * A client on `options.dispatcher` (for plain http on loopback, node:http when none is given;
   * anything else needs a dispatcher, which create() makes). `sibling` is paced()'s and
   * withSignal()'s own: a client sharing this one's transport, clocks and budget.
   */
  constructor(options: ClientOptions, sibling?: Sibling) {
    this.#options = options;
    this.redactor = new KeyRedactor([options.apiKey]);
    if (sibling) {
      this.#shared = sibling.shared;
      this.#policies = sibling.policies;
      this.#stop = sibling.stop;
      const own = [sibling.stop?.signal, sibling.parentSignal].filter((signal) => signal !== undefined);
      this.#signal = own.length === 0 ? undefined : own.length === 1 ? own[0] : AbortSignal.any(own);
      return;
    }
    this.#stop = undefined;
    this.#signal = undefined;
    checkKeySendable(options.apiKey, options.apiKeySource);
    this.#shared = new Shared(options, options.dispatcher ?? defaultDispatcher(options.baseUrl.href));
    this.#policies = [this.#shared.retry];
    if (options.baseUrl.deprecated)
      this.#shared.deprecation.deprecated('the base URL uses /api/v0', undefined, { base_url: options.baseUrl.href });
  }

  static async create(options: ClientOptions): Promise<ApiClient> {
    checkKeySendable(options.apiKey, options.apiKeySource);
    if (options.dispatcher) return new ApiClient(options);
    return new ApiClient({
      ...options,
      dispatcher: await dispatcherFor(options.baseUrl.href, options.env ?? {}, options.beforeUndici),
    });
  }

  get baseUrl(): string {
    return this.#options.baseUrl.href;
  }

  /** The assumed operations this server is known not to offer (offered.ts): shared with paced siblings. */
  get offered(): OfferedBook {
    return this.#shared.offered;
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
   * Sends a request, attempted as its policies say (docs/api-choices.md §6 and §7: send-loop.ts),
   * and returns the last answer as received.
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
    let sentAt = 0;
    return runSendLoop({
      method,
      signal: this.#signal,
      policies: this.#policies,
      attempt: () => {
        sentAt = this.#shared.clock.now();
        return this.#attempt(method, url, headers, body);
      },
      observe: (response) => {
        this.#shared.deprecation.answer(method, path, response.headers);
        this.#observeRateLimit(response.headers, sentAt);
        this.#shared.answeredEnvironment = response.headers['x-hire-environment'] ?? this.#shared.answeredEnvironment;
      },
    });
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
    if (this.#options.onTrace) traceRequest(this.#options.onTrace, 'GET', url, headers, undefined);
    const refused = await openStream(this.#shared.dispatcher, url, headers, {
      startMs: this.#options.timeoutMs,
      idleMs,
      onData,
    }).catch((error: unknown) => {
      if (this.#shared.stopped.signal.aborted) throw new InterruptedError();
      throw error instanceof HireError ? error : networkError(error, url, false, this.#options.timeoutMs);
    });
    if (refused) {
      const answer = redactAnswer(refused, this.redactor);
      parseResponse(answer.status, answer.headers, answer.text);
    }
  }

  /** Local milliseconds until the server's clock shows this Unix time (a rate-limit reset); 0 when past. */
  localMsUntil(unixSeconds: number): number {
    return this.#shared.serverClock.localMsUntil(unixSeconds);
  }

  /** The rate-limit headers the server last reported, if it did, as reported. */
  get rateLimit(): RateLimit | undefined {
    return this.#shared.rateLimit;
  }

  /** The environment the server named in its answers (the emulator's X-Hire-Environment), if it did. */
  get answeredEnvironment(): string | undefined {
    return this.#shared.answeredEnvironment;
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
    const signal = this.#signal ? AbortSignal.any([shared.stopped.signal, this.#signal]) : shared.stopped.signal;
    const pacer = new Pacer(
      { clock: shared.clock, serverClock: shared.serverClock, budget: () => shared.budget, signal },
      options,
    );
    return new ApiClient(this.#options, { shared, policies: [pacer, shared.retry], parentSignal: this.#signal });
  }

  /**
   * A sibling whose requests and waits end when `signal` aborts, or at its own abort(), leaving
   * this client and its other siblings untouched: one caller's stop among several sharing a
   * client (a cancelled MCP call; docs/mcp.md). It shares the transport, clocks and budget.
   */
  withSignal(signal: AbortSignal): ApiClient {
    const stop = new AbortController();
    if (signal.aborted) stop.abort(new InterruptedError());
    else signal.addEventListener('abort', () => stop.abort(new InterruptedError()), { once: true });
    return new ApiClient(this.#options, {
      shared: this.#shared,
      policies: this.#policies,
      stop,
      parentSignal: this.#signal,
    });
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

  async #attempt(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<RawResponse> {
    const { clock, dispatcher } = this.#shared;
    const trace = this.#options.onTrace;
    if (trace) traceRequest(trace, method, url, headers, body);
    const started = clock.now();
    let timedOut = false;
    try {
      const response = redactAnswer(
        await exchange(
          dispatcher,
          clock,
          url,
          method,
          headers,
          body,
          this.#options.timeoutMs,
          () => {
            timedOut = true;
          },
          this.#signal,
        ),
        this.redactor,
      );
      if (trace) traceResponse(trace, response.status, response.headers, response.text, clock.now() - started);
      return response;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (this.#signal?.aborted) throw new InterruptedError();
      throw failedExchange(error, url, timedOut, this.#options.timeoutMs);
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
    // A sibling with its own stop (withSignal()) stops alone: the others keep the transport.
    if (this.#stop) {
      if (!this.#stop.signal.aborted) this.#stop.abort(new InterruptedError());
      return;
    }
    const shared = this.#shared;
    if (shared.stopped.signal.aborted) return;
    shared.stopped.abort(new InterruptedError());
    shared.dispatcher.destroy().catch(() => undefined);
  }
}

/** An answer with the key's value removed from its headers and body (a server that echoes it). */
function redactAnswer<T extends { headers: Readonly<Record<string, string>>; text: string }>(
  answer: T,
  redactor: KeyRedactor,
): T {
  const headers = Object.fromEntries(
    Object.entries(answer.headers).map(([name, value]) => [name, redactor.text(value)]),
  );
  return { ...answer, headers, text: redactor.text(answer.text) };
}

/** The base URL without its `/api/vN`: the origin, or `{origin}/sandbox` for the emulator's sandbox. */
function apiRoot(href: string): string {
  const url = new URL(href);
  const prefix = /^(.*)\/api\/v\d+\/*$/.exec(url.pathname)?.[1] ?? '';
  return url.origin + prefix;
}
