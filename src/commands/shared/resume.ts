// `list --all|--limit --resume STATE_FILE` in a list command: the flags an export cannot take are
// refused here, and the export itself is the export service's (src/services/export/run.ts), with
// this command's paging loop (./paging.ts) reading and printing the pages it asks for.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { drawnTable, jsonAsked } from '../../output/document.js';
import { OUTPUT_FORMATS } from '../../output/formats.js';
import { outputFile } from '../../services/export/output.js';
import { runExport } from '../../services/export/run.js';
import { STABLE_SORT } from '../../services/export/state.js';
import type { ListOptions } from './list-flags.js';
import { apiFields, listQuery, ownFilters, runPages, type ListSpec } from './paging.js';

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
  if (jsonAsked(ctx.output))
    throw new UsageError(
      '--resume writes page by page: use -o ndjson or -o csv (--json is one array, written at the end).',
    );
  if (drawnTable(ctx.output))
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
  const out = ctx.output;
  await runExport({
    stateFile,
    path: spec.path,
    noun: spec.noun,
    profile: async () => {
      const profile = await ctx.session.profile();
      return { name: profile.name, server: profile.baseUrl };
    },
    queryAt: (startedAt) => listQuery(ctx, flags, ownFilters(spec, startedAt)),
    perPage: flags.perPage,
    limit: flags.limit,
    format: out.format,
    formats: OUTPUT_FORMATS,
    fields: out.fields,
    sentFields: out.fields ? apiFields([...out.fields, 'created_at', 'id']) : undefined,
    csvRaw: out.csvRaw,
    output: outputFile(out.stdout),
    writePages: ({ limit, ...pages }) =>
      runPages(ctx, flags, spec, { ...pages, all: true, ...(limit === undefined ? {} : { limit }) }),
    notice: (message) => ctx.messages.notice(message),
    warn: (message) => ctx.messages.warn(message, { code: 'export_resume' }),
  });
}
