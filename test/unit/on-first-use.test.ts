// What the emulator loads at first use (src/emulator/platform/first-use.ts): once, shared by
// requests that ask at the same time, and tried again after a load that failed.
import { describe, expect, it } from 'vitest';
import { onFirstUse } from '../../src/emulator/platform/first-use.js';

describe('onFirstUse', () => {
  it('loads once for requests that ask together, and get() gives the module after', async () => {
    let loads = 0;
    const module = onFirstUse(async () => ({ n: ++loads }));
    expect(() => module.get()).toThrow(/name it in the route's `uses`/);
    const [a, b] = await Promise.all([module.load(), module.load()]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    expect(module.get()).toEqual({ n: 1 });
    await module.load();
    expect(loads).toBe(1);
  });

  it('tries again at the next request after a load that failed', async () => {
    let attempts = 0;
    const module = onFirstUse(async () => {
      attempts++;
      if (attempts === 1) throw new Error('the file was not there');
      return { ok: true };
    });
    await expect(module.load()).rejects.toThrow('the file was not there');
    expect(() => module.get()).toThrow();
    await expect(module.load()).resolves.toEqual({ ok: true });
    expect(module.get()).toEqual({ ok: true });
    expect(attempts).toBe(2);
  });
});
