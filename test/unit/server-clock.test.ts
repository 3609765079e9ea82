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

  it('answers that came late never make the clock seem faster or further on than it is (a wait never ends early)', () => {
    // The emulator at 3600×: the first answer comes back 500 ms after its Date was written, the
    // next at once; an hour away from the second Date is 1,000 ms of ours, and no less.
    let local = START;
    const trueServer = (at: number) => START + (at - START) * 3_600;
    const clock = new ServerClock(() => local, { mayRunFast: true });
    local += 500;
    expect(clock.observe(date(trueServer(START)), START)).toBe(true);
    local = START + 1_000;
    expect(clock.observe(date(trueServer(START + 990)), START + 990)).toBe(true);
    expect(clock.rate).toBeLessThanOrEqual(3_600);
    expect(clock.now()!).toBeLessThanOrEqual(trueServer(local));
    expect(clock.localMsUntil(trueServer(START + 990 + 1_000) / 1000)).toBeGreaterThanOrEqual(1_000 - 10);

    // Taken as written on arrival (no time of sending), the same Dates read 3600 × 990 / 500: faster.
    let naive = START + 500;
    const unsent = new ServerClock(() => naive, { mayRunFast: true });
    unsent.observe(date(trueServer(START)));
    naive = START + 1_000;
    unsent.observe(date(trueServer(START + 990)));
    expect(unsent.rate).toBeGreaterThan(3_600);
  });

  it('a Date written while a late answer was on its way is believed, however far its clock ran meanwhile', () => {
    let local = START;
    const clock = new ServerClock(() => local, { mayRunFast: true });
    // Sent at START, written at once, back 2 s later; the next sent then and back at once, 2 s of
    // ours (200,000 s of a clock at 100,000×) after the first Date.
    local += 2_000;
    expect(clock.observe(date(START), START)).toBe(true);
    local += 1;
    expect(clock.observe(date(START + 2_000 * 100_000), START + 2_000)).toBe(true);
  });
});
