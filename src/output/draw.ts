// Drawing a table or a record at a terminal (docs/output.md "Tables at a terminal"): how wide each column is, what
// is kept whole, wrapped or cut, and what moves under the table; render.ts decides when to draw.
import type { Output } from './output.js';
import { showText } from './pager.js';
import type { Painter } from './paint.js';
import { displayWidth, truncate, widest as widestOf } from './cells.js';
import { drawBox } from './box.js';
import { markMovedCommands, movedCommandLines } from './command-lines.js';
import { copyKind, hardWrap, layoutColumns, widestCopyable, wrapWords, type ColumnNeeds } from './fit.js';

export interface Column {
  key: string;
  /** Header text; the key in upper case by default. */
  header?: string;
  /** A friendlier cell than the generic one (a location, a salary range). */
  format?: (value: unknown, record: Record<string, unknown>) => string;
  /** Colour the cell as a status. */
  status?: boolean;
  /** A shorter cell for drawn tables at a terminal (piped output keeps the full value). */
  brief?: (text: string) => string;
  /** An id (or another value copied and pasted): never cut or broken (docs/output.md "Values a person copies"). */
  keepWhole?: boolean;
  /** An ISO timestamp: relative ("3 min ago") in drawn tables, as the API gave it elsewhere. */
  time?: boolean;
  /** A URL: kept whole like an id. */
  url?: boolean;
  /** An email address: kept whole like an id. */
  email?: boolean;
  /**
   * Values copied whole, separated by spaces (event kinds typed in `--events`): wrapped between
   * them, never inside one, never cut with `…` (docs/output.md "Values a person copies").
   */
  wholeWords?: boolean;
  /** At a narrow terminal, text runs onto up to this many lines before it is cut with `…`. */
  lines?: number;
  /** At a narrow terminal, columns with a rank are hidden, highest first, until the rest fit. */
  drop?: number;
  /** Never hidden, at any width: the rows become blocks instead (docs/output.md "Values a person copies"). */
  keep?: boolean;
  /** The header when the column is narrower than `header`. */
  short?: string;
  /** The width this column should keep before lower-value columns are hidden (8 by default). */
  want?: number;
  /** A column computed from the record rather than read from `key` (tables and CSV only). */
  value?: (record: Record<string, unknown>) => unknown;
}

/** What the layout needs of a column, measured over its cells. */
function needs(column: Column, rows: string[][], index: number): ColumnNeeds {
  const cells = rows.map((row) => row[index]!);
  const head = header(column);
  const widest = widestOf(cells);
  const natural = Math.max(displayWidth(head), widest);
  const shortHead = Math.min(displayWidth(head), column.short ? displayWidth(column.short) : Infinity);
  const whole = wholeColumn(column, cells);
  // A status or a time is short and says little when cut: kept whole while there is room.
  const firm = column.status === true || column.time === true;
  const content = Math.max(widest, shortHead);
  let word = 0;
  if (!whole) for (const text of cells) for (const part of text.split(' ')) word = Math.max(word, displayWidth(part));
  return {
    natural,
    content,
    whole,
    firm,
    // A URL is whole now (it was cut in its path); a list of kinds is never narrower than its widest kind.
    least: column.wholeWords ? word : 0,
    word,
    want: column.want ?? 8,
    header: shortHead,
    ...(column.drop !== undefined ? { drop: column.drop } : {}),
    ...(column.keep ? { keep: true } : {}),
  };
}

/**
 * Whether a column's values are copied whole (docs/output.md "Values a person copies"): declared an
 * id, URL or email address, or (a column named by --fields) every cell one such value.
 */
function wholeColumn(column: Column, cells: readonly string[]): boolean {
  if (column.keepWhole === true || column.url === true || column.email === true) return true;
  if (column.status || column.time || column.brief || column.lines || column.wholeWords) return false;
  const filled = cells.filter((text) => text !== '');
  return filled.length > 0 && filled.every((text) => !text.includes(' ') && copyKind(text) !== undefined);
}

/** A cell in `width` columns, as lines: a whole column is as wide as its widest cell, text wraps or ends with `…`. */
function fitCell(column: Column, text: string, width: number): string[] {
  if (displayWidth(text) <= width) return [text];
  if (column.wholeWords) return wrapWords(text, width);
  return wrapWords(text, width, column.lines ?? 1, false);
}

/** Whether a cell shows its text in `width` columns without cutting it or breaking a word of it that is copied whole. */
function cellHolds(column: Column, text: string, width: number): boolean {
  if (widestCopyable(text) > width) return false;
  return column.wholeWords || wrapWords(text, width, Number.POSITIVE_INFINITY, false).length <= (column.lines ?? 1);
}

function headerIn(column: Column, width: number): string {
  const head = header(column);
  if (displayWidth(head) <= width) return head;
  if (column.short && displayWidth(column.short) <= width) return column.short;
  return truncate(column.short ?? head, width);
}

export async function drawTable(out: Output, columns: Column[], rows: string[][]): Promise<void> {
  const paint = await out.painter('stdout');
  const width = terminalWidth(out);
  const measured = columns.map((column, index) => needs(column, rows, index));
  const { shown, widths, stacked } = layoutColumns(
    measured.map(({ drop, ...rest }) =>
      // Hiding is only for our defaults: columns named by --fields are shown, however narrow.
      out.fields || drop === undefined ? rest : { ...rest, drop },
    ),
    width,
  );
  if (stacked) {
    const blocks = rows.map((row) =>
      stackedLines(
        columns.map((column, index) => [header(column), row[index]!, measured[index]!.whole, column.status === true]),
        width,
        paint,
      ).join('\n'),
    );
    await showText(out, `${blocks.join('\n\n')}\n`);
    return;
  }
  const head = shown.map((index, position) => paint.bold(headerIn(columns[index]!, widths[position]!)));
  const table: string[][] = [];
  // Suggested commands a cell cannot show whole go under the table, a mark in their place.
  const moved: string[] = [];
  for (const row of rows) {
    pushLines(
      table,
      shown.map((index, position) => {
        const column = columns[index]!;
        const fits = (text: string) => cellHolds(column, text, widths[position]!);
        const lines = fitCell(column, markMovedCommands(row[index]!, fits, moved), widths[position]!);
        return lines.map((line) => (column.status ? paint.status(line) : line));
      }),
    );
  }
  const below = moved.length > 0 ? `${movedCommandLines(moved, width).join('\n')}\n` : '';
  await showText(out, `${drawBox(widths, table, head)}\n${below}`);
  const hidden = columns.filter((_, index) => !shown.includes(index)).map(header);
  if (hidden.length > 0 && !out.quiet && out.isStderrTTY) {
    const note = `Hidden at this width: ${hidden.join(', ')}; --fields or --json shows them.`;
    const dim = (await out.painter('stderr')).dim;
    out.stderr.write(
      wrapWords(note, width)
        .map((line) => `${dim(line)}\n`)
        .join(''),
    );
  }
}

/** The drawn key/value table of one record, as text. */
export async function drawKeyValue(out: Output, pairs: [string, string, Column | undefined][]): Promise<string> {
  const paint = await out.painter('stdout');
  // Two borders and a separator (3) plus a space either side of each cell (4).
  const room = Math.max(2, terminalWidth(out) - 7);
  const naturalKey = widestOf(pairs.map(([key]) => key));
  const keyWidth = Math.min(naturalKey, Math.max(1, Math.floor(room / 2)));
  const valueWidth = Math.max(1, room - keyWidth);
  const whole = pairs.map(([, value, column]) => wholeValue(value, column));
  // A value copied whole (or one in a sentence) wider than the value column: no box, a line each.
  const needed = Math.max(
    0,
    ...pairs.map(([, value, column], index) =>
      whole[index] ? displayWidth(value) : column?.wholeWords ? widestWord(value) : widestCopyable(value),
    ),
  );
  if (needed > valueWidth) {
    const lines = stackedLines(
      pairs.map(([key, value, column], index) => [key, value, whole[index]!, column?.status === true]),
      terminalWidth(out),
      paint,
    );
    return `${lines.join('\n')}\n`;
  }
  const table: string[][] = [];
  for (const [key, value, column] of pairs) {
    // Text breaks between words (a title); a value copied whole fits its column (above).
    const lines = wrapWords(value, valueWidth).map((line) => (column?.status ? paint.status(line) : line));
    pushLines(table, [hardWrap(key, keyWidth).map((line) => paint.dim(line)), lines]);
  }
  return `${drawBox([keyWidth, valueWidth], table)}\n`;
}

function widestWord(text: string): number {
  return Math.max(0, ...text.split(' ').map((part) => displayWidth(part)));
}

/** A value of a record copied whole: declared so, or one URL, email address or id. */
function wholeValue(value: string, column: Column | undefined): boolean {
  if (column?.keepWhole || column?.url || column?.email) return true;
  return !value.includes(' ') && copyKind(value) !== undefined;
}

/**
 * A record as `LABEL  value` lines, for a terminal too narrow for its table (docs/output.md "Values a
 * person copies"): prose wraps beside its label; a value copied whole that does not fit beside it
 * has the next line to itself, whole, however long (only the terminal wraps it).
 */
function stackedLines(
  fields: readonly [label: string, value: string, whole: boolean, status: boolean][],
  width: number,
  paint: Painter,
): string[] {
  const labelWidth = Math.min(widestOf(fields.map(([label]) => label)) + 2, Math.max(4, Math.floor(width / 2)));
  const room = Math.max(1, width - labelWidth);
  const lines: string[] = [];
  for (const [label, value, whole, status] of fields) {
    const shown = (line: string) => (status ? paint.status(line) : line);
    const values = whole ? [value] : wrapWords(value, room);
    const beside = displayWidth(label) + 2 <= labelWidth && (!whole || displayWidth(value) <= room);
    if (beside) {
      const pad = ' '.repeat(labelWidth - displayWidth(label));
      values.forEach((line, index) =>
        lines.push(index === 0 ? `${paint.dim(label)}${pad}${shown(line)}` : `${' '.repeat(labelWidth)}${shown(line)}`),
      );
    } else {
      lines.push(paint.dim(label));
      for (const line of whole ? values : wrapWords(value, width - 2))
        lines.push(whole ? shown(line) : `  ${shown(line)}`);
    }
  }
  return lines;
}

/**
 * Adds a row whose cells hold several lines as that many rows of one line each: drawn without
 * separators between rows, it looks the same, and each line is measured once (cli-table3, which drew
 * tables before, measured every line of a cell for each line drawn: minutes for a long id).
 */
function pushLines(table: { push(...rows: string[][]): number }, cells: string[][]): void {
  const height = Math.max(1, ...cells.map((lines) => lines.length));
  for (let line = 0; line < height; line++) table.push(cells.map((lines) => lines[line] ?? ''));
}

/** The terminal's width; 80 when it reports none (a pseudo-terminal may say 0). */
function terminalWidth(out: Output): number {
  return out.columns && out.columns > 0 ? out.columns : 80;
}

function header(column: Column): string {
  return column.header ?? column.key.toUpperCase();
}
