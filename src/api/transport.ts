// The transport: which dispatcher carries a request (node:http for the emulator's plain http on
// loopback, undici for TLS and other hosts, through a proxy where the environment names one),
// and one exchange over it, read whole and bounded in size and time. What a failure means in words
// is network-errors.ts's.
import type { Clock } from './clock.js';
import { ApiError } from '../errors.js';
import { isLoopbackHost, lookupLoopback } from './base-url.js';
import { PlainHttpDispatcher } from './plain-http.js';
import type { Dispatcher } from './undici.js';

export type { Dispatcher };

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

/** An answer larger than this is not read to the end (a list page is well under 1 MiB). */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * The transport for an address. Loopback (the emulator) never goes through a proxy; everything
 * else honours HTTPS_PROXY / HTTP_PROXY / NO_PROXY of `env` (docs/profiles.md "Precedence").
 * `localhost` is answered by us, never by a resolver: plain http (and the key) must not leave the
 * machine. Plain http on loopback goes through node:http (plain-http.ts): undici and its
 * WebAssembly parser load only for https (TLS stays undici's) and other hosts.
 * `beforeUndici` is called just before undici loads.
 */
export async function dispatcherFor(
  href: string,
  env: Readonly<Record<string, string | undefined>>,
  beforeUndici?: () => void,
): Promise<Dispatcher> {
  const { hostname: host, protocol } = new URL(href);
  // `beforeUndici`: the host program's moment to tune the engine for undici (the CLI's run() sets
  // --liftoff-only on Node 20); the library sets nothing of the process itself.
  const undici = () => {
    beforeUndici?.();
    return import('./undici.js');
  };
  if (!isLoopbackHost(host))
    return undici().then(({ envHttpProxyAgent, proxySettings }) => envHttpProxyAgent(proxySettings(env)));
  if (protocol === 'http:') return new PlainHttpDispatcher({ lookup: lookupLoopback }) as unknown as Dispatcher;
  return undici().then(({ Agent }) => new Agent({ keepAliveTimeout: 1_000, connect: { lookup: lookupLoopback } }));
}

/** The transport when none is given: node:http for the emulator's plain http; others need dispatcherFor(). */
export function defaultDispatcher(href: string): Dispatcher {
  const { hostname, protocol } = new URL(href);
  if (protocol === 'http:' && isLoopbackHost(hostname))
    return new PlainHttpDispatcher({ lookup: lookupLoopback }) as unknown as Dispatcher;
  throw new TypeError('ApiClient: pass a dispatcher for this address, or make the client with ApiClient.create().');
}

/**
 * One request and its whole answer, through undici's dispatcher with a small handler: what
 * `request()` does, without loading undici's body mixins and fetch helpers (about a sixth of its
 * start-up cost). The timeout covers the exchange, body included.
 */
export function exchange(
  dispatcher: Dispatcher,
  clock: Clock,
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
  onTimeout: () => void,
  signal?: AbortSignal,
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise<RawResponse>((resolve, reject) => {
    const stopped = () => (signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal?.aborted) return reject(stopped());
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
    // Its caller stopped: the exchange is dropped (the connection closed), not waited for.
    const onAbort = () => {
      if (control) control.abort(stopped());
      else reject(stopped());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: () => void) => {
      timer.abort();
      signal?.removeEventListener('abort', onAbort);
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

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
