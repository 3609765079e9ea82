// The state file of a resumable export (`list --all|--limit --resume STATE_FILE`; docs/output.md):
// what the export is (list, server, filters, page size, format) and, after each page is written
// whole, how far it got: pages, items, the last item's place in the stable order created_at,id, and
// the output file's identity, size and SHA-256. Read strictly (a file hire did not write, or one at
// odds with itself, is refused: exit 2), and replaced whole, so that a kill leaves the old or the new.
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
import type { QueryValue } from '../../api/client.js';
import { MAX_PER_PAGE } from '../../api/paginate.js';
import { UsageError } from '../../errors.js';

/** The order a resumable export runs in: records added meanwhile come last, so pages written stay put. */
export const STABLE_SORT = 'created_at,id';
/** 2: the output's SHA-256. A state of version 1 cannot prove its output and is not continued. */
export const STATE_VERSION = 2;
/** Items an export may record, at most (far beyond any list the platform holds; a bound for absurd values). */
const MAX_ITEMS = 1_000_000_000;

const whole = (min: number, max: number) =>
  z
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .check(
      z.gte(min, { error: `must be a whole number from ${min} to ${max}` }),
      z.lte(max, { error: `must be a whole number from ${min} to ${max}` }),
    );
const text = (max: number) =>
  z.string({ error: 'must be text' }).check(z.maxLength(max, { error: `must be at most ${max} characters` }));
/** A file-system number (device, inode): a whole number ≥ 0, possibly beyond 2^53 (as fstat gives it). */
const fsNumber = z
  .number({ error: 'must be a number' })
  .check(z.refine((value) => Number.isInteger(value) && value >= 0, { error: 'must be a whole number ≥ 0' }));
const filterName = text(200).check(
  z.refine((name) => !['__proto__', 'constructor', 'prototype'].includes(name), { error: 'is not a filter name' }),
);

/** The export's identity, read strictly; `formats`: the output formats hire writes (src/output/formats.ts). */
const identitySchema = (formats: readonly string[]) =>
  z.strictObject({
    /** The list's API path: /candidates, /webhooks/wh_…/deliveries. */
    path: text(2000).check(z.refine((path) => path.startsWith('/'), { error: 'must be an API path' })),
    profile: text(200),
    server: text(2000),
    /** Filters as sent (values as text), without page, per_page, sort and fields. */
    filters: z.record(filterName, text(10_000)),
    per_page: whole(1, MAX_PER_PAGE),
    limit: z.nullable(whole(1, MAX_ITEMS)),
    format: z.enum(formats as [string, ...string[]], { error: `must be one of ${formats.join(', ')}` }),
    fields: z.nullable(z.array(text(500)).check(z.maxLength(1000, { error: 'must name at most 1000 fields' }))),
    csv_raw: z.boolean({ error: 'must be true or false' }),
  });

/** What an export is: a resumed run must ask for exactly this. */
export type ExportIdentity = z.infer<ReturnType<typeof identitySchema>>;

/** An item's place in the order created_at,id. */
const PlaceSchema = z.strictObject({ created_at: text(200), id: text(500) });
export type Place = z.infer<typeof PlaceSchema>;

const OutputRecordSchema = z.strictObject({
  dev: fsNumber,
  ino: fsNumber,
  /** The file's size after the last recorded page. */
  bytes: whole(0, Number.MAX_SAFE_INTEGER),
  /** SHA-256 of the file's first `bytes` bytes (null: the file could not be read back to compute it). */
  sha256: z.nullable(
    z
      .string({ error: 'must be text' })
      .check(z.regex(/^[0-9a-f]{64}$/, { error: 'must be a SHA-256 in hex (64 digits)' })),
  ),
});

/**
 * The state file, read strictly: a value out of its range, a key hire never writes or a record at
 * odds with itself is refused (exit 2), never followed.
 */
const stateSchema = (formats: readonly string[]) =>
  z
    .strictObject({
      version: z.literal(STATE_VERSION),
      export: identitySchema(formats),
      /** When the export began (ms since the epoch): relative times (`--since 1h`) are read against it. */
      started_at: whole(1, Number.MAX_SAFE_INTEGER),
      /** running while a run is at work (a run killed leaves it so); stopped after a run ended early; done. */
      state: z.enum(['running', 'stopped', 'done'], { error: 'must be running, stopped or done' }),
      /** total_count when a run last read the first page. */
      total_count: z.nullable(whole(0, Number.MAX_SAFE_INTEGER)),
      /** Pages that brought items to the output. */
      pages: whole(0, MAX_ITEMS),
      items: whole(0, MAX_ITEMS),
      last: z.nullable(PlaceSchema),
      /** The CSV header has been written. */
      header: z.boolean({ error: 'must be true or false' }),
      /** stdout when it is a regular file: which one, its size after the last recorded page, and a digest of those bytes. */
      output: z.nullable(OutputRecordSchema),
    })
    .check(
      z.superRefine((state, ctx) => {
        const add = (path: string, message: string) =>
          ctx.issues.push({ code: 'custom', path: [path], message, input: state });
        if (state.pages > state.items)
          add(
            'pages',
            `${state.pages} pages cannot have brought ${state.items} items (each page recorded brought at least one)`,
          );
        if (state.items > 0 && state.last === null)
          add('last', `must name the last item written (${state.items} items are recorded)`);
        if (state.items === 0 && state.last !== null) add('last', 'names an item although none is recorded');
        if (state.export.limit !== null && state.items > state.export.limit)
          add('items', `${state.items} is more than the export's --limit ${state.export.limit}`);
        if (state.started_at > Date.now() + 86_400_000) add('started_at', 'is in the future');
      }),
    );

export type ExportState = z.infer<ReturnType<typeof stateSchema>>;

/** What went wrong with a file, in words (the errno's code where there are none). */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'its directory does not exist';
    case 'ENOTDIR':
      return 'a part of its path is not a directory';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    case undefined:
    default:
      return code ?? (error as Error).message;
  }
}

/** The state in `file`, or undefined when there is none yet; a file that is not one, or one at odds with itself, is refused (exit 2). */
export function readState(file: string, formats: readonly string[]): ExportState | undefined {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`--resume: cannot read ${file}: ${describeFsError(error)}.`);
  }
  let parsed: unknown;
  let prototypeKey = false;
  try {
    // A `__proto__` key anywhere is none hire writes (zod drops it silently: refused here instead).
    parsed = JSON.parse(content, (key: string, value: unknown) => ((prototypeKey ||= key === '__proto__'), value));
  } catch {
    throw notState(file);
  }
  if (
    parsed === null ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    !('version' in parsed) ||
    typeof parsed.version !== 'number'
  )
    throw notState(file);
  if (parsed.version !== STATE_VERSION) {
    throw new UsageError(
      `--resume: ${file} records an export of state version ${parsed.version}; this hire continues version ${STATE_VERSION} only.`,
      {
        hint: 'Give --resume a new file name to start the export again.',
      },
    );
  }
  const result = stateSchema(formats).safeParse(parsed);
  if (prototypeKey || !result.success) {
    const problems = (result.error?.issues ?? []).slice(0, 3).map((issue) => {
      const where = issue.path.join('.');
      if (issue.code === 'unrecognized_keys')
        return `${[...issue.keys].map((key) => (where ? `${where}.${key}` : key)).join(', ')}: not written by hire`;
      return `${where || 'the document'}: ${issue.message}`;
    });
    if (prototypeKey) problems.unshift('a __proto__ key: not written by hire');
    throw new UsageError(`--resume: ${file} is damaged, and not followed: ${problems.join('; ')}.`, {
      hint: 'Give --resume a new file name to start the export again (appending to a new output file).',
    });
  }
  return result.data;
}

function notState(file: string): UsageError {
  return new UsageError(`--resume: ${file} is not an export state written by hire (version ${STATE_VERSION}).`, {
    hint: 'Give --resume a new file name (it is created), or the state file of the export to continue.',
  });
}

/** Replaces the state file whole (a temporary file renamed over it), so that a kill leaves the old state or the new one. */
export function writeState(file: string, state: ExportState): void {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UsageError(`--resume: cannot write ${file}: ${describeFsError(error)}.`, {
      hint: 'Give --resume a file in a directory you can write to.',
    });
  }
}

/** The identity's filters: every query value as text, without the paging and shaping parameters. */
export function filtersOf(query: Record<string, QueryValue>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || ['page', 'per_page', 'sort', 'fields'].includes(name)) continue;
    filters[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return filters;
}

/** What differs between the recorded export and this one, as "name: X there, Y here" (empty when the same). */
export function differences(recorded: ExportIdentity, asked: ExportIdentity): string[] {
  const shown = (value: unknown) =>
    value === null || value === undefined ? 'none' : Array.isArray(value) ? value.join(',') : String(value);
  const found: string[] = [];
  const compare = (name: string, there: unknown, here: unknown) => {
    if (shown(there) !== shown(here)) found.push(`${name}: ${shown(there)} there, ${shown(here)} here`);
  };
  compare('list', recorded.path, asked.path);
  compare('profile', recorded.profile, asked.profile);
  compare('server', recorded.server, asked.server);
  const own = (filters: Record<string, string>, name: string) =>
    Object.hasOwn(filters, name) ? filters[name] : undefined;
  for (const name of new Set([...Object.keys(recorded.filters), ...Object.keys(asked.filters)]).values()) {
    compare(`filter ${name}`, own(recorded.filters, name), own(asked.filters, name));
  }
  compare('--per-page', recorded.per_page, asked.per_page);
  compare('--limit', recorded.limit, asked.limit);
  compare('--output', recorded.format, asked.format);
  compare('--fields', recorded.fields, asked.fields);
  compare('--csv-raw', recorded.csv_raw, asked.csv_raw);
  return found;
}
