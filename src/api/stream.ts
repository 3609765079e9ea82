// A GET whose answer is read as it comes, over undici's dispatcher (the request log's stream,
// `hire logs tail`): chunks are handed on as they arrive, and the exchange ends when the server
// ends it, when it stays silent too long, or when the dispatcher is destroyed (Ctrl-C).
import { NetworkError } from '../errors.js';
import type { Dispatcher } from './undici.js';

/** The most of a refusal's body that is kept (an error envelope is a few hundred bytes). */
const MAX_REFUSAL_BYTES = 1024 * 1024;

export interface StreamOptions {
  /** How long the server may take to answer at all. */
  startMs: number;
  /** How long the stream may go without a byte before it is taken for dead. */
  idleMs: number;
  onData(chunk: Buffer): void;
}

/**
 * Resolves undefined when a 200 stream ends, or with the answer when it is anything else (read
 * whole, for the caller's error handling); rejects on a network failure or silence (NetworkError
 * `stream_silent`).
 */
export function openStream(
  dispatcher: Dispatcher,
  url: string,
  headers: Record<string, string>,
  options: StreamOptions,
): Promise<{ status: number; headers: Record<string, string>; text: string } | undefined> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let status = 0;
    let responseHeaders: Record<string, string> = {};
    const refusal: Buffer[] = [];
    let refusalSize = 0;
    let control: Dispatcher.DispatchController | undefined;
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number, what: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const error = new NetworkError(`${target.origin} ${what} for ${ms / 1000} s; the stream was dropped.`, {
          code: 'stream_silent',
        });
        if (control) control.abort(error);
        else reject(error);
      }, ms);
    };
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      outcome();
    };
    arm(options.startMs, 'did not answer');
    dispatcher.dispatch(
      { origin: target.origin, path: target.pathname + target.search, method: 'GET', headers, body: null },
      {
        onRequestStart(controller) {
          control = controller;
        },
        onResponseStart(_controller, statusCode, received) {
          status = statusCode;
          responseHeaders = {};
          for (const [name, value] of Object.entries(received as Record<string, string | string[] | undefined>)) {
            if (value !== undefined)
              responseHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
          }
          arm(options.idleMs, 'sent nothing');
        },
        onResponseData(controller, chunk) {
          if (status !== 200) {
            refusalSize += chunk.length;
            if (refusalSize <= MAX_REFUSAL_BYTES) refusal.push(chunk);
            return;
          }
          arm(options.idleMs, 'sent nothing');
          try {
            options.onData(chunk);
          } catch (error) {
            // What the caller cannot take (an answer of the wrong shape) ends the exchange with its error.
            controller.abort(error as Error);
          }
        },
        onResponseEnd() {
          settle(() =>
            resolve(
              status === 200
                ? undefined
                : { status, headers: responseHeaders, text: Buffer.concat(refusal).toString('utf8') },
            ),
          );
        },
        onResponseError(_controller, error) {
          settle(() => reject(error));
        },
      },
    );
  });
}
