// The typed library (`import { HiringClient } from 'hire'`): a façade, one object per resource, over
// the CLI's API layer (src/api/*) and its services (src/services/*: bulk work runs on the same runner
// as `jobs import` and `candidates move`), with the CLI's retries, Idempotency-Keys, pacing and reconciliation.
// It loads none of the CLI (commander, prompts, chalk, ora, tables) and never prints: what a person
// might read comes through the callbacks given.
import type { ApiClient } from '../api/client.js';
import { resolveBaseUrl } from '../api/base-url.js';
import type { PacerWording } from '../api/pacer.js';
import type { ReadBackOptions } from '../api/reconcile.js';
import type { JobVerb } from '../domain/job-status.js';
import type { QueryKind } from './query.js';
import type { Validation } from '../domain/rules.js';
import { AuthError, UsageError, ValidationError } from '../errors.js';
import { MAX_CONCURRENCY } from '../services/bulk.js';
import { generateSecret } from '../webhooks/signature.js';
import type {
  Analytics,
  AnalyticsQuery,
  Assessment,
  AssessmentInput,
  AssessmentQuery,
  BulkOptions,
  Candidate,
  CandidateQuery,
  CandidateStatus,
  CreatedJob,
  Delivery,
  DeliveryQuery,
  Event,
  EventQuery,
  EventWithDeliveries,
  Job,
  JobInput,
  JobPatch,
  JobQuery,
  MovedCandidate,
  NewWebhook,
  PageQuery,
  Resend,
  Webhook,
  WebhookInput,
  WebhookQuery,
  WriteOptions,
} from './types.js';

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
  /**
   * Deprecation notes from the server, and that a record was read from its published list because
   * the server does not offer the assumed operation (`jobs.get`, `candidates.get`).
   */
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

export interface FromEnvOptions extends ProfileOptions {
  /** The profile, as `hire --profile`; else HIRE_PROFILE, else the current profile. */
  profile?: string;
  /** The server, over HIRE_BASE_URL and the profile's. */
  baseUrl?: string;
  /** The key, over HIRE_API_KEY and the profile's. */
  apiKey?: string;
}

/** A list endpoint: one page, or every page in turn. */
export interface Listing<T, Q extends PageQuery> {
  /** One page's items (`page`, `per_page` as in the query; the API's first page by default). */
  list(query?: Q): Promise<T[]>;
  /** Every item of every page from `query.page` on, fetched as iterated and paced to the key's rate limit. */
  iterate(query?: Q): AsyncIterable<T>;
}

/** A query's values as sent: several values of one parameter comma-separated, as the CLI sends them. */
type SentQuery = Record<string, string | number | undefined>;

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 3;
/** As the CLI's --max-wait default (25h): long enough for the daily window. */
const DEFAULT_MAX_WAIT_MS = 25 * 3600 * 1000;
/** Bulk work's items in flight at once, as `hire candidates move`'s default; at most the spec's concurrent-request limit. */
const DEFAULT_BULK_CONCURRENCY = 4;

/** What the pacer's refusals call the limits here: the client's options, not the CLI's flags. */
const LIBRARY_WORDING: PacerWording = {
  maxWait: 'maxWaitMs',
  reserve: 'reserve',
  job: "this client's iterators",
  later: 'Iterate again later (from the page it stopped at: the `page` query parameter)',
};

type Connector = () => Promise<ApiClient>;
type Operations = typeof import('./operations.js');

let operations: Promise<Operations> | undefined;
/** The resource modules, loaded once, at the first call of any client. */
const ops = (): Promise<Operations> => (operations ??= import('./operations.js'));

export class HiringClient {
  readonly #connect: Connector;
  readonly #options: HiringClientOptions | ProfileOptions;
  #client: Promise<ApiClient> | undefined;
  #release: (() => Promise<void>) | undefined;

  readonly jobs: Listing<Job, JobQuery> & {
    create(input: JobInput, options?: WriteOptions): Promise<Job>;
    /**
     * Creates many as `hire jobs import` does: all checked first (a ValidationError, nothing sent, when
     * any is not valid), the first alone, each with an Idempotency-Key from its content (so running
     * the same inputs again makes nothing twice), paced to the key's rate limit; a key refused
     * outright stops the rest (`not_attempted`).
     */
    createMany(inputs: readonly JobInput[], options?: BulkOptions): Promise<CreatedJob[]>;
    get(id: string): Promise<Job>;
    update(id: string, patch: JobPatch): Promise<Job>;
    publish(id: string): Promise<Job>;
    pause(id: string): Promise<Job>;
    close(id: string): Promise<Job>;
    reopen(id: string): Promise<Job>;
    delete(id: string): Promise<void>;
  };
  readonly candidates: Listing<Candidate, CandidateQuery> & {
    get(id: string): Promise<Candidate>;
    move(id: string, status: CandidateStatus): Promise<Candidate>;
    /** Moves many as `hire candidates move` does: the first alone, paced, a key refused outright stopping the rest. */
    moveMany(ids: readonly string[], status: CandidateStatus, options?: BulkOptions): Promise<MovedCandidate[]>;
  };
  readonly assessments: Listing<Assessment, AssessmentQuery> & {
    create(input: AssessmentInput, options?: WriteOptions): Promise<Assessment>;
    get(id: string): Promise<Assessment>;
  };
  readonly analytics: { get(query?: AnalyticsQuery): Promise<Analytics> };
  readonly webhooks: Listing<Webhook, WebhookQuery> & {
    /** Registers it; resolves to the webhook and the secret it signs with (made when not given). */
    add(input: WebhookInput, options?: WriteOptions): Promise<NewWebhook>;
    remove(id: string): Promise<void>;
    /** One page of a webhook's delivery attempts (filter `state`: pending, succeeded, failed). */
    deliveries(id: string, query?: DeliveryQuery): Promise<Delivery[]>;
  };
  readonly events: Listing<Event, EventQuery> & {
    /** The event with `deliveries`: each webhook it went to, with every attempt. */
    get(id: string): Promise<EventWithDeliveries>;
    /** Sends it again with the same webhook-id, to one webhook or to those it went to. */
    resend(id: string, options?: { webhookId?: string }): Promise<Resend>;
  };

  constructor(options: HiringClientOptions);
  /** @internal fromProfile's: a client made when first used, by `connect`. */
  constructor(options: ProfileOptions, connect: Connector);
  constructor(options: HiringClientOptions | ProfileOptions, connect?: Connector) {
    this.#options = options;
    if (connect) {
      this.#connect = connect;
    } else {
      const given = (options ?? {}) as HiringClientOptions;
      // One line naming the option (an uncaught one is what a user's terminal shows): the
      // constructor reads no environment; fromEnv() does, as the CLI does.
      if (typeof given.baseUrl !== 'string' || given.baseUrl.trim() === '')
        throw new UsageError(
          `HiringClient: baseUrl is required (got ${describe(given.baseUrl)}); HiringClient.fromEnv() reads HIRE_BASE_URL.`,
          { details: { baseUrl: 'is required' } },
        );
      if (typeof given.apiKey !== 'string' || given.apiKey.trim() === '')
        throw new AuthError(
          `HiringClient: apiKey is required (got ${describe(given.apiKey)}); HiringClient.fromEnv() reads HIRE_API_KEY.`,
          'Pass the API key (hk_…) as apiKey.',
        );
      checkOptions(given);
      const baseUrl = resolveBaseUrl(given.baseUrl, 'HiringClient baseUrl');
      this.#connect = async () => {
        const { ApiClient } = await ops();
        return ApiClient.create({
          baseUrl,
          apiKey: given.apiKey,
          timeoutMs: given.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          maxRetries: given.maxRetries ?? DEFAULT_MAX_RETRIES,
          userAgent: given.userAgent ?? defaultUserAgent(),
          env: given.env ?? process.env,
          ...(given.onWarning ? { onWarning: given.onWarning } : {}),
          ...(given.onRetry ? { onRetry: given.onRetry } : {}),
        });
      };
    }
    const api = () => this.#api();
    const readBack: ReadBackOptions = options.onReadBack ? { onReadBack: options.onReadBack } : {};
    const note = options.onWarning ? { onNote: options.onWarning } : {};
    const listing = <T, Q extends PageQuery>(
      path: (o: Operations) => string,
      kind: Exclude<QueryKind, 'analytics' | 'deliveries'>,
    ): Listing<T, Q> => ({
      list: async (query) => {
        const o = await ops();
        const sent = o.checkQuery(kind, `${kind}.list`, query);
        return as<T[]>((await o.listPage(await api(), path(o), sent)).items);
      },
      iterate: (query) => this.#iterate<T>(path, (o) => o.checkQuery(kind, `${kind}.iterate`, query)),
    });
    const status = (verb: JobVerb) => async (id: string) => {
      const o = await ops();
      return as<Job>(await o.setJobStatus(await api(), idArg(id), o.JOB_VERBS[verb].to, readBack));
    };

    this.jobs = {
      ...listing<Job, JobQuery>((o) => o.JOBS_PATH, 'jobs'),
      create: async (input, writeOptions) => {
        const o = await ops();
        const body = checked(o.validateJobInput(input), 'job');
        return as<Job>((await o.createJob(await api(), body, writeOptions?.idempotencyKey)).job);
      },
      createMany: async (inputs, bulkOptions) => {
        const o = await ops();
        if (!Array.isArray(inputs)) throw new UsageError('jobs.createMany: inputs must be an array of jobs.');
        // Each input as a row of a file (1-based); one that is not an object cannot be read.
        const rows = inputs.map((input: unknown, index) => ({
          index: index + 1,
          line: undefined,
          fields: typeof input === 'object' && input !== null ? { ...(input as Record<string, unknown>) } : undefined,
        }));
        const { valid, invalid } = o.checkRows(rows);
        if (invalid.length > 0) {
          const details = Object.fromEntries(
            invalid.map((row) => [`inputs[${row.row - 1}]`, row.error ?? 'not valid']),
          );
          throw new ValidationError(
            `jobs.createMany: ${invalid.length} of ${inputs.length} jobs are not valid; nothing was sent: ${Object.entries(
              details,
            )
              .map(([where, why]) => `${where} ${why}`)
              .join('; ')}.`,
            details,
          );
        }
        const report = await o.importJobs(valid, {
          ...this.#bulk(await api(), bulkOptions),
          onRow: this.#progress(inputs.length, bulkOptions),
        });
        return report.results.map(({ row, status: made, id, title, error }) => ({
          index: row - 1,
          status: made as CreatedJob['status'],
          id,
          title,
          error,
        }));
      },
      get: async (id) => as<Job>(await (await ops()).getJob(await api(), idArg(id), note)),
      update: async (id, patch) => {
        const o = await ops();
        const { status: wanted, ...fields } = patch ?? {};
        const body = Object.keys(fields).length > 0 ? checked(o.validateJobPatch(fields), 'job patch') : {};
        if (wanted !== undefined) Object.assign(body, { status: wanted });
        if (Object.keys(body).length === 0) throw new UsageError('jobs.update: the patch names no field to change.');
        return as<Job>(await o.updateJob(await api(), idArg(id), body, readBack));
      },
      publish: status('publish'),
      pause: status('pause'),
      close: status('close'),
      reopen: status('reopen'),
      delete: async (id) => (await ops()).deleteJob(await api(), idArg(id), readBack),
    };
    this.candidates = {
      ...listing<Candidate, CandidateQuery>((o) => o.CANDIDATES_PATH, 'candidates'),
      get: async (id) => as<Candidate>(await (await ops()).getCandidate(await api(), idArg(id), note)),
      move: async (id, to) => {
        const o = await ops();
        checkStatus(o.CANDIDATE_STATUSES, to, 'candidates.move');
        return as<Candidate>(await o.moveCandidate(await api(), idArg(id), to, readBack));
      },
      moveMany: async (ids, to, bulkOptions) => {
        const o = await ops();
        if (!Array.isArray(ids)) throw new UsageError('candidates.moveMany: ids must be an array of candidate ids.');
        const given = [...new Set(ids.map(idArg))];
        checkStatus(o.CANDIDATE_STATUSES, to, 'candidates.moveMany');
        const report = await o.moveCandidates(given, to, {
          ...this.#bulk(await api(), bulkOptions),
          dryRun: false,
          // A library's next step is a call of the library, not a command line.
          moveTo: (id, status) => `candidates.move(${JSON.stringify(id)}, ${JSON.stringify(status)})`,
          onCandidate: this.#progress(given.length, bulkOptions),
          ...readBack,
        });
        return report.results.map(({ id: moved, outcome, status: now, note, record }) => ({
          id: moved,
          outcome: outcome as MovedCandidate['outcome'],
          status: now,
          note,
          ...(record ? { candidate: as<Candidate>(record) } : {}),
        }));
      },
    };
    this.assessments = {
      ...listing<Assessment, AssessmentQuery>((o) => o.ASSESSMENTS_PATH, 'assessments'),
      create: async (input) => as<Assessment>((await (await ops()).createAssessment(await api(), input)).assessment),
      get: async (id) => as<Assessment>(await (await ops()).getAssessment(await api(), idArg(id))),
    };
    this.analytics = {
      get: async (query) => {
        const o = await ops();
        const sent = o.checkQuery('analytics', 'analytics.get', query);
        return as<Analytics>(await o.getAnalytics(await api(), sent));
      },
    };
    this.webhooks = {
      ...listing<Webhook, WebhookQuery>((o) => o.WEBHOOKS_PATH, 'webhooks'),
      add: async (input, writeOptions) => {
        const o = await ops();
        const body = checked(
          o.validateWebhookInput({ ...input, secret: input?.secret ?? generateSecret() }),
          'webhook',
        );
        const webhook = as<Webhook>(await o.createWebhook(await api(), body, writeOptions?.idempotencyKey));
        return { ...webhook, secret: body.secret };
      },
      remove: async (id) => (await ops()).removeWebhook(await api(), idArg(id), readBack),
      deliveries: async (id, query) => {
        const o = await ops();
        const sent = o.checkQuery('deliveries', 'webhooks.deliveries', query);
        return as<Delivery[]>((await o.listPage(await api(), o.deliveriesPath(idArg(id)), sent)).items);
      },
    };
    this.events = {
      ...listing<Event, EventQuery>((o) => o.EVENTS_PATH, 'events'),
      get: async (id) => as<EventWithDeliveries>(await (await ops()).getEvent(await api(), idArg(id))),
      resend: async (id, resendOptions) =>
        as<Resend>(await (await ops()).resendEvent(await api(), idArg(id), resendOptions?.webhookId)),
    };
  }

  /**
   * A client for a profile of the config store, as the CLI picks it (`hire -p NAME`; without a
   * name HIRE_PROFILE, then the current profile): HIRE_BASE_URL and HIRE_API_KEY override it as
   * for the CLI. On the `local` profiles it uses the standing emulator of the data dir, or starts
   * one in this process (as the CLI does); close() stops it.
   */
  static async fromProfile(name?: string, options: ProfileOptions = {}): Promise<HiringClient> {
    return HiringClient.#open(name, `HiringClient.fromProfile(${JSON.stringify(name)})`, options);
  }

  /**
   * A client as the CLI would make one here, with its precedence (docs/profiles.md "Precedence"):
   * `profile`, `baseUrl` and `apiKey` given here, then HIRE_PROFILE, HIRE_BASE_URL and HIRE_API_KEY,
   * then the profile (the current one by default), then the built-in `local` profile, whose
   * emulator it uses or starts in this process as fromProfile does (close() stops it).
   */
  static async fromEnv(options: FromEnvOptions = {}): Promise<HiringClient> {
    const { profile, baseUrl, apiKey, ...rest } = options ?? {};
    const env = { ...(rest.env ?? process.env) };
    // Given here, they stand where the CLI's environment stands: above the profile.
    for (const [name, value, variable] of [
      ['baseUrl', baseUrl, 'HIRE_BASE_URL'],
      ['apiKey', apiKey, 'HIRE_API_KEY'],
    ] as const) {
      if (value === undefined) continue;
      if (typeof value !== 'string' || value.trim() === '')
        throw new UsageError(`HiringClient.fromEnv: ${name} must be a non-empty string (got ${describe(value)}).`);
      env[variable] = value;
    }
    if (baseUrl !== undefined) resolveBaseUrl(baseUrl, 'HiringClient.fromEnv baseUrl');
    if (profile !== undefined && (typeof profile !== 'string' || profile.trim() === ''))
      throw new UsageError(`HiringClient.fromEnv: profile must be a profile's name (got ${describe(profile)}).`);
    return HiringClient.#open(profile, `HiringClient.fromEnv({ profile: ${JSON.stringify(profile)} })`, {
      ...rest,
      env,
    });
  }

  /** fromProfile's and fromEnv's one way to a profile's server: the CLI's resolution and connection. */
  static async #open(name: string | undefined, source: string, options: ProfileOptions): Promise<HiringClient> {
    checkOptions(options);
    const env = options.env ?? process.env;
    const [{ readConfig, resolveProfile }, { withStoredKey }, { connect }, { dataDir }] = await Promise.all([
      import('../config/profiles.js'),
      import('../config/keys.js'),
      import('../connection/connect.js'),
      import('../config/paths.js'),
    ]);
    // A key kept in the system keychain is read from it as the CLI reads it (docs/profiles.md).
    const profile = await withStoredKey(
      resolveProfile({
        flag: name,
        env,
        config: readConfig(env),
        flagSource: source,
      }),
      env,
    );
    let started: (() => Promise<void>) | undefined;
    const connection = await connect(profile, {
      env,
      dataDir: dataDir(env),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      userAgent: options.userAgent ?? defaultUserAgent(),
      notice: (message) => options.onRetry?.(message),
      warn: (message) => options.onWarning?.(message),
      onStarted: (release) => {
        started = release;
      },
    }).catch(async (error: unknown) => {
      await started?.();
      throw error;
    });
    const client = new HiringClient(options, async () => connection.client);
    client.#release = connection.release;
    return client;
  }

  /** Closes the connections (and an emulator fromProfile started); the client is not used after. */
  async close(): Promise<void> {
    if (this.#release) {
      await this.#release();
      return;
    }
    const client = this.#client;
    this.#client = undefined;
    if (client) await (await client).close();
  }

  #api(): Promise<ApiClient> {
    this.#client ??= this.#connect();
    return this.#client;
  }

  /** What bulk work runs with: this client, the concurrency asked for, the pacing of its options, and its signal as Ctrl-C. */
  #bulk(client: ApiClient, options: BulkOptions = {}) {
    const concurrency = options.concurrency ?? DEFAULT_BULK_CONCURRENCY;
    if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= MAX_CONCURRENCY))
      throw new UsageError(
        `options.concurrency must be a whole number from 1 to ${MAX_CONCURRENCY} (got ${String(concurrency)}).`,
      );
    const { signal } = options;
    return {
      client,
      concurrency,
      pacing: {
        reserve: this.#options.reserve,
        maxWaitMs: this.#options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
        wording: LIBRARY_WORDING,
      },
      ...(signal
        ? {
            onInterrupt: (listener: () => void) => {
              if (signal.aborted) listener();
              signal.addEventListener('abort', listener, { once: true });
              return () => signal.removeEventListener('abort', listener);
            },
          }
        : {}),
    };
  }

  #progress(total: number, options: BulkOptions = {}): (ok: boolean) => void {
    let done = 0;
    return () => options.onProgress?.(++done, total);
  }

  async *#iterate<T>(path: (o: Operations) => string, checked: (o: Operations) => SentQuery): AsyncGenerator<T> {
    const o = await ops();
    const query = checked(o);
    const api = await this.#api();
    let pagesLeft: number | undefined;
    const paced = api.paced({
      reserve: this.#options.reserve,
      maxWaitMs: this.#options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
      requestsLeft: () => pagesLeft,
      wording: LIBRARY_WORDING,
    });
    for await (const items of o.paginate(paced, path(o), query, {
      all: true,
      onFirstPage: (page) => {
        if (page.meta) pagesLeft = page.meta.total_pages;
      },
      onPage: () => {
        if (pagesLeft !== undefined) pagesLeft = Math.max(0, pagesLeft - 1);
      },
    })) {
      yield* as<T[]>(items);
    }
  }
}

function checkStatus(statuses: readonly string[], to: unknown, method: string): void {
  if (!statuses.includes(to as string)) {
    throw new UsageError(`${method}: status must be one of ${statuses.join(', ')} (got ${JSON.stringify(to)}).`, {
      details: { status: 'is not a candidate status' },
    });
  }
}

/** An id as a method takes it: a non-empty string (a UsageError naming it otherwise, before anything is sent). */
function idArg(id: unknown): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new UsageError(
      `The id must be a non-empty string (got ${typeof id === 'string' ? JSON.stringify(id) : String(id)}).`,
    );
  }
  return id;
}

function checked<T>(result: Validation<T>, what: string): T {
  if (result.ok) return result.value;
  const fields = Object.keys(result.errors);
  throw new ValidationError(
    `The ${what} is not valid: ${fields.map((field) => `${field} ${result.errors[field]}`).join('; ')}.`,
    result.errors,
  );
}

function checkOptions(options: HiringClientOptions | ProfileOptions): void {
  const positive = (name: 'timeoutMs' | 'maxWaitMs', min: number) => {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value >= min))
      throw new UsageError(
        `HiringClient: ${name} must be a number of milliseconds ≥ ${min} (got ${describe(value)}).`,
        {
          details: { [name]: `must be a number ≥ ${min}` },
        },
      );
  };
  positive('timeoutMs', 1);
  positive('maxWaitMs', 0);
  for (const name of ['maxRetries', 'reserve'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 0))
      throw new UsageError(`HiringClient: ${name} must be a whole number ≥ 0 (got ${describe(value)}).`, {
        details: { [name]: 'must be a whole number ≥ 0' },
      });
  }
}

/** A value given as an option, as a message names it: a string by its kind only (it may be a key). */
function describe(value: unknown): string {
  if (typeof value !== 'string')
    return value === null ? 'null' : typeof value === 'object' ? 'an object' : String(value);
  return value.trim() === '' ? 'an empty string' : 'a string';
}

/**
 * A record as the API layer read it (an object, checked there), as the type the API answers with
 * (docs/api-choices.md §2): the library's types describe what the server sends, not a check of it.
 */
function as<T>(value: unknown): T {
  return value as T;
}

function defaultUserAgent(): string {
  const version = typeof __HIRE_VERSION__ === 'string' ? __HIRE_VERSION__ : '0.0.0';
  return `hire-lib/${version} node/${process.versions.node}`;
}
