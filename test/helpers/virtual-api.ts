// The API client on a virtual clock and an in-memory transport (undici's MockAgent): a scripted
// server answers every request synchronously, and time moves only when the client waits. Every
// request is recorded with its virtual time.
import { MockAgent, type Dispatcher } from 'undici';
import { ApiClient } from '../../src/api/client.js';
import { resolveBaseUrl } from '../../src/api/base-url.js';
import { VirtualClock } from './virtual-clock.js';

export const ORIGIN = 'https://api.hiring.test';

export interface Seen {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Virtual ms since the epoch: when the answer comes back (and, without `delays`, when the server read it). */
  at: number;
  /** When the server handled it (virtual ms): `at` less the way back, with `delays`; else `at`. */
  servedAt: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** An answer, or `drop`: the connection closes without one. */
export type Script = (request: Seen, index: number) => Answer | 'drop';

export interface VirtualApi {
  clock: VirtualClock;
  client: ApiClient;
  requests: Seen[];
  retries: string[];
  warnings: string[];
}

/** The way to the server and back of request `index` (virtual ms). */
export type Delays = (index: number) => { there: number; back: number };

/**
 * `latencyMs`: how long a request takes to reach the server (virtual time); its answer comes back
 * at once. A request sent after a 429 came back therefore reaches the server `latencyMs` later.
 * `delays` (instead): each request takes `there` to reach the server, which handles it then
 * (`servedAt`), and its answer takes `back` to return (an answer late under load). `origin`: the
 * server's origin (a loopback one is believed to run its clock fast, as the emulator may).
 */
export function virtualApi(
  script: Script,
  options: {
    maxRetries?: number;
    timeoutMs?: number;
    random?: () => number;
    start?: number;
    latencyMs?: number;
    delays?: Delays;
    origin?: string;
  } = {},
): VirtualApi {
  const origin = options.origin ?? ORIGIN;
  const clock = new VirtualClock(options.start);
  const agent = new MockAgent();
  agent.disableNetConnect();
  const requests: Seen[] = [];
  const retries: string[] = [];
  const warnings: string[] = [];
  agent
    .get(origin)
    .intercept({ path: () => true, method: () => true })
    .reply((request) => {
      const headers = { ...(request.headers as Record<string, string>) };
      const back = Number(headers['x-virtual-back'] ?? 0);
      delete headers['x-virtual-back'];
      const seen: Seen = {
        method: request.method,
        path: request.path,
        headers,
        at: clock.now(),
        servedAt: clock.now() - back,
      };
      requests.push(seen);
      const answer = script(seen, requests.length - 1);
      if (answer === 'drop') throw Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
      const body =
        answer.body === undefined
          ? JSON.stringify({ data: { ok: true } })
          : typeof answer.body === 'string'
            ? answer.body
            : JSON.stringify(answer.body);
      return {
        statusCode: answer.status,
        data: body,
        responseOptions: { headers: { 'content-type': 'application/json', ...answer.headers } },
      };
    })
    .persist();
  const latency = options.latencyMs ?? 0;
  const delays = options.delays;
  let dispatched = 0;
  // The transport: the MockAgent, reached after the latency on the virtual clock. With `delays`,
  // the request reaches the MockAgent after both ways; its script serves it as of `back` earlier.
  const transport = delays
    ? (Object.assign(Object.create(agent) as Dispatcher, {
        dispatch(request: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
          const { there, back } = delays(dispatched++);
          const headers = { ...(request.headers as Record<string, string>), 'x-virtual-back': String(back) };
          clock.clock.sleep(there + back).then(
            () => agent.dispatch({ ...request, headers }, handler),
            () => undefined,
          );
          return true;
        },
      }) as Dispatcher)
    : latency === 0
      ? agent
      : (Object.assign(Object.create(agent) as Dispatcher, {
          dispatch(request: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
            clock.clock.sleep(latency).then(
              () => agent.dispatch(request, handler),
              () => undefined,
            );
            return true;
          },
        }) as Dispatcher);
  const client = new ApiClient({
    baseUrl: resolveBaseUrl(`${origin}/api/v1`),
    apiKey: 'hk_test_virtual',
    timeoutMs: options.timeoutMs ?? 30_000,
    userAgent: 'hire-test',
    dispatcher: transport,
    clock: clock.clock,
    maxRetries: options.maxRetries ?? 0,
    random: options.random ?? (() => 0.5),
    onRetry: (message) => retries.push(message),
    onWarning: (message) => warnings.push(message),
  });
  return { clock, client, requests, retries, warnings };
}

/** An HTTP Date for a virtual time. */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

/**
 * Runs `count` requests of bulk work, `concurrency` at a time (as `jobs import` does): after the
 * first failure no request is begun, every worker ends, and that failure is thrown.
 */
export async function bulk(client: ApiClient, count: number, concurrency: number): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < count && !failure) {
      const index = next++;
      try {
        await client.request('GET', '/jobs', { query: { n: index } });
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(count, concurrency) }, worker));
  if (failure) throw failure.error;
}
