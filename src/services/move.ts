// Moving candidates (`hire candidates move` with several ids, and a dry run of it): each a PATCH
// /candidates/ID {status} through the bulk runner (./bulk.ts), reported as moved, already there,
// refused (and why, read from the candidate), not found, failed, not sent or not attempted. A dry
// run reads each candidate and judges the move by the platform's own rules (src/domain/candidate.ts).
// It never prints; the command renders the report.
import { getCandidate, moveCandidate } from '../api/candidates.js';
import type { ApiClient } from '../api/client.js';
import type { ReadBackOptions } from '../api/reconcile.js';
import { candidateMovesFrom, moveHint } from '../domain/candidate.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../domain/vocabulary.js';
import { ApiError, ExitCode, HireError, type ExitCode as ExitCodeValue } from '../errors.js';
import { plural } from '../text/plural.js';
import { interruptedRun, runBulk, type BulkOutcome, type BulkReport, type BulkRun } from './bulk.js';

/** What became of one candidate: `would_move` and `would_refuse` are a --dry-run's verdicts. */
export type MoveOutcome =
  | 'moved'
  | 'already'
  | 'refused'
  | 'not_found'
  | 'failed'
  | 'not_sent'
  | 'not_attempted'
  | 'would_move'
  | 'would_refuse';

/** What a move (or a dry run) can report of a candidate, in the report's order of words. */
export const MOVE_OUTCOMES: readonly MoveOutcome[] = [
  'moved',
  'already',
  'refused',
  'not_found',
  'failed',
  'not_sent',
  'not_attempted',
];
const DRY_RUN_OUTCOMES: readonly MoveOutcome[] = [
  'would_move',
  'already',
  'would_refuse',
  'not_found',
  'failed',
  'not_sent',
  'not_attempted',
];

/** `hire candidates move ID --status TO`, as the CLI suggests it. */
export type MoveTo = (id: string, to: CandidateStatus) => string;

export interface MoveResult {
  id: string;
  outcome: MoveOutcome;
  /** The candidate's status after (or, for a dry run, now). */
  status: string | null;
  note: string | null;
  /** The candidate as moved (or found there already). */
  record?: Record<string, unknown>;
  exitCode?: ExitCodeValue;
  /** The API's error code, for a failure. */
  code?: string;
}

export type MoveRun = Omit<BulkRun<string, MoveResult, ApiClient>, 'items' | 'work' | 'onSettled'> & {
  dryRun: boolean;
  /**
   * The command that moves `id` to `to`, as hire suggests it (the CLI's one builder, which names the
   * profile in use): refusals say the next step with it.
   */
  moveTo: MoveTo;
  /** After each candidate sent: whether it ended well (moved, already there, would move). */
  onCandidate?: (ok: boolean) => void;
  /** A write whose answer was lost was found done by reading the candidate back. */
  onReadBack?: ReadBackOptions['onReadBack'];
};

export interface MoveReport {
  /** One result an id, in the ids' order. */
  results: MoveResult[];
  interrupted: boolean;
  stoppedBy: BulkReport<MoveResult>['stoppedBy'];
}

/** Moves (or, dry, judges the move of) every candidate in `ids` to `status`. */
export async function moveCandidates(
  ids: readonly string[],
  status: CandidateStatus,
  run: MoveRun,
): Promise<MoveReport> {
  const { dryRun, onCandidate, onReadBack, moveTo, ...bulk } = run;
  const report = await runBulk<string, MoveResult, ApiClient>({
    ...bulk,
    items: ids,
    work: (id, client) => (dryRun ? check(client, id, status, moveTo) : move(client, id, status, moveTo, onReadBack)),
    onSettled: (outcome) => onCandidate?.(outcome.kind === 'done' && outcome.value.exitCode === undefined),
  });
  return {
    results: report.outcomes.map((outcome, index) => resultOf(ids[index]!, outcome, report, ids)),
    interrupted: report.interrupted,
    stoppedBy: report.stoppedBy,
  };
}

function resultOf(
  id: string,
  outcome: BulkOutcome<MoveResult>,
  report: BulkReport<MoveResult>,
  ids: readonly string[],
): MoveResult {
  switch (outcome.kind) {
    case 'done':
      return outcome.value;
    case 'failed':
    case 'key_refused':
    case 'cut_off':
      return failure(id, outcome.error);
    case 'waited_out':
      return {
        id,
        outcome: 'not_sent',
        status: null,
        note: '--max-wait reached while waiting for the rate limit',
        exitCode: outcome.error.exitCode,
      };
    case 'not_sent':
      return outcome.because === 'waited_out'
        ? {
            id,
            outcome: 'not_sent',
            status: null,
            note: '--max-wait reached while waiting for the rate limit',
            exitCode: ExitCode.rateLimited,
          }
        : {
            id,
            outcome: 'not_sent',
            status: null,
            note: 'interrupted before it was sent',
            exitCode: ExitCode.interrupted,
          };
    case 'not_attempted': {
      const refusal = report.stoppedBy!;
      const by = refusal.kind === 'key_refused' ? ids[refusal.index]! : '';
      return {
        id,
        outcome: 'not_attempted',
        status: null,
        note: `the key was refused (${refusal.error.code}) for ${by}`,
        exitCode: refusal.error.exitCode,
      };
    }
  }
}

/** A move, reported: refused moves read the candidate once to say why and what next; other failures are the runner's to judge. */
async function move(
  client: ApiClient,
  id: string,
  status: CandidateStatus,
  moveTo: MoveTo,
  onReadBack: ReadBackOptions['onReadBack'],
): Promise<MoveResult> {
  try {
    const record = await moveCandidate(client, id, status, onReadBack ? { onReadBack } : {});
    return { id, outcome: 'moved', status: String(record.status), note: null, record };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { id, outcome: 'not_found', status: null, note: 'no such candidate', exitCode: ExitCode.notFound };
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const current = await getCandidate(client, id).catch(() => undefined);
    if (current && current.status === status)
      return { id, outcome: 'already', status, note: `already in ${status}`, record: current };
    return {
      id,
      outcome: 'refused',
      status: current ? String(current.status) : null,
      note: reasonFor(id, current?.status, status, moveTo),
      exitCode: ExitCode.failure,
    };
  }
}

function failure(id: string, error: HireError): MoveResult {
  return {
    id,
    outcome: 'failed',
    status: null,
    note: `${error.message} (${error.code})`,
    exitCode: error.exitCode,
    code: error.code,
  };
}

/** A dry run's verdict: the candidate read, the move judged by the same rules as the platform's. */
async function check(client: ApiClient, id: string, status: CandidateStatus, moveTo: MoveTo): Promise<MoveResult> {
  let current;
  try {
    current = await getCandidate(client, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { id, outcome: 'not_found', status: null, note: 'no such candidate', exitCode: ExitCode.notFound };
    throw error;
  }
  const from = String(current.status);
  if (from === status) return { id, outcome: 'already', status, note: `already in ${status}`, record: current };
  if (isStatus(from) && candidateMovesFrom(from).includes(status)) {
    return { id, outcome: 'would_move', status: from, note: `${from} → ${status}`, record: current };
  }
  return {
    id,
    outcome: 'would_refuse',
    status: from,
    note: reasonFor(id, from, status, moveTo),
    exitCode: ExitCode.failure,
  };
}

const isStatus = (value: unknown): value is CandidateStatus =>
  typeof value === 'string' && (CANDIDATE_STATUSES as readonly string[]).includes(value);

function reasonFor(id: string, current: unknown, status: CandidateStatus, moveTo: MoveTo): string {
  return isStatus(current)
    ? moveHint(current, status, (to) => moveTo(id, to))
    : 'the platform refused the move (conflict)';
}

/** After a refused move of one candidate: why, and the step toward the status asked for (one GET; the move is refused already). */
export async function refusalHint(
  client: ApiClient,
  id: string,
  status: CandidateStatus,
  moveTo: MoveTo,
): Promise<string> {
  const current = await getCandidate(client, id).then(
    (record) => String(record.status),
    () => undefined,
  );
  if (!isStatus(current)) return 'A candidate moves one step along the pipeline, one step back, or to rejected.';
  return moveHint(current, status, (to) => moveTo(id, to));
}

/** The counts: "40 candidates: 37 moved to interview, 2 already there, 1 refused." */
export function moveSummary(results: readonly MoveResult[], status: CandidateStatus, dryRun: boolean): string {
  const count = (outcome: MoveOutcome) => results.filter((result) => result.outcome === outcome).length;
  const parts = dryRun
    ? [
        `${count('would_move')} would move to ${status}`,
        count('already') ? `${count('already')} already there` : '',
        count('would_refuse') ? `${count('would_refuse')} would be refused` : '',
      ]
    : [
        `${count('moved')} moved to ${status}`,
        count('already') ? `${count('already')} already there` : '',
        count('refused') ? `${count('refused')} refused` : '',
      ];
  parts.push(
    count('not_found') ? `${count('not_found')} not found` : '',
    count('failed') ? `${count('failed')} failed` : '',
    count('not_sent') ? `${count('not_sent')} not sent` : '',
    count('not_attempted') ? `${count('not_attempted')} not attempted (the key was refused)` : '',
  );
  return `${dryRun ? 'Dry run: ' : ''}${plural(results.length, 'candidate')}: ${parts.filter(Boolean).join(', ')}.${dryRun ? ' Nothing was changed.' : ''}`;
}

/** The error an interrupted bulk move ends with, after its report: the summary, and each outcome counted. */
export function moveInterrupted(report: MoveReport, status: CandidateStatus, dryRun: boolean): HireError {
  return interruptedRun(
    moveSummary(report.results, status, dryRun),
    dryRun ? DRY_RUN_OUTCOMES : MOVE_OUTCOMES,
    report.results.map((result) => result.outcome),
  );
}

/** The error a bulk move ends with when any candidate did not end in `status` (undefined when all did). */
export function moveFailure(report: MoveReport, status: CandidateStatus): HireError | undefined {
  const { results, stoppedBy } = report;
  const failed = results.filter((result) => result.exitCode !== undefined);
  if (failed.length === 0) return undefined;
  const first = failed[0]!;
  const keyRefusal = stoppedBy?.kind === 'key_refused' ? stoppedBy.error : undefined;
  const notAttempted = results.filter((result) => result.outcome === 'not_attempted').length;
  const message = keyRefusal
    ? `The key was refused (${keyRefusal.code}): ${plural(notAttempted, 'candidate')} of ${results.length} not attempted.`
    : `${plural(failed.length, 'candidate')} of ${results.length} did not end in ${status}.`;
  return new HireError(message, {
    exitCode: first.exitCode!,
    code: keyRefusal
      ? keyRefusal.code
      : first.outcome === 'not_found'
        ? 'not_found'
        : first.outcome === 'refused' || first.outcome === 'would_refuse'
          ? 'conflict'
          : // The server does not offer the move at all (src/api/offered.ts): said as such, not as one candidate's failure.
            first.code === 'operation_not_offered'
            ? first.code
            : 'move_failed',
    details: Object.fromEntries(
      failed.map((result) => [result.id, `${result.outcome.replace('_', ' ')}: ${result.note ?? ''}`]),
    ),
  });
}
