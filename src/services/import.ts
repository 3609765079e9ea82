// Importing jobs (`hire jobs import`; reading the file is src/importing/): every row checked before
// anything is sent, the valid ones created through the bulk runner (./bulk.ts), each with an
// Idempotency-Key from its content, so that a second run after a crash creates nothing twice; then
// the report, and the rows left over written to a file that can be imported again. It never prints:
// the command renders the report and says the words made here.
import { createHash, randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { ApiClient } from '../api/client.js';
import { createJob } from '../api/jobs.js';
import { canonicalJson } from '../domain/canonical.js';
import { validateJobInput, type JobInput } from '../domain/job-schema.js';
import { ExitCode, HireError, UsageError, type ExitCode as ExitCodeValue } from '../errors.js';
import { IMPORT_ERRORS_FIELD, type ImportFormat, type Row } from '../importing/rows.js';
import { plural } from '../text/plural.js';
import { interruptedRun, runBulk, type BulkOutcome, type BulkReport, type BulkRun } from './bulk.js';

/** `valid`: a --dry-run's verdict on a row that a real import would send. */
export type RowStatus =
  'created' | 'existing' | 'valid' | 'failed' | 'invalid' | 'not_sent' | 'not_attempted' | 'interrupted';

export interface RowResult {
  row: number;
  line: number | null;
  status: RowStatus;
  id: string | null;
  title: string | null;
  error: string | null;
  details?: Record<string, string>;
}

export interface ValidRow {
  row: Row;
  input: JobInput;
}

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

/** Every row checked by the job-input rules: those to send, and a report line for each that is not valid. */
export function checkRows(rows: readonly Row[]): { valid: ValidRow[]; invalid: RowResult[] } {
  const valid: ValidRow[] = [];
  const invalid: RowResult[] = [];
  for (const row of rows) {
    const result = row.fields ? validateJobInput(row.fields) : undefined;
    if (result?.ok) {
      valid.push({ row, input: result.value });
      continue;
    }
    const details = result && !result.ok ? result.errors : undefined;
    invalid.push({
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
  return { valid, invalid };
}

/** Rows not valid and no --skip-invalid: nothing is sent, and each reason is the error's detail. */
export function invalidRowsError(invalid: readonly RowResult[], total: number): HireError {
  const details = Object.fromEntries(
    invalid.map((result) => [
      `row ${result.row}${result.line ? ` (line ${result.line})` : ''}`,
      result.error ?? 'not valid',
    ]),
  );
  return new HireError(
    `${invalid.length} of ${plural(total, 'row')} ${invalid.length === 1 ? 'is' : 'are'} not valid; nothing was sent.`,
    {
      exitCode: ExitCode.usage,
      code: 'validation_error',
      details,
      hint: 'Fix them, or pass --skip-invalid to import the valid rows only.',
    },
  );
}

/** A --dry-run's report: the valid rows as `valid`, with the invalid ones, in the file's order. */
export function dryRunReport(valid: readonly ValidRow[], invalid: readonly RowResult[]): RowResult[] {
  const checked = valid.map(({ row, input }): RowResult => ({
    row: row.index,
    line: row.line ?? null,
    status: 'valid',
    id: null,
    title: input.title,
    error: null,
  }));
  return [...invalid, ...checked].sort((a, b) => a.row - b.row);
}

export type ImportRun = Omit<BulkRun<ValidRow, RowResult, ApiClient>, 'items' | 'work' | 'onSettled'> & {
  /** After each row sent: whether it was created (or found imported before). */
  onRow?: (created: boolean) => void;
};

export interface ImportReport {
  /** The valid rows' results, in the file's order. */
  results: RowResult[];
  interrupted: boolean;
  stoppedBy: BulkReport<RowResult>['stoppedBy'];
  /** The exit code of the first row (in the file's order) that failed, was not sent, or refused the key. */
  firstFailure: ExitCodeValue | undefined;
}

/** Creates the valid rows' jobs through the bulk runner, and says what became of each. */
export async function importJobs(valid: readonly ValidRow[], run: ImportRun): Promise<ImportReport> {
  const { onRow, ...bulk } = run;
  const report = await runBulk<ValidRow, RowResult, ApiClient>({
    ...bulk,
    items: valid,
    async work({ row, input }, client) {
      const created = await createJob(client, input, rowIdempotencyKey(input));
      return {
        row: row.index,
        line: row.line ?? null,
        status: created.replayed ? 'existing' : 'created',
        id: String(created.job.id),
        title: input.title,
        error: null,
      };
    },
    onSettled: (outcome) => onRow?.(outcome.kind === 'done'),
  });
  let firstFailure: ExitCodeValue | undefined;
  const results = report.outcomes.map((outcome, index) => {
    const { row, input } = valid[index]!;
    if ('error' in outcome && outcome.kind !== 'cut_off') firstFailure ??= outcome.error.exitCode;
    return rowResult(outcome, { row: row.index, line: row.line ?? null, title: input.title }, report, valid);
  });
  return { results, interrupted: report.interrupted, stoppedBy: report.stoppedBy, firstFailure };
}

function rowResult(
  outcome: BulkOutcome<RowResult>,
  base: Pick<RowResult, 'row' | 'line' | 'title'>,
  report: BulkReport<RowResult>,
  valid: readonly ValidRow[],
): RowResult {
  const left = (status: RowStatus, error: string): RowResult => ({ ...base, status, id: null, error });
  switch (outcome.kind) {
    case 'done':
      return outcome.value;
    case 'failed':
    case 'key_refused':
      return left('failed', `${outcome.error.message} (${outcome.error.code})`);
    case 'waited_out':
      return left('not_sent', notSent(outcome.error));
    case 'cut_off':
      return left(
        'interrupted',
        'stopped before the server answered: it may have been created (importing the rows left over is safe)',
      );
    case 'not_sent':
      return left(
        'not_sent',
        report.stoppedBy?.kind === 'waited_out' ? notSent(report.stoppedBy.error) : 'interrupted before it was sent',
      );
    case 'not_attempted': {
      const refusal = report.stoppedBy;
      const where = refusal?.kind === 'key_refused' ? ` for row ${valid[refusal.index]!.row.index}` : '';
      return left(
        'not_attempted',
        `not attempted: the key was refused (${refusal?.error.code ?? 'forbidden'})${where}`,
      );
    }
  }
}

/** Why a row was left over: each field's message, or the failure. */
export function reasonsOf(result: RowResult): string[] {
  if (result.details) return Object.entries(result.details).map(([field, message]) => `${field}: ${message}`);
  return [result.error ?? result.status];
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
export function checkFailuresFile(target: string, path: string, inputFormat: ImportFormat): void {
  if (target === '-' || target.trim() === '')
    throw new UsageError(
      `--failures-file needs a file name ("${target}" is none): the rows left over are written there to import again.`,
    );
  if (path === '-' || inputFormat === 'ndjson') return;
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
      `--failures-file ${target} is the file being imported: its ${inputFormat.toUpperCase()} would be replaced by the rows left over. Name another file, or leave the flag out (${defaultFailuresPath(path)}).`,
    );
  }
}

/**
 * The rows not created, to `failuresPath`: each row as read, with why it was left over in a field a
 * later import leaves out; one that could not be read at all, as it stood, to be fixed and run again.
 */
export async function writeFailures(
  failuresPath: string,
  rows: readonly Row[],
  leftOver: readonly RowResult[],
): Promise<void> {
  const byIndex = new Map(rows.map((row) => [row.index, row]));
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

/** What an import ends with: the failures file written, the words said, and the failure to end on. */
export interface ImportEnding {
  /** "5 rows: 3 created, 2 failed. The rows left over are in …". */
  said: string;
  /** Why the run stopped early, and what to do (the rate limit, the key). */
  stopped: string | undefined;
  failure: { exitCode: ExitCodeValue; code: string; message: string } | undefined;
  /** Ctrl-C or SIGTERM stopped the import: the error to end with, after the report (`said` is its message). */
  interrupted: HireError | undefined;
}

/** What an import can report of a row sent or left out, counted in an interrupted import's error. */
const IMPORT_STATUSES: readonly RowStatus[] = [
  'created',
  'existing',
  'failed',
  'invalid',
  'interrupted',
  'not_sent',
  'not_attempted',
];

/**
 * Writes the rows left over (if any) and words the ending of the import in `ordered` (every row, in order).
 * `importAgain` words the command that takes the failures file again: the caller's suggestion builder, so that it
 * carries the profile in use (docs/output.md "Suggested commands").
 */
export async function endImport(
  rows: readonly Row[],
  ordered: readonly RowResult[],
  report: ImportReport,
  failuresPath: string,
  importAgain: (failuresPath: string) => string,
): Promise<ImportEnding> {
  const count = (status: RowStatus) => ordered.filter((result) => result.status === status).length;
  const leftOver = ordered.filter((result) => result.status !== 'created' && result.status !== 'existing');
  if (leftOver.length > 0) await writeFailures(failuresPath, rows, leftOver);
  const summary = [
    `${count('created')} created`,
    count('existing') ? `${count('existing')} already there (imported before)` : '',
    count('failed') ? `${count('failed')} failed` : '',
    count('invalid') ? `${count('invalid')} invalid, skipped` : '',
    count('interrupted') ? `${count('interrupted')} stopped before the answer came (may have been created)` : '',
    count('not_sent') ? `${count('not_sent')} not sent` : '',
    count('not_attempted') ? `${count('not_attempted')} not attempted (the key was refused)` : '',
  ].filter(Boolean);
  const said = `${plural(rows.length, 'row')}: ${summary.join(', ')}.${leftOver.length > 0 ? ` The rows left over are in ${failuresPath} (\`${importAgain(failuresPath)}\`).` : ''}`;
  const again = 'Run the same command again later: rows already created are skipped.';
  const { stoppedBy } = report;
  const stopped =
    stoppedBy?.kind === 'waited_out'
      ? isMaxWait(stoppedBy.error)
        ? `Stopped: --max-wait was reached while waiting for the rate limit. ${again}`
        : `${stoppedBy.error.message} ${again}`
      : stoppedBy?.kind === 'key_refused'
        ? `Stopped: the key was refused (${stoppedBy.error.code}), so no other row was sent.`
        : undefined;
  if (report.interrupted) {
    const interrupted = interruptedRun(
      said,
      IMPORT_STATUSES,
      ordered.map((result) => result.status),
    );
    return { said, stopped, failure: undefined, interrupted };
  }
  let failure: ImportEnding['failure'];
  if (report.firstFailure !== undefined)
    failure = {
      exitCode: report.firstFailure,
      code: stoppedBy ? stoppedBy.error.code : 'rows_failed',
      message: stopped ? `${said} ${stopped}` : said,
    };
  return { said, stopped, failure, interrupted: undefined };
}

/** The rate limit stopped the import: --max-wait in all, or a wait asked that hire does not make. */
const isMaxWait = (error: HireError): boolean => error.message.includes('--max-wait');
const notSent = (error: HireError): string =>
  isMaxWait(error)
    ? 'not sent: --max-wait reached while waiting for the rate limit'
    : 'not sent: the server asked to wait longer than hire waits (a day)';
