// Pictures of numbers for people at a terminal (docs/output.md "Charts"): horizontal bars drawn in
// block characters to an eighth of a cell, and a sparkline. Pure functions of numbers and a width;
// every width is measured by the one width function (width.ts), and colour comes from the caller's
// painter, so that NO_COLOR and pipes are decided where they are for everything else.
import { displayWidth } from './width.js';
import { truncate } from './cells.js';

/** The partial cells, by eighths filled: index n draws n/8 of a cell (0: nothing). */
export const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'] as const;
/** A whole cell. */
export const FULL_BLOCK = '█';
/** The sparkline's levels, lowest first. */
export const SPARK_LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** A bar narrower than this says too little: the chart is not drawn. */
export const MIN_BAR_CELLS = 8;
/** Bars longer than this are no easier to compare, only further from their counts. */
export const MAX_BAR_CELLS = 60;
/** A label is cut to no fewer columns than this to make room for the bar. */
const MIN_LABEL = 6;
const INDENT = '  ';
const GAP = '  ';

/**
 * How many eighths of a cell the bar of `value` takes when `max` fills `cells` cells: the nearest
 * eighth, and at least one for any value above zero (so that a small count is not drawn as none).
 */
export function barEighths(value: number, max: number, cells: number): number {
  if (!(value > 0) || !(max > 0) || cells <= 0) return 0;
  const whole = cells * 8;
  if (value >= max) return whole;
  return Math.min(whole, Math.max(1, Math.round((value / max) * whole)));
}

/** The bar of `value` (of `max`) drawn in block characters, padded with spaces to exactly `cells` columns. */
export function bar(value: number, max: number, cells: number): string {
  const eighths = barEighths(value, max, cells);
  const drawn = FULL_BLOCK.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
  return drawn + ' '.repeat(Math.max(0, cells - Math.ceil(eighths / 8)));
}

/** The eighths a drawn bar shows (the inverse of `bar`, for tests and for whoever reads one back). */
export function eighthsShown(drawn: string): number {
  let eighths = 0;
  for (const char of drawn) {
    if (char === FULL_BLOCK) eighths += 8;
    else {
      const partial = EIGHTHS.indexOf(char as (typeof EIGHTHS)[number]);
      if (partial > 0) eighths += partial;
    }
  }
  return eighths;
}

export interface BarRow {
  /** What the row is (text already made inert by the caller). */
  label: string;
  value: number;
  /** Shown after the count, such as a share ("67%"); may be empty. */
  note?: string;
}

/** Colour for the parts of a chart; the identity where there is none. */
export interface ChartPaint {
  bar: (text: string) => string;
  note: (text: string) => string;
}

const NO_PAINT: ChartPaint = { bar: (text) => text, note: (text) => text };

/**
 * One row per item — label, bar, count, note — in at most `width` columns, the bars scaled so that
 * the largest value fills the bar's column (at most MAX_BAR_CELLS). Undefined when the width cannot hold a bar of
 * MIN_BAR_CELLS beside the counts (the caller says it in words instead), or a value is not a count.
 */
export function barChart(rows: readonly BarRow[], width: number, paint: ChartPaint = NO_PAINT): string[] | undefined {
  if (rows.length === 0 || rows.some((row) => !Number.isFinite(row.value) || row.value < 0)) return undefined;
  const counts = rows.map((row) => row.value.toLocaleString('en-US'));
  const notes = rows.map((row) => row.note ?? '');
  const countWidth = Math.max(...counts.map(displayWidth));
  const noteWidth = Math.max(...notes.map(displayWidth));
  const fixed = INDENT.length + GAP.length + GAP.length + countWidth + (noteWidth > 0 ? GAP.length + noteWidth : 0);
  const widestLabel = Math.max(...rows.map((row) => displayWidth(row.label)));
  const labelWidth = Math.min(widestLabel, Math.max(Math.min(MIN_LABEL, widestLabel), width - fixed - MIN_BAR_CELLS));
  const cells = Math.min(MAX_BAR_CELLS, width - fixed - labelWidth);
  if (cells < MIN_BAR_CELLS) return undefined;
  const max = Math.max(...rows.map((row) => row.value));
  return rows.map((row, index) => {
    const label = truncate(row.label, labelWidth);
    const padded = label + ' '.repeat(labelWidth - displayWidth(label));
    const count = ' '.repeat(countWidth - displayWidth(counts[index]!)) + counts[index]!;
    // A row without a note ends at its count: no trailing spaces.
    const note =
      notes[index] !== '' ? GAP + paint.note(' '.repeat(noteWidth - displayWidth(notes[index]!)) + notes[index]!) : '';
    return `${INDENT}${padded}${GAP}${paint.bar(bar(row.value, max, cells))}${GAP}${count}${note}`;
  });
}

/** `part` as a whole percentage of `whole` ("67%"), or empty when there is no whole to be a share of. */
export function share(part: number, whole: number): string {
  return whole > 0 && Number.isFinite(part) ? `${Math.round((part / whole) * 100)}%` : '';
}

/**
 * One character per value, from ▁ to █, on a scale from zero: zero is ▁ (the floor), the largest
 * is █, and any other value is one of the seven levels above the floor by its share of the largest.
 */
export function sparkline(values: readonly number[]): string {
  const max = Math.max(0, ...values.filter((value) => Number.isFinite(value)));
  return values
    .map((value) => {
      if (!(value > 0) || max === 0) return SPARK_LEVELS[0];
      return SPARK_LEVELS[Math.max(1, Math.ceil((value / max) * (SPARK_LEVELS.length - 1)))]!;
    })
    .join('');
}
