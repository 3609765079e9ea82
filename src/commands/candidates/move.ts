// hire candidates move ID… --status S: PATCH /candidates/ID {status} for one candidate, or for many
// (ids as arguments, or `-` for one a line on stdin), paced to the key's budget like other bulk work,
// with a report of each: moved, already there, refused (and why), not found.
import { getCandidate, moveCandidate } from '../../api/candidates.js';
import type { ApiClient } from '../../api/client.js';
import { candidateMovesFrom, moveHint } from '../../domain/candidate.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../../domain/vocabulary.js';
import { ApiError, ExitCode, HireError, UsageError, withHint, type ExitCode as ExitCodeValue } from '../../errors.js';
import { plural } from '../../output/plural.js';
import { printList, printRecord, type Column } from '../../output/render.js';
import { progressBar } from '../../output/progress.js';
import type { Context } from '../../context.js';
import { suggester, type Suggest } from '../suggest.js';
import { arg, defineCommand, flag } from '../define.js';
import { CANDIDATE_DETAIL_COLUMNS, CANDIDATE_LIST_COLUMNS } from './columns.js';
import { BULK_FLAGS, paceBulk } from '../shared/bulk.js';
import { confirmProductionWrite } from '../shared/confirm.js';
import { readTextInput } from '../shared/input.js';
import { MAX_CONCURRENCY } from '../jobs/import.js';

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

interface MoveResult {
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
  /** The key itself was refused (401, 403): every other candidate would be refused alike. */
  keyRefused?: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'outcome', status: true },
  { key: 'status', status: true },
  { key: 'note', lines: 4 },
];

export default defineCommand({
  path: ['candidates', 'move'],
  summary: "change candidates' status: one step along the pipeline, one back, or to rejected",
  effect: 'write',
  args: { ids: arg.variadic('candidate ids, or - to read them from stdin (one a line)') },
  flags: {
    status: flag.enum(CANDIDATE_STATUSES, {
      help: 'the new status: {choices}',
      required: `--status is required: one of ${CANDIDATE_STATUSES.join(', ')}.`,
    }),
    dryRun: flag.boolean({ help: 'say who would move and who would be refused, and why; change nothing' }),
    concurrency: flag.number({
      value: 'n',
      help: `candidates in flight at once, with several (at most ${MAX_CONCURRENCY})`,
      default: '4',
      integer: true,
      min: 1,
      max: MAX_CONCURRENCY,
    }),
    ...BULK_FLAGS,
  },
  examples: [
    'hire candidates move cand_abc123 --status interview',
    'hire candidates move - --status interview < ids.txt',
    'hire candidates move cand_a cand_b --status rejected --dry-run',
  ],
  async run(ctx, options) {
    const ids = await candidateIds(ctx, options.ids);
    const { status } = options;
    // One id as an argument: the candidate's record, as ever.
    if (ids.length === 1 && !options.dryRun && !options.ids.includes('-')) return moveOne(ctx, ids[0]!, status);
    if (!options.dryRun && !(await confirmProductionWrite(ctx, `Move ${plural(ids.length, 'candidate')} to ${status}`)))
      return;
    const client = await ctx.api();
    const suggest = await suggester(ctx);
    const results = new Map<string, MoveResult>();
    const progress = progressBar(ctx.output, ids.length, options.dryRun ? 'Checking' : 'Moving');
    let next = 0;
    let waitedOut = false;
    let interrupted = false;
    /** A refusal of the key (401, 403): it applies to every candidate, so no more are sent. */
    let keyRefusal: MoveResult | undefined;
    const removeInterrupt = ctx.io.onInterrupt(() => {
      interrupted = true;
      client.abort();
    });
    const paced = paceBulk(
      ctx,
      client,
      { reserve: options.reserve, maxWait: options.maxWait },
      () => ids.length - next,
    );
    const going = () => !interrupted && !waitedOut && !keyRefusal && next < ids.length;
    const one = async () => {
      const id = ids[next++]!;
      const result = options.dryRun
        ? await check(paced, id, status, suggest)
        : await move(ctx, paced, id, status, suggest);
      if (result.exitCode === ExitCode.rateLimited && result.outcome === 'not_sent') waitedOut = true;
      if (result.keyRefused) keyRefusal ??= result;
      results.set(id, result);
      progress.tick(result.exitCode === undefined);
    };
    const worker = async () => {
      while (going()) await one();
    };
    try {
      // The first candidate goes alone: a key that may not do this (401, 403) is refused once, not
      // once per candidate (docs/api-choices.md §6 "Rate limits"); then --concurrency at a time.
      if (going()) await one();
      await Promise.all(Array.from({ length: Math.min(options.concurrency, ids.length - next) }, worker));
    } finally {
      removeInterrupt();
      progress.done();
    }
    const why = waitedOut ? '--max-wait reached while waiting for the rate limit' : 'interrupted before it was sent';
    const ordered = ids.map(
      (id): MoveResult =>
        results.get(id) ??
        (keyRefusal
          ? {
              id,
              outcome: 'not_attempted',
              status: null,
              note: `the key was refused (${keyRefusal.code ?? 'forbidden'}) for ${keyRefusal.id}`,
              exitCode: keyRefusal.exitCode!,
            }
          : {
              id,
              outcome: 'not_sent',
              status: null,
              note: why,
              exitCode: waitedOut ? ExitCode.rateLimited : ExitCode.interrupted,
            }),
    );
    report(ctx, ordered, status, options.dryRun === true);
    if (interrupted) throw new HireError('Interrupted.', { exitCode: ExitCode.interrupted, code: 'interrupted' });
    const failed = ordered.filter((result) => result.exitCode !== undefined);
    if (ctx.output.format === 'json' || ctx.output.format === 'ndjson') {
      // The candidates as moved (or there already); what failed is the error on stderr.
      await printList(
        ctx.output,
        ordered.flatMap((result) => (result.record && result.outcome !== 'would_refuse' ? [result.record] : [])),
        CANDIDATE_LIST_COLUMNS,
      );
    } else {
      await printList(
        ctx.output,
        ordered.map(({ id, outcome, status: now, note }) => ({ id, outcome, status: now, note })),
        COLUMNS,
      );
    }
    if (failed.length > 0) {
      const first = failed[0]!;
      const message = keyRefusal
        ? `The key was refused (${keyRefusal.code ?? 'forbidden'}): ${plural(ids.length - results.size, 'candidate')} of ${ids.length} not attempted.`
        : `${plural(failed.length, 'candidate')} of ${ids.length} did not end in ${status}.`;
      throw new HireError(message, {
        exitCode: first.exitCode!,
        code: keyRefusal
          ? (keyRefusal.code ?? 'forbidden')
          : first.outcome === 'not_found'
            ? 'not_found'
            : first.outcome === 'refused' || first.outcome === 'would_refuse'
              ? 'conflict'
              : 'move_failed',
        details: Object.fromEntries(
          failed.map((result) => [result.id, `${result.outcome.replace('_', ' ')}: ${result.note ?? ''}`]),
        ),
      });
    }
  },
});

/** One candidate, as before: its record, and a hint after a refused move. */
async function moveOne(ctx: Context, id: string, status: CandidateStatus): Promise<void> {
  if (!(await confirmProductionWrite(ctx, `Move candidate ${id} to ${status}`))) return;
  const client = await ctx.api();
  const moved = await moveCandidate(client, id, status, { onReadBack: (message) => ctx.note(message) }).catch(
    async (error: unknown) => {
      throw error instanceof ApiError && error.status === 409
        ? withHint(error, await refusalHint(client, id, status, await suggester(ctx)))
        : error;
    },
  );
  await printRecord(ctx.output, moved, CANDIDATE_DETAIL_COLUMNS);
}

/** The ids given, or read from stdin for `-` (one a line; blank lines and repeats left out). */
async function candidateIds(ctx: Context, given: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const word of given) {
    if (word === '-') {
      const text = await readTextInput(ctx, 'stdin', '-');
      ids.push(
        ...text
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter((line) => line !== ''),
      );
    } else ids.push(word);
  }
  const unique = [...new Set(ids)];
  if (unique.length === 0)
    throw new UsageError('No candidate ids: pass them as arguments, or - to read them from stdin, one a line.');
  const bad = unique.find((id) => !/^[A-Za-z0-9_-]{1,200}$/.test(id));
  if (bad !== undefined)
    throw new UsageError(`"${bad.length > 60 ? `${bad.slice(0, 60)}…` : bad}" is not a candidate id.`);
  return unique;
}

/** A move, reported: refused moves read the candidate once to say why and what next. */
async function move(
  ctx: Context,
  client: ApiClient,
  id: string,
  status: CandidateStatus,
  suggest: Suggest,
): Promise<MoveResult> {
  try {
    const record = await moveCandidate(client, id, status, { onReadBack: (message) => ctx.note(message) });
    return { id, outcome: 'moved', status: String(record.status), note: null, record };
  } catch (error) {
    if (!(error instanceof HireError)) throw error;
    if (error instanceof ApiError && error.status === 404)
      return { id, outcome: 'not_found', status: null, note: 'no such candidate', exitCode: ExitCode.notFound };
    if (error instanceof ApiError && error.status === 409) {
      const current = await getCandidate(client, id).catch(() => undefined);
      if (current && current.status === status)
        return { id, outcome: 'already', status, note: `already in ${status}`, record: current };
      return {
        id,
        outcome: 'refused',
        status: current ? String(current.status) : null,
        note: reasonFor(id, current?.status, status, suggest),
        exitCode: ExitCode.failure,
      };
    }
    if (error.code === 'rate_limit_wait')
      return {
        id,
        outcome: 'not_sent',
        status: null,
        note: '--max-wait reached while waiting for the rate limit',
        exitCode: error.exitCode,
      };
    return failure(id, error);
  }
}

/** A move that failed otherwise; a 401 or 403 refuses the key itself, for every candidate. */
function failure(id: string, error: HireError): MoveResult {
  return {
    id,
    outcome: 'failed',
    status: null,
    note: `${error.message} (${error.code})`,
    exitCode: error.exitCode,
    code: error.code,
    ...(error instanceof ApiError && (error.status === 401 || error.status === 403) ? { keyRefused: true } : {}),
  };
}

/** A dry run's verdict: the candidate read, the move judged by the same rules as the platform's. */
async function check(client: ApiClient, id: string, status: CandidateStatus, suggest: Suggest): Promise<MoveResult> {
  let current;
  try {
    current = await getCandidate(client, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { id, outcome: 'not_found', status: null, note: 'no such candidate', exitCode: ExitCode.notFound };
    if (error instanceof HireError) return failure(id, error);
    throw error;
  }
  const from = String(current.status);
  if (from === status) return { id, outcome: 'already', status, note: `already in ${status}`, record: current };
  if (
    (CANDIDATE_STATUSES as readonly string[]).includes(from) &&
    candidateMovesFrom(from as CandidateStatus).includes(status)
  ) {
    return { id, outcome: 'would_move', status: from, note: `${from} → ${status}`, record: current };
  }
  return {
    id,
    outcome: 'would_refuse',
    status: from,
    note: reasonFor(id, from, status, suggest),
    exitCode: ExitCode.failure,
  };
}

/** `hire candidates move ID --status S`, as the suggestion builder words it. */
const moveTo = (suggest: Suggest, id: string) => (to: CandidateStatus) =>
  suggest(['candidates', 'move'], { args: [id], flags: { status: to } });

function reasonFor(id: string, current: unknown, status: CandidateStatus, suggest: Suggest): string {
  return typeof current === 'string' && (CANDIDATE_STATUSES as readonly string[]).includes(current)
    ? moveHint(current as CandidateStatus, status, moveTo(suggest, id))
    : 'the platform refused the move (conflict)';
}

/** After a refused move: why, and the step toward the status asked for (one GET; the move is refused already). */
async function refusalHint(client: ApiClient, id: string, status: CandidateStatus, suggest: Suggest): Promise<string> {
  const current = await getCandidate(client, id).then(
    (record) => String(record.status),
    () => undefined,
  );
  if (!current || !(CANDIDATE_STATUSES as readonly string[]).includes(current))
    return 'A candidate moves one step along the pipeline, one step back, or to rejected.';
  return moveHint(current as CandidateStatus, status, moveTo(suggest, id));
}

/** The counts on stderr: "40 candidates: 37 moved to interview, 2 already there, 1 refused." */
function report(ctx: Context, results: readonly MoveResult[], status: CandidateStatus, dryRun: boolean): void {
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
  ctx.notice(
    `${dryRun ? 'Dry run: ' : ''}${plural(results.length, 'candidate')}: ${parts.filter(Boolean).join(', ')}.${dryRun ? ' Nothing was changed.' : ''}`,
  );
}
