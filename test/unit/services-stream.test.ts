// The services of commands that run until stopped, used as the library and the MCP server would: no
// terminal, no Context; callbacks report, an AbortSignal stops (ARCHITECTURE.md "The service layer").
// Their CLI behaviour is proven end to end in test/e2e/webhooks-listen, logs-tail-budget and
// local-emulator.
import { describe, expect, it } from 'vitest';
import { listen, type Received } from '../../src/services/listen.js';
import { apiPath, wanted } from '../../src/services/tail.js';
import { signedHeaders } from '../../src/webhooks/signature.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Runs the listener until `stop` is aborted; resolves `address` once it listens. */
function startListener(stop: AbortController, onDelivery: (entry: Received) => void) {
  const events: string[] = [];
  let listening!: (address: string) => void;
  const address = new Promise<string>((resolve) => (listening = resolve));
  const done = listen({
    port: 0,
    secret: SECRET,
    signal: stop.signal,
    onListening: (at) => {
      events.push('listening');
      listening(at);
    },
    onDelivery,
    onStopping: () => events.push('stopping'),
  });
  return { address, done, events };
}

describe('the webhook listener service', () => {
  it('answers and reports a valid and a forged delivery, then stops on its signal and lets the port go', async () => {
    const stop = new AbortController();
    const received: Received[] = [];
    let twoReported!: () => void;
    const reported = new Promise<void>((resolve) => (twoReported = resolve));
    const listener = startListener(stop, (entry) => {
      received.push(entry);
      if (received.length === 2) twoReported();
    });
    const address = await listener.address;
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const body = JSON.stringify({ id: 'evt_1', type: 'job.created', data: { id: 'job_1' } });
    const valid = await fetch(`${address}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(SECRET, 'msg_1', body, new Date()) },
      body,
    });
    expect(valid.status).toBe(200);
    const forged = await fetch(`${address}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders('whsec_' + Buffer.from('another secret').toString('base64'), 'msg_2', body, new Date()),
      },
      body,
    });
    expect(forged.status).toBe(401);
    await reported;
    const byId = new Map(received.map((entry) => [entry.id, entry]));
    expect(byId.get('msg_1')).toMatchObject({ valid: true, type: 'job.created', data: { id: 'job_1' } });
    expect(byId.get('msg_2')).toMatchObject({ valid: false });

    stop.abort();
    await listener.done;
    expect(listener.events).toEqual(['listening', 'stopping']);
    await expect(fetch(`${address}/`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('stopped before it listens, it still listens once and then stops (a signal sent on the cue is not lost)', async () => {
    const stop = new AbortController();
    stop.abort();
    const listener = startListener(stop, () => undefined);
    await listener.done;
    expect(listener.events).toEqual(['listening', 'stopping']);
  });
});

describe('the request-log tail filter', () => {
  it.each([
    ['/api/v1/jobs?limit=5', '/jobs'],
    ['/sandbox/api/v1/candidates/cand_1', '/candidates/cand_1'],
    ['/api/v1', '/'],
    ['/_emulator/requests', '/_emulator/requests'],
  ])('apiPath(%s) is %s', (path, expected) => {
    expect(apiPath(path)).toBe(expected);
  });

  const entry = { method: 'POST', path: '/api/v1/jobs', status: 422 };
  it.each([
    [{}, true],
    [{ path: '/jobs' }, true],
    [{ path: '/api/v1/jobs' }, true],
    [{ path: '/candidates' }, false],
    [{ methods: ['GET'] }, false],
    [{ methods: ['GET', 'POST'] }, true],
    [{ status: (status: number) => status >= 500 }, false],
    [{ status: (status: number) => status >= 400, methods: ['POST'], path: '/jobs' }, true],
  ])('wanted(%o) is %s', (filter, expected) => {
    expect(wanted(filter, entry)).toBe(expected);
  });
});
