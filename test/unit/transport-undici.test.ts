// The transport calls the host's `beforeUndici` just before it loads undici, and only then: the
// CLI sets its engine flag there (src/cli.ts), so that plain-http commands never load node:v8.
import { describe, expect, it } from 'vitest';
import { dispatcherFor } from '../../src/api/transport.js';

describe('dispatcherFor and beforeUndici', () => {
  it('is not called for plain http on loopback (node:http carries it)', async () => {
    let calls = 0;
    const dispatcher = await dispatcherFor('http://127.0.0.1:1/api/v1', {}, () => calls++);
    await dispatcher.close();
    expect(calls).toBe(0);
  });

  it('is called once before undici loads: https on loopback, and any other host', async () => {
    for (const href of ['https://127.0.0.1:1/api/v1', 'https://api.example.com/api/v1', 'http://api.example.com/v1']) {
      let calls = 0;
      const dispatcher = await dispatcherFor(href, {}, () => calls++);
      await dispatcher.close();
      expect({ href, calls }).toEqual({ href, calls: 1 });
    }
  });

  it('works without one, as the library calls it', async () => {
    const dispatcher = await dispatcherFor('https://127.0.0.1:1/api/v1', {});
    await dispatcher.close();
  });
});
