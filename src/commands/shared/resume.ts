// A list export that can be stopped and continued (`--all|--limit --resume STATE_FILE`, issues 18
// and 25): the state file names the export (list, server, filters, page size, format) and records,
// after each page is written whole, how far it got: pages, items, the last item's place in the
// stable order created_at,id, and the output file's identity, size and SHA-256. Output stays on
// stdout, appended by the user (`>> FILE`); a resumed run continues after the last recorded item and
// prints only what is missing. One run at a time: `STATE_FILE.lock` holds the pid of the run at work.
import { createHash, randomBytes, type Hash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  ftruncateSync,
  linkSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../../api/client.js';
import type { ApiRecord } from '../../api/envelope.js';
import { unexpectedShape } from '../../api/errors.js';
import { listPage } from '../../api/list.js';
import { MAX_PER_PAGE } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { InterruptedError, UsageError } from '../../errors.js';
import { OUTPUT_FORMATS } from '../../output/formats.js';
import type { Output } from '../../output/output.js';
import { plural, singularOf } from '../../output/plural.js';
import type { ListOptions } from './list-flags.js';
import { apiFields, listQuery, ownFilters, runPages, type ListSpec } from './paging.js';

/** The order a resumable export runs in: records added meanwhile come last, so pages written stay put. */
export const STABLE_SORT = 'created_at,id';
/** 2: the output's SHA-256 (issue 25). A state of version 1 cannot prove its output and is not continued. */
const STATE_VERSION = 2;
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

const ExportIdentitySchema = z.strictObject({
  /** The list's API path: /candidates, /webhooks/wh_…/deliveries. */
  path: text(2000).check(z.refine((path) => path.startsWith('/'), { error: 'must be an API path' })),
  profile: text(200),
  server: text(2000),
  /** Filters as sent (values as text), without page, per_page, sort and fields. */
  filters: z.record(filterName, text(10_000)),
  per_page: whole(1, MAX_PER_PAGE),
  limit: z.nullable(whole(1, MAX_ITEMS)),
  format: z.enum(OUTPUT_FORMATS as [string, ...string[]], { error: `must be one of ${OUTPUT_FORMATS.join(', ')}` }),
  fields: z.nullable(z.array(text(500)).check(z.maxLength(1000, { error: 'must name at most 1000 fields' }))),
  csv_raw: z.boolean({ error: 'must be true or false' }),
});

/** What an export is: a resumed run must ask for exactly this. */
export type ExportIdentity = z.infer<typeof ExportIdentitySchema>;

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
const ExportStateSchema = z
  .strictObject({
    version: z.literal(STATE_VERSION),
    export: ExportIdentitySchema,
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

export type ExportState = z.infer<typeof ExportStateSchema>;

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

/** What went wrong with a file, in words (the errno's code where there are none). */
function describeFsError(error: unknown): string {
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
export function readState(file: string): ExportState | undefined {
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
  const result = ExportStateSchema.safeParse(parsed);
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

/**
 * One run at a time on a state file: `STATE.lock`, created exclusively, holds the pid of the run at
 * work. A lock whose process is gone (a run killed) is taken over, and said; one that names no
 * process is refused. Returns the release.
 */
export function lockExport(ctx: Context, stateFile: string): () => void {
  const lock = `${stateFile}.lock`;
  const inUse = (pid: number) =>
    new UsageError(`--resume: ${stateFile} is in use by another run (pid ${pid}): one run at a time.`, {
      hint: `Wait until it ends. If no export is running with it, remove ${lock}.`,
    });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return () => {
        if (lockHolder(lock) === process.pid) rmSync(lock, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new UsageError(`--resume: cannot create the lock ${lock} for ${stateFile}: ${describeFsError(error)}.`, {
          hint: 'Give --resume a file in a directory you can write to.',
        });
      }
    }
    const holder = lockHolder(lock);
    if (holder === 'gone') continue;
    if (holder === undefined) {
      throw new UsageError(
        `--resume: the lock ${lock} names no process, so hire cannot tell whether a run is at work.`,
        {
          hint: `If no export is running with ${stateFile}, remove ${lock} and run again.`,
        },
      );
    }
    if (running(holder)) throw inUse(holder);
    // Taken over by moving it aside first: of two runs taking over at once, one moves it.
    const aside = `${lock}.${randomBytes(4).toString('hex')}.stale`;
    try {
      renameSync(lock, aside);
    } catch {
      continue;
    }
    const moved = lockHolder(aside);
    if (moved !== holder) {
      // Another run's fresh lock was moved: put it back.
      try {
        linkSync(aside, lock);
      } catch {
        // a third run holds the name now
      }
      rmSync(aside, { force: true });
      throw inUse(typeof moved === 'number' ? moved : holder);
    }
    rmSync(aside, { force: true });
    ctx.warn(`--resume: took over the lock ${lock} left by pid ${holder}, which is no longer running.`);
  }
  throw new UsageError(`--resume: could not take the lock ${lock}: other runs kept taking it.`);
}

/** The pid in a lock file; 'gone' when there is no lock file; undefined when it names no process. */
function lockHolder(lock: string): number | 'gone' | undefined {
  let content: string;
  try {
    content = readFileSync(lock, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : undefined;
  }
  const pid = /^\s*(\d{1,10})\s*$/.exec(content)?.[1];
  return pid === undefined || Number(pid) < 1 ? undefined : Number(pid);
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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

/**
 * SHA-256 of the first `bytes` bytes of stdout's file, read back through a descriptor of its own
 * (`>>` opens stdout for writing only): the hash itself, to go on with, or undefined when the file
 * cannot be read back or is shorter.
 */
function hashPrefix(file: OutputFile, bytes: number): Hash | undefined {
  let fd: number | undefined;
  for (const path of [`/proc/self/fd/${file.fd}`, `/dev/fd/${file.fd}`]) {
    try {
      fd = openSync(path, 'r');
      break;
    } catch {
      // not on this system, or not readable
    }
  }
  if (fd === undefined) return undefined;
  try {
    const stat = fstatSync(fd);
    if (stat.dev !== file.dev || stat.ino !== file.ino) return undefined;
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (let at = 0; at < bytes;) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, bytes - at), at);
      if (read === 0) return undefined;
      hash.update(buffer.subarray(0, read));
      at += read;
    }
    return hash;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The output as the export goes on: where it is, its size, and the digest of its bytes so far. */
interface OutputTrack {
  file: OutputFile;
  bytes: number;
  /** undefined: what the file held before could not be read back, so no digest is recorded. */
  hash: Hash | undefined;
}

function outputRecord(track: OutputTrack | undefined): ExportState['output'] {
  if (!track) return null;
  return {
    dev: track.file.dev,
    ino: track.file.ino,
    bytes: track.bytes,
    sha256: track.hash ? track.hash.copy().digest('hex') : null,
  };
}

/**
 * Before writing anything on a resumed run: stdout must continue the file the export wrote. Its
 * device and inode are not proof enough (a file removed and another created takes the inode
 * again), so its first bytes must also hash to the digest recorded: then the same file, grown past
 * the recorded size (a page written, then a kill before it was recorded), is cut back to it. A file
 * that shrank, hashes otherwise, or cannot be read back to be checked, is refused and never cut.
 */
export function reconcileOutput(
  ctx: Context,
  stateFile: string,
  state: ExportState | undefined,
  file: OutputFile | undefined,
): OutputTrack | undefined {
  if (!file) {
    if (state?.state === 'running' && state.pages > 0) ctx.warn(killedUnchecked('stdout is not a file'));
    return undefined;
  }
  const recorded = state?.output ?? null;
  if (recorded === null || file.dev !== recorded.dev || file.ino !== recorded.ino) {
    // Another file (or the first run): what it holds already is part of what the digest covers.
    if (state?.state === 'running' && state.pages > 0) ctx.warn(killedUnchecked('stdout is not the same file'));
    return { file, bytes: file.size, hash: hashPrefix(file, file.size) };
  }
  if (file.size < recorded.bytes) {
    throw new UsageError(
      `--resume: stdout holds ${plural(file.size, 'byte')}, fewer than the ${recorded.bytes} the export had written to it: it was truncated or replaced (\`>\` instead of \`>>\`?).`,
      { hint: `Append with >> to continue an export. To start again, remove ${stateFile}.` },
    );
  }
  if (file.append === false && recorded.bytes > 0) {
    throw new UsageError(
      `--resume: stdout is the export's file but not opened for appending, so the export would overwrite it.`,
      {
        hint: `Append to it: hire … --resume ${stateFile} >> FILE`,
      },
    );
  }
  const hash = recorded.sha256 === null ? undefined : hashPrefix(file, recorded.bytes);
  if (hash === undefined) {
    if (file.size > recorded.bytes) {
      throw new UsageError(
        `--resume: stdout has ${plural(file.size - recorded.bytes, 'byte')} after the last recorded page, but hire cannot read it back to prove it is the export's file, so nothing is cut.`,
        {
          hint: `Check the file; to continue, cut it to ${recorded.bytes} bytes yourself (truncate -s ${recorded.bytes} FILE), or start again with a new state file.`,
        },
      );
    }
    ctx.warn(`--resume: stdout could not be read back to prove it is the export's file; going on, appending only.`);
    return { file, bytes: recorded.bytes, hash: undefined };
  }
  if (hash.copy().digest('hex') !== recorded.sha256) {
    throw new UsageError(
      `--resume: stdout is not the export's file: it has the recorded device and inode, but its first ${plural(recorded.bytes, 'byte')} differ from what the export wrote (the file was removed or rewritten, and another took its place). Nothing was cut or written.`,
      { hint: `Append to the export's own file, or start again with a new state file (remove ${stateFile}).` },
    );
  }
  if (file.size > recorded.bytes) {
    ftruncateSync(file.fd, recorded.bytes);
    ctx.warn(
      `Removed ${plural(file.size - recorded.bytes, 'byte')} after the last recorded page (written when the last run stopped); that page is written again.`,
    );
  }
  return { file, bytes: recorded.bytes, hash };
}

function killedUnchecked(why: string): string {
  // A run killed between writing a page and recording it may have left that page in the old output already.
  return `The last run was killed before it recorded its end, and what it wrote cannot be checked from here (${why}): the page it was writing may appear twice.`;
}

/** The state file must not be the output too (`--resume out.ndjson >> out.ndjson`). */
export function checkStateIsNotOutput(stateFile: string, file: OutputFile | undefined): void {
  if (!file) return;
  try {
    const stat = statSync(stateFile);
    if (stat.dev === file.dev && stat.ino === file.ino)
      throw new UsageError(`--resume: ${stateFile} is also stdout; give the state its own file.`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
  }
}

export function placeOf(item: Record<string, unknown>): Place {
  return { created_at: placeText(item.created_at), id: placeText(item.id) };
}

/** Text or a number as it is; anything else a server sends (an object, null) places the item first. */
function placeText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * Orders places as the emulator's `sort=created_at,id` does (src/emulator/http/list.ts): each key
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
  if (!flags.all && flags.limit === undefined)
    throw new UsageError('--resume continues a long export: add --all (or --limit N).');
  if (flags.page !== undefined) throw new UsageError('--resume keeps its own place in the list: leave out --page.');
  if (flags.sort !== undefined && flags.sort.replace(/\s/g, '') !== STABLE_SORT) {
    throw new UsageError(
      `--resume exports in the stable order ${STABLE_SORT} (pages sorted otherwise shift as records are added or change): leave out --sort.`,
    );
  }
  const { format, isStdoutTTY } = ctx.output;
  if (format === 'json')
    throw new UsageError(
      '--resume writes page by page: use -o ndjson or -o csv (--json is one array, written at the end).',
    );
  if (format === 'table' && isStdoutTTY)
    throw new UsageError('--resume appends to a file: redirect stdout (>> FILE), best with -o ndjson or -o csv.');
}

/**
 * `list --all|--limit --resume FILE`: writes what the state in FILE does not record as written yet,
 * page by page, recording each page once it is written whole; one run at a time.
 */
export async function runResumableExport(
  ctx: Context,
  flags: ListOptions,
  spec: ListSpec,
  stateFile: string,
): Promise<void> {
  checkFlags(ctx, flags);
  const file = outputFile(ctx.output);
  checkStateIsNotOutput(stateFile, file);
  const unlock = lockExport(ctx, stateFile);
  try {
    await exportUnderLock(ctx, flags, spec, stateFile, file);
  } finally {
    unlock();
  }
}

async function exportUnderLock(
  ctx: Context,
  flags: ListOptions,
  spec: ListSpec,
  stateFile: string,
  file: OutputFile | undefined,
): Promise<void> {
  const out = ctx.output;
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
      ctx.notice(
        `The export in ${stateFile} is complete (${plural(recorded.items, singularOf(spec.noun), spec.noun)}): nothing more to write.`,
      );
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
  const track = reconcileOutput(ctx, stateFile, recorded, file);
  state.state = 'running';
  state.output = outputRecord(track);
  writeState(stateFile, state);

  // The export's own query: the stable order, and created_at and id among --fields (a page's place
  // in the order is read from them; only the fields asked for are printed).
  const sent: Record<string, QueryValue> = { ...query, per_page: identity.per_page, sort: STABLE_SORT };
  if (out.fields) sent.fields = apiFields([...out.fields, 'created_at', 'id'])!;
  const remaining = identity.limit === null ? undefined : identity.limit - state.items;
  try {
    if (remaining === undefined || remaining > 0) {
      const last = state.last;
      await runPages(ctx, flags, spec, {
        query: { ...sent, page: 1 },
        all: true,
        ...(remaining === undefined ? {} : { limit: remaining }),
        ...(last ? { place: (client: ApiClient) => restartPage(client, spec.path, sent, state.pages, last) } : {}),
        // Only what comes after the last item written, in the stable order: a page read again, or
        // records moved onto it as others were removed, is not written twice.
        ...(last ? { keep: (items) => items.filter((item) => comparePlaces(placeOf(item), last) > 0) } : {}),
        header: !state.header,
        onFirstPage: (meta) => {
          if (!meta) return;
          if (state.total_count !== null && meta.total_count !== state.total_count)
            ctx.warn(totalChanged(spec.noun, state.total_count, meta.total_count));
          state.total_count = Number.isSafeInteger(meta.total_count) && meta.total_count >= 0 ? meta.total_count : null;
        },
        afterPage: (items, written) => {
          if (items.length > 0) {
            state.pages += 1;
            state.items += items.length;
            state.last = placeOf(items.at(-1)!);
            state.header = true;
          }
          if (track) {
            track.bytes += Buffer.byteLength(written);
            track.hash?.update(written);
          }
          state.output = outputRecord(track);
          writeState(stateFile, state);
        },
      });
    }
  } catch (error) {
    state.state = 'stopped';
    try {
      writeState(stateFile, state);
    } catch {
      // the pages written are recorded already; the error that stopped the run is the one to report
    }
    const one = singularOf(spec.noun);
    const where = `${state.total_count === null ? plural(state.items, one, spec.noun) : `${state.items} of ${plural(state.total_count, one, spec.noun)}`} written`;
    if (error instanceof InterruptedError)
      throw new InterruptedError(`Interrupted: ${where}. To continue, run the same command again, appending (>>).`);
    ctx.notice(`Stopped: ${where}. To continue, run the same command again, appending (>>).`);
    throw error;
  }
  state.state = 'done';
  writeState(stateFile, state);
  ctx.notice(
    `Export complete: ${plural(state.items, singularOf(spec.noun), spec.noun)} written in all (recorded in ${stateFile}).`,
  );
}

/** Page numbers beyond this are not probed: a server whose list never ends is not followed there. */
const MAX_PAGE = 2 ** 31;

/**
 * Where to read on from: the last page whose first item is at or before the last item written
 * (records removed meanwhile pull later ones onto earlier pages; added ones come after). Found
 * from the recorded number of pages, galloping then halving: two requests when nothing moved,
 * about 2·log2(distance) otherwise, whatever number is recorded. Also how many items on that page
 * were written already.
 */
async function restartPage(
  client: ApiClient,
  path: string,
  query: Record<string, QueryValue>,
  hint: number,
  last: Place,
): Promise<{ page: number; dropped: number }> {
  const read = new Map<number, ApiRecord[]>();
  let total = MAX_PAGE;
  const itemsOf = async (page: number): Promise<ApiRecord[]> => {
    let items = read.get(page);
    if (!items) {
      const answer = await listPage(client, path, { ...query, page });
      items = answer.items;
      read.set(page, items);
      const pages = answer.meta?.total_pages;
      if (pages !== undefined && Number.isSafeInteger(pages) && pages >= 1) total = Math.min(MAX_PAGE, pages);
    }
    return items;
  };
  const atOrBefore = async (page: number) => {
    const first = (await itemsOf(page))[0];
    return first !== undefined && comparePlaces(placeOf(first), last) <= 0;
  };
  // low: a page at or before the place (0: none is); high: a page after it.
  let low = 0;
  let high: number | undefined;
  let probe = Math.max(1, hint);
  await itemsOf(probe);
  probe = Math.min(probe, total);
  if (await atOrBefore(probe)) {
    low = probe;
    for (let step = 1; high === undefined; step *= 2) {
      const next = low + step;
      if (next > total) high = total + 1;
      else if (await atOrBefore(next)) low = next;
      else high = next;
      if (high === undefined && low >= MAX_PAGE) throw unexpectedShape(`GET ${path}`, 'a list that ends', undefined);
    }
  } else {
    high = probe;
    for (let step = 1; low === 0 && high > 1; step *= 2) {
      const next = Math.max(1, high - step);
      if (await atOrBefore(next)) low = next;
      else high = next;
    }
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await atOrBefore(middle)) low = middle;
    else high = middle;
  }
  const page = Math.max(1, low);
  const dropped = (await itemsOf(page)).filter((item) => comparePlaces(placeOf(item), last) <= 0).length;
  return { page, dropped };
}

function totalChanged(noun: string, then: number, now: number): string {
  const change =
    now > then
      ? `those added since are written at the end (the export runs oldest first)`
      : `those removed were written already or are left out`;
  return `The list has changed since the export was last run: ${plural(then, singularOf(noun), noun)} then, ${now} now; ${change}.`;
}
