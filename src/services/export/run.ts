// A list export that can be stopped and continued (`--all|--limit --resume STATE_FILE`): under the
// lock (./lock.ts), the state read (./state.ts) and matched against the export asked for, stdout
// proved to be the export's own file (./output.ts), then the pages after the last item written are
// written, each recorded once it is written whole. Output stays on stdout, appended by the user
// (`>> FILE`); a resumed run prints only what is missing. The pages are read and printed by the
// caller's paging loop (`writePages`): this service decides what to ask it for and records what it wrote.
import type { ApiClient, QueryValue } from '../../api/client.js';
import type { ListMeta } from '../../api/envelope.js';
import { MAX_PER_PAGE } from '../../api/paginate.js';
import { InterruptedError, UsageError } from '../../errors.js';
import { plural, singularOf } from '../../text/plural.js';
import { lockExport } from './lock.js';
import { checkStateIsNotOutput, outputRecord, reconcileOutput, type OutputFile } from './output.js';
import { comparePlaces, placeOf, restartPage } from './place.js';
import {
  STABLE_SORT,
  STATE_VERSION,
  differences,
  filtersOf,
  readState,
  writeState,
  type ExportIdentity,
  type ExportState,
} from './state.js';

/** What the paging loop is asked to write: from where, how much, and what to report after each page. */
export interface ExportPages {
  /** The query as sent (the stable order, page 1). */
  query: Record<string, QueryValue>;
  /** Items to write at most. */
  limit?: number;
  /** Where a resumed run reads on from, with the client the pages are read with. */
  place?: (client: ApiClient) => Promise<{ page: number; dropped: number }>;
  /** Which items of a page to write: those after the last one written. */
  keep?: (items: Record<string, unknown>[]) => Record<string, unknown>[];
  /** Write the CSV header before the first item. */
  header: boolean;
  onFirstPage: (meta: ListMeta | undefined) => void;
  /** After each page is written whole: the items written and the text written for them. */
  afterPage: (items: Record<string, unknown>[], written: string) => void;
}

export interface ExportRequest {
  stateFile: string;
  /** The list's API path (/candidates) and its plural noun for messages (candidates). */
  path: string;
  noun: string;
  /** The profile's name and server, read once the lock is held. */
  profile: () => Promise<{ name: string; server: string }>;
  /** The query of an export begun at `startedAt` (relative filters such as `--since 1h` read against it). */
  queryAt: (startedAt: number) => Record<string, QueryValue>;
  perPage: number | undefined;
  limit: number | undefined;
  format: string;
  /** The output formats hire writes: a state naming another is damaged. */
  formats: readonly string[];
  fields: readonly string[] | undefined;
  /** The `fields` parameter to send: the fields asked for with created_at and id (a page's place is read from them). */
  sentFields: string | undefined;
  csvRaw: boolean;
  /** stdout, when it is a regular file. */
  output: OutputFile | undefined;
  writePages: (pages: ExportPages) => Promise<unknown>;
  notice: (message: string) => void;
  warn: (message: string) => void;
  now?: () => number;
}

/**
 * Writes what the state in `stateFile` does not record as written yet, page by page, recording each
 * page once it is written whole; one run at a time.
 */
export async function runExport(request: ExportRequest): Promise<void> {
  checkStateIsNotOutput(request.stateFile, request.output);
  const unlock = lockExport(request.stateFile, request.warn);
  try {
    await exportUnderLock(request);
  } finally {
    unlock();
  }
}

async function exportUnderLock(request: ExportRequest): Promise<void> {
  const { stateFile, noun, notice, warn } = request;
  const recorded = readState(stateFile, request.formats);
  const startedAt = recorded?.started_at ?? (request.now ?? Date.now)();
  const query = request.queryAt(startedAt);
  const profile = await request.profile();
  const identity: ExportIdentity = {
    path: request.path,
    profile: profile.name,
    server: profile.server,
    filters: filtersOf(query),
    per_page: request.perPage ?? recorded?.export.per_page ?? Math.min(MAX_PER_PAGE, request.limit ?? MAX_PER_PAGE),
    limit: request.limit ?? null,
    format: request.format,
    fields: request.fields ? [...request.fields] : null,
    csv_raw: request.csvRaw,
  };
  const one = singularOf(noun);
  if (recorded) {
    const differs = differences(recorded.export, identity);
    if (differs.length > 0) {
      throw new UsageError(`--resume: ${stateFile} records a different export (${differs.join('; ')}).`, {
        hint: 'Run the command the export was started with, or give --resume a new file to start another export.',
      });
    }
  }
  // Whether stdout is the export's own file (or, for a finished export, holds what it wrote) is
  // decided there, before anything is written or said to be complete.
  const track = reconcileOutput(warn, stateFile, recorded, request.output);
  if (recorded?.state === 'done') {
    notice(`The export in ${stateFile} is complete (${plural(recorded.items, one, noun)}): nothing more to write.`);
    return;
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
  state.state = 'running';
  state.output = outputRecord(track);
  writeState(stateFile, state);

  // The export's own query: the stable order, and created_at and id among --fields (a page's place
  // in the order is read from them; only the fields asked for are printed).
  const sent: Record<string, QueryValue> = { ...query, per_page: identity.per_page, sort: STABLE_SORT };
  if (request.sentFields !== undefined) sent.fields = request.sentFields;
  const remaining = identity.limit === null ? undefined : identity.limit - state.items;
  try {
    if (remaining === undefined || remaining > 0) {
      const last = state.last;
      await request.writePages({
        query: { ...sent, page: 1 },
        ...(remaining === undefined ? {} : { limit: remaining }),
        ...(last ? { place: (client: ApiClient) => restartPage(client, request.path, sent, state.pages, last) } : {}),
        // Only what comes after the last item written, in the stable order: a page read again, or
        // records moved onto it as others were removed, is not written twice.
        ...(last ? { keep: (items) => items.filter((item) => comparePlaces(placeOf(item), last) > 0) } : {}),
        header: !state.header,
        onFirstPage: (meta) => {
          if (!meta) return;
          if (state.total_count !== null && meta.total_count !== state.total_count)
            warn(totalChanged(noun, state.total_count, meta.total_count));
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
    const where = `${state.total_count === null ? plural(state.items, one, noun) : `${state.items} of ${plural(state.total_count, one, noun)}`} written`;
    if (error instanceof InterruptedError)
      throw new InterruptedError(`Interrupted: ${where}. To continue, run the same command again, appending (>>).`);
    notice(`Stopped: ${where}. To continue, run the same command again, appending (>>).`);
    throw error;
  }
  state.state = 'done';
  writeState(stateFile, state);
  notice(`Export complete: ${plural(state.items, one, noun)} written in all (recorded in ${stateFile}).`);
}

function totalChanged(noun: string, then: number, now: number): string {
  const change =
    now > then
      ? `those added since are written at the end (the export runs oldest first)`
      : `those removed were written already or are left out`;
  return `The list has changed since the export was last run: ${plural(then, singularOf(noun), noun)} then, ${now} now; ${change}.`;
}
