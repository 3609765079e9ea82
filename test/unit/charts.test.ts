// The pictures people see at a terminal (docs/output.md "Charts"): bars to an eighth of a cell, the
// bar chart fitted to the width by the one width function, the sparkline, and the score bands.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EIGHTHS,
  FULL_BLOCK,
  MAX_BAR_CELLS,
  MIN_BAR_CELLS,
  SPARK_LEVELS,
  bar,
  barChart,
  barEighths,
  eighthsShown,
  share,
  sparkline,
} from '../../src/output/charts.js';
import { displayWidth } from '../../src/output/cells.js';
import { createPainter } from '../../src/output/paint.js';
import { withoutColour } from '../../src/output/cells.js';
import { BAND_NAMES, bandOf } from '../../src/services/score-bands.js';
import { dayStarts } from '../../src/services/applications-per-day.js';
import { properties } from '../helpers/properties.js';

const { property } = properties('charts', 20_261_128);

const count = fc.integer({ min: 0, max: 1_000_000 });
const cells = fc.integer({ min: 1, max: 120 });
/** Labels as a server may send them: wide characters, emoji, combining marks, long words. */
const label = fc
  .oneof(
    fc.constantFrom('new', 'screening', 'interview', '90–100', '面接', '👩‍💻 offer', 'e\u0301tape', ''),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
  )
  .filter((text) => !/[▏▎▍▌▋▊▉█]/.test(text)); // so that the test finds the bar by its characters

describe('bar', () => {
  it('draws eighths with the eight block characters, padded to its width', () => {
    expect(bar(0, 8, 2)).toBe('  ');
    expect(bar(1, 16, 2)).toBe('▏ ');
    expect(bar(4, 8, 2)).toBe('█ ');
    expect(bar(5, 8, 2)).toBe('█▎');
    expect(bar(8, 8, 2)).toBe('██');
    expect([...EIGHTHS.slice(1), FULL_BLOCK].join('')).toBe('▏▎▍▌▋▊▉█');
  });

  it('is exact to an eighth of a cell, zero empty, the largest full, always its width', async () => {
    await property('bar', fc.tuple(count, count, cells), 500, async ([a, b, width]) => {
      const max = Math.max(a, b);
      const drawn = bar(a, max, width);
      expect(displayWidth(drawn)).toBe(width);
      expect([...drawn].length).toBe(width);
      const shown = eighthsShown(drawn);
      expect(shown).toBe(barEighths(a, max, width));
      if (a === 0) expect(drawn.trim()).toBe('');
      else {
        expect(shown).toBeGreaterThan(0);
        // Within an eighth of a cell of the true length.
        expect(Math.abs(shown / 8 - (a / max) * width)).toBeLessThanOrEqual(1 / 8);
      }
      if (a === max && a > 0) expect(drawn).toBe(FULL_BLOCK.repeat(width));
    });
  });

  it('grows with the value (never shorter for a larger one)', async () => {
    await property('monotone', fc.tuple(count, count, count, cells), 500, async ([a, b, c, width]) => {
      const [low, high] = a <= b ? [a, b] : [b, a];
      const max = Math.max(high, c);
      expect(barEighths(low, max, width)).toBeLessThanOrEqual(barEighths(high, max, width));
    });
  });
});

describe('barChart', () => {
  const rows = fc.array(fc.record({ label, value: count, note: fc.constantFrom('', '7%', '100%', '1234%') }), {
    minLength: 1,
    maxLength: 12,
  });

  it('every row fits the width, the largest fills the bar, and each bar is its value to an eighth', async () => {
    const painter = await createPainter(1);
    await property(
      'chart',
      fc.tuple(rows, fc.integer({ min: 1, max: 200 }), fc.boolean()),
      400,
      async ([items, width, coloured]) => {
        const paint = coloured ? { bar: painter.cyan, note: painter.dim } : undefined;
        const chart = barChart(items, width, paint);
        if (chart === undefined) {
          // Only when the width cannot hold a useful bar beside the counts.
          const counts = Math.max(...items.map((item) => item.value.toLocaleString('en-US').length));
          expect(width).toBeLessThan(2 + 6 + 2 + MIN_BAR_CELLS + 2 + counts + 2 + 4 + 1);
          return;
        }
        expect(chart).toHaveLength(items.length);
        const max = Math.max(...items.map((item) => item.value));
        const bars = chart.map((row) => [...withoutColour(row)].filter((char) => /[▏▎▍▌▋▊▉█]/.test(char)).join(''));
        const cellsOf = Math.min(MAX_BAR_CELLS, Math.max(...bars.map((drawn) => Math.ceil(eighthsShown(drawn) / 8))));
        chart.forEach((row, index) => {
          const plain = withoutColour(row);
          expect(displayWidth(plain), `${plain} at ${width}`).toBeLessThanOrEqual(width);
          const { note = '', value } = items[index]!;
          let rest = plain.trimEnd();
          if (note !== '') {
            expect(rest.endsWith(note), plain).toBe(true);
            rest = rest.slice(0, -note.length).trimEnd();
          }
          expect(rest.endsWith(value.toLocaleString('en-US')), plain).toBe(true);
          if (max > 0) {
            expect(eighthsShown(bars[index]!)).toBe(barEighths(items[index]!.value, max, cellsOf));
            if (items[index]!.value === max) expect(bars[index]).toBe(FULL_BLOCK.repeat(cellsOf));
          }
          if (items[index]!.value === 0) expect(bars[index]).toBe('');
        });
        // No colour is added by the chart itself.
        if (!coloured) for (const row of chart) expect(row).toBe(withoutColour(row));
      },
    );
  });

  it('at 80 and 60 columns, the funnel of the issue: aligned counts and shares', () => {
    const funnel = [
      ['new', 300],
      ['screening', 200],
      ['review', 146],
      ['interview', 80],
      ['offer', 33],
      ['hired', 8],
    ] as const;
    for (const width of [80, 60]) {
      const chart = barChart(
        funnel.map(([name, value], index) => ({
          label: name,
          value,
          note: index === 0 ? '' : share(value, funnel[index - 1]![1]),
        })),
        width,
      )!;
      expect(
        chart.map((row) =>
          row
            .replace(/[▏▎▍▌▋▊▉█]/g, '')
            .trim()
            .split(/\s+/),
        ),
      ).toEqual([
        ['new', '300'],
        ['screening', '200', '67%'],
        ['review', '146', '73%'],
        ['interview', '80', '55%'],
        ['offer', '33', '41%'],
        ['hired', '8', '24%'],
      ]);
      // Columns line up: the counts end in one column, the shares in another; nothing trails.
      expect(new Set(chart.slice(1).map(displayWidth)).size).toBe(1);
      expect(chart[0]).toBe(chart[0]!.trimEnd());
      // The first row has no share: it ends where the others' counts end.
      expect(displayWidth(chart[0]!)).toBe(displayWidth(chart[1]!) - '  67%'.length);
      for (const row of chart) expect(displayWidth(row)).toBeLessThanOrEqual(width);
      expect(chart[0]).toContain(FULL_BLOCK.repeat(Math.min(MAX_BAR_CELLS, width - 2 - 9 - 2 - 2 - 3 - 2 - 3)));
    }
  });

  it('cuts a long label rather than the bar, and refuses a width with no room', () => {
    const chart = barChart([{ label: 'x'.repeat(100), value: 3 }], 40)!;
    expect(displayWidth(chart[0]!)).toBeLessThanOrEqual(40);
    expect(chart[0]).toContain('…');
    expect(chart[0]).toContain(FULL_BLOCK.repeat(MIN_BAR_CELLS));
    expect(barChart([{ label: 'new', value: 3 }], 12)).toBeUndefined();
    expect(barChart([{ label: 'new', value: Number.NaN }], 80)).toBeUndefined();
    expect(barChart([], 80)).toBeUndefined();
  });
});

describe('sparkline', () => {
  it('one level a value: zero the floor, the largest full', () => {
    expect(sparkline([0, 1, 2, 4, 8])).toBe('▁▂▃▅█');
    expect(sparkline([0, 0, 0])).toBe('▁▁▁');
    expect(sparkline([])).toBe('');
  });

  it('monotone in the value, one character each', async () => {
    await property('spark', fc.array(count, { minLength: 1, maxLength: 30 }), 300, async (values) => {
      const line = [...sparkline(values)];
      expect(line).toHaveLength(values.length);
      const level = (char: string) => SPARK_LEVELS.indexOf(char as (typeof SPARK_LEVELS)[number]);
      const max = Math.max(...values);
      values.forEach((value, index) => {
        if (value === 0) expect(line[index]).toBe(SPARK_LEVELS[0]);
        if (value === max && max > 0) expect(line[index]).toBe('█');
        if (value > 0) expect(level(line[index]!)).toBeGreaterThan(0);
        values.forEach((other, at) => {
          if (value <= other) expect(level(line[index]!)).toBeLessThanOrEqual(level(line[at]!));
        });
      });
    });
  });
});

describe('score bands and days', () => {
  it('ten bands of ten, 100 in the last', () => {
    expect(BAND_NAMES).toEqual([
      '0–9',
      '10–19',
      '20–29',
      '30–39',
      '40–49',
      '50–59',
      '60–69',
      '70–79',
      '80–89',
      '90–100',
    ]);
    expect([0, 9, 9.99, 10, 89, 90, 99.5, 100].map(bandOf)).toEqual([0, 0, 0, 1, 8, 9, 9, 9]);
  });

  it('fourteen local midnights up to today, and the one after', () => {
    const starts = dayStarts(new Date(2026, 10, 28, 15, 30), 14);
    expect(starts).toHaveLength(15);
    expect(starts[0]).toEqual(new Date(2026, 10, 15));
    expect(starts[13]).toEqual(new Date(2026, 10, 28));
    expect(starts[14]).toEqual(new Date(2026, 10, 29));
  });
});
