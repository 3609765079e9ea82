// Webhook receivers for tests: node:http on loopback that record every request and answer as the
// test scripts (a status, a body, or a status held until the test opens a gate); closed after each
// test. Deliveries are checked with the independent `standardwebhooks` library.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach } from 'vitest';

export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** performance.now() when the request was complete. */
  at: number;
}

/**
 * What to answer to the n-th request (0-based): a status; or a status and a body; and optionally
 * only once `after` has settled (a gate the test opens: an answer held for as long as the test
 * needs, however slow the machine); or 'hang up': the connection closed with no answer, a receiver
 * that is down without giving its port away (a closed port may be taken by another test's server).
 */
export type Answer = number | { status: number; body?: string; after?: Promise<unknown> } | 'hang up';
export type Script = (request: Received, index: number) => Answer;

export interface Receiver {
  port: number;
  url(path?: string): string;
  requests: Received[];
  close(): Promise<void>;
}

const receivers: Receiver[] = [];

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export async function receiver(script: Script = () => 200, port = 0): Promise<Receiver> {
  const requests: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: headersOf(req),
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      const index = requests.length;
      requests.push(received);
      const answer = script(received, index);
      if (answer === 'hang up') {
        req.socket.destroy();
        return;
      }
      const { status, body = 'ok', after } = typeof answer === 'number' ? { status: answer } : answer;
      const reply = () => {
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
      };
      if (after) void after.then(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  const result: Receiver = {
    port: actualPort,
    url: (path = '/hook') => `http://127.0.0.1:${actualPort}${path}`,
    requests,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
  receivers.push(result);
  return result;
}

/** A promise the test resolves when it chooses. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

export function whsecSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Verifies a delivery with `standardwebhooks` (throws on a bad signature or an old timestamp) and returns its body. */
export function verified(request: Received, secret: string): any {
  const webhook = secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' });
  return webhook.verify(request.body, request.headers);
}
