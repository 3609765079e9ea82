// The client's one clock (src/api/clock.ts): any wait is slept in pieces Node can hold, never one
// timer beyond 2^31−1 ms (Node fires those after 1 ms, with a TimeoutOverflowWarning).
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, systemClock } from '../../src/api/clock.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

const DAY_MS = 86_400_000;

describe('clock.sleep', () => {
  it('sleeps 40 days in pieces no longer than 2^31−1 ms, and ends when the 40 days have passed', async () => {
    const virtual = new VirtualClock();
    const start = virtual.now();
    let woke: number | undefined;
    const sleeping = virtual.clock.sleep(40 * DAY_MS).then(() => (woke = virtual.now()));
    await virtual.advance(39 * DAY_MS);
    expect(woke).toBeUndefined();
    await virtual.advance(DAY_MS);
    await sleeping;
    expect(woke).toBe(start + 40 * DAY_MS);
    expect(virtual.overflows).toBe(0);
    expect(virtual.longestTimer).toBe(MAX_TIMER_MS);
  });

  it('ends at once, rejecting with the reason, when its signal aborts', async () => {
    const virtual = new VirtualClock();
    const stop = new AbortController();
    const sleeping = virtual.clock.sleep(DAY_MS, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(sleeping).rejects.toThrow('stopped');
    await expect(virtual.clock.sleep(1, stop.signal)).rejects.toThrow('stopped');
  });

  it('the system clock sets no timer Node cannot hold (no TimeoutOverflowWarning)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const stop = new AbortController();
      const sleeping = systemClock.sleep(1_000 * DAY_MS, stop.signal);
      // Warnings are emitted on the next tick after the timer is set: let them come.
      await new Promise((resolve) => setImmediate(resolve));
      stop.abort(new Error('enough'));
      await expect(sleeping).rejects.toThrow('enough');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('TimeoutOverflowWarning');
  });

  it('the system clock never goes back', () => {
    let last = systemClock.now();
    for (let index = 0; index < 1_000; index++) {
      const now = systemClock.now();
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
    expect(Math.abs(last - Date.now())).toBeLessThan(DAY_MS);
  });
});
