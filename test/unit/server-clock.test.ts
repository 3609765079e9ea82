// The server's clock from its Date headers (src/api/server-clock.ts): a Date far from the others'
// is not believed, and only a server on this machine (the emulator) may run fast.
import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../src/api/server-clock.js';

const START = Date.parse('2026-11-26T10:00:00Z');
const date = (ms: number) => new Date(ms).toUTCString();

describe('ServerClock', () => {
  it('does not believe a Date far from the others; two that agree move it (the clock was set)', () => {
    let local = START;
    const clock = new ServerClock(() => local);
    expect(clock.observe(date(START))).toBe(true);
    local += 1_000;
    expect(clock.observe(date(START + 40 * 86_400_000))).toBe(false); // 40 days ahead, a second later
    expect(clock.now()).toBe(START + 1_000);
    local += 1_000;
    expect(clock.observe(date(START - 40 * 86_400_000))).toBe(false); // 40 days behind: no pair
    local += 1_000;
    expect(clock.observe(date(START + 3_000))).toBe(true); // back on its line
    expect(clock.observe('garbage')).toBe(false);
    expect(clock.observe(undefined)).toBe(false);
    // Set forward an hour, and staying there: believed from the second answer that agrees.
    local += 1_000;
    expect(clock.observe(date(START + 3_600_000))).toBe(false);
    local += 1_000;
    expect(clock.observe(date(START + 3_601_000))).toBe(true);
    expect(clock.now()).toBe(START + 3_601_000);
  });

  it('a remote server never runs fast: its Dates cannot shorten a wait', () => {
    let local = START;
    const remote = new ServerClock(() => local);
    remote.observe(date(START));
    local += 100;
    remote.observe(date(START + 36_000));
    expect(remote.rate).toBe(1);
    expect(remote.localMsUntil((START + 36_000 + 60_000) / 1000)).toBe(60_000 - 100 + 100);

    let near = START;
    const emulator = new ServerClock(() => near, { mayRunFast: true });
    emulator.observe(date(START));
    near += 100;
    emulator.observe(date(START + 36_000));
    expect(emulator.rate).toBeCloseTo(350, 5);
  });
});
