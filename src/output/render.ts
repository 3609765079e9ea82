// Printing results (docs/output.md): data on stdout only. `table` is drawn at a terminal and plain
// tab-separated text when piped; `json` is exactly the data; `ndjson` one item per line; `csv` RFC 4180.
import type { Output } from './output.js';
import { showText, wouldPage } from './pager.js';
import type { Painter } from './paint.js';
import { cellText, displayWidth, inertJson, jsonText, truncate, widest as widestOf } from './cells.js';
import { drawBox } from './box.js';
import { markMovedCommands, movedCommandLines } from './command-lines.js';
import { copyKind, hardWrap, layoutColumns, widestCopyable, wrapWords, type ColumnNeeds } from './fit.js';
import { relativeTime } from './time.js';

export type { OutputFormat } from './formats.js';

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

/**
 * A command's columns: one set, or one for tables and another for CSV (a spreadsheet gets a
 * column per value where a table joins them into one cell). Which applies is decided here.
 */
export type Columns = readonly Column[] | { readonly table: readonly Column[]; readonly csv: readonly Column[] };

/** Columns named by --fields, in that order, else the command's defaults for the format asked. */
export function columnsFor(out: Output, given: Columns): Column[] {
  const defaults = 'table' in given ? (out.format === 'csv' ? given.csv : given.table) : given;
  const fields = out.fields;
  if (!fields) return [...defaults];
  return fields.map((key) => defaults.find((column) => column.key === key) ?? { key });
}

/**
 * The value at a field path: a key of the record, else a dotted path into nested objects
 * (`location.city`); undefined when the path leads nowhere.
 */
export function fieldValue(record: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(record, path)) return record[path];
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, part))
      return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The record with only the fields named, nested paths kept nested: `location.city` → `{location: {city}}`. */
function project(record: Record<string, unknown>, fields: readonly string[] | undefined): Record<string, unknown> {
  if (!fields) return record;
  const projected: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fieldValue(record, field);
    if (value === undefined) continue;
    const parts = Object.hasOwn(record, field) ? [field] : field.split('.');
    let into = projected;
    for (const part of parts.slice(0, -1)) {
      if (!Object.hasOwn(into, part) || typeof into[part] !== 'object' || into[part] === null) {
        Object.defineProperty(into, part, { value: {}, enumerable: true, writable: true, configurable: true });
      }
      into = into[part] as Record<string, unknown>;
    }
    Object.defineProperty(into, parts.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
  }
  return projected;
}

function valueOf(column: Column, record: Record<string, unknown>): unknown {
  return column.value ? column.value(record) : fieldValue(record, column.key);
}

function cell(column: Column, record: Record<string, unknown>): string {
  const value = valueOf(column, record);
  return column.format && value !== undefined && value !== null ? column.format(value, record) : cellText(value);
}

/** A list of rows of any record type: what a command hands over with its columns. */
export async function printList<Row extends object>(
  out: Output,
  items: readonly Row[],
  defaults: Columns,
): Promise<number> {
  // Columns read a row by its keys: a record type is such a record.
  return printPages(out, single(items as readonly object[] as Record<string, unknown>[]), defaults);
}

async function* single<T>(items: T[]): AsyncGenerator<T[]> {
  yield items;
}

/** Writes, waiting for the reader when the pipe is full, so that a slow reader bounds memory. */
function write(out: Output['stdout'], text: string): Promise<void> | void {
  if (text === '' || out.write(text)) return;
  return new Promise((resolve) => out.once('drain', resolve));
}

/** Writes and waits until the stream has handed the text on (to the file or the pipe), not only buffered it. */
function writeThrough(out: Output['stdout'], text: string): Promise<void> | void {
  if (text === '') return;
  return new Promise((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
}

export interface PageHooks {
  /** Write the CSV header before the first item (false when resuming an export that has it). */
  header?: boolean;
  /**
   * Called after each page is written whole and handed on, before the next is written: a resumable
   * export records its progress here, with the text written for the page (pages stream for ndjson,
   * csv and piped tables only; the text is empty otherwise).
   */
  afterPage?: (items: Record<string, unknown>[], written: string) => Promise<void> | void;
}

/** Rows a drawn table holds at a terminal; more are printed plain (as piped). */
export const MAX_DRAWN_ROWS = 10_000;

/**
 * Prints pages of a list as they arrive: ndjson, csv and piped tables write each page at once
 * (memory stays flat); JSON prints one array at the end; a drawn table needs every row first.
 * Returns the number of items printed. An empty list prints nothing (docs/output.md).
 */
export async function printPages(
  out: Output,
  pages: AsyncIterable<Record<string, unknown>[]>,
  defaults: Columns,
  hooks: PageHooks = {},
): Promise<number> {
  const stdout = out.stdout;
  const fields = out.fields;
  const format = out.format;
  const csvRaw = out.csvRaw;
  const columns = columnsFor(out, defaults);
  const held: Record<string, unknown>[] = [];
  const { afterPage } = hooks;
  // With afterPage, a page counts as printed only once the stream has taken it (a header with it).
  const emit = afterPage ? writeThrough : write;
  let count = 0;
  for await (const items of pages) {
    let text = '';
    if (format === 'ndjson') {
      text = items.map((item) => `${inertJson(project(item, fields))}\n`).join('');
    } else if (format === 'csv') {
      const header =
        count === 0 && items.length > 0 && hooks.header !== false
          ? `${csvRow(columns.map((column) => column.key))}\r\n`
          : '';
      text =
        header +
        items.map((item) => `${csvRow(columns.map((column) => csvValue(valueOf(column, item), csvRaw)))}\r\n`).join('');
    } else if (format === 'table' && !out.isStdoutTTY) {
      const paint = await pipedPainter(out, columns);
      text = items
        .map((item) => `${columns.map((column) => pipedCell(paint, column, cell(column, item))).join('\t')}\n`)
        .join('');
    } else {
      // A loop: spreading a page of 200,000 items as arguments overflows the call stack.
      for (const item of items) held.push(item);
    }
    await emit(stdout, text);
    count += items.length;
    await afterPage?.(items, text);
  }
  if (format === 'json') {
    const list = held.map((item) => project(item, fields));
    if (out.sink) out.sink.data(list);
    else stdout.write(`${inertJson(list, 2)}\n`);
  } else if (format === 'table' && out.isStdoutTTY && held.length > MAX_DRAWN_ROWS) {
    // Too many rows to box (the table is built whole in memory; 200,000 overflowed it): plain rows.
    const paint = await pipedPainter(out, columns);
    const plainRows = (page: Record<string, unknown>[]) =>
      page
        .map((item) => `${columns.map((column) => pipedCell(paint, column, cell(column, item))).join('\t')}\n`)
        .join('');
    if (wouldPage(out, held.length)) await showText(out, plainRows(held));
    else
      for (let start = 0; start < held.length; start += 1_000)
        await write(stdout, plainRows(held.slice(start, start + 1_000)));
    if (!out.quiet && out.isStderrTTY)
      out.stderr.write(
        `${held.length.toLocaleString('en-US')} rows are more than a drawn table holds: printed as plain rows; -o csv or --json suits an export.\n`,
      );
  } else if (format === 'table' && out.isStdoutTTY && held.length > 0) {
    const now = out.now?.() ?? Date.now();
    const rows = held.map((item) =>
      columns.map((column) => {
        const text = cell(column, item);
        const shown = column.time ? relativeTime(text, now) : text;
        return column.brief?.(shown) ?? shown;
      }),
    );
    await drawTable(out, columns, rows);
  }
  return count;
}

/**
 * Piped rows are plain, unless FORCE_COLOR asks for colour (`hire jobs list | less -R`): then
 * statuses are coloured as at a terminal (the painter is plain otherwise, and made once a command).
 */
async function pipedPainter(out: Output, columns: readonly Column[]): Promise<Painter | undefined> {
  return columns.some((column) => column.status) ? out.painter('stdout') : undefined;
}

function pipedCell(paint: Painter | undefined, column: Column, text: string): string {
  return paint && column.status ? paint.status(text) : text;
}

export async function printRecord(
  out: Output,
  record: Record<string, unknown>,
  defaults: Columns,
  extra: readonly [string, string][] = [],
): Promise<void> {
  const stdout = out.stdout;
  const fields = out.fields;
  if (out.sink && (out.format === 'json' || out.format === 'ndjson')) {
    out.sink.data(project(record, fields));
    return;
  }
  switch (out.format) {
    case 'json':
      stdout.write(`${inertJson(project(record, fields), 2)}\n`);
      return;
    case 'ndjson':
      stdout.write(`${inertJson(project(record, fields))}\n`);
      return;
    case 'csv': {
      const columns = columnsFor(out, defaults);
      stdout.write(`${csvRow(columns.map((column) => column.key))}\r\n`);
      stdout.write(`${csvRow(columns.map((column) => csvValue(valueOf(column, record), out.csvRaw)))}\r\n`);
      return;
    }
    case 'table': {
      const pairs = recordPairs(out, record, defaults, extra);
      if (!out.isStdoutTTY) {
        const columns = pairs.flatMap(([, , column]) => (column ? [column] : []));
        const paint = await pipedPainter(out, columns);
        for (const [key, value, column] of pairs)
          stdout.write(`${key}\t${column ? pipedCell(paint, column, value) : value}\n`);
        return;
      }
      await showText(out, await drawKeyValue(out, pairs));
    }
  }
}

/**
 * The key/value table a terminal shows of one record, as text (printDetail adds its sections under
 * it, so that the whole view pages as one).
 */
export async function drawnRecord(
  out: Output,
  record: Record<string, unknown>,
  defaults: Columns,
  extra: readonly [string, string][] = [],
): Promise<string> {
  return drawKeyValue(out, recordPairs(out, record, defaults, extra));
}

function recordPairs(
  out: Output,
  record: Record<string, unknown>,
  defaults: Columns,
  extra: readonly [string, string][],
): [string, string, Column | undefined][] {
  const fields = out.fields;
  // Without --fields, only what the record has: a job without a salary shows no salary row.
  const columns = columnsFor(out, defaults).filter((column) => fields || record[column.key] !== undefined);
  const pairs: [string, string, Column | undefined][] = columns.map((column) => [
    column.key,
    cell(column, record),
    column,
  ]);
  if (!fields) for (const [key, value] of extra) pairs.push([key, value, undefined]);
  return pairs;
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

async function drawTable(out: Output, columns: Column[], rows: string[][]): Promise<void> {
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
async function drawKeyValue(out: Output, pairs: [string, string, Column | undefined][]): Promise<string> {
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

/**
 * A CSV cell. Text starting with = + - @, TAB or CR gets a leading `'` so that a spreadsheet shows
 * it rather than running it as a formula (OWASP "CSV Injection"; docs/output.md "CSV"), unless `raw`.
 * JSON numbers (a score of -5) are data, not text a sender wrote: they stay as they are.
 */
function csvValue(value: unknown, raw = false): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return jsonText(value);
  const text = String(value);
  return typeof value === 'string' && !raw && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: quote a field holding a comma, quote, CR or LF; double the quotes inside. */
export function csvRow(fields: readonly string[]): string {
  return fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',');
}
