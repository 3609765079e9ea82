// The local platform: a node:http server that answers the API as the spec and docs/api-choices.md say.
// It shares only the domain with the CLI; it never imports commands, output, config or wizard.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../domain/canonical.js';
import { MAX_NESTING, deeperThan } from '../../domain/nesting.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { HttpError, type EmulatorResponse } from './answers.js';
import { newId } from '../storage/ids.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { createChaos, type Chaos, type ChaosOptions, type Fault } from './chaos.js';
import { EventBus } from '../platform/event-bus.js';
import { KeyRing, localKeyCreatedAt } from '../access/keys.js';
import { ensureLocalKey, localKeyPath } from '../access/local-key.js';
import {
  INFO_PATH,
  infoProof,
  isAlive,
  probeEmulator,
  readServerRecord,
  removeServerRecord,
  writeServerRecord,
  type ServerRecord,
} from '../access/presence.js';
import { PageLimiter } from '../pages/limits.js';
import { PAGE_PATH, servePage } from '../pages/serve.js';
import { PlatformError, type PlatformErrorKind } from '../platform/errors.js';
import type { StoredKey } from '../access/keys.js';
import type { EmulatorRequest, Route, RouteContext } from './route.js';
import { analyticsRoutes } from './routes/analytics.js';
import { assessmentRoutes } from './routes/assessments.js';
import { candidateRoutes } from './routes/candidates.js';
import { controlRoutes } from './routes/control.js';
import { jobRoutes } from './routes/jobs.js';
import { eventRoutes } from './routes/events.js';
import { webhookRoutes } from './routes/webhooks.js';
import { loggedPath, logRequest } from '../storage/request-log.js';
import { REQUEST_STREAM_PATH, RequestStreams } from './request-stream.js';
import {
  SANDBOX_PREFIX,
  refreshSandbox,
  sandboxDataDir,
  sandboxResetNotice,
  type EmulatorEnvironment,
} from '../platform/sandbox.js';
import { DamagedRecordError, RECOVER_COMMAND, Store, StoreError } from '../storage/store.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
export const MAX_BODY_BYTES = 1024 * 1024;
/** The deepest nesting of objects and arrays a body may have; the API's own bodies nest 3 levels. */
export const MAX_BODY_DEPTH = MAX_NESTING;
/** /api/v0 stays served, marked deprecated, until this date (spec "Versioning": 12 months). */
const V0_SUNSET = 'Mon, 01 Nov 2027 00:00:00 GMT';

export interface EmulatorOptions {
  dataDir: string;
  host?: string;
  /** 0 picks any free port. */
  port?: number;
  /** `server` for `hire emulator start`; `embedded` when a command runs it in-process. */
  mode?: 'server' | 'embedded';
  /**
   * The origin of public links (`application_url`). Unset, each request's own origin (its Host):
   * the links work at whatever address and port the emulator is reached.
   */
  publicUrl?: string;
  /** How long a write waits for another process's transaction on the data dir. */
  busyTimeoutMs?: number;
  /** Told once what people should know (a data dir moved to the database). */
  onNotice?: (message: string) => void;
  /** Told of each damaged record met (once per record): lists leave it out, and it fails alone. */
  onWarning?: (message: string) => void;
  /** Faults for a fraction of API requests (not /_emulator), for reliability tests. */
  chaos?: ChaosOptions;
  /** First retry delay of webhook deliveries (then ×5 each time); short in tests. */
  deliveryBackoffMs?: number;
  /** Called after every request, for `hire emulator start`'s log. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** The emulator's clock: rate-limit windows, key expiry and the sandbox's daily reset. Tests set it. */
  now?: () => Date;
  /** How many events the event log keeps (EVENTS_KEPT, 10,000); small in tests. */
  eventsKept?: number;
  /** Serve HTTPS with this certificate and key (PEM), else plain HTTP. */
  tls?: {
    cert: string;
    key: string;
    /** The file clients trust, recorded for them in emulator.json. */ certPath?: string;
  };
}

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  requestId: string;
}

/** `hire emulator start` on a data dir that a live standing emulator already serves. */
export class DataDirBusyError extends Error {
  constructor(readonly holder: ServerRecord) {
    super(`An emulator (pid ${holder.pid}) already serves this data dir at ${holder.url}.`);
  }
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Faults injected so far, by kind (when started with `chaos`). */
  chaosCounts: Readonly<Record<Fault, number>> | undefined;
  /** `http://127.0.0.1:PORT/api/v1`: production. */
  apiUrl: string;
  /** `http://127.0.0.1:PORT/sandbox/api/v1`: the sandbox, with its own data and keys. */
  sandboxApiUrl: string;
  /** Where each environment's own local key is kept (the local and local-sandbox profiles' keys). */
  keyFiles: Readonly<Record<EmulatorEnvironment, string>>;
  /** Production's store. */
  store: Store;
  close: () => Promise<void>;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

/** The API, under /api/v1 (and the deprecated /api/v0). */
export const API_ROUTES: CompiledRoute[] = [
  ...jobRoutes,
  ...candidateRoutes,
  ...assessmentRoutes,
  ...analyticsRoutes,
  ...webhookRoutes,
  ...eventRoutes,
].map(compileRoute);
/** The emulator's own controls, under /_emulator. */
const CONTROL_ROUTES: CompiledRoute[] = controlRoutes.map(compileRoute);

function compileRoute(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { ...route, pattern: new RegExp(`^${source}$`), names };
}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const mode = options.mode ?? 'server';
  const localKey = ensureLocalKey(options.dataDir);
  // Any number of commands share a data dir, but one standing server serves it.
  const holder = readServerRecord(options.dataDir);
  // Its certificate may not be trusted here; its proof says all the same that it serves this data dir.
  if (
    mode === 'server' &&
    holder &&
    isAlive(holder.pid) &&
    ['ours', 'untrusted'].includes(await probeEmulator(holder.url, localKey))
  ) {
    throw new DataDirBusyError(holder);
  }
  const store = Store.open(
    options.dataDir,
    options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {},
  );
  store.onDamaged = (error) => options.onWarning?.(error.message);
  let record: ServerRecord | undefined;
  let environments: Environments | undefined;
  try {
    if (store.migrated && store.migrated.files.length > 0) {
      options.onNotice?.(
        `Moved the emulator data in ${options.dataDir} (${store.migrated.records} records) into ${store.path}; the old files are kept as ${store.migrated.files.join(' and ')}.`,
      );
    }
    if (store.migrated?.strays) {
      options.onNotice?.(
        `Found emulator data written in the old format after the move into ${store.path} (by an earlier hire still running?); it was not imported and is kept as ${store.migrated.strays.join(' and ')}.`,
      );
    }
    const now = options.now ?? (() => new Date());
    const keys = new KeyRing(store, localKey, now, localKeyCreatedAt(options.dataDir));
    const eventOptions = {
      now,
      ...(options.deliveryBackoffMs !== undefined ? { backoffMs: options.deliveryBackoffMs } : {}),
      ...(options.eventsKept !== undefined ? { eventsKept: options.eventsKept } : {}),
      // Damaged records are reported by the store itself; anything else the loop met, here.
      onError: (error: unknown) => {
        if (!(error instanceof DamagedRecordError))
          options.onWarning?.(`Webhook delivery failed: ${(error as Error).message}`);
      },
      // A standing server also delivers what commands on the same data recorded.
      ...(mode === 'server' ? { pollMs: 1_000 } : {}),
    };
    const events = new EventBus(store, eventOptions);
    const server = options.tls ? createTlsServer({ cert: options.tls.cert, key: options.tls.key }) : createServer();
    const routeContext: RouteContext = {
      store,
      keys,
      events,
      publicUrl: options.publicUrl ?? '',
      now,
      environment: 'production',
    };
    // The sandbox: its own data dir inside this one. A standing server opens it at once (it delivers
    // the sandbox's events too); a command's in-process emulator only when a request needs it.
    const sandboxDir = sandboxDataDir(options.dataDir);
    const parts: Environments = {
      production: routeContext,
      sandbox() {
        if (this.opened) return this.opened;
        const sandboxStore = Store.open(sandboxDir, {
          recoverCommand: `${RECOVER_COMMAND} --profile local-sandbox`,
          ...(options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {}),
        });
        sandboxStore.onDamaged = (error) => options.onWarning?.(error.message);
        try {
          const sandboxEvents = new EventBus(sandboxStore, eventOptions);
          const sandboxKeys = new KeyRing(sandboxStore, ensureLocalKey(sandboxDir), now, localKeyCreatedAt(sandboxDir));
          sandboxEvents.start();
          this.opened = {
            store: sandboxStore,
            keys: sandboxKeys,
            events: sandboxEvents,
            publicUrl: '',
            now,
            environment: 'sandbox',
          };
        } catch (error) {
          sandboxStore.close();
          throw error;
        }
        return this.opened;
      },
      opened: undefined,
    };
    environments = parts;
    if (mode === 'server') parts.sandbox();
    const chaos = options.chaos ? createChaos(options.chaos) : undefined;
    // One allowance per address for both environments' pages, counted in this process (limits.ts).
    const pageLimiter = new PageLimiter(now);
    const streams = new RequestStreams();
    server.on('request', (req, res) => {
      void handle(req, res, {
        environments: parts,
        publicUrl: options.publicUrl,
        onRequest: options.onRequest,
        onNotice: options.onNotice,
        chaos,
        localKey,
        mode,
        streams,
        pageLimiter,
      });
    });
    const address = await listen(server, options.host ?? DEFAULT_HOST, options.port ?? DEFAULT_PORT);
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const origin = `${options.tls ? 'https' : 'http'}://${host}:${address.port}`;
    if (mode === 'server') {
      record = {
        pid: process.pid,
        url: origin,
        started_at: new Date().toISOString(),
        ...(options.tls?.certPath ? { cert: options.tls.certPath } : {}),
      };
      writeServerRecord(options.dataDir, record);
    }
    events.start();
    return {
      origin,
      apiUrl: `${origin}/api/v1`,
      sandboxApiUrl: `${origin}${SANDBOX_PREFIX}/api/v1`,
      keyFiles: { production: localKeyPath(options.dataDir), sandbox: localKeyPath(sandboxDir) },
      store,
      chaosCounts: chaos?.counts,
      close: closer(server, { environments: parts, mode, dataDir: options.dataDir, record, streams }),
    };
  } catch (error) {
    if (record) removeServerRecord(options.dataDir, record);
    if (environments?.opened) {
      await environments.opened.events.stop(0);
      environments.opened.store.close();
    }
    store.close();
    throw error;
  }
}

/** The origin a client reached this server at: its Host header when well-formed, else the socket's own address. */
export function requestOrigin(req: IncomingMessage): string {
  const scheme = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
  const host = req.headers.host;
  if (host && /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host))
    return `${scheme}://${host.toLowerCase()}`;
  const address = req.socket.localAddress ?? DEFAULT_HOST;
  return `${scheme}://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Production's parts, and the sandbox's, opened on first use. */
interface Environments {
  production: RouteContext;
  sandbox(): RouteContext;
  opened: RouteContext | undefined;
}

interface Parts {
  environments: Environments;
  mode: 'server' | 'embedded';
  dataDir: string;
  record: ServerRecord | undefined;
  streams: RequestStreams;
}

/** How long an in-process emulator, as its command ends, spends delivering the events it made. */
const EMBEDDED_DELIVERY_WAIT_MS = 3_000;

function closer(server: Server, { environments, mode, dataDir, record, streams }: Parts): () => Promise<void> {
  const opened = () => [environments.production, ...(environments.opened ? [environments.opened] : [])];
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        streams.close();
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      });
      // A command's in-process emulator delivers what its command caused before it goes; what
      // fails stays pending for the next emulator on this data.
      for (const { events } of opened()) {
        if (mode === 'embedded') await events.drain(EMBEDDED_DELIVERY_WAIT_MS);
        await events.stop(mode === 'server' ? 2_000 : 0);
      }
    })().finally(() => {
      if (record) removeServerRecord(dataDir, record);
      for (const { store } of opened()) store.close();
    }));
}

interface HandleOptions {
  environments: Environments;
  /** The fixed origin of public links, if one was given (else each request's own). */
  publicUrl: string | undefined;
  onRequest: EmulatorOptions['onRequest'];
  onNotice: EmulatorOptions['onNotice'];
  chaos: Chaos | undefined;
  localKey: string;
  mode: 'server' | 'embedded';
  streams: RequestStreams;
  /** The candidate's pages' allowance per address. */
  pageLimiter: PageLimiter;
}

/** Requests that change data: each runs as one write transaction (checks, record, events, idempotency). */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The request log's own endpoint (under either environment, after the sandbox prefix is taken off). */
const REQUESTS_PATH = '/_emulator/requests';

/** One request on its way through the stages: what the stages before have learnt of it. */
interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly options: HandleOptions;
  readonly started: number;
  readonly requestId: string;
  readonly method: string;
  /** The URL asked for; its path loses the sandbox's prefix once the environment is known. */
  readonly url: URL;
  /** The path and query as asked (for the logs). */
  readonly requested: string;
  /** The answer's headers so far. */
  readonly headers: Record<string, string>;
  environment: EmulatorEnvironment;
  /** The environment's parts, with this request's public origin. */
  ctx?: RouteContext;
  /** `/api/v1…` or `/api/v0…`: which version, and the path after it. */
  api?: { version: '0' | '1'; path: string };
  /** The path after `/_emulator`. */
  control?: string;
  key?: StoredKey;
  route?: CompiledRoute;
  params?: Record<string, string>;
  /** An injected fault to play as the answer goes out: dropped after processing, or cut off mid-body. */
  delivery?: 'drop' | 'truncate';
  /** Gives back the key's concurrency slot taken by the rate-limit stage. */
  release?: () => void;
  /** Set by the stage that settles the request: an answer to send, or the status of one already sent (0: none). */
  outcome?: { response: EmulatorResponse } | { sent: number };
}

type Stage = (exchange: Exchange) => void | Promise<void>;

/**
 * The stages of a request, in order; the first to settle it (an answer, or an error thrown) ends
 * the walk, then the answer goes out and the request is logged.
 */
const STAGES: readonly Stage[] = [
  resolveEnvironment,
  presence,
  openApi,
  refreshEnvironment,
  publicPages,
  apiPath,
  authenticate,
  requestStream,
  matchRoute,
  chaos,
  rateLimit,
  runRoute,
];

async function handle(req: IncomingMessage, res: ServerResponse, options: HandleOptions): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const requestId = newId('req');
  const exchange: Exchange = {
    req,
    res,
    options,
    started: performance.now(),
    requestId,
    method: req.method ?? 'GET',
    url,
    requested: url.pathname + url.search,
    // Date in the emulator's clock (which may run fast, --clock-scale): clients read the server's
    // time, and how fast it runs, from it, as they would a real server's.
    headers: { 'x-request-id': requestId, date: options.environments.production.now().toUTCString() },
    environment: 'production',
  };
  try {
    for (const stage of STAGES) {
      await stage(exchange);
      if (exchange.outcome) break;
    }
  } catch (error) {
    exchange.outcome = { response: errorResponse(error) };
  } finally {
    exchange.release?.();
  }
  answer(exchange);
  log(exchange);
}

/** `/sandbox/…` is the sandbox's API, controls and pages; the rest of the path is routed alike. */
function resolveEnvironment(x: Exchange): void {
  const { url, options, req } = x;
  if (url.pathname === SANDBOX_PREFIX || url.pathname.startsWith(`${SANDBOX_PREFIX}/`)) {
    x.environment = 'sandbox';
    url.pathname = url.pathname.slice(SANDBOX_PREFIX.length) || '/';
  }
  // Which environment answers (production or sandbox): `hire auth login` records it with the key.
  x.headers['x-hire-environment'] = x.environment;
  // Public links carry the origin this request reached, unless a fixed one was given.
  const origin = options.publicUrl ?? requestOrigin(req);
  x.ctx =
    x.environment === 'sandbox'
      ? { ...options.environments.sandbox(), publicUrl: origin + SANDBOX_PREFIX }
      : { ...options.environments.production, publicUrl: origin };
}

/** Proof that this server serves the data dir, asked before any key is sent (presence.ts). */
function presence(x: Exchange): void {
  if (x.url.pathname !== INFO_PATH || x.method !== 'GET') return;
  const nonce = x.url.searchParams.get('nonce') ?? '';
  if (!/^[0-9a-f]{16,128}$/.test(nonce))
    throw new HttpError(400, 'validation_error', 'A nonce is required.', { nonce: 'must be 16 to 128 hex digits' });
  const proof = infoProof(x.options.localKey, nonce, x.req.socket.localAddress, x.req.socket.localPort);
  // A command's in-process emulator proves the data dir too, but says it is not standing: it
  // ends with its command, so another command must not take it for `hire emulator start`'s.
  x.outcome = {
    response: { status: 200, body: { data: { proof, pid: process.pid, standing: x.options.mode === 'server' } } },
  };
}

/** Where each environment serves its OpenAPI description. */
export const OPENAPI_PATH = '/openapi.json';
let openApiDocument: Record<string, unknown> | undefined;

/**
 * The API's OpenAPI 3.1 description (docs/emulator.md "OpenAPI description"), generated from the
 * route table on the first ask: no key, no budget, its servers this emulator's own addresses.
 */
async function openApi(x: Exchange): Promise<void> {
  if (x.url.pathname !== OPENAPI_PATH || x.method !== 'GET') return;
  const { buildDocument, servedDocument } = await import('../openapi/document.js');
  openApiDocument ??= buildDocument(API_ROUTES);
  const body = servedDocument(openApiDocument, requestOrigin(x.req), x.environment);
  x.res.writeHead(200, {
    ...x.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  });
  x.res.end(body);
  x.outcome = { sent: 200 };
}

/**
 * A 00:00 UTC passed since the sandbox's last reset (maybe while no emulator ran): reset it first.
 * A reset of a stamp in the future (or unreadable) is said once, by the process that made it.
 */
function refreshEnvironment(x: Exchange): void {
  if (x.environment !== 'sandbox') return;
  const reset = refreshSandbox(x.ctx!);
  const notice = reset && sandboxResetNotice(reset);
  if (notice) x.options.onNotice?.(notice);
}

/** The candidate's side (docs/emulator.md "The candidate's side"): public HTML pages, no key. */
async function publicPages(x: Exchange): Promise<void> {
  if (!PAGE_PATH.test(x.url.pathname)) return;
  x.outcome = { sent: await servePage(x.req, x.res, x.ctx!, x.url.pathname, x.requestId, x.options.pageLimiter) };
}

/** The API (`/api/v1`, and `/api/v0` marked deprecated) or the emulator's controls (`/_emulator`); nothing else is served. */
function apiPath(x: Exchange): void {
  const trimmed = (path: string | undefined) => (path ?? '/').replace(/\/+$/, '') || '/';
  const version = /^\/api\/v([01])(\/.*)?$/.exec(x.url.pathname);
  if (version) {
    x.api = { version: version[1] as '0' | '1', path: trimmed(version[2]) };
    if (x.api.version === '0') {
      x.headers.deprecation = 'true';
      x.headers.sunset = V0_SUNSET;
      x.headers.link = `<${x.environment === 'sandbox' ? SANDBOX_PREFIX : ''}/api/v1>; rel="successor-version"`;
    }
    return;
  }
  const control = /^\/_emulator(\/.*)?$/.exec(x.url.pathname);
  if (control) {
    x.control = trimmed(control[1]);
    return;
  }
  const prefix = x.environment === 'sandbox' ? SANDBOX_PREFIX : '';
  throw new HttpError(404, 'not_found', `No API at ${prefix}${x.url.pathname}; the API lives under ${prefix}/api/v1.`);
}

const pathOf = (x: Exchange): string => (x.api ? x.api.path : x.control!);
const routesOf = (x: Exchange): CompiledRoute[] => (x.api ? API_ROUTES : CONTROL_ROUTES);

/**
 * Who is asking comes first: without a valid key, not even which paths exist is told. Every answer
 * says how much is left: of the key's nearest window once it is known, else of the address's
 * allowance for requests without a usable key. The emulator's own controls take an admin key
 * unless a control says otherwise (trigger: write).
 */
function authenticate(x: Exchange): void {
  const { keys } = x.ctx!;
  const { req } = x;
  let key;
  try {
    key = keys.identify(req.headers.authorization);
  } catch (error) {
    Object.assign(x.headers, keys.anonymous(req.socket.remoteAddress));
    throw otherEnvironmentKey(error, x.environment, req.headers.authorization, x.options.environments);
  }
  x.key = key;
  Object.assign(x.headers, keys.standing(key));
  keys.authorize(
    key,
    req.socket.remoteAddress,
    x.method,
    levelOf(routesOf(x), x.method, pathOf(x)) ?? (x.control !== undefined ? 'admin' : undefined),
  );
}

/** The request log, held open (`hire logs tail`): answered as it grows, logged as it opens. */
function requestStream(x: Exchange): void {
  if (x.control !== REQUEST_STREAM_PATH || x.method !== 'GET') return;
  x.options.streams.open(x.res, x.ctx!, x.url.searchParams, x.headers);
  x.outcome = { sent: 200 };
}

function matchRoute(x: Exchange): void {
  const { route, params } = findRoute(routesOf(x), x.method, pathOf(x));
  x.route = route;
  x.params = params;
}

/**
 * Injected faults (docs/api-choices.md), for API requests only, never the emulator's own controls: one
 * draw per request that reached a route with a valid key, so that the fault carries the key's
 * figures. Delayed, dropped unanswered, answered 503 or 429 (before the key's budget counts it),
 * or processed and then dropped or cut off as the answer goes out.
 */
async function chaos(x: Exchange): Promise<void> {
  const injected = x.api ? x.options.chaos?.next() : undefined;
  if (!injected) return;
  switch (injected.fault) {
    case 'latency':
      await sleep(injected.latencyMs);
      return;
    case 'drop_before':
      x.req.socket.destroy();
      x.outcome = { sent: 0 };
      return;
    case 'error':
      throw new HttpError(503, 'service_unavailable', 'The service is unavailable (an injected fault).');
    case 'rate_limit':
      throw new HttpError(
        429,
        'rate_limited',
        'Too many requests (an injected fault).',
        undefined,
        { 'retry-after': '1' },
        { retry_after: 1 },
      );
    case 'drop_after':
      x.delivery = 'drop';
      return;
    case 'truncate':
      x.delivery = 'truncate';
  }
}

/**
 * The key's budget: an admitted request counts, and holds one of its concurrent slots until it is
 * answered. The emulator's own controls are not the platform's API: they spend none of it.
 */
function rateLimit(x: Exchange): void {
  if (x.control !== undefined) {
    Object.assign(x.headers, x.ctx!.keys.used(x.key!));
    return;
  }
  const admission = x.ctx!.keys.admit(x.key!);
  x.release = admission.release;
  Object.assign(x.headers, admission.headers);
}

/** The body read and parsed, then the route run in one transaction (a write for writes), with idempotency. */
async function runRoute(x: Exchange): Promise<void> {
  const rawBody = await readBody(x.req);
  const body = parseJsonBody(rawBody, x.method);
  const ctx = x.ctx!;
  const route = x.route!;
  const request: EmulatorRequest = {
    method: x.method,
    path: pathOf(x),
    params: x.params!,
    query: x.url.searchParams,
    headers: x.req.headers,
    body,
    requestId: x.requestId,
    key: x.key!,
  };
  const run = () => withIdempotency(request, rawBody, ctx, () => route.handler(request, ctx));
  x.outcome = { response: WRITES.has(x.method) ? ctx.store.write(run) : ctx.store.read(run) };
}

/** Sends the answer, unless a stage already did (a page) or it is dropped; an injected fault may drop or cut it. */
function answer(x: Exchange): void {
  const outcome = x.outcome!;
  if ('sent' in outcome) return;
  Object.assign(x.headers, outcome.response.headers);
  // Processed, and then the answer is lost (whole, or half-way through the body).
  if (x.delivery === 'drop') x.req.socket.destroy();
  else send(x.res, outcome.response, x.headers, x.requestId, x.delivery === 'truncate');
}

/**
 * The request in `hire emulator start`'s log, and in its environment's request log for `hire logs
 * tail`, with who asked (a key's name, never the key). A candidate's assessment link is their
 * credential: never printed whole, in either log.
 */
function log(x: Exchange): void {
  const outcome = x.outcome!;
  const status = 'sent' in outcome ? outcome.sent : outcome.response.status;
  const ms = performance.now() - x.started;
  x.options.onRequest?.({ method: x.method, path: loggedPath(x.requested), status, ms, requestId: x.requestId });
  // The log's own reads (and its stream) and the presence check stay out of it: `logs tail` would see itself.
  if (
    x.url.pathname === INFO_PATH ||
    x.url.pathname === REQUESTS_PATH ||
    x.url.pathname === `/_emulator${REQUEST_STREAM_PATH}`
  )
    return;
  const target = x.ctx ?? x.options.environments.production;
  logRequest(target.store, {
    at: target.now().toISOString(),
    method: x.method,
    path: x.requested,
    status,
    ms: Math.round(ms * 10) / 10,
    request_id: x.requestId,
    key_name: x.key?.name ?? null,
  });
}

/** A key of the other environment, sent to this one: said plainly (each environment takes its own keys). */
function otherEnvironmentKey(
  error: unknown,
  environment: EmulatorEnvironment,
  authorization: string | undefined,
  environments: Environments,
): unknown {
  if (!(error instanceof HttpError) || error.code !== 'unauthorized' || !authorization) return error;
  const other = environment === 'sandbox' ? environments.production : environments.sandbox();
  if (!other.keys.holds(authorization)) return error;
  const message =
    environment === 'sandbox'
      ? 'This is a production API key; the sandbox (/sandbox/api/v1) takes sandbox keys only.'
      : 'This is a sandbox API key; production (/api/v1) takes production keys only.';
  return new HttpError(401, 'unauthorized', message, undefined, error.headers);
}

/** The key level of the route that would answer, when it sets one (else the method's). */
function levelOf(routes: CompiledRoute[], method: string, path: string): Route['level'] {
  return routes.find((route) => route.method === method && route.pattern.test(path))?.level;
}

function findRoute(
  routes: CompiledRoute[],
  method: string,
  path: string,
): { route: CompiledRoute; params: Record<string, string> } {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [index, name] of route.names.entries()) {
      try {
        params[name] = decodeURIComponent(match[index + 1]!);
      } catch {
        throw new HttpError(400, 'validation_error', 'The path is not valid percent-encoding.', {
          [name]: 'is not valid percent-encoding',
        });
      }
    }
    return { route, params };
  }
  if (allowed.length > 0) {
    throw new HttpError(
      405,
      'method_not_allowed',
      `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`,
      undefined,
      {
        allow: allowed.join(', '),
      },
    );
  }
  throw new HttpError(404, 'not_found', `No such endpoint: ${method} ${path}.`);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, 'payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`, undefined, {
        connection: 'close',
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJsonBody(bytes: Buffer, method: string): unknown {
  if (method === 'GET' || method === 'DELETE') return undefined;
  let raw: string;
  try {
    // Strict: bytes that are not UTF-8 are refused, not stored as U+FFFD.
    raw = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'validation_error', 'The request body is not valid UTF-8.', {
      body: 'is not valid UTF-8',
    });
  }
  if (raw.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (error) {
    throw new HttpError(400, 'validation_error', 'The request body is not valid JSON.', {
      body: `is not valid JSON (${(error as Error).message})`,
    });
  }
  // Hashing (canonicalJson), validation and storage recurse: a body nested 10,000 levels deep
  // would overflow the stack, so it is refused here, before any of them sees it.
  if (deeperThan(body, MAX_BODY_DEPTH)) {
    throw new HttpError(
      400,
      'validation_error',
      `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`,
      {
        body: `must not nest objects and arrays more than ${MAX_BODY_DEPTH} levels deep`,
      },
    );
  }
  return body;
}

interface IdempotencyRecord {
  id: string;
  request_hash: string;
  status: number;
  body: unknown;
  created_at: string;
}

/** docs/api-choices.md §7: the same Idempotency-Key with the same request replays the first answer. */
function withIdempotency(
  req: EmulatorRequest,
  rawBody: Buffer,
  ctx: RouteContext,
  run: () => EmulatorResponse,
): EmulatorResponse {
  const header = req.headers['idempotency-key'];
  const idempotencyKey = Array.isArray(header) ? header[0] : header;
  if (req.method !== 'POST' || !idempotencyKey) return run();
  const id = `${req.key.id}:${idempotencyKey}`;
  // The same request, whatever its key order or spacing: the parsed body, keys sorted.
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.path}\n`)
    .update(req.body === undefined ? rawBody : canonicalJson(req.body))
    .digest('hex');
  const previous = ctx.store.get<IdempotencyRecord>('idempotency', id);
  if (previous) {
    if (previous.request_hash !== requestHash) {
      throw new HttpError(409, 'conflict', 'This Idempotency-Key was already used with a different request.');
    }
    return {
      status: previous.status,
      body: previous.body as Record<string, unknown>,
      headers: { 'idempotent-replayed': 'true' },
    };
  }
  const response = run();
  if (response.status >= 200 && response.status < 300) {
    ctx.store.put('idempotency', {
      id,
      request_hash: requestHash,
      status: response.status,
      body: response.body,
      created_at: ctx.now().toISOString(),
    } satisfies IdempotencyRecord);
  }
  return response;
}

/** What a platform operation refused, as HTTP: the spec's status and code for each kind. */
const PLATFORM_ERRORS: Record<PlatformErrorKind, { status: number; code: string }> = {
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  invalid: { status: 400, code: 'validation_error' },
};

function errorResponse(cause: unknown): EmulatorResponse {
  const error =
    cause instanceof PlatformError
      ? new HttpError(
          PLATFORM_ERRORS[cause.kind].status,
          PLATFORM_ERRORS[cause.kind].code,
          cause.message,
          cause.details,
        )
      : cause;
  if (error instanceof HttpError) {
    const body: Record<string, unknown> = { code: error.code, message: error.message };
    if (error.details) body.details = error.details;
    // The spec's authentication errors carry the HTTP status in the body too.
    if (error.status === 401 || error.status === 403) body.status = error.status;
    return { status: error.status, body: { error: body, ...error.extra }, headers: error.headers };
  }
  // Damaged data (store.ts): that record fails, with what is wrong and how to recover; the rest is served.
  if (error instanceof StoreError && error.code === 'data_damaged')
    return { status: 500, body: { error: { code: 'data_damaged', message: error.message } } };
  return {
    status: 500,
    body: { error: { code: 'internal_error', message: `The emulator failed: ${(error as Error).message}` } },
  };
}

function send(
  res: ServerResponse,
  response: EmulatorResponse,
  headers: Record<string, string>,
  requestId: string,
  truncate = false,
): void {
  if (response.status === 204 || response.body === undefined) {
    res.writeHead(response.status, headers);
    if (truncate) res.socket?.destroy();
    else res.end();
    return;
  }
  const meta = { request_id: requestId, ...(response.body.meta as Record<string, unknown> | undefined) };
  const payload = JSON.stringify({ ...response.body, meta });
  res.writeHead(response.status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(payload)),
  });
  if (!truncate) {
    res.end(payload);
    return;
  }
  // Half the body, then the connection goes: the client sees fewer bytes than Content-Length.
  res.write(payload.slice(0, Math.floor(payload.length / 2)), () => res.socket?.destroy());
}
