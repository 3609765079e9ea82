import { describe, expect, it } from 'vitest';
import { cellText, displayWidth, inert, truncate } from '../../src/output/cells.js';
import { colourLevel } from '../../src/output/paint.js';
import { csvRow } from '../../src/output/render.js';
import { formatLocation, formatSalary } from '../../src/commands/jobs/columns.js';

describe('cells', () => {
  it.each([
    ['plain', 'plain'],
    ['tab\there', 'tab\\there'],
    ['line\nbreak\r', 'line\\nbreak\\r'],
    ['\u001b[31mred\u001b[0m', '\\u001b[31mred\\u001b[0m'],
    ['bell\u0007', 'bell\\u0007'],
    ['c1\u009b', 'c1\\u009b'],
    ['bidi\u202eevil', 'bidi\\u202eevil'],
    ['émoji 😀 ok', 'émoji 😀 ok'],
  ])('makes %j inert for a terminal', (input, expected) => {
    expect(inert(input)).toBe(expected);
  });

  it.each([
    [undefined, ''],
    [null, ''],
    [42, '42'],
    [false, 'false'],
    [['go', 'sql'], 'go, sql'],
    [{ a: 1 }, '{"a":1}'],
    [[{ a: 1 }], '[{"a":1}]'],
    ['x\ny', 'x\\ny'],
  ])('renders %j as %j', (value, expected) => {
    expect(cellText(value)).toBe(expected);
  });

  it('measures wide characters as two columns and truncates with an ellipsis', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('日本語', 4)).toBe('日…');
  });

  it('formats locations and salaries', () => {
    expect(formatLocation({ type: 'onsite', city: 'Austin', state: 'TX', country: 'US' })).toBe(
      'onsite (Austin, TX, US)',
    );
    expect(formatLocation({ type: 'remote' })).toBe('remote');
    expect(formatSalary({ min: 90000, max: 120000, currency: 'EUR', period: 'yearly' })).toBe(
      '90000–120000 EUR yearly',
    );
    expect(formatSalary({ min: 50 })).toBe('from 50');
    expect(formatSalary({ max: 70, currency: 'USD' })).toBe('up to 70 USD');
  });
});

describe('csv', () => {
  it.each([
    [['a', 'b'], 'a,b'],
    [['has,comma', 'x'], '"has,comma",x'],
    [['say "hi"'], '"say ""hi"""'],
    [['two\nlines', 'cr\r'], '"two\nlines","cr\r"'],
    [['', ''], ','],
  ])('quotes %j per RFC 4180', (fields, expected) => {
    expect(csvRow(fields)).toBe(expected);
  });
});

describe('colourLevel', () => {
  it.each([
    [{ isTTY: true, flag: true, env: {} }, 1],
    [{ isTTY: false, flag: true, env: {} }, 0],
    [{ isTTY: true, flag: false, env: {} }, 0],
    [{ isTTY: true, flag: true, env: { NO_COLOR: '1' } }, 0],
    [{ isTTY: true, flag: true, env: { NO_COLOR: '' } }, 1],
    [{ isTTY: false, flag: true, env: { FORCE_COLOR: '1' } }, 1],
    [{ isTTY: false, flag: true, env: { FORCE_COLOR: '3' } }, 3],
    [{ isTTY: false, flag: true, env: { FORCE_COLOR: '' } }, 1],
    [{ isTTY: true, flag: true, env: { FORCE_COLOR: '0' } }, 0],
    [{ isTTY: false, flag: false, env: { FORCE_COLOR: '1' } }, 0],
    [{ isTTY: true, flag: true, env: { TERM: 'dumb' } }, 0],
  ])('%j → %i', (options, level) => {
    expect(colourLevel(options)).toBe(level);
  });
});
