// hire jobs import FILE: bulk create from CSV, NDJSON or a JSON array (docs/commands.md). The file is
// read here (src/importing/) and the rows checked, created, reported and left over by the import
// service (src/services/import.ts, on the bulk runner: the first row alone, a refused key stops the
// rest, Ctrl-C waits a little for the rows in flight, then exits 130); this file renders the report.
import {
  IMPORT_FORMATS,
  MAX_IMPORT_BYTES,
  detectFormat,
  dropServerFields,
  readRows,
  type Row,
} from '../../importing/rows.js';
import { forPrograms } from '../../output/document.js';
import { plural } from '../../output/plural.js';
import { progressBar } from '../../output/progress.js';
import { printList, type Column } from '../../output/render.js';
import { inert } from '../../output/cells.js';
import { MAX_CONCURRENCY } from '../../services/bulk.js';
import {
  checkFailuresFile,
  checkRows,
  defaultFailuresPath,
  dryRunReport,
  endImport,
  importJobs,
  invalidRowsError,
  reasonsOf,
  type RowResult,
} from '../../services/import.js';
import { UsageError } from '../../errors.js';
import { arg, defineCommand, flag } from '../define.js';
import { readTextInput } from '../shared/input.js';
import { BULK_FLAGS, bulkPacing } from '../shared/bulk.js';
import type { Context } from '../../context.js';
import { confirmProductionWrite } from '../shared/confirm.js';
import { suggester } from '../suggest.js';
import { showNextSteps } from '../shared/next-steps.js';

const COLUMNS: readonly Column[] = [
  { key: 'row' },
  { key: 'status', status: true },
  { key: 'id', keepWhole: true },
  { key: 'title', lines: 2 },
  { key: 'error', lines: 4 },
];

export default defineCommand({
  path: ['jobs', 'import'],
  summary: 'create many jobs from CSV, NDJSON or a JSON array; safe to run again',
  effect: 'write',
  operations: ['createJob'],
  local: 'reads a file on this machine',
  args: { file: arg.required('the file (- for stdin)') },
  flags: {
    format: flag.enum(IMPORT_FORMATS, { help: '{choices} (default: from the file name or content)' }),
    concurrency: flag.number({
      value: 'n',
      help: `jobs in flight at once (at most ${MAX_CONCURRENCY})`,
      default: '8',
      integer: true,
      min: 1,
      max: MAX_CONCURRENCY,
      message: `--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, the API's concurrent-request limit (got "{value}").`,
    }),
    skipInvalid: flag.boolean({ help: 'import the valid rows even when some are not' }),
    failuresFile: flag.string({
      value: 'file',
      file: 'write',
      help: 'where the rows not created go (default: beside FILE, jobs.csv → jobs.failed.ndjson)',
    }),
    dryRun: flag.boolean({ help: 'check every row and print the report; send nothing' }),
    ...BULK_FLAGS,
  },
  examples: [
    'hire jobs import jobs.csv --dry-run',
    'hire jobs import season.ndjson --concurrency 16 --json > report.json',
    'hire jobs import jobs.failed.ndjson',
  ],
  async run(ctx, options) {
    const { file: path } = options;
    const text = await readTextInput(ctx, 'jobs import', path, {
      maxBytes: MAX_IMPORT_BYTES,
      hint: 'Split it into smaller files and import each.',
    });
    const format = options.format ?? detectFormat(path, text);
    if (options.failuresFile !== undefined) checkFailuresFile(options.failuresFile, path, format);
    let rows: Row[];
    try {
      rows = await readRows(text, format);
    } catch (error) {
      throw new UsageError(`${path === '-' ? 'stdin' : path}: ${(error as Error).message}.`);
    }
    if (rows.length === 0) throw new UsageError(`${path === '-' ? 'stdin' : path} holds no jobs.`);
    const dropped = dropServerFields(rows);
    if (dropped.length > 0) {
      ctx.messages.notice(
        `Left out what the server sets (${dropped.join(', ')}): each row makes a new job, a draft unless its publish is true.`,
      );
    }
    const { valid, invalid } = checkRows(rows);
    if (options.dryRun) {
      // The report a real import would start from, with the same exit code: nothing is sent or written.
      const report = dryRunReport(valid, invalid);
      await printList(ctx.output, report as unknown as Record<string, unknown>[], COLUMNS);
      // Refused, the error lists every reason whole already.
      if (invalid.length > 0 && !options.skipInvalid) throw invalidRowsError(invalid, rows.length);
      explainRows(ctx, report);
      const skipped = invalid.length > 0 ? `, ${invalid.length} invalid (skipped with --skip-invalid)` : '';
      ctx.messages.notice(`Dry run: ${plural(rows.length, 'row')}: ${valid.length} valid${skipped}; nothing was sent.`);
      return;
    }
    if (invalid.length > 0 && !options.skipInvalid) throw invalidRowsError(invalid, rows.length);
    const what = `Create ${valid.length === 1 ? 'a job' : `${valid.length} jobs`} from ${path === '-' ? 'stdin' : path}`;
    if (!(await confirmProductionWrite(ctx, what))) return;
    const progress = progressBar(ctx.output, valid.length, 'Importing');
    const report = await importJobs(valid, {
      client: await ctx.session.api(),
      concurrency: options.concurrency,
      // Paced to the key's budget; past --max-wait of waiting, no further row is sent (exit 5).
      pacing: bulkPacing(ctx, options),
      onRow: (created) => progress.tick(created),
      onInterrupt: (listener) => ctx.io.onInterrupt(listener),
      onStopping: (graceMs) =>
        ctx.messages.notice(
          `\nStopping: waiting up to ${graceMs / 1000} s for the rows already sent (Ctrl-C again to stop now)…`,
        ),
    }).finally(() => progress.done());
    const ordered = [...invalid, ...report.results].sort((a, b) => a.row - b.row);
    await printList(ctx.output, ordered as unknown as Record<string, unknown>[], COLUMNS);
    explainRows(ctx, ordered);
    const suggest = await suggester(ctx);
    const ending = await endImport(rows, ordered, report, options.failuresFile ?? defaultFailuresPath(path), (file) =>
      suggest(['jobs', 'import'], { args: [file] }),
    );
    // Interrupted, the words are the error's message (and its details count the rows).
    if (ending.interrupted) throw ending.interrupted;
    ctx.messages.notice(ending.said);
    if (ending.stopped) ctx.messages.notice(ending.stopped);
    // The jobs made, and the first of them (docs/output.md "Next steps").
    const first = ordered.find((result) => result.status === 'created' && result.id);
    if (first) showNextSteps(ctx, [suggest(['jobs', 'list']), suggest(['jobs', 'get'], { args: [inert(first.id!)] })]);
    // Under --json the report is on stdout and this, the envelope, on stderr (README "Output").
    if (ending.failure) ctx.fail(ending.failure.exitCode, ending.failure.code, ending.failure.message);
  },
});

/**
 * After the table, which cuts long text at a narrow terminal: every row that was not valid or not
 * created, with its whole reasons, one a line, wrapped between words (on stderr, for people).
 */
function explainRows(ctx: Context, results: readonly RowResult[]): void {
  if (forPrograms(ctx.output)) return;
  const explained = results.filter(
    (result) =>
      result.status === 'invalid' ||
      result.status === 'failed' ||
      result.status === 'not_sent' ||
      result.status === 'interrupted' ||
      result.status === 'not_attempted',
  );
  if (explained.length === 0) return;
  const lines = explained.flatMap((result) => {
    // Titles and reasons quote the file: each escaped whole, so that none can start a line of its own.
    const where = `Row ${result.row}${result.line ? ` (line ${result.line})` : ''}${result.title ? `, "${inert(result.title)}"` : ''}, ${result.status.replace('_', ' ')}:`;
    return [where, ...reasonsOf(result).map((reason) => `  ${inert(reason)}`)];
  });
  ctx.messages.notice(lines.join('\n'));
}
