// One result that is not a list or a record with columns (a summary, a report, a checked input),
// and the question commands may ask instead of reading the format: is this result read by people?
// The format (docs/output.md) is looked at here, not in commands.
import { UsageError } from '../errors.js';
import { inertJson } from './cells.js';
import type { Output } from './output.js';

/** A command's forms for people: the table format (drawn or piped), and CSV where it has one. */
export interface DocumentForms {
  people(): Promise<void> | void;
  /** The CSV form; absent: the command has none (see refuseCsv). */
  csv?: () => Promise<void> | void;
}

/**
 * Prints one document: under machine output (json, ndjson) the value itself, handed to a sink as
 * the object (an MCP call); at -o csv the command's CSV form; otherwise its form for people.
 */
export async function printDocument(out: Output, value: unknown, forms: DocumentForms): Promise<void> {
  if (out.format === 'json' || out.format === 'ndjson') return printJson(out, value, out.format === 'json');
  if (out.format === 'csv' && forms.csv) return forms.csv();
  return forms.people();
}

/** The value as JSON on stdout in every format (a dry run's checked input): indented unless `indent` is false. */
export function printJson(out: Output, value: unknown, indent = true): void {
  if (out.sink) out.sink.data(value);
  else out.stdout.write(`${inertJson(value, indent ? 2 : undefined)}\n`);
}

/** Refuses -o csv for a command that has no CSV form, before anything is sent; `message` says what it prints. */
export function refuseCsv(out: Output, message: string): void {
  if (out.format === 'csv') throw new UsageError(message);
}

/** Whether the result is read by people (the table format, drawn or piped) rather than by a program. */
export const forPeople = (out: Output): boolean => out.format === 'table';

/** Machine output (json, ndjson): the result is for a program, stderr stays empty on success. */
export const forPrograms = (out: Output): boolean => out.format === 'json' || out.format === 'ndjson';

/**
 * -o json (--json) itself, not ndjson: one JSON document, written whole at the end. A resumable
 * export refuses it (it writes page by page); `webhooks listen` prints a delivery's object under it.
 */
export const jsonAsked = (out: Output): boolean => out.format === 'json';

/** A table drawn at a terminal: the table format with stdout a terminal (not piped to a file). */
export const drawnTable = (out: Output): boolean => out.format === 'table' && out.isStdoutTTY;
