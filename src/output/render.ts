// Printing results (docs/output.md): data on stdout only. `table` is drawn at a terminal and plain
// tab-separated text when piped; `json` is exactly the data; `ndjson` one item per line; `csv` RFC 4180.
import type { Output } from './output.js';
import { showText, wouldPage } from './pager.js';
import type { Painter } from './paint.js';
import { cellText, inertJson, jsonText } from './cells.js';
import { drawKeyValue, drawTable, type Column } from './draw.js';
import { relativeTime } from './time.js';

export type { OutputFormat } from './formats.js';
export type { Column } from './draw.js';

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
