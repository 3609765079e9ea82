import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cellText, displayWidth, inert, truncate } from '../../src/output/cells.js';
import type { Output } from '../../src/output/output.js';
import { colourLevel, createPainter } from '../../src/output/paint.js';
import { csvRow, printList, printPages, printRecord } from '../../src/output/render.js';
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

/** -o csv to a string, with or without --csv-raw. */
function csvOutput(csvRaw = false): Output & { text(): string } {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return {
    stdout,
    stderr: new PassThrough(),
    isStdoutTTY: false,
    isStderrTTY: false,
    columns: 80,
    format: 'csv',
    fields: undefined,
    csvRaw,
    quiet: false,
    now: () => 0,
    painter: async () => createPainter(0),
    text: () => text,
  };
}

const CSV_COLUMNS = [{ key: 'id' }, { key: 'title' }, { key: 'score' }];

// docs/output.md "CSV", formula injection: a spreadsheet runs a cell that starts with one of these.
describe('csv cells a spreadsheet would run', () => {
  it.each([
    ['=', "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+', '+1+2', "'+1+2"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['TAB', '\t=1', "'\t=1"],
    ['CR', '\r=1', '"\'\r=1"'],
  ])("a text starting with %s gets a leading ' in a list and in a record", async (_, title, cell) => {
    const list = csvOutput();
    await printList(list, [{ id: 'job_1', title, score: 1 }], CSV_COLUMNS);
    expect(list.text()).toBe(`id,title,score\r\njob_1,${cell},1\r\n`);
    const record = csvOutput();
    await printRecord(record, { id: 'job_1', title, score: 1 }, CSV_COLUMNS);
    expect(record.text()).toBe(`id,title,score\r\njob_1,${cell},1\r\n`);
  });

  it('leaves numbers, and text with those characters further in, as they are', async () => {
    const out = csvOutput();
    await printList(
      out,
      [
        { id: 'job_1', title: 'a-b=c+d@e', score: -5 },
        { id: 'job_2', title: ' =1', score: 0 },
      ],
      CSV_COLUMNS,
    );
    expect(out.text()).toBe('id,title,score\r\njob_1,a-b=c+d@e,-5\r\njob_2, =1,0\r\n');
  });

  it('writes every cell as received with --csv-raw', async () => {
    const out = csvOutput(true);
    await printList(
      out,
      [
        { id: 'job_1', title: '=1+2', score: 1 },
        { id: '-x', title: '@a', score: 2 },
      ],
      CSV_COLUMNS,
    );
    expect(out.text()).toBe('id,title,score\r\njob_1,=1+2,1\r\n-x,@a,2\r\n');
  });
});

// docs/output.md: an empty list prints nothing; CSV has a header row.
describe('csv lists', () => {
  it('writes nothing for an empty list, and the header once, with the first row, when pages come empty first', async () => {
    const empty = csvOutput();
    await printList(empty, [], CSV_COLUMNS);
    expect(empty.text()).toBe('');
    async function* pages() {
      yield [];
      yield [{ id: 'job_1', title: 'Engineer', score: 1 }];
      yield [];
      yield [{ id: 'job_2', title: 'Chef', score: 2 }];
    }
    const paged = csvOutput();
    expect(await printPages(paged, pages(), CSV_COLUMNS)).toBe(2);
    expect(paged.text()).toBe('id,title,score\r\njob_1,Engineer,1\r\njob_2,Chef,2\r\n');
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
