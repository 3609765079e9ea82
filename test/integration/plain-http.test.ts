// The loopback transport (src/api/plain-http.ts, node:http) answers the client exactly as undici's
// Agent, which serves every other host, does: the same headers, bodies and error codes for the same
// server behaviour, so that messages and retries never depend on which one carried a request.
import { describe, expect, it } from 'vitest';
import { Agent, type Dispatcher } from 'undici';
import { PlainHttpDispatcher } from '../../src/api/plain-http.js';
import { afterServersClosed, serve, type Handler } from '../helpers/scripted-server.js';

interface Outcome {
  status?: number;
  headers?: Record<string, unknown>;
  body?: string;
  error?: { code: unknown; message?: string };
}

function exchange(
  dispatcher: Dispatcher,
  origin: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = {};
    const chunks: Buffer[] = [];
    dispatcher.dispatch(
      {
        origin,
        path: '/api/v1/jobs?x=1',
        method: body === undefined ? 'GET' : 'POST',
        headers: { accept: 'application/json', ...headers },
        body: body ?? null,
      },
      {
        onRequestStart() {},
        onResponseStart(_controller, status, received) {
          outcome.status = status;
          const {
            date: _date,
            connection: _connection,
            'keep-alive': _keepAlive,
            ...rest
          } = received as Record<string, unknown>;
          outcome.headers = rest;
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          outcome.body = Buffer.concat(chunks).toString('utf8');
          resolve(outcome);
        },
        onResponseError(_controller, error) {
          outcome.error = { code: (error as { code?: unknown }).code };
          resolve(outcome);
        },
      },
    );
  });
}

/** Both transports against the same server behaviour. */
async function both(handler: Handler, headers?: Record<string, string>, body?: string): Promise<[Outcome, Outcome]> {
  const server = await serve(handler);
  const undici = new Agent();
  const plain = new PlainHttpDispatcher() as unknown as Dispatcher;
  afterServersClosed(async () => {
    await undici.destroy();
    await plain.destroy();
  });
  return [await exchange(undici, server.origin, headers, body), await exchange(plain, server.origin, headers, body)];
}

describe('node:http on loopback, as undici', () => {
  it.each<[string, Handler]>([
    [
      'an answer with repeated headers and a body',
      (_req, res) => {
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.setHeader('x-many', ['one', 'two']);
        res.writeHead(200, { 'content-type': 'application/json', 'X-Request-Id': 'req_1' });
        res.end('{"data":[]}');
      },
    ],
    [
      'a chunked answer',
      (_req, res) => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.write('{"data":');
        res.end('{}}');
      },
    ],
    [
      'a 204',
      (_req, res) => {
        res.writeHead(204);
        res.end();
      },
    ],
    ['a connection closed without an answer', (req) => req.socket.destroy()],
    [
      'an answer cut short of its Content-Length',
      (_req, res) => {
        res.writeHead(200, { 'content-length': '100' });
        res.write('{"data":', () => res.socket!.destroy());
      },
    ],
  ])('%s', async (_name, handler) => {
    const [undici, plain] = await both(handler);
    expect(plain).toEqual(undici);
  });

  it("sends a POST body whole, and refuses a header it cannot send with undici's code", async () => {
    const [undici, plain] = await both(
      (req, res, body) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ length: req.headers['content-length'], body }));
      },
      { 'content-type': 'application/json' },
      '{"title":"Zoë"}',
    );
    expect(plain).toEqual(undici);
    expect(JSON.parse(plain.body!)).toEqual({ length: '16', body: '{"title":"Zoë"}' });
    const [badUndici, badPlain] = await both((_req, res) => res.end(), { authorization: 'Bearer a\nb' });
    expect(badPlain.error).toEqual(badUndici.error);
    expect(badPlain.error?.code).toBe('UND_ERR_INVALID_ARG');
  });

  it('a refused connection is ECONNREFUSED', async () => {
    const plain = new PlainHttpDispatcher() as unknown as Dispatcher;
    // Port 1: nothing listens there.
    expect((await exchange(plain, 'http://127.0.0.1:1')).error?.code).toBe('ECONNREFUSED');
    await plain.destroy();
  });
});
