// The request pipeline: each request walks a list of stages in order, from the environment it is
// addressed to, through the candidate's pages and the API's path, the key (who), the route (what:
// 404 and 405 here, whatever the key), the key's level for that route (docs/api-choices.md §5 has
// the order of refusals), injected faults and the key's budget, to the route run in one
// transaction; then the answer goes out and the request is logged. The server's lifecycle
// (http/server.ts) hands each request to handle().
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { AccessError } from '../access/errors.js';
import type { StoredKey } from '../access/keys.js';
import { INFO_PATH, infoProof } from '../access/presence.js';
import type { PageLimiter } from '../pages/limits.js';
import { PAGE_PATH } from '../pages/page-path.js';
import { transaction } from '../storage/transaction.js';
import type { EmulatorEnvironment } from '../platform/context.js';
import { SANDBOX_PREFIX } from '../platform/sandbox-place.js';
import { newId } from '../storage/ids.js';
import { onFirstUse } from '../platform/first-use.js';
import { stopwatch } from '../platform/stopwatch.js';
import { loggedPath, logRequest, refusalLogged } from '../storage/request-log.js';
import { HttpError, errorResponse, send, type EmulatorResponse } from './answers.js';
import { parseJsonBody, readBody } from './body.js';
import type { Chaos } from './chaos.js';
import { withIdempotency } from './idempotency.js';
import { REQUEST_STREAM_PATH, type RequestStreams } from './request-stream.js';
import type { EmulatorRequest, RouteContext } from './route.js';
import { API_ROUTES, PUBLISHED_ROUTES, controlRoutes, findRoute, type CompiledRoute } from './route-table.js';

/** The address a server listens on unless told (and a request's origin when its socket has none). */
export const DEFAULT_HOST = '127.0.0.1';
/** /api/v0 stays served, marked deprecated, until this date (spec "Versioning": 12 months). */
const V0_SUNSET = 'Mon, 01 Nov 2027 00:00:00 GMT';

/** What `hire emulator start` logs of each request. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  requestId: string;
}

/** Production's parts, and the sandbox's, opened on first use. */
export interface Environments {
  production: RouteContext;
  sandbox(): RouteContext;
  opened: RouteContext | undefined;
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

export interface HandleOptions {
  environments: Environments;
  /** The fixed origin of public links, if one was given (else each request's own). */
  publicUrl: string | undefined;
  onRequest: ((entry: RequestLogEntry) => void) | undefined;
  onNotice: ((message: string) => void) | undefined;
  chaos: Chaos | undefined;
  localKey: string;
  mode: 'server' | 'embedded';
  streams: RequestStreams;
  /** The candidate's pages' allowance per address. */
  pageLimiter: PageLimiter;
  /** Only the operations the API spec publishes; the rest answered as a gateway would (`gateway`). */
  publishedOnly: boolean;
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
  /** Milliseconds since the request came. */
  readonly elapsed: () => number;
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
  /** Refused past its address's allowance for requests without a key: which one this hour. */
  refusedCount?: number;
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
  gateway,
  authenticate,
  requestStream,
  matchRoute,
  authorize,
  chaos,
  rateLimit,
  runRoute,
];

/** What the stages load at the first request that needs it (platform/first-use.ts). */
const sandboxReset = onFirstUse(() => import('../platform/sandbox.js'));
const pages = onFirstUse(() => import('../pages/serve.js'));
const openApiDocument = onFirstUse(() => import('../openapi/document.js'));

/**
 * All that the stages and routes load at first use (a route's `uses`, the controls, the sandbox's
 * reset, the candidate's pages with their Markdown, the OpenAPI document), loaded now. A standing
 * server, which runs for hours, takes it at its start: a package replaced under it (an upgrade)
 * then breaks none of its requests, as the files it would have loaded later are gone.
 */
export async function loadEverything(): Promise<void> {
  await Promise.all([
    ...API_ROUTES.flatMap((route) => route.uses ?? []).map((module) => module.load()),
    controlRoutes(),
    sandboxReset.load(),
    pages.load().then(({ loadRenderer }) => loadRenderer()),
    openApiDocument.load(),
  ]);
}

export async function handle(req: IncomingMessage, res: ServerResponse, options: HandleOptions): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const requestId = newId('req');
  const exchange: Exchange = {
    req,
    res,
    options,
    elapsed: stopwatch(),
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

/** Proof that this server serves the data dir, asked before any key is sent (access/presence.ts). */
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
/** Built once each: of every operation, and of the published ones alone. */
const openApiDocuments: { all?: Record<string, unknown>; published?: Record<string, unknown> } = {};

/**
 * The API's OpenAPI 3.1 description (docs/emulator.md "OpenAPI description"), generated from the
 * route table on the first ask: no key, no budget, its servers this emulator's own addresses.
 */
async function openApi(x: Exchange): Promise<void> {
  if (x.url.pathname !== OPENAPI_PATH || x.method !== 'GET') return;
  const { buildDocument, servedDocument } = await openApiDocument.load();
  // A published-only emulator describes what it serves: what a client reading it learns is true.
  const document = x.options.publishedOnly
    ? (openApiDocuments.published ??= buildDocument(PUBLISHED_ROUTES))
    : (openApiDocuments.all ??= buildDocument(API_ROUTES));
  const body = servedDocument(document, requestOrigin(x.req), x.environment);
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
async function refreshEnvironment(x: Exchange): Promise<void> {
  if (x.environment !== 'sandbox') return;
  // The reset seeds jobs and their questions: loaded by the first sandbox request, not by every start.
  const { refreshSandbox, sandboxResetNotice } = await sandboxReset.load();
  const reset = refreshSandbox(x.ctx!);
  const notice = reset && sandboxResetNotice(reset);
  if (notice) x.options.onNotice?.(notice);
}

/** The candidate's side (docs/emulator.md "The candidate's side"): public HTML pages, no key. */
async function publicPages(x: Exchange): Promise<void> {
  if (!PAGE_PATH.test(x.url.pathname)) return;
  const { servePage } = await pages.load();
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
const apiRoutes = (options: HandleOptions): CompiledRoute[] => (options.publishedOnly ? PUBLISHED_ROUTES : API_ROUTES);
const routesOf = async (x: Exchange): Promise<CompiledRoute[]> => (x.api ? apiRoutes(x.options) : controlRoutes());

/** What an API gateway answers for a route it does not know: nothing of the platform's (no request id, no hint). */
const GATEWAY_NOT_FOUND = JSON.stringify({ error: { code: 'not_found', message: 'Not found' } });

/**
 * A published-only emulator (docs/emulator.md "Only what the spec publishes") stands as a platform
 * behind an API gateway that routes the spec's published operations alone: any other API path is
 * the gateway's bare 404, whatever the key, before the platform sees it.
 */
function gateway(x: Exchange): void {
  if (!x.options.publishedOnly || !x.api) return;
  const path = x.api.path;
  if (PUBLISHED_ROUTES.some((route) => route.method === x.method && route.pattern.test(path))) return;
  x.res.writeHead(404, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(GATEWAY_NOT_FOUND)),
  });
  x.res.end(GATEWAY_NOT_FOUND);
  x.outcome = { sent: 404 };
}

/**
 * Who is asking comes first: without a valid key, not even which paths exist is told. Every answer
 * says how much is left: of the key's nearest window once it is known, else of the address's
 * allowance for requests without a usable key. A key used from outside its allow-list goes no
 * further either.
 */
function authenticate(x: Exchange): void {
  const { keys } = x.ctx!;
  const { req } = x;
  let key;
  try {
    key = keys.identify(req.headers.authorization);
  } catch (error) {
    try {
      Object.assign(x.headers, keys.anonymous(req.socket.remoteAddress));
    } catch (refused) {
      // Past the address's allowance: counted, and logged only now and then (storage/request-log.ts).
      x.refusedCount = keys.refusedAnonymous(req.socket.remoteAddress);
      throw refused;
    }
    throw otherEnvironmentKey(error, x.environment, req.headers.authorization, x.options.environments);
  }
  x.key = key;
  Object.assign(x.headers, keys.standing(key));
  keys.authorizeAddress(key, req.socket.remoteAddress);
}

/** The request log, held open (`hire logs tail`): answered as it grows, logged as it opens. Admin, as every control. */
function requestStream(x: Exchange): void {
  if (x.control !== REQUEST_STREAM_PATH || x.method !== 'GET') return;
  x.ctx!.keys.authorizeLevel(x.key!, x.method, 'admin');
  x.options.streams.open(x.res, x.ctx!, x.url.searchParams, x.headers);
  x.outcome = { sent: 200 };
}

/** Which route answers: a path there is not is 404, a method no route of the path has is 405, for every key. */
async function matchRoute(x: Exchange): Promise<void> {
  const { route, params } = findRoute(await routesOf(x), x.method, pathOf(x));
  x.route = route;
  x.params = params;
}

/**
 * May this key do what the route does: the route's own level, else the method's (GET read; POST,
 * PATCH write; DELETE admin); the emulator's own controls take an admin key unless a control says
 * otherwise (trigger: write).
 */
function authorize(x: Exchange): void {
  x.ctx!.keys.authorizeLevel(x.key!, x.method, x.route!.level ?? (x.control !== undefined ? 'admin' : undefined));
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
      await new Promise((resolve) => setTimeout(resolve, injected.latencyMs));
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
  // What the handler takes at its first request (route.ts `uses`), loaded before the transaction.
  if (route.uses) await Promise.all(route.uses.map((module) => module.load()));
  const run = () => withIdempotency(request, rawBody, ctx, () => route.handler(request, ctx));
  x.outcome = { response: transaction(ctx, WRITES.has(x.method) ? 'write' : 'read', run) };
}

/** Sends the answer, unless a stage already did (a page) or it is dropped; an injected fault may drop or cut it. */
function answer(x: Exchange): void {
  const outcome = x.outcome!;
  if ('sent' in outcome) return;
  Object.assign(x.headers, outcome.response.headers);
  // Date says when the answer was made, read after every check: at --clock-scale 3600 a millisecond
  // is 3.6 s, so a Date read when the request came could fall before the instant a key was judged
  // expired, and a client would read a 401 for expiry dated before the expiry.
  x.headers.date = x.options.environments.production.now().toUTCString();
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
  const ms = x.elapsed();
  // A flood without a key past its allowance is counted, not logged row by row: the 1st, 10th, 100th… only.
  if (x.refusedCount !== undefined && !refusalLogged(x.refusedCount)) return;
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
    ...(x.refusedCount !== undefined ? { refused_count: x.refusedCount } : {}),
  });
}

/** A key of the other environment, sent to this one: said plainly (each environment takes its own keys). */
function otherEnvironmentKey(
  error: unknown,
  environment: EmulatorEnvironment,
  authorization: string | undefined,
  environments: Environments,
): unknown {
  if (!(error instanceof AccessError) || error.code !== 'unauthorized' || !authorization) return error;
  const other = environment === 'sandbox' ? environments.production : environments.sandbox();
  if (!other.keys.holds(authorization)) return error;
  const message =
    environment === 'sandbox'
      ? 'This is a production API key; the sandbox (/sandbox/api/v1) takes sandbox keys only.'
      : 'This is a sandbox API key; production (/api/v1) takes production keys only.';
  return new AccessError(401, 'unauthorized', message, error.headers);
}
