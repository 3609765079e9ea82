import type { AnalyticsQuery, ApiRecord, CandidateQuery, CandidateStatus, JobInput, JobPatch, JobQuery, Query, WebhookInput, WriteOptions } from './types.js';
export interface HiringClientOptions {
    /** `https://api.example.com` or with its version (`…/api/v1`); plain http only for loopback. */
    baseUrl: string;
    apiKey: string;
    /** Per request; 30 s by default, as the CLI's --timeout. */
    timeoutMs?: number;
    /** Retries for 429, 5xx and network failures (GETs; POSTs with their Idempotency-Key); 3 by default, as the CLI's. */
    maxRetries?: number;
    userAgent?: string;
    /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read; process.env by default. */
    env?: Readonly<Record<string, string | undefined>>;
    /** Requests of the key's window that iterators leave for other clients (default: a tenth of the limit, at most 10). */
    reserve?: number;
    /** The most an iterator waits for the rate limit in all, then fails with exit code 5; 25 hours by default. */
    maxWaitMs?: number;
    /** Deprecation notes from the server. */
    onWarning?: (message: string) => void;
    /** Says that a request is retried, and why. */
    onRetry?: (message: string) => void;
    /** Says that a write whose answer was lost was found done by reading the record back. */
    onReadBack?: (message: string) => void;
}
export interface ProfileOptions extends Omit<HiringClientOptions, 'baseUrl' | 'apiKey'> {
    /** Where the config store is looked for (HIRE_CONFIG_DIR, XDG_CONFIG_HOME, HIRE_API_KEY…); process.env by default. */
    env?: Readonly<Record<string, string | undefined>>;
}
/** A list endpoint: one page, or every page in turn. */
export interface Listing<Q extends Query> {
    /** One page's items (`page`, `per_page` as in the query; the API's first page by default). */
    list(query?: Q): Promise<ApiRecord[]>;
    /** Every item of every page from `query.page` on, fetched as iterated and paced to the key's rate limit. */
    iterate(query?: Q): AsyncIterable<ApiRecord>;
}
export declare class HiringClient {
    #private;
    readonly jobs: Listing<JobQuery> & {
        create(input: JobInput, options?: WriteOptions): Promise<ApiRecord>;
        get(id: string): Promise<ApiRecord>;
        update(id: string, patch: JobPatch): Promise<ApiRecord>;
        publish(id: string): Promise<ApiRecord>;
        pause(id: string): Promise<ApiRecord>;
        close(id: string): Promise<ApiRecord>;
        reopen(id: string): Promise<ApiRecord>;
        delete(id: string): Promise<void>;
    };
    readonly candidates: Listing<CandidateQuery> & {
        get(id: string): Promise<ApiRecord>;
        move(id: string, status: CandidateStatus): Promise<ApiRecord>;
    };
    readonly assessments: Listing<Query & {
        job_id?: string;
    }> & {
        create(input: Record<string, unknown>, options?: WriteOptions): Promise<ApiRecord>;
        get(id: string): Promise<ApiRecord>;
    };
    readonly analytics: {
        get(query?: AnalyticsQuery): Promise<Record<string, unknown>>;
    };
    readonly webhooks: Listing<Query> & {
        add(input: WebhookInput, options?: WriteOptions): Promise<ApiRecord>;
        remove(id: string): Promise<void>;
        /** One page of a webhook's delivery attempts (filter `state`: pending, succeeded, failed). */
        deliveries(id: string, query?: Query): Promise<ApiRecord[]>;
    };
    readonly events: Listing<Query> & {
        /** The event with `deliveries`: each webhook it went to, with every attempt. */
        get(id: string): Promise<ApiRecord>;
        /** Sends it again with the same webhook-id, to one webhook or to those it went to. */
        resend(id: string, options?: {
            webhookId?: string;
        }): Promise<ApiRecord>;
    };
    constructor(options: HiringClientOptions);
    /**
     * A client for a profile of the config store, as the CLI picks it (`hire -p NAME`; without a
     * name HIRE_PROFILE, then the current profile): HIRE_BASE_URL and HIRE_API_KEY override it as
     * for the CLI. On the `local` profiles it uses the standing emulator of the data dir, or starts
     * one in this process (as the CLI does); close() stops it.
     */
    static fromProfile(name?: string, options?: ProfileOptions): Promise<HiringClient>;
    /** Closes the connections (and an emulator fromProfile started); the client is not used after. */
    close(): Promise<void>;
}
