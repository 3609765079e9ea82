// Reading a file of jobs for `hire jobs import` (issue "Bulk work"): CSV with a header row naming
// job fields (nested as location.city, lists separated by `;`), NDJSON, or a JSON array.
import { JOB_FIELD_KINDS, JOB_INPUT_FIELDS, JOB_RECORD_FIELDS } from '../domain/job.js';
import { isPlainObject, setPath } from '../domain/merge.js';
import { inert } from '../output/cells.js';
import { readListCell, unguard } from './csv-cells.js';
import { MAX_NESTING, deeperThan } from '../domain/nesting.js';

/**
 * The largest import file read: a day of creates at the enterprise tier (100,000 requests) at about
 * 1 KB a job, while every row is held in memory to be checked before any is sent.
 */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

export const IMPORT_FORMATS = ['csv', 'ndjson', 'json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface Row {
  /** 1-based position among the records of the file. */
  index: number;
  /** The line the record starts on, where the format has lines. */
  line: number | undefined;
  /** The record as read (CSV values typed by field), or undefined when it could not be read. */
  fields: Record<string, unknown> | undefined;
  /** Why the record could not be read. */
  problem?: string;
  /** The record's text as it stood in the file, for one that could not be read. */
  source?: string;
}

export function detectFormat(path: string, text: string): ImportFormat {
  if (/\.csv$/i.test(path)) return 'csv';
  if (/\.(ndjson|jsonl)$/i.test(path)) return 'ndjson';
  if (/\.json$/i.test(path)) return 'json';
  const start = text.trimStart();
  if (start.startsWith('[')) return 'json';
  if (start.startsWith('{')) return 'ndjson';
  return 'csv';
}

/**
 * A CSV cell as the field's type: numbers and booleans when they read as such (otherwise the text,
 * so that the schema names what is wrong), lists split on `;` or given as a JSON array, text with
 * the CSV-injection guard's `'` removed. An empty cell is no value.
 */
export function csvValue(field: string, cell: string): unknown {
  const text = cell.trim();
  if (text === '') return undefined;
  const kind = Object.hasOwn(JOB_FIELD_KINDS, field) ? JOB_FIELD_KINDS[field] : undefined;
  if (kind === 'list') return readListCell(unguard(text));
  if (kind === 'number') {
    const number = Number(text);
    return Number.isFinite(number) ? number : cell;
  }
  if (kind === 'boolean') {
    const lower = text.toLowerCase();
    if (['true', 'yes', '1'].includes(lower)) return true;
    if (['false', 'no', '0'].includes(lower)) return false;
    return cell;
  }
  return unguard(cell);
}

/** A parser's message, which quotes the file's own bytes: inert (docs/output.md "Text from outside"). */
function quoted(error: unknown): string {
  return inert((error as Error).message);
}

export async function readRows(text: string, format: ImportFormat): Promise<Row[]> {
  if (format === 'json') return jsonRows(text);
  if (format === 'ndjson') return ndjsonRows(text);
  return csvRows(text);
}

/** Hashing, validating and writing a row recurse: a row nested deeper is refused first. */
const TOO_DEEP = `nests objects and arrays more than ${MAX_NESTING} levels deep`;

function jsonRows(text: string): Row[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON (${quoted(error)})`, { cause: error });
  }
  if (!Array.isArray(value)) throw new Error('a JSON file must hold an array of jobs');
  return value.map((item, position) => {
    const index = position + 1;
    if (deeperThan(item)) return { index, line: undefined, fields: undefined, problem: TOO_DEEP, source: '{}' };
    return {
      index,
      line: undefined,
      fields: isPlainObject(item) ? item : undefined,
      ...(isPlainObject(item) ? {} : { problem: 'is not a JSON object', source: JSON.stringify(item) }),
    };
  });
}

function ndjsonRows(text: string): Row[] {
  const rows: Row[] = [];
  for (const [position, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const index = rows.length + 1;
    try {
      const value: unknown = JSON.parse(line);
      rows.push(
        deeperThan(value)
          ? { index, line: position + 1, fields: undefined, problem: TOO_DEEP, source: line }
          : isPlainObject(value)
            ? { index, line: position + 1, fields: value }
            : { index, line: position + 1, fields: undefined, problem: 'is not a JSON object', source: line },
      );
    } catch (error) {
      rows.push({
        index,
        line: position + 1,
        fields: undefined,
        problem: `is not valid JSON (${quoted(error)})`,
        source: line,
      });
    }
  }
  return rows;
}

async function csvRows(text: string): Promise<Row[]> {
  const csv = await import('csv-parse/sync');
  const { parse } = (csv as unknown as { default?: typeof csv }).default ?? csv;
  let records: { info: { lines: number }; record: Record<string, string>; raw: string }[];
  try {
    records = parse<(typeof records)[number]>(text, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
      relax_quotes: false,
    });
  } catch (error) {
    throw new Error(`not valid CSV (${quoted(error)})`, { cause: error });
  }
  return records.map(({ info, record, raw }, position) => {
    const fields: Record<string, unknown> = {};
    for (const [header, cell] of Object.entries(record)) {
      const field = header.trim();
      const value = csvValue(field, cell);
      if (value !== undefined) setPath(fields, field, value);
    }
    // csv-parse counts the line a record ends on; a quoted value may span several.
    const breaksInside = raw.replace(/(\r\n|\n|\r)$/, '').match(/\r\n|\n|\r/g)?.length ?? 0;
    return { index: position + 1, line: info.lines - breaksInside, fields };
  });
}

/** Fields of a job record that the server sets (id, status, counts, times): not job input. */
export const SERVER_FIELDS: readonly string[] = JOB_RECORD_FIELDS.filter(
  (field) => !(JOB_INPUT_FIELDS as readonly string[]).includes(field),
);

/**
 * In a failures file (`jobs.failed.ndjson`), why each row was left over: written by `jobs import`,
 * left out, without a word, when that file is imported again.
 */
export const IMPORT_ERRORS_FIELD = '_import_errors';

/**
 * Drops the server's fields from every row, so that an export (`jobs list -o csv|ndjson`) imports
 * as new jobs; returns the names dropped, in the record's order. A failures file's reasons go too.
 */
export function dropServerFields(rows: readonly Row[]): string[] {
  const dropped = new Set<string>();
  for (const row of rows) {
    if (!row.fields) continue;
    delete row.fields[IMPORT_ERRORS_FIELD];
    for (const field of SERVER_FIELDS) {
      if (!Object.hasOwn(row.fields, field)) continue;
      delete row.fields[field];
      dropped.add(field);
    }
  }
  return SERVER_FIELDS.filter((field) => dropped.has(field));
}
