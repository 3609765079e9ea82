// The reserve bulk work leaves for other clients when --reserve is not given (docs/api-choices.md
// §6): a tenth of the key's limit, rounded down, at most 10. A key of 5 keeps none; a key of
// 10,000 keeps 10, not 1,000.
import { describe, expect, it } from 'vitest';
import { defaultReserve } from '../../src/api/pacer.js';

describe('the default reserve', () => {
  it.each([
    [1, 0],
    [5, 0],
    [9, 0],
    [10, 1],
    [55, 5],
    [100, 10],
    [101, 10],
    [1_000, 10],
    [10_000, 10],
  ])('of a key of %i a window is %i', (limit, reserve) => {
    expect(defaultReserve(limit)).toBe(reserve);
  });
});
