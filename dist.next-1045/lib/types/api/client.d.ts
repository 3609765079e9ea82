import type { Dispatcher } from './undici.js';
import { type Clock } from './clock.js';
import { DeprecationNotice } from './deprecation.js';
import { Pacer, ServerClock, type PacerOptions } from './pacer.js';
import { type Budget, type RateLimit } from './rate-limit.js';
import { type Meta } from './envelope.js';
import { type BaseUrl } from './base-url.js';
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
export type { RateLimit };
/** An answer larger than this is not read to the end (a list page is well under 1 MiB). */
export declare const MAX_RESPONSE_BYTES: number;
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
    apiKeySource?: {
        env: string;
    } | {
        profile: string;
    };
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
    /** Retries for 429, 5xx and network failures (CONTRACT §5); 0 by default. */
    maxRetries?: number;
    /** Says on stderr that a request is retried, and why. */
    onRetry?: (message: string) => void;
    /** The environment to read HTTPS_PROXY, HTTP_PROXY and NO_PROXY from. */
    env?: Readonly<Record<string, string | undefined>>;
}
/**
 * A body as --verbose shows it: signing secrets and keys replaced, by field name (`secret`,
 * `key`, …) and by shape (hk_… keys, whsec_… secrets), so that a trace can be pasted anywhere.
 */
export declare function redactSecrets(text: string): string;
/** What a client and its paced siblings share: the transport, the clocks, the budget, Ctrl-C. */
declare class Shared {
    readonly dispatcher: Dispatcher;
    readonly clock: Clock;
    readonly serverClock: ServerClock;
    readonly deprecation: DeprecationNotice;
    /** Aborted by abort(): Ctrl-C ends requests in flight and waits before retries at once. */
    readonly stopped: AbortController;
    /** The headers as last reported (hire status shows them). */
    rateLimit: RateLimit | undefined;
    /** The budget as believed (pacing): undefined when unknown or not believable. */
    budget: Budget | undefined;
    constructor(options: ClientOptions, dispatcher: Dispatcher);
}
export declare class ApiClient {
    #private;
    /**
     * A client on `options.dispatcher` (for plain http on loopback, node:http when none is given;
     * anything else needs a dispatcher, which create() makes). `paced` is paced()'s own: a
     * sibling sharing this client's transport, clocks and budget.
     */
    constructor(options: ClientOptions, paced?: {
        shared: Shared;
        pacer: Pacer;
    });
    static create(options: ClientOptions): Promise<ApiClient>;
    get baseUrl(): string;
    url(path: string, query?: RequestOptions['query'], fromRoot?: boolean): string;
    /** One API operation: the parsed envelope, or an ApiError / NetworkError. */
    request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
    /**
     * Sends a request, retrying as CONTRACT §5 says (retry.ts), and returns the last answer as
     * received. In bulk work (paced()), every attempt is first admitted by the pacer, and a 429 is
     * the pacer's to wait out, within its bounds, without spending a retry.
     */
    send(method: string, path: string, options?: RequestOptions & {
        headers?: Record<string, string>;
        rawBody?: string;
    }): Promise<RawResponse>;
    /**
     * A GET read as it comes (the emulator's request log, `logs tail`), until the server ends it:
     * chunks to `onData`. Not retried; an answer other than 200 throws as request() would.
     */
    stream(path: string, options: RequestOptions, idleMs: number, onData: (chunk: Buffer) => void): Promise<void>;
    /** Local milliseconds until the server's clock shows this Unix time (a rate-limit reset); 0 when past. */
    localMsUntil(unixSeconds: number): number;
    /** The rate-limit headers the server last reported, if it did, as reported. */
    get rateLimit(): RateLimit | undefined;
    /** The budget as believed (headers that can be true); undefined when unknown. */
    get budget(): Budget | undefined;
    /**
     * A sibling of this client for bulk work (CONTRACT §7 "Rate limits in bulk"): every request
     * waits for the key's budget (keeping a reserve for others), a 429 holds every request for the
     * wait it asks, and waiting past `maxWaitMs` in all, or any single wait longer than a day, ends
     * the request in a rate_limit_wait error (exit 5). It shares this client's transport and budget.
     */
    paced(options: PacerOptions): ApiClient;
    close(): Promise<void>;
    /**
     * For Ctrl-C: drops every request in flight (close() would wait for their answers) and any wait
     * before a retry; they end in an InterruptedError, and nothing is retried or sent after this.
     */
    abort(): void;
}
/** 3xx answers are never followed: the Authorization header must not go where the user did not say. */
export declare function redirectMessage(status: number, location: string | undefined): string;
/**
 * An answer as the API's envelope, or the error it is. `serverNowMs` (the server's clock) lets a
 * 429 that names no wait report its believed window's reset instead.
 */
export declare function parseResponse(status: number, headers: Readonly<Record<string, string>>, text: string, serverNowMs?: number): ApiResponse;
