// GET /_emulator/requests/stream (`hire logs tail`): the request log over one held connection,
// one JSON object a line (NDJSON), instead of a request a poll. The log is in the database, which
// every process on the data dir appends to, so the server reads it for what is new itself (a local
// query, no HTTP) and writes each entry as it appears; a heartbeat line says the stream is alive.
//   {"event":"heartbeat","last":N,"at":ISO}  first at once (where the log stands), then every 15 s
//   {"event":"request","request":{seq,…}}    each logged request after `after`, in order
import type { ServerResponse } from 'node:http';
import { HttpError } from './answers.js';
import { readRequests } from '../storage/request-log.js';
import type { RouteContext } from './route.js';

export const REQUEST_STREAM_PATH = '/requests/stream';
/** How often a stream says it is alive when nothing else is written (the client gives up after 3 missed). */
export const HEARTBEAT_MS = 15_000;
/** How often the database is read for requests other processes logged. */
const POLL_MS = 250;
/** At most this many entries a read; more are read at once after. */
const BATCH = 1_000;

/** The streams a server holds open, ended together when it closes (else close() waits on them). */
export class RequestStreams {
  readonly #open = new Set<() => void>();

  /**
   * Checks the query (400 for a bad `after`, before anything is written), then answers 200 and
   * writes to `res` until the client goes or close() is called.
   */
  open(res: ServerResponse, ctx: RouteContext, query: URLSearchParams, headers: Record<string, string>): void {
    const afterText = query.get('after');
    let after = afterText === null ? undefined : Number(afterText);
    if (after !== undefined && (afterText!.trim() === '' || !Number.isSafeInteger(after) || after < 0)) {
      throw new HttpError(400, 'validation_error', 'The request is not valid.', {
        after: 'must be a whole number of at least 0',
      });
    }
    after ??= readRequests(ctx.store, undefined, 1).last;
    res.writeHead(200, {
      ...headers,
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
    });
    let position = after;
    let timer: NodeJS.Timeout | undefined;
    let blocked = false;
    const heartbeat = () =>
      res.write(`${JSON.stringify({ event: 'heartbeat', last: position, at: ctx.now().toISOString() })}\n`);
    const poll = () => {
      timer = undefined;
      if (blocked || res.destroyed) return;
      let full = false;
      try {
        const { requests } = readRequests(ctx.store, position, BATCH);
        full = requests.length === BATCH;
        let open = true;
        for (const request of requests) {
          open = res.write(`${JSON.stringify({ event: 'request', request })}\n`);
          position = request.seq;
        }
        // A slow reader: wait until what was written has gone (never buffer the whole log).
        if (!open) {
          blocked = true;
          res.once('drain', () => {
            blocked = false;
            schedule(0);
          });
          return;
        }
      } catch {
        // A busy or closing database: the next read catches up.
      }
      schedule(full ? 0 : POLL_MS);
    };
    const schedule = (ms: number) => {
      if (timer === undefined && !res.destroyed) timer = setTimeout(poll, ms);
    };
    const beating = setInterval(() => {
      if (!blocked) heartbeat();
    }, HEARTBEAT_MS);
    const end = () => {
      clearTimeout(timer);
      clearInterval(beating);
      this.#open.delete(end);
      if (!res.writableEnded) res.end();
    };
    this.#open.add(end);
    res.on('close', end);
    heartbeat();
    poll();
  }

  /** Ends every open stream (the server is closing); clients reconnect to whoever serves next. */
  close(): void {
    for (const end of [...this.#open]) end();
  }
}
