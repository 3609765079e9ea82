// Small scripted HTTP servers for tests (node:http on loopback, any free port, real sockets): every
// request recorded, every server closed after each test, its connections dropped first; and the
// parts of a forwarding proxy (read, forward, relay) for tests that stand one before an emulator.
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { afterEach } from 'vitest';

export interface Recorded {
  method: string;
  url: string;
  /** The URL's pathname. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when the request was complete. */
  at: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface Scripted {
  /** http://127.0.0.1:PORT, without a path. */
  origin: string;
  requests: Recorded[];
}

const servers: Server[] = [];
const afterClose: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  // Servers first: dropping their connections ends any request still pending, so close() cannot hang.
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  for (const cleanup of afterClose.splice(0)) await cleanup();
});

/** Runs once this test's servers are closed (e.g. closing an HTTP client that would wait for pending requests). */
export function afterServersClosed(cleanup: () => Promise<void> | void): void {
  afterClose.push(cleanup);
}

/** Listens on 127.0.0.1, any free port, until the test ends; returns http://127.0.0.1:PORT. */
export async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** A server answering the n-th request with handlers[n] (the last one repeats). */
export async function serve(...handlers: Handler[]): Promise<Scripted> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const body = raw.toString('utf8');
      const url = req.url ?? '';
      requests.push({
        method: req.method ?? '',
        url,
        path: new URL(url, 'http://x').pathname,
        headers: req.headers,
        body,
        at: Date.now(),
      });
      const handler = handlers[Math.min(requests.length - 1, handlers.length - 1)]!;
      handler(req, res, body);
    });
  });
  return { origin: await listen(server), requests };
}

/** Answers `status` with `body` as JSON (a string is sent as it is). */
export function reply(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** A request's body, once it has all arrived (never, if the client hangs up first). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

export interface Forwarded {
  answer: IncomingMessage;
  body: Buffer;
}

/**
 * Sends a request (its body already read) on to `upstream`'s host over a connection of its own;
 * resolves with the whole answer, or never when the upstream fails (the client is hung up on).
 */
export function forward(req: IncomingMessage, body: Buffer, upstream: URL): Promise<Forwarded> {
  const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host, connection: 'close' };
  delete headers['keep-alive'];
  return new Promise((resolve) => {
    const request = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: false },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => resolve({ answer, body: Buffer.concat(parts) }));
      },
    );
    request.on('error', () => req.socket.destroy());
    request.end(body);
  });
}

/** Passes a forwarded answer back to the client, without its connection headers. */
export function relay(res: ServerResponse, { answer, body }: Forwarded): void {
  const headers = { ...answer.headers };
  delete headers.connection;
  delete headers['keep-alive'];
  res.writeHead(answer.statusCode ?? 502, headers);
  res.end(body);
}
