// How hire doctor reads a server's Date against our clock (src/services/doctor.ts clockSkew): the
// Date was written between sending and arrival and has whole seconds, so only a difference beyond
// that, and beyond a minute, is said.
import { describe, expect, it } from 'vitest';
import { clockSkew } from '../../src/services/doctor.js';

const at = (ms: number) => new Date(ms).toUTCString();
const T = Date.UTC(2026, 10, 28, 4, 0, 0);

describe('clockSkew', () => {
  it.each([
    ['the same second', at(T), T, T + 200, true, 'agrees with ours (within 1 s)'],
    ['50 s ahead', at(T + 50_000), T, T + 100, true, 'agrees with ours (within 51 s)'],
    ['3 h ahead', at(T + 3 * 3600_000), T, T + 100, false, "the server's clock is 3 h ahead of ours"],
    ['5 min behind', at(T - 300_000), T, T + 100, false, "the server's clock is 5 min behind ours"],
    ['2 days behind', at(T - 2 * 86_400_000), T, T, false, "the server's clock is 2 days behind ours"],
  ])('%s', (_name, header, sent, arrived, ok, detail) => {
    expect(clockSkew(header, sent, arrived)).toEqual([ok, detail]);
  });

  it('a slow answer widens the margin: a Date written late in a long wait still agrees', () => {
    expect(clockSkew(at(T + 170_000), T, T + 180_000)[0]).toBe(true);
  });

  it('says when there is no Date, or one that is no date', () => {
    expect(clockSkew(undefined, T, T)).toEqual([null, 'the server sent no Date header']);
    expect(clockSkew('yesterday', T, T)).toEqual([false, 'the Date header is no date: yesterday']);
  });
});
