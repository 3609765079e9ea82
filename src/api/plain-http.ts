// The transport for loopback (the emulator): node:http behind undici's Dispatcher interface, the
// one the client speaks (dispatch() with onRequestStart / onResponseStart / onResponseData /
// onResponseEnd / onResponseError, close(), destroy()). Plain http on loopback needs nothing undici
// adds, and undici costs every such command its 250 KB of code, a WebAssembly HTTP parser compiled
// at the first connection and the built-ins it loads (a third of a `jobs list`'s start).
// What the client sees is undici's: headers lower-cased with repeats kept as arrays, and the same
// error codes for the same failures, so that messages and retries do not depend on the transport.
import type { Agent as HttpAgent, ClientRequest, IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { Dispatcher } from 'undici';

// Not `import … from 'node:http'`: on Node 22+ the ESM view of node:http reads its every export,
// WebSocket among them, which loads Node's own copy of undici (≈15 ms): the point of this file.
// Taken when the first dispatcher is made, not as the module loads: the module is part of
// dist/cli.js, which commands that send no request load too (ARCHITECTURE.md "What the package ships").
const http = () => process.getBuiltinModule('node:http');

/** undici's codes: a connection closed before the answer was whole, and a header it cannot send. */
function socketClosed(cause?: unknown): Error {
  return Object.assign(new Error('other side closed', cause === undefined ? {} : { cause }), {
    code: 'UND_ERR_SOCKET',
  });
}

export class PlainHttpDispatcher {
  readonly #agent: HttpAgent;
  readonly #lookup: LookupFunction | undefined;
  readonly #inFlight = new Set<() => void>();
  #closed = false;
  #drained: (() => void) | undefined;

  constructor(options: { lookup?: LookupFunction } = {}) {
    // Keep-alive as undici's Agent: idle connections are reused, and closed before the server's
    // own idle timeout (Node's agent follows its Keep-Alive hint, less a second).
    this.#agent = new (http().Agent)({ keepAlive: true });
    this.#lookup = options.lookup;
  }

  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    let done = false;
    let req: ClientRequest | undefined;
    let res: IncomingMessage | undefined;
    const finish = () => {
      done = true;
      this.#inFlight.delete(abandon);
      if (this.#inFlight.size === 0) this.#drained?.();
    };
    const fail = (error: Error) => {
      if (done) return;
      finish();
      handler.onResponseError?.(controller, error);
      req?.destroy();
    };
    const abandon = () => fail(socketClosed());
    const controller = {
      abort: (reason: Error) => fail(reason),
      pause: () => res?.pause(),
      resume: () => res?.resume(),
      get aborted() {
        return done;
      },
      get paused() {
        return res?.isPaused() ?? false;
      },
      get reason() {
        return null;
      },
    } as unknown as Dispatcher.DispatchController;
    if (this.#closed) {
      queueMicrotask(() => fail(Object.assign(new Error('The client is destroyed'), { code: 'UND_ERR_DESTROYED' })));
      return false;
    }
    this.#inFlight.add(abandon);
    handler.onRequestStart?.(controller, {});
    if (done) return true;
    const target = new URL(options.origin!.toString());
    try {
      req = http().request({
        protocol: 'http:',
        hostname: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port || 80,
        path: options.path,
        method: options.method,
        headers: options.headers as Record<string, string>,
        agent: this.#agent,
        ...(this.#lookup ? { lookup: this.#lookup } : {}),
      });
    } catch (error) {
      // A header value node:http will not send (a line break, a character beyond Latin-1): undici's wording.
      const code = (error as { code?: string }).code;
      const header = /\["?([^"\]]+)"?\]/.exec((error as Error).message)?.[1]?.toLowerCase();
      fail(
        code === 'ERR_INVALID_CHAR' || code === 'ERR_INVALID_HTTP_TOKEN'
          ? Object.assign(new Error(`invalid ${header ?? 'header'} header`), { code: 'UND_ERR_INVALID_ARG' })
          : (error as Error),
      );
      return true;
    }
    // No idle timeout while a request is under way (the exchange keeps its own): a stream may be
    // quiet between heartbeats on a reused connection that carries the agent's idle timeout.
    req.setTimeout(0);
    req.on('error', (error: NodeJS.ErrnoException) => {
      // `socket hang up`: the server closed without answering, which undici calls a closed socket.
      fail(error.code === 'ECONNRESET' && error.message === 'socket hang up' ? socketClosed(error) : error);
    });
    req.on('response', (response) => {
      res = response;
      const headers: Record<string, string | string[]> = {};
      const raw = response.rawHeaders;
      for (let index = 0; index + 1 < raw.length; index += 2) {
        const name = raw[index]!.toLowerCase();
        const value = raw[index + 1]!;
        const seen = headers[name];
        headers[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
      }
      handler.onResponseStart?.(controller, response.statusCode ?? 0, headers, response.statusMessage ?? '');
      response.on('data', (chunk: Buffer) => {
        if (!done) handler.onResponseData?.(controller, chunk);
      });
      response.on('end', () => {
        if (done) return;
        // Fewer bytes than Content-Length, or a cut chunked body: not an answer.
        if (!response.complete) return fail(socketClosed());
        finish();
        handler.onResponseEnd?.(controller, {});
      });
      response.on('aborted', () => fail(socketClosed()));
      response.on('error', (error) => fail(socketClosed(error)));
      response.on('close', () => {
        if (!done) fail(socketClosed());
      });
    });
    const body = options.body as string | Buffer | null | undefined;
    req.end(body ?? undefined);
    return true;
  }

  /** Waits for the requests under way, then closes every connection. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#inFlight.size > 0) await new Promise<void>((resolve) => (this.#drained = resolve));
    this.#agent.destroy();
  }

  /** Ends every request under way at once (Ctrl-C) and closes every connection. */
  async destroy(): Promise<void> {
    this.#closed = true;
    for (const abandon of [...this.#inFlight]) abandon();
    this.#agent.destroy();
  }
}
