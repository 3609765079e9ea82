// ApiClient.withSignal(): a sibling of one client whose requests and waits end with its own signal
// (an MCP call cancelled), over real HTTP to scripted servers, while the client and its other
// siblings go on: a held request is dropped (the server sees the connection close), a wait before
// a retry behind a 429 ends at once, and both end as interrupted.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { resolveBaseUrl } from '../../src/api/base-url.js';
import { InterruptedError } from '../../src/errors.js';
import { afterServersClosed, reply, serve } from '../helpers/scripted-server.js';

async function makeClient(origin: string, maxRetries = 0): Promise<ApiClient> {
  const client = await ApiClient.create({
    baseUrl: resolveBaseUrl(`${origin}/api/v1`),
    apiKey: 'hk_test_signal00000000000000000000',
    timeoutMs: 45_000,
    userAgent: 'hire-test',
    maxRetries,
  });
  afterServersClosed(() => client.close());
  return client;
}

describe('ApiClient.withSignal', () => {
  it('drops a held request when its signal aborts, and leaves the client and another sibling working', async () => {
    let dropped!: () => void;
    const closed = new Promise<void>((resolve) => (dropped = resolve));
    let arrived!: () => void;
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    const platform = await serve(
      (_req, res) => {
        res.on('close', () => dropped());
        arrived();
      },
      reply(200, { data: [], meta: { request_id: 'req_ok' } }),
    );
    const client = await makeClient(platform.origin);
    const stop = new AbortController();
    const held = client
      .withSignal(stop.signal)
      .request('GET', '/jobs')
      .catch((error: unknown) => error);
    await asked;
    stop.abort();
    await closed;
    expect(await held).toBeInstanceOf(InterruptedError);
    // The others share the transport, untouched.
    const other = client.withSignal(new AbortController().signal);
    await expect(other.request('GET', '/jobs')).resolves.toMatchObject({ data: [] });
    await expect(client.request('GET', '/jobs')).resolves.toMatchObject({ data: [] });
  });

  it("ends a wait before a retry behind a 429 at once; a sibling's abort() stops it alone", async () => {
    let arrived!: () => void;
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    const limited = reply(429, { error: { code: 'rate_limited', message: 'Slow down.' } }, { 'retry-after': '60' });
    const platform = await serve(
      (req, res, body) => {
        limited(req, res, body);
        arrived();
      },
      reply(200, { data: [], meta: { request_id: 'req_ok' } }),
    );
    const client = await makeClient(platform.origin, 3);
    const sibling = client.withSignal(new AbortController().signal);
    const waiting = sibling.request('GET', '/jobs').catch((error: unknown) => error);
    await asked;
    sibling.abort();
    expect(await waiting).toBeInstanceOf(InterruptedError);
    expect(platform.requests).toHaveLength(1);
    await expect(client.request('GET', '/jobs')).resolves.toMatchObject({ data: [] });
  });
});
