// A list export that can be stopped and continued (`--all|--limit --resume STATE_FILE`, issue 18):
// the state file names the export (list, server, filters, page size, format) and records, after
// each page is written whole, how far it got: pages, items, the last item's place in the stable
// order created_at,id, and the output file's size. Output stays on stdout, appended by the user
// (`>> FILE`); a resumed run continues after the last recorded item and prints only what is missing.
import { randomBytes } from 'node:crypto';
import { fstatSync, ftruncateSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ApiClient, QueryValue } from '../../api/client.js';
import { listPage } from '../../api/list.js';
import { MAX_PER_PAGE, paginate } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { InterruptedError, UsageError } from '../../errors.js';
import type { Output } from '../../output/output.js';
import { printPages } from '../../output/render.js';
import { paceBulk } from './bulk.js';
import type { ListOptions } from './list-flags.js';
import { apiFields, listQuery, ownFilters, type ListSpec } from './list.js';
import { plural, singularOf } from '../../output/plural.js';

/** The order a resumable export runs in: records added meanwhile come last, so pages written stay put. */
export const STABLE_SORT = 'created_at,id';
const STATE_VERSION = 1;

/** What an export is: a resumed run must ask for exactly this. */
export interface ExportIdentity {
  /** The list's API path: /candidates, /webhooks/wh_…/deliveries. */
  path: string;
  profile: string;
  server: string;
  /** Filters as sent (values as text), without page, per_page, sort and fields. */
  filters: Record<string, string>;
  per_page: number;
  limit: number | null;
  format: string;
  fields: string[] | null;
  csv_raw: boolean;
}

/** An item's place in the order created_at,id. */
export interface Place {
  created_at: string;
  id: string;
}

export interface ExportState {
  version: number;
  export: ExportIdentity;
  /** When the export began (ms since the epoch): relative times (`--since 1h`) are read against it. */
  started_at: number;
  /** running while a run is at work (a run killed leaves it so); stopped after a run ended early; done. */
  state: 'running' | 'stopped' | 'done';
  /** total_count when a run last read the first page. */
  total_count: number | null;
  /** Pages written whole, as the list was numbered when they were read. */
  pages: number;
  items: number;
  last: Place | null;
  /** The CSV header has been written. */
  header: boolean;
  /** stdout when it is a regular file: which one, and its size after the last recorded page. */
  output: { dev: number; ino: number; bytes: number } | null;
}

/** stdout as a file: its identity, size, and whether it was opened for appending (unknown off Linux). */
export interface OutputFile {
  fd: number;
  dev: number;
  ino: number;
  size: number;
  append: boolean | undefined;
}

export function outputFile(out: Output): OutputFile | undefined {
  const fd = (out.stdout as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return undefined;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    return { fd, dev: stat.dev, ino: stat.ino, size: stat.size, append: appendMode(fd) };
  } catch {
    return undefined;
  }
}

/** O_APPEND from /proc/self/fdinfo (Linux); undefined where the open flags cannot be read. */
function appendMode(fd: number): boolean | undefined {
  try {
    const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
    return flags === undefined ? undefined : (Number.parseInt(flags, 8) & 0o2000) !== 0;
  } catch {
    return undefined;
  }
}

/** The state in `file`, or undefined when there is none yet; a file that is not one is refused (exit 2). */
export function readState(file: string): ExportState | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`--resume: cannot read ${file}: ${(error as Error).message}`);
  }
  let state: ExportState;
  try {
    state = JSON.parse(text) as ExportState;
  } catch {
    throw notState(file);
  }
  if (state === null || typeof state !== 'object' || state.version !== STATE_VERSION || typeof state.export !== 'object' || typeof state.pages !== 'number') throw notState(file);
  return state;
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
    throw error;
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
  const shown = (value: unknown) => (value === null || value === undefined ? 'none' : Array.isArray(value) ? value.join(',') : String(value));
  const found: string[] = [];
  const compare = (name: string, there: unknown, here: unknown) => {
    if (shown(there) !== shown(here)) found.push(`${name}: ${shown(there)} there, ${shown(here)} here`);
  };
  compare('list', recorded.path, asked.path);
  compare('profile', recorded.profile, asked.profile);
  compare('server', recorded.server, asked.server);
  for (const name of new Set([...Object.keys(recorded.filters ?? {}), ...Object.keys(asked.filters)]).values()) {
    compare(`filter ${name}`, recorded.filters?.[name], asked.filters[name]);
  }
  compare('--per-page', recorded.per_page, asked.per_page);
  compare('--limit', recorded.limit, asked.limit);
  compare('--output', recorded.format, asked.format);
  compare('--fields', recorded.fields, asked.fields);
  compare('--csv-raw', recorded.csv_raw, asked.csv_raw);
  return found;
}

/**
 * Before writing anything on a resumed run: stdout must continue the file the export wrote. The
 * same file, grown past the recorded size (a page written, then a kill before it was recorded), is
 * cut back to it; a file that shrank was replaced (`>` instead of `>>`) and is refused.
 * Returns what to tell the user, if anything.
 */
export function reconcileOutput(stateFile: string, state: ExportState, file: OutputFile | undefined): string | undefined {
  const recorded = state.output;
  const sameFile = recorded !== null && file !== undefined && file.dev === recorded.dev && file.ino === recorded.ino;
  if (!sameFile) {
    // Elsewhere (a pipe, another file): nothing to check against. A run killed between writing a
    // page and recording it may have left that page in the old output already.
    return state.state === 'running' && state.pages > 0
      ? 'The last run was killed before it recorded its end, and what it wrote cannot be checked from here (stdout is not the same file): the page it was writing may appear twice.'
      : undefined;
  }
  if (file.size < recorded.bytes) {
    throw new UsageError(
      `--resume: stdout holds ${plural(file.size, 'byte')}, fewer than the ${recorded.bytes} the export had written to it: it was truncated or replaced (\`>\` instead of \`>>\`?).`,
      { hint: `Append with >> to continue an export. To start again, remove ${stateFile}.` },
    );
  }
  if (file.append === false && recorded.bytes > 0) {
    throw new UsageError(`--resume: stdout is the export's file but not opened for appending, so the export would overwrite it.`, {
      hint: `Append to it: hire … --resume ${stateFile} >> FILE`,
    });
  }
  if (file.size > recorded.bytes) {
    ftruncateSync(file.fd, recorded.bytes);
    return `Removed ${plural(file.size - recorded.bytes, 'byte')} after the last recorded page (written when the last run stopped); that page is written again.`;
  }
  return undefined;
}

/** The state file must not be the output too (`--resume out.ndjson >> out.ndjson`). */
export function checkStateIsNotOutput(stateFile: string, file: OutputFile | undefined): void {
  if (!file) return;
  try {
    const stat = statSync(stateFile);
    if (stat.dev === file.dev && stat.ino === file.ino) throw new UsageError(`--resume: ${stateFile} is also stdout; give the state its own file.`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
  }
}

export function placeOf(item: Record<string, unknown>): Place {
  return { created_at: text(item.created_at), id: text(item.id) };
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/**
 * Orders places as the emulator's `sort=created_at,id` does (src/emulator/list.ts): each key
 * without regard to ASCII case first, then byte by byte (ids are base62, upper and lower case).
 */
export function comparePlaces(a: Place, b: Place): number {
  return compareText(a.created_at, b.created_at) || compareText(a.id, b.id);
}

function compareText(a: string, b: string): number {
  const [foldedA, foldedB] = [a.replace(/[A-Z]/g, (c) => c.toLowerCase()), b.replace(/[A-Z]/g, (c) => c.toLowerCase())];
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The flags a resumable export cannot take, refused before anything is read or written (exit 2). */
function checkFlags(ctx: Context, flags: ListOptions): void {
  if (!flags.all && flags.limit === undefined) throw new UsageError('--resume continues a long export: add --all (or --limit N).');
  if (flags.page !== undefined) throw new UsageError('--resume keeps its own place in the list: leave out --page.');
  if (flags.sort !== undefined && flags.sort.replace(/\s/g, '') !== STABLE_SORT) {
    throw new UsageError(`--resume exports in the stable order ${STABLE_SORT} (pages sorted otherwise shift as records are added or change): leave out --sort.`);
  }
  const { format, isStdoutTTY } = ctx.output;
  if (format === 'json') throw new UsageError('--resume writes page by page: use -o ndjson or -o csv (--json is one array, written at the end).');
  if (format === 'table' && isStdoutTTY) throw new UsageError('--resume appends to a file: redirect stdout (>> FILE), best with -o ndjson or -o csv.');
}

/**
 * `list --all|--limit --resume FILE`: writes what the state in FILE does not record as written yet,
 * page by page, recording each page once it is written whole.
 */
export async function runResumableExport(ctx: Context, flags: ListOptions, spec: ListSpec, stateFile: string): Promise<void> {
  checkFlags(ctx, flags);
  const out = ctx.output;
  const file = outputFile(out);
  checkStateIsNotOutput(stateFile, file);
  const recorded = readState(stateFile);
  const startedAt = recorded?.started_at ?? Date.now();
  const query = listQuery(ctx, flags, ownFilters(spec, startedAt));
  const profile = await ctx.profile();
  const identity: ExportIdentity = {
    path: spec.path,
    profile: profile.name,
    server: profile.baseUrl,
    filters: filtersOf(query),
    per_page: flags.perPage ?? recorded?.export.per_page ?? Math.min(MAX_PER_PAGE, flags.limit ?? MAX_PER_PAGE),
    limit: flags.limit ?? null,
    format: out.format,
    fields: out.fields ? [...out.fields] : null,
    csv_raw: out.csvRaw,
  };
  if (recorded) {
    const differs = differences(recorded.export, identity);
    if (differs.length > 0) {
      throw new UsageError(`--resume: ${stateFile} records a different export (${differs.join('; ')}).`, {
        hint: 'Run the command the export was started with, or give --resume a new file to start another export.',
      });
    }
    if (recorded.state === 'done') {
      ctx.notice(`The export in ${stateFile} is complete (${plural(recorded.items, singularOf(spec.noun), spec.noun)}): nothing more to write.`);
      return;
    }
  }

  const state: ExportState = recorded ?? {
    version: STATE_VERSION,
    export: identity,
    started_at: startedAt,
    state: 'running',
    total_count: null,
    pages: 0,
    items: 0,
    last: null,
    header: false,
    output: null,
  };
  const repaired = recorded ? reconcileOutput(stateFile, recorded, file) : undefined;
  if (repaired) ctx.warn(repaired);
  const outputNow = () => (file ? { dev: file.dev, ino: file.ino, bytes: fstatSync(file.fd).size } : null);
  state.state = 'running';
  state.output = outputNow();
  writeState(stateFile, state);

  // The export's own query: the stable order, and created_at and id among --fields (a page's place
  // in the order is read from them; only the fields asked for are printed).
  const sent: Record<string, QueryValue> = { ...query, per_page: identity.per_page, sort: STABLE_SORT };
  if (out.fields) sent.fields = apiFields([...out.fields, 'created_at', 'id'])!;
  const remaining = identity.limit === null ? Infinity : identity.limit - state.items;
  let lastPage: number | undefined;
  let pagesLeft: number | undefined;
  // Bulk work, paced to the rate limit like any --all (src/commands/shared/bulk.ts).
  const client = paceBulk(ctx, await ctx.api(), { reserve: flags.reserve, maxWait: flags.maxWait }, () => pagesLeft);
  const removeInterrupt = ctx.io.onInterrupt(() => client.abort());
  try {
    const start = state.last ? await restartPage(client, spec.path, sent, state.pages, state.last) : 1;
    // Pages read again from `start` hold items written already: they do not count towards --limit.
    const reread = Math.max(0, state.pages - start + 1) * identity.per_page;
    const limit = remaining === Infinity ? undefined : remaining + reread;
    const pages = paginate(client, spec.path, { ...sent, page: start }, {
      all: true,
      ...(limit === undefined ? {} : { limit }),
      onFirstPage: ({ meta }) => {
        if (!meta) return;
        if (state.total_count !== null && meta.total_count !== state.total_count) ctx.warn(totalChanged(spec.noun, state.total_count, meta.total_count));
        state.total_count = meta.total_count;
        lastPage = limit === undefined ? meta.total_pages : Math.min(meta.total_pages, start - 1 + Math.ceil(limit / identity.per_page));
      },
      onPage: (page) => {
        if (lastPage !== undefined) pagesLeft = Math.max(0, lastPage - page);
      },
    });
    let page = start - 1;
    let written = 0;
    // Only what comes after the last item written, in the stable order: a page read again, or
    // records moved onto it as others were removed, is not written twice.
    async function* missing(): AsyncGenerator<Record<string, unknown>[]> {
      for await (const items of pages) {
        page += 1;
        const last = state.last;
        const fresh = (last ? items.filter((item) => comparePlaces(placeOf(item), last) > 0) : items).slice(0, remaining - written);
        written += fresh.length;
        yield fresh;
        if (written >= remaining) return;
      }
    }
    await printPages(out, missing(), spec.columns, {
      header: !state.header,
      afterPage: (items) => {
        state.pages = page;
        state.items += items.length;
        if (items.length > 0) {
          state.last = placeOf(items.at(-1)!);
          state.header = true;
        }
        state.output = outputNow();
        writeState(stateFile, state);
      },
    });
  } catch (error) {
    state.state = 'stopped';
    try {
      writeState(stateFile, state);
    } catch {
      // the pages written are recorded already; the error that stopped the run is the one to report
    }
    const one = singularOf(spec.noun);
    const where = `${state.total_count === null ? plural(state.items, one, spec.noun) : `${state.items} of ${plural(state.total_count, one, spec.noun)}`} written`;
    if (error instanceof InterruptedError) throw new InterruptedError(`Interrupted: ${where}. To continue, run the same command again, appending (>>).`);
    ctx.notice(`Stopped: ${where}. To continue, run the same command again, appending (>>).`);
    throw error;
  } finally {
    removeInterrupt();
  }
  state.state = 'done';
  writeState(stateFile, state);
  ctx.notice(`Export complete: ${plural(state.items, singularOf(spec.noun), spec.noun)} written in all (recorded in ${stateFile}).`);
}

/**
 * Where to read on from: the last page written, or before it when records removed meanwhile
 * pulled later ones onto earlier pages (that page now starts after the last item written).
 */
async function restartPage(client: ApiClient, path: string, query: Record<string, QueryValue>, pages: number, last: Place): Promise<number> {
  let page = Math.max(1, pages);
  while (page > 1) {
    const { items } = await listPage(client, path, { ...query, page });
    const first = items[0];
    if (first && comparePlaces(placeOf(first), last) <= 0) break;
    page -= 1;
  }
  return page;
}

function totalChanged(noun: string, then: number, now: number): string {
  const change =
    now > then
      ? `those added since are written at the end (the export runs oldest first)`
      : `those removed were written already or are left out`;
  return `The list has changed since the export was last run: ${plural(then, singularOf(noun), noun)} then, ${now} now; ${change}.`;
}
