// A proxy before an emulator that holds list pages from a given one on until it is opened, so that
// a test can stop a long export "mid-way" at a place in the list rather than at a moment.
import { createServer } from 'node:http';
import { forward, listen, readBody, relay } from './scripted-server.js';

export interface GateProxy {
  /** The emulator's API URL, through the proxy. */
  apiUrl: string;
  /** GETs of a page at or after this are held until open() (Infinity: none). */
  holdFrom: number;
  /** Requests being held now. */
  held: number;
  open(): void;
}

export async function gateProxy(apiUrl: string, holdFrom: number): Promise<GateProxy> {
  const target = new URL(apiUrl);
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const proxy: GateProxy = {
    apiUrl: '',
    holdFrom,
    held: 0,
    open() {
      proxy.holdFrom = Infinity;
      release();
      gate = Promise.resolve();
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const page = Number(new URL(req.url ?? '/', 'http://proxy').searchParams.get('page') ?? 1);
      if (req.method === 'GET' && page >= proxy.holdFrom) {
        proxy.held += 1;
        await gate;
        proxy.held -= 1;
      }
      relay(res, await forward(req, body, target));
    })();
  });
  proxy.apiUrl = `${await listen(server)}${target.pathname}`;
  return proxy;
}
