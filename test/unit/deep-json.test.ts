// jsonText (src/output/cells.ts): server data nested deeper than JSON.stringify can recurse is still
// written, as the same JSON text JSON.stringify writes for shallower data (issue 25, item 7).
import { describe, expect, it } from 'vitest';
import { cellText, inertJson, jsonText } from '../../src/output/cells.js';

const SAMPLES: unknown[] = [
  { a: [1, { b: null, c: 'x"y\u001b' }], d: {}, e: [], f: undefined, g: [undefined, Number.NaN, Infinity], h: true },
  [],
  {},
  'text',
  -0,
  1e308,
  null,
  [[[]], {}],
  JSON.parse('{"__proto__":{"polluted":1},"toString":1,"constructor":{}}'),
];

/** `sample` inside `depth` arrays, built without recursion. */
function wrapped(sample: unknown, depth: number): unknown[] {
  const root: unknown[] = [];
  let at = root;
  for (let level = 1; level < depth; level++) {
    const next: unknown[] = [];
    at.push(next);
    at = next;
  }
  at.push(sample);
  return root;
}

describe('jsonText', () => {
  it('writes a value 20,000 levels deep (JSON.stringify overflows the stack) as JSON.stringify would', () => {
    expect(() => JSON.stringify(wrapped(1, 20_000))).toThrow(RangeError);
    for (const sample of SAMPLES) {
      const inside = JSON.stringify(sample) ?? 'null';
      expect(jsonText(wrapped(sample, 20_000))).toBe(`${'['.repeat(20_000)}${inside}${']'.repeat(20_000)}`);
      // Indented as JSON.stringify indents to a depth of 64, compact below (not 400 MB of spaces).
      const indented = jsonText(wrapped(sample, 20_000), 2);
      expect(indented.replace(/\s+/g, '')).toBe(`${'['.repeat(20_000)}${inside}${']'.repeat(20_000)}`);
      expect(indented.split('\n')[1]).toBe('  [');
      expect(indented.length).toBeLessThan(200_000);
    }
  });

  it('deep objects too, and through cellText and inertJson', () => {
    const text = `${'{"a":'.repeat(15_000)}"\\u001b[31m\u0085"${'}'.repeat(15_000)}`;
    const value: unknown = JSON.parse(text);
    expect(jsonText(value)).toBe(text);
    expect(cellText(value)).toBe(text.replace('\u0085', '\\u0085'));
    expect(inertJson(value)).toBe(text.replace('\u0085', '\\u0085'));
  });
});
