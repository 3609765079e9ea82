// The local platform: a node:http server that answers the API as the spec and CONTRACT §6 say.
// It shares only the domain with the CLI; it never imports commands, output, config or wizard.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../domain/canonical.js';
import { MAX_NESTING, deeperThan } from '../domain/nesting.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { HttpError, type EmulatorResponse } from './http.js';
import { newId } from './ids.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { createChaos, type Chaos, type ChaosOptions, type Fault } from './chaos.js';
import { EventBus } from './events.js';
import { KeyRing, localKeyCreatedAt } from './keys.js';
import { ensureLocalKey, localKeyPath } from './local-key.js';
import { INFO_PATH, infoProof, isAlive, probeEmulator, readServerRecord, removeServerRecord, writeServerRecord, type ServerRecord } from './presence.js';
import { PAGE_PATH, servePage } from './pages/serve.js';
import { PlatformError, type PlatformErrorKind } from './platform/errors.js';
import type { EmulatorRequest, Route, RouteContext } from './route.js';
import { analyticsRoutes } from './routes/analytics.js';
import { assessmentRoutes } from './routes/assessments.js';
import { candidateRoutes } from './routes/candidates.js';
import { controlRoutes } from './routes/control.js';
import { jobRoutes } from './routes/jobs.js';
import { eventRoutes } from './routes/events.js';
import { webhookRoutes } from './routes/webhooks.js';
import { loggedPath, logRequest } from './request-log.js';
import { REQUEST_STREAM_PATH, RequestStreams } from './request-stream.js';
import { SANDBOX_PREFIX, refreshSandbox, sandboxDataDir, type EmulatorEnvironment } from './sandbox.js';
import { DamagedRecordError, RECOVER_COMMAND, Store, StoreError } from './store.js';

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
  tls?: { cert: string; key: string; /** The file clients trust, recorded for them in emulator.json. */ certPath?: string };
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
  close(): Promise<void>;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

/** The API, under /api/v1 (and the deprecated /api/v0). */
const API_ROUTES: CompiledRoute[] = [...jobRoutes, ...candidateRoutes, ...assessmentRoutes, ...analyticsRoutes, ...webhookRoutes, ...eventRoutes].map(
  compileRoute,
);
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
  if (mode === 'server' && holder && isAlive(holder.pid) && ['ours', 'untrusted'].includes(await probeEmulator(holder.url, localKey))) {
    throw new DataDirBusyError(holder);
  }
  const store = Store.open(options.dataDir, options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {});
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
        if (!(error instanceof DamagedRecordError)) options.onWarning?.(`Webhook delivery failed: ${(error as Error).message}`);
      },
      // A standing server also delivers what commands on the same data recorded.
      ...(mode === 'server' ? { pollMs: 1_000 } : {}),
    };
    const events = new EventBus(store, eventOptions);
    const server = options.tls ? createTlsServer({ cert: options.tls.cert, key: options.tls.key }) : createServer();
    const routeContext: RouteContext = { store, keys, events, publicUrl: options.publicUrl ?? '', now, environment: 'production' };
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
          this.opened = { store: sandboxStore, keys: sandboxKeys, events: sandboxEvents, publicUrl: '', now, environment: 'sandbox' };
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
    const streams = new RequestStreams();
    server.on('request', (req, res) => {
      void handle(req, res, { environments: parts, publicUrl: options.publicUrl, onRequest: options.onRequest, chaos, localKey, mode, streams });
    });
    const address = await listen(server, options.host ?? DEFAULT_HOST, options.port ?? DEFAULT_PORT);
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const origin = `${options.tls ? 'https' : 'http'}://${host}:${address.port}`;
    if (mode === 'server') {
      record = { pid: process.pid, url: origin, started_at: new Date().toISOString(), ...(options.tls?.certPath ? { cert: options.tls.certPath } : {}) };
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
  if (host && /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return `${scheme}://${host.toLowerCase()}`;
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
  chaos: Chaos | undefined;
  localKey: string;
  mode: 'server' | 'embedded';
  streams: RequestStreams;
}

/** Requests that change data: each runs as one write transaction (checks, record, events, idempotency). */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The request log's own endpoint (under either environment, after the sandbox prefix is taken off). */
const REQUESTS_PATH = '/_emulator/requests';

async function handle(req: IncomingMessage, res: ServerResponse, options: HandleOptions): Promise<void> {
  const started = performance.now();
  const requestId = newId('req');
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://emulator');
  const requested = url.pathname + url.search;
  // `/sandbox/…` is the sandbox's API, controls and pages; the rest of the path is routed alike.
  const environment: EmulatorEnvironment = url.pathname === SANDBOX_PREFIX || url.pathname.startsWith(`${SANDBOX_PREFIX}/`) ? 'sandbox' : 'production';
  if (environment === 'sandbox') url.pathname = url.pathname.slice(SANDBOX_PREFIX.length) || '/';
  let response: EmulatorResponse;
  // Date in the emulator's clock (which may run fast, --clock-scale): clients read the server's
  // time, and how fast it runs, from it, as they would a real server's.
  // Which environment answers (production or sandbox): `hire auth login` records it with the key.
  const headers: Record<string, string> = { 'x-request-id': requestId, date: options.environments.production.now().toUTCString(), 'x-hire-environment': environment };
  // Who asked (a key's name, never the key) and which environment's log it goes to, once known.
  let keyName: string | null = null;
  let logTo: RouteContext | undefined;
  const log = (status: number) => {
    const ms = performance.now() - started;
    // A candidate's assessment link is their credential: never printed whole, in either log.
    options.onRequest?.({ method, path: loggedPath(requested), status, ms, requestId });
    // The log's own reads (and its stream) and the presence check stay out of it: `logs tail` would see itself.
    if (url.pathname === INFO_PATH || url.pathname === REQUESTS_PATH || url.pathname === `/_emulator${REQUEST_STREAM_PATH}`) return;
    const target = logTo ?? options.environments.production;
    logRequest(target.store, { at: target.now().toISOString(), method, path: requested, status, ms: Math.round(ms * 10) / 10, request_id: requestId, key_name: keyName });
  };
  const version = /^\/api\/v([01])(\/.*)?$/.exec(url.pathname);
  // Injected faults touch the API only, never the emulator's own controls.
  const injected = version ? options.chaos?.next() : undefined;
  if (injected?.fault === 'latency') await sleep(injected.latencyMs);
  if (injected?.fault === 'drop_before') {
    req.socket.destroy();
    log(0);
    return;
  }
  try {
    // Public links carry the origin this request reached, unless a fixed one was given.
    const origin = options.publicUrl ?? requestOrigin(req);
    const routeContext: RouteContext =
      environment === 'sandbox'
        ? { ...options.environments.sandbox(), publicUrl: origin + SANDBOX_PREFIX }
        : { ...options.environments.production, publicUrl: origin };
    logTo = routeContext;
    // Proof that this server serves the data dir, asked before any key is sent (presence.ts).
    if (url.pathname === INFO_PATH && method === 'GET') {
      const nonce = url.searchParams.get('nonce') ?? '';
      if (!/^[0-9a-f]{16,128}$/.test(nonce)) throw new HttpError(400, 'validation_error', 'A nonce is required.', { nonce: 'must be 16 to 128 hex digits' });
      const proof = infoProof(options.localKey, nonce, req.socket.localAddress, req.socket.localPort);
      // A command's in-process emulator proves the data dir too, but says it is not standing: it
      // ends with its command, so another command must not take it for `hire emulator start`'s.
      response = { status: 200, body: { data: { proof, pid: process.pid, standing: options.mode === 'server' } } };
      send(res, response, headers, requestId);
      log(response.status);
      return;
    }
    // A 00:00 UTC passed since the sandbox's last reset (maybe while no emulator ran): reset it first.
    if (environment === 'sandbox') refreshSandbox(routeContext);
    // The candidate's side (CONTRACT §7): public HTML pages, no key.
    if (!version && PAGE_PATH.test(url.pathname)) {
      log(await servePage(req, res, routeContext, url.pathname, requestId));
      return;
    }
    const control = /^\/_emulator(\/.*)?$/.exec(url.pathname);
    if (!version && !control) {
      const prefix = environment === 'sandbox' ? SANDBOX_PREFIX : '';
      throw new HttpError(404, 'not_found', `No API at ${prefix}${url.pathname}; the API lives under ${prefix}/api/v1.`);
    }
    if (version?.[1] === '0') {
      headers.deprecation = 'true';
      headers.sunset = V0_SUNSET;
      headers.link = `<${environment === 'sandbox' ? SANDBOX_PREFIX : ''}/api/v1>; rel="successor-version"`;
    }
    const path = ((version ? version[2] : control![1]) ?? '/').replace(/\/+$/, '') || '/';
    const { keys } = routeContext;
    // Who is asking comes first: without a valid key, not even which paths exist is told.
    // Every answer says how much is left: of the key's nearest window once it is known, else of the
    // address's allowance for requests without a usable key; an admitted request counts (below).
    let key;
    try {
      key = keys.identify(req.headers.authorization);
    } catch (error) {
      Object.assign(headers, keys.anonymous(req.socket.remoteAddress));
      throw otherEnvironmentKey(error, environment, req.headers.authorization, options.environments);
    }
    keyName = key.name;
    Object.assign(headers, keys.standing(key));
    const routes = version ? API_ROUTES : CONTROL_ROUTES;
    // The emulator's own controls take an admin key unless a control says otherwise (trigger: write).
    keys.authorize(key, req.socket.remoteAddress, method, levelOf(routes, method, path) ?? (control ? 'admin' : undefined));
    // The request log, held open (`hire logs tail`): answered as it grows, logged as it opens.
    if (control && method === 'GET' && path === REQUEST_STREAM_PATH) {
      options.streams.open(res, routeContext, url.searchParams, headers);
      log(200);
      return;
    }
    const { route, params } = findRoute(routes, method, path);
    if (injected?.fault === 'error') throw new HttpError(503, 'service_unavailable', 'The service is unavailable (an injected fault).');
    if (injected?.fault === 'rate_limit') {
      throw new HttpError(429, 'rate_limited', 'Too many requests (an injected fault).', undefined, { 'retry-after': '1' }, { retry_after: 1 });
    }
    // The emulator's own controls are not the platform's API: they spend none of the key's budget.
    const admission = control ? undefined : keys.admit(key);
    if (admission) Object.assign(headers, admission.headers);
    try {
      const rawBody = await readBody(req);
      const body = parseJsonBody(rawBody, method);
      const request: EmulatorRequest = { method, path, params, query: url.searchParams, headers: req.headers, body, requestId, key };
      const { store } = routeContext;
      const run = () => withIdempotency(request, rawBody, routeContext, () => route.handler(request, routeContext));
      response = WRITES.has(method) ? store.write(run) : store.read(run);
    } finally {
      admission?.release();
    }
  } catch (error) {
    response = errorResponse(error);
  }
  Object.assign(headers, response.headers);
  // Processed, and then the answer is lost (whole, or half-way through the body).
  if (injected?.fault === 'drop_after') req.socket.destroy();
  else send(res, response, headers, requestId, injected?.fault === 'truncate');
  log(response.status);
}

/** A key of the other environment, sent to this one: said plainly (each environment takes its own keys). */
function otherEnvironmentKey(error: unknown, environment: EmulatorEnvironment, authorization: string | undefined, environments: Environments): unknown {
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

function findRoute(routes: CompiledRoute[], method: string, path: string): { route: CompiledRoute; params: Record<string, string> } {
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
        throw new HttpError(400, 'validation_error', 'The path is not valid percent-encoding.', { [name]: 'is not valid percent-encoding' });
      }
    }
    return { route, params };
  }
  if (allowed.length > 0) {
    throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`, undefined, {
      allow: allowed.join(', '),
    });
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
    throw new HttpError(400, 'validation_error', 'The request body is not valid UTF-8.', { body: 'is not valid UTF-8' });
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
    throw new HttpError(400, 'validation_error', `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`, {
      body: `must not nest objects and arrays more than ${MAX_BODY_DEPTH} levels deep`,
    });
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

/** CONTRACT §6: the same Idempotency-Key with the same request replays the first answer. */
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
    return { status: previous.status, body: previous.body as Record<string, unknown>, headers: { 'idempotent-replayed': 'true' } };
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
  const error = cause instanceof PlatformError ? new HttpError(PLATFORM_ERRORS[cause.kind].status, PLATFORM_ERRORS[cause.kind].code, cause.message, cause.details) : cause;
  if (error instanceof HttpError) {
    const body: Record<string, unknown> = { code: error.code, message: error.message };
    if (error.details) body.details = error.details;
    // The spec's authentication errors carry the HTTP status in the body too.
    if (error.status === 401 || error.status === 403) body.status = error.status;
    return { status: error.status, body: { error: body, ...error.extra }, headers: error.headers };
  }
  // Damaged data (store.ts): that record fails, with what is wrong and how to recover; the rest is served.
  if (error instanceof StoreError && error.code === 'data_damaged') return { status: 500, body: { error: { code: 'data_damaged', message: error.message } } };
  return { status: 500, body: { error: { code: 'internal_error', message: `The emulator failed: ${(error as Error).message}` } } };
}

function send(res: ServerResponse, response: EmulatorResponse, headers: Record<string, string>, requestId: string, truncate = false): void {
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
