// Following the local emulator's request log (like `stripe logs tail`'s logtailing package): one held
// connection, to which the emulator writes each request as it is logged (request-stream.ts), so an
// idle tail spends none of the key's budget. A stream that ends or drops is opened again from the last
// request seen. It prints nothing: each request asked for is handed to `onRequest`.
import type { ApiClient } from '../api/client.js';
import { systemClock, type Clock } from '../api/clock.js';
import { followRequestLog } from '../api/emulator.js';
import { ApiError, ExitCode, HireError, NetworkError } from '../errors.js';

/** Silence after which the stream is taken for dead: three heartbeats missed (the emulator sends one every 15 s). */
const IDLE_MS = 45_000;
/** Reconnects beyond the first few come at most this often: a server or proxy that ends streams must not make the tail poll. */
const RECONNECT_EVERY_MS = 60_000;
/** Reconnects allowed at once (an emulator restarted), before the pace above applies. */
const RECONNECT_BURST = 3;

/** One logged request: method, path, status, ms, request_id, key_name, at, seq. */
export type LoggedRequest = Record<string, unknown> & { seq: number };

/** Which requests are wanted; each part absent lets every request through. */
export interface RequestFilter {
  status?: ((status: number) => boolean) | undefined;
  /** Upper case. */
  methods?: readonly string[] | undefined;
  /** The start of the path, with or without the API's version (apiPath). */
  path?: string | undefined;
}

export interface TailOptions {
  /** A client of the local emulator. Aborted when `signal` is. */
  client: ApiClient;
  /** Ends the tail: the held request is cut and the tail returns (no error). */
  signal: AbortSignal;
  /** Where waits between reconnections are measured and slept (real time by default). */
  clock?: Clock | undefined;
  /** Times an unreachable emulator is tried again in a row before the tail ends with its error. */
  maxRetries: number;
  /** What to do when the emulator is older than this hire (its suggested command is worded by the caller). */
  outdatedHint?: string;
  filter?: RequestFilter | undefined;
  /** The stream is open (said once, at its first heartbeat or request). */
  onFollowing?: () => void;
  /** A request the filter lets through, as it is logged. */
  onRequest: (entry: LoggedRequest) => void;
}

/** The path below the API's version (and the sandbox's prefix), without the query: what a filter's path matches. */
export function apiPath(path: string): string {
  const bare = path.split('?')[0]!;
  return bare.replace(/^(?:\/sandbox)?(?:\/api\/v\d+)?/, '') || '/';
}

export function wanted(filter: RequestFilter, entry: Record<string, unknown>): boolean {
  const path = String(entry.path ?? '');
  if (filter.status && !filter.status(Number(entry.status))) return false;
  if (filter.methods && !filter.methods.includes(String(entry.method))) return false;
  if (filter.path !== undefined && !path.startsWith(filter.path) && !apiPath(path).startsWith(filter.path))
    return false;
  return true;
}

/** Follows the request log until `signal` is aborted, or the emulator stays unreachable. */
export async function tailRequestLog(options: TailOptions): Promise<void> {
  const { client, signal, filter = {} } = options;
  const clock = options.clock ?? systemClock;
  const onAbort = () => client.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    // At once a few times, then at most once a minute (a server or proxy that ends every stream must
    // not turn the tail into a poll).
    let last: number | undefined;
    let announced = false;
    let failures = 0;
    let credit = RECONNECT_BURST;
    let creditAt = clock.now();
    let retryAt = 0;
    while (!signal.aborted) {
      const now = clock.now();
      credit = Math.min(RECONNECT_BURST, credit + (now - creditAt) / RECONNECT_EVERY_MS);
      creditAt = now;
      const wait = Math.max(retryAt - now, credit >= 1 ? 0 : (1 - credit) * RECONNECT_EVERY_MS);
      if (wait > 0) await clock.sleep(wait, signal).catch(() => undefined);
      if (signal.aborted) break;
      credit -= 1;
      try {
        await followRequestLog(client, last, IDLE_MS, {
          onPosition(position) {
            failures = 0;
            last ??= position;
            if (announced) return;
            announced = true;
            options.onFollowing?.();
          },
          onRequest(entry) {
            last = entry.seq;
            if (wanted(filter, entry)) options.onRequest(entry);
          },
        });
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof ApiError && error.status === 404 && !announced) {
          throw new HireError('This emulator has no request log stream: it is older than this hire.', {
            exitCode: ExitCode.failure,
            code: 'emulator_outdated',
            hint: options.outdatedHint,
          });
        }
        // Not reachable (an emulator restarting): tried again `maxRetries` times, then the tail ends.
        if (!(error instanceof NetworkError) || !announced || failures >= options.maxRetries) throw error;
        failures += 1;
        // Refused: nothing was sent; tried again after 1 s, 2 s, 4 s… without spending a reconnect.
        if (error.code === 'connection_refused') {
          retryAt = clock.now() + 1_000 * 2 ** (failures - 1);
          credit += 1;
        }
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
