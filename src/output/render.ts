// Printing results (CONTRACT §4): data on stdout only. `table` is drawn at a terminal and plain
// tab-separated text when piped; `json` is exactly the data; `ndjson` one item per line; `csv` RFC 4180.
import type { Output } from './output.js';
import { cellText, displayWidth, inertJson, truncate } from './cells.js';

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
  /** Never truncated to fit the terminal (ids are copied and pasted). */
  keepWhole?: boolean;
  /** A column computed from the record rather than read from `key` (tables and CSV only). */
  value?: (record: Record<string, unknown>) => unknown;
}

/** Columns named by --fields, in that order, else the command's defaults. */
export function columnsFor(out: Output, defaults: readonly Column[]): Column[] {
  const fields = out.fields;
  if (!fields) return [...defaults];
  return fields.map((key) => defaults.find((column) => column.key === key) ?? { key });
}

function project(record: Record<string, unknown>, fields: readonly string[] | undefined): Record<string, unknown> {
  if (!fields) return record;
  const projected: Record<string, unknown> = {};
  for (const field of fields) if (Object.hasOwn(record, field)) Object.defineProperty(projected, field, { value: record[field], enumerable: true });
  return projected;
}

function valueOf(column: Column, record: Record<string, unknown>): unknown {
  return column.value ? column.value(record) : Object.hasOwn(record, column.key) ? record[column.key] : undefined;
}

function cell(column: Column, record: Record<string, unknown>): string {
  const value = valueOf(column, record);
  return column.format && value !== undefined && value !== null ? column.format(value, record) : cellText(value);
}

export async function printList(out: Output, items: Record<string, unknown>[], defaults: readonly Column[]): Promise<number> {
  return printPages(out, single(items), defaults);
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
   * export records its progress here (pages stream for ndjson, csv and piped tables only).
   */
  afterPage?: (items: Record<string, unknown>[]) => Promise<void> | void;
}

/**
 * Prints pages of a list as they arrive: ndjson, csv and piped tables write each page at once
 * (memory stays flat); JSON prints one array at the end; a drawn table needs every row first.
 * Returns the number of items printed. An empty list prints nothing (CONTRACT §4).
 */
export async function printPages(
  out: Output,
  pages: AsyncIterable<Record<string, unknown>[]>,
  defaults: readonly Column[],
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
    if (format === 'ndjson') {
      await emit(stdout, items.map((item) => `${inertJson(project(item, fields))}\n`).join(''));
    } else if (format === 'csv') {
      const header = count === 0 && items.length > 0 && hooks.header !== false ? `${csvRow(columns.map((column) => column.key))}\r\n` : '';
      await emit(stdout, header + items.map((item) => `${csvRow(columns.map((column) => csvValue(valueOf(column, item), csvRaw)))}\r\n`).join(''));
    } else if (format === 'table' && !out.isStdoutTTY) {
      await emit(stdout, items.map((item) => `${columns.map((column) => cell(column, item)).join('\t')}\n`).join(''));
    } else {
      held.push(...items);
    }
    count += items.length;
    await afterPage?.(items);
  }
  if (format === 'json') stdout.write(`${inertJson(held.map((item) => project(item, fields)), 2)}\n`);
  else if (format === 'table' && out.isStdoutTTY && held.length > 0) {
    const rows = held.map((item) =>
      columns.map((column) => {
        const text = cell(column, item);
        return column.brief?.(text) ?? text;
      }),
    );
    await drawTable(out, columns, rows);
  }
  return count;
}

export async function printRecord(
  out: Output,
  record: Record<string, unknown>,
  defaults: readonly Column[],
  extra: readonly [string, string][] = [],
): Promise<void> {
  const stdout = out.stdout;
  const fields = out.fields;
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
      // Without --fields, only what the record has: a job without a salary shows no salary row.
      const columns = columnsFor(out, defaults).filter((column) => fields || record[column.key] !== undefined);
      const pairs: [string, string, Column | undefined][] = columns.map((column) => [column.key, cell(column, record), column]);
      if (!fields) for (const [key, value] of extra) pairs.push([key, value, undefined]);
      if (!out.isStdoutTTY) {
        for (const [key, value] of pairs) stdout.write(`${key}\t${value}\n`);
        return;
      }
      await drawKeyValue(out, pairs);
    }
  }
}

async function drawTable(out: Output, columns: Column[], rows: string[][]): Promise<void> {
  const [{ default: Table }, paint] = await Promise.all([import('cli-table3'), out.painter('stdout')]);
  const available = terminalWidth(out) - (columns.length * 3 + 1);
  const natural = columns.map((column, index) => Math.max(header(column).length, ...rows.map((row) => displayWidth(row[index]!))));
  const widths = fitWidths(natural, available, columns.map((column, index) => (column.keepWhole ? natural[index]! : header(column).length)));
  const table = new Table({
    head: columns.map((column) => paint.bold(header(column))),
    style: { head: [], border: [], compact: true },
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
  });
  for (const row of rows) {
    table.push(row.map((text, index) => {
      const shown = truncate(text, widths[index]!);
      return columns[index]!.status ? paint.status(shown) : shown;
    }));
  }
  out.stdout.write(`${table.toString()}\n`);
}

async function drawKeyValue(out: Output, pairs: [string, string, Column | undefined][]): Promise<void> {
  const [{ default: Table }, paint] = await Promise.all([import('cli-table3'), out.painter('stdout')]);
  const keyWidth = Math.max(...pairs.map(([key]) => displayWidth(key)));
  // Two borders and a separator (3) plus a space either side of each cell (4).
  const valueWidth = Math.max(20, terminalWidth(out) - keyWidth - 7);
  const table = new Table({ style: { head: [], border: [], compact: true } });
  for (const [key, value, column] of pairs) {
    const lines = wrap(value, valueWidth).map((line) => (column?.status ? paint.status(line) : line));
    table.push([paint.dim(key), lines.join('\n')]);
  }
  out.stdout.write(`${table.toString()}\n`);
}

/** Cuts text into lines of at most `width` columns (values are single-line, inert text). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const char of text) {
    const w = displayWidth(char);
    if (used + w > width) {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += char;
    used += w;
  }
  lines.push(line);
  return lines;
}

/** The terminal's width; 80 when it reports none (a pseudo-terminal may say 0). */
function terminalWidth(out: Output): number {
  return out.columns && out.columns > 0 ? out.columns : 80;
}

function header(column: Column): string {
  return column.header ?? column.key.toUpperCase();
}

/**
 * Shrinks the widest columns until the row fits, never below a column's minimum (its header)
 * nor below 8 characters; a row that cannot fit is left to overflow.
 */
export function fitWidths(natural: number[], available: number, minimum: number[] = []): number[] {
  const widths = [...natural];
  const floor = widths.map((width, index) => Math.min(width, Math.max(8, minimum[index] ?? 0)));
  let total = widths.reduce((sum, width) => sum + width, 0);
  while (total > available) {
    let widest = -1;
    for (const [index, width] of widths.entries()) {
      if (width > floor[index]! && (widest < 0 || width > widths[widest]!)) widest = index;
    }
    if (widest < 0) break;
    widths[widest]! -= 1;
    total -= 1;
  }
  return widths;
}

/**
 * A CSV cell. Text starting with = + - @, TAB or CR gets a leading `'` so that a spreadsheet shows
 * it rather than running it as a formula (OWASP "CSV Injection"; CONTRACT §7), unless `raw`.
 * JSON numbers (a score of -5) are data, not text a sender wrote: they stay as they are.
 */
function csvValue(value: unknown, raw = false): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return typeof value === 'string' && !raw && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: quote a field holding a comma, quote, CR or LF; double the quotes inside. */
export function csvRow(fields: readonly string[]): string {
  return fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',');
}
