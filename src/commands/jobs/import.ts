// hire jobs import FILE: bulk create from CSV, NDJSON or a JSON array (issue "Bulk work").
// Every row is checked before anything is sent; rows go out with bounded concurrency; each row's
// Idempotency-Key comes from its content, so a second run after a crash creates nothing twice;
// failed rows are written to a file that can be imported again; Ctrl-C (or SIGTERM) stops sending,
// waits a little for the rows in flight, reports, and exits 130.
import { createHash, randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createJob } from '../../api/jobs.js';
import { canonicalJson } from '../../domain/canonical.js';
import { validateJobInput, type JobInput } from '../../domain/job.js';
import { ExitCode, HireError, InterruptedError, UsageError, type ExitCode as ExitCodeValue } from '../../errors.js';
import {
  IMPORT_FORMATS,
  MAX_IMPORT_BYTES,
  detectFormat,
  dropServerFields,
  IMPORT_ERRORS_FIELD,
  readRows,
  type ImportFormat,
  type Row,
} from '../../importing/rows.js';
import { plural } from '../../output/plural.js';
import { progressBar } from '../../output/progress.js';
import { printList, type Column } from '../../output/render.js';
import { arg, defineCommand, flag } from '../define.js';
import { readTextInput } from '../shared/input.js';
import { BULK_FLAGS, paceBulk } from '../shared/bulk.js';
import type { Context } from '../../context.js';
import { inert } from '../../output/cells.js';
import { confirmProductionWrite } from '../shared/confirm.js';

/** The spec's "Concurrent requests" limit of the standard tier. */
export const MAX_CONCURRENCY = 100;

/** `valid`: a --dry-run's verdict on a row that a real import would send. */
export type RowStatus = 'created' | 'existing' | 'valid' | 'failed' | 'invalid' | 'not_sent' | 'interrupted';

/** After Ctrl-C, how long the rows in flight get to be answered before they are dropped. */
const STOP_GRACE_MS = 5_000;

export interface RowResult {
  row: number;
  line: number | null;
  status: RowStatus;
  id: string | null;
  title: string | null;
  error: string | null;
  details?: Record<string, string>;
}

const COLUMNS: readonly Column[] = [
  { key: 'row' },
  { key: 'status', status: true },
  { key: 'id', keepWhole: true },
  { key: 'title', lines: 2 },
  { key: 'error', lines: 4 },
];

/**
 * A row's Idempotency-Key: a UUID-shaped digest of the job it creates (its content, keys sorted),
 * the same on every run of the same file.
 */
export function rowIdempotencyKey(input: JobInput): string {
  const hex = createHash('sha256')
    .update(`hire-import:${canonicalJson(input)}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export default defineCommand({
  path: ['jobs', 'import'],
  summary: 'create many jobs from CSV, NDJSON or a JSON array; safe to run again',
  effect: 'write',
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
    const { file: path, concurrency } = options;
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

    const results = new Map<number, RowResult>();
    const valid: { row: Row; input: JobInput }[] = [];
    for (const row of rows) {
      const result = row.fields ? validateJobInput(row.fields) : undefined;
      if (result?.ok) valid.push({ row, input: result.value });
      else {
        const details = result && !result.ok ? result.errors : undefined;
        results.set(row.index, {
          row: row.index,
          line: row.line ?? null,
          status: 'invalid',
          id: null,
          title: typeof row.fields?.title === 'string' ? row.fields.title : null,
          error: details
            ? Object.entries(details)
                .map(([field, message]) => `${field}: ${message}`)
                .join('; ')
            : (row.problem ?? 'cannot be read'),
          ...(details ? { details } : {}),
        });
      }
    }
    const invalid = [...results.values()];
    const refusal = (): HireError => {
      // One entry per row: printed under the error, and the `details` of the --json error envelope.
      const details = Object.fromEntries(
        invalid.map((result) => [
          `row ${result.row}${result.line ? ` (line ${result.line})` : ''}`,
          result.error ?? 'not valid',
        ]),
      );
      return new HireError(
        `${invalid.length} of ${plural(rows.length, 'row')} ${invalid.length === 1 ? 'is' : 'are'} not valid; nothing was sent.`,
        {
          exitCode: ExitCode.usage,
          code: 'validation_error',
          details,
          hint: 'Fix them, or pass --skip-invalid to import the valid rows only.',
        },
      );
    };

    if (options.dryRun) {
      // The report a real import would start from, with the same exit code: nothing is sent or written.
      for (const { row, input } of valid)
        results.set(row.index, {
          row: row.index,
          line: row.line ?? null,
          status: 'valid',
          id: null,
          title: input.title,
          error: null,
        });
      const report = [...results.values()].sort((a, b) => a.row - b.row);
      await printList(ctx.output, report, COLUMNS);
      // Refused, the error lists every reason whole already.
      if (invalid.length > 0 && !options.skipInvalid) throw refusal();
      explainRows(ctx, report);
      const skipped = invalid.length > 0 ? `, ${invalid.length} invalid (skipped with --skip-invalid)` : '';
      ctx.messages.notice(`Dry run: ${plural(rows.length, 'row')}: ${valid.length} valid${skipped}; nothing was sent.`);
      return;
    }
    if (invalid.length > 0 && !options.skipInvalid) throw refusal();

    if (
      !(await confirmProductionWrite(
        ctx,
        `Create ${valid.length === 1 ? 'a job' : `${valid.length} jobs`} from ${path === '-' ? 'stdin' : path}`,
      ))
    )
      return;
    const client = await ctx.session.api();
    const progress = progressBar(ctx.output, valid.length, 'Importing');
    let interrupted = false;
    let grace: NodeJS.Timeout | undefined;
    // The first signal stops sending and gives the rows in flight a moment to be answered (an exact
    // report); then, or at a second signal, they are dropped: a server that holds them cannot hold us.
    const removeInterrupt = ctx.io.onInterrupt(() => {
      if (interrupted) return client.abort();
      interrupted = true;
      ctx.messages.notice(
        `\nStopping: waiting up to ${STOP_GRACE_MS / 1000} s for the rows already sent (Ctrl-C again to stop now)…`,
      );
      grace = setTimeout(() => client.abort(), STOP_GRACE_MS);
    });
    let firstFailure: ExitCodeValue | undefined;
    let next = 0;
    let waitedOut = false;
    // Paced to the key's budget; past --max-wait of waiting, no further row is sent (exit 5).
    const paced = paceBulk(
      ctx,
      client,
      { reserve: options.reserve, maxWait: options.maxWait },
      () => valid.length - next,
    );
    let stoppedBy: HireError | undefined;
    const worker = async () => {
      while (!interrupted && !waitedOut && next < valid.length) {
        const { row, input } = valid[next++]!;
        const base = { row: row.index, line: row.line ?? null, title: input.title };
        try {
          const created = await createJob(paced, input, rowIdempotencyKey(input));
          results.set(row.index, {
            ...base,
            status: created.replayed ? 'existing' : 'created',
            id: String(created.job.id),
            error: null,
          });
          progress.tick(true);
        } catch (error) {
          if (!(error instanceof HireError)) throw error;
          if (error instanceof InterruptedError) {
            const note =
              'stopped before the server answered: it may have been created (importing the rows left over is safe)';
            results.set(row.index, { ...base, status: 'interrupted', id: null, error: note });
            progress.tick(false);
            continue;
          }
          if (error.code === 'rate_limit_wait') {
            waitedOut = true;
            stoppedBy ??= error;
            firstFailure ??= error.exitCode;
            results.set(row.index, { ...base, status: 'not_sent', id: null, error: notSent(error) });
            progress.tick(false);
            continue;
          }
          firstFailure ??= error.exitCode;
          results.set(row.index, { ...base, status: 'failed', id: null, error: `${error.message} (${error.code})` });
          progress.tick(false);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, valid.length) }, worker));
    } finally {
      clearTimeout(grace);
      removeInterrupt();
      progress.done();
    }
    for (const { row, input } of valid) {
      if (!results.has(row.index)) {
        const why = stoppedBy ? notSent(stoppedBy) : 'interrupted before it was sent';
        results.set(row.index, {
          row: row.index,
          line: row.line ?? null,
          status: 'not_sent',
          id: null,
          title: input.title,
          error: why,
        });
      }
    }

    const ordered = [...results.values()].sort((a, b) => a.row - b.row);
    await printList(ctx.output, ordered, COLUMNS);
    explainRows(ctx, ordered);
    const count = (status: RowStatus) => ordered.filter((result) => result.status === status).length;
    const leftOver = ordered.filter((result) => result.status !== 'created' && result.status !== 'existing');
    let failuresPath: string | undefined;
    if (leftOver.length > 0) {
      failuresPath = options.failuresFile ?? defaultFailuresPath(path);
      const byIndex = new Map(rows.map((row) => [row.index, row]));
      // Each row as read; one that could not be read at all, as it stood, to be fixed and run again.
      // Each row with why it was left over, in a field a later import leaves out.
      const lines = leftOver.map((result) => {
        const row = byIndex.get(result.row);
        const reasons = reasonsOf(result);
        if (row?.fields) return JSON.stringify({ ...row.fields, [IMPORT_ERRORS_FIELD]: reasons });
        return row?.source ?? JSON.stringify({ [IMPORT_ERRORS_FIELD]: reasons });
      });
      // Written aside and renamed: the failures file may be the very file being imported again.
      const partial = `${failuresPath}.${randomUUID().slice(0, 8)}.partial`;
      try {
        await writeFile(partial, `${lines.join('\n')}\n`);
        await rename(partial, failuresPath);
      } finally {
        await rm(partial, { force: true });
      }
    }
    const summary = [
      `${count('created')} created`,
      count('existing') ? `${count('existing')} already there (imported before)` : '',
      count('failed') ? `${count('failed')} failed` : '',
      count('invalid') ? `${count('invalid')} invalid, skipped` : '',
      count('interrupted') ? `${count('interrupted')} stopped before the answer came (may have been created)` : '',
      count('not_sent') ? `${count('not_sent')} not sent` : '',
    ].filter(Boolean);
    const said = `${plural(rows.length, 'row')}: ${summary.join(', ')}.${failuresPath ? ` The rows left over are in ${failuresPath} (hire jobs import ${failuresPath}).` : ''}`;
    ctx.messages.notice(said);
    const again = 'Run the same command again later: rows already created are skipped.';
    const stopped = stoppedBy
      ? isMaxWait(stoppedBy)
        ? `Stopped: --max-wait was reached while waiting for the rate limit. ${again}`
        : `${stoppedBy.message} ${again}`
      : undefined;
    if (stopped) ctx.messages.notice(stopped);
    // Under --json the report is on stdout and this, the envelope, on stderr (README "Output").
    if (interrupted) ctx.fail(ExitCode.interrupted, 'interrupted', said);
    else if (firstFailure !== undefined)
      ctx.fail(firstFailure, stoppedBy ? stoppedBy.code : 'rows_failed', stopped ? `${said} ${stopped}` : said);
  },
});

/** Why a row was left over: each field's message, or the failure. */
function reasonsOf(result: RowResult): string[] {
  if (result.details) return Object.entries(result.details).map(([field, message]) => `${field}: ${message}`);
  return [result.error ?? result.status];
}

/**
 * After the table, which cuts long text at a narrow terminal: every row that was not valid or not
 * created, with its whole reasons, one a line, wrapped between words (on stderr, for people).
 */
function explainRows(ctx: Context, results: readonly RowResult[]): void {
  if (ctx.output.format === 'json' || ctx.output.format === 'ndjson') return;
  const explained = results.filter(
    (result) =>
      result.status === 'invalid' ||
      result.status === 'failed' ||
      result.status === 'not_sent' ||
      result.status === 'interrupted',
  );
  if (explained.length === 0) return;
  const lines = explained.flatMap((result) => {
    // Titles and reasons quote the file: each escaped whole, so that none can start a line of its own.
    const where = `Row ${result.row}${result.line ? ` (line ${result.line})` : ''}${result.title ? `, "${inert(result.title)}"` : ''}, ${result.status.replace('_', ' ')}:`;
    return [where, ...reasonsOf(result).map((reason) => `  ${inert(reason)}`)];
  });
  ctx.messages.notice(lines.join('\n'));
}

/**
 * Beside the file, its name without the extension: jobs.csv → jobs.failed.ndjson. A failures file
 * imported again keeps its name (no jobs.failed.failed.ndjson): the rows still left over replace it.
 */
export function defaultFailuresPath(path: string): string {
  if (path === '-') return 'import-failed.ndjson';
  const name = basename(path)
    .replace(/\.failed\.ndjson$/i, '')
    .replace(/\.(csv|ndjson|jsonl|json)$/i, '');
  return join(dirname(path), `${name}.failed.ndjson`);
}

/**
 * --failures-file is a file to import again: not stdin, and not the CSV or JSON being imported,
 * which would be replaced by NDJSON of the rows left over, its created rows gone. (An NDJSON file
 * imported again keeps the rows still left over, as the default name does.)
 */
function checkFailuresFile(target: string, path: string, format: ImportFormat): void {
  if (target === '-' || target.trim() === '')
    throw new UsageError(
      `--failures-file needs a file name ("${target}" is none): the rows left over are written there to import again.`,
    );
  if (path === '-' || format === 'ndjson') return;
  // Through symlinks: a link to jobs.csv is jobs.csv.
  const real = (file: string) => {
    try {
      return realpathSync(file);
    } catch {
      return resolve(file);
    }
  };
  if (real(target) === real(path)) {
    throw new UsageError(
      `--failures-file ${target} is the file being imported: its ${format.toUpperCase()} would be replaced by the rows left over. Name another file, or leave the flag out (${defaultFailuresPath(path)}).`,
    );
  }
}

/** The rate limit stopped the import: --max-wait in all, or a wait asked that hire does not make. */
const isMaxWait = (error: HireError): boolean => error.message.includes('--max-wait');
const notSent = (error: HireError): string =>
  isMaxWait(error)
    ? 'not sent: --max-wait reached while waiting for the rate limit'
    : 'not sent: the server asked to wait longer than hire waits (a day)';
