// hire candidates move ID… --status S: PATCH /candidates/ID {status} for one candidate, or for many
// (ids as arguments, or `-` for one a line on stdin) through the move service (src/services/move.ts,
// on the bulk runner: the first alone, a refused key stops the rest, paced to the key's budget), with
// a report of each: moved, already there, refused (and why), not found.
import { moveCandidate } from '../../api/candidates.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../../domain/vocabulary.js';
import { ApiError, UsageError, withHint } from '../../errors.js';
import { forPrograms } from '../../output/document.js';
import { plural } from '../../output/plural.js';
import { printList, printRecord, type Column } from '../../output/render.js';
import { progressBar } from '../../output/progress.js';
import type { Context } from '../../context.js';
import { MAX_CONCURRENCY } from '../../services/bulk.js';
import {
  moveCandidates,
  moveFailure,
  moveInterrupted,
  moveSummary,
  refusalHint,
  type MoveTo,
} from '../../services/move.js';
import { suggester } from '../suggest.js';
import { arg, defineCommand, flag } from '../define.js';
import { CANDIDATE_DETAIL_COLUMNS, CANDIDATE_LIST_COLUMNS } from './columns.js';
import { BULK_FLAGS, bulkPacing } from '../shared/bulk.js';
import { confirmProductionWrite } from '../shared/confirm.js';
import { readTextInput } from '../shared/input.js';

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
  operations: ['moveCandidate', 'getCandidate', 'listCandidates'],
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
    const { status, dryRun = false } = options;
    // One id as an argument: the candidate's record, as ever.
    if (ids.length === 1 && !dryRun && !options.ids.includes('-')) return moveOne(ctx, ids[0]!, status);
    if (!dryRun && !(await confirmProductionWrite(ctx, `Move ${plural(ids.length, 'candidate')} to ${status}`))) return;
    const progress = progressBar(ctx.output, ids.length, dryRun ? 'Checking' : 'Moving');
    const report = await moveCandidates(ids, status, {
      client: await ctx.session.api(),
      dryRun,
      moveTo: await movesAsSuggested(ctx),
      concurrency: options.concurrency,
      pacing: bulkPacing(ctx, options),
      onCandidate: (ok) => progress.tick(ok),
      onReadBack: (message, facts) => ctx.messages.note(message, facts),
      onInterrupt: (listener) => ctx.io.onInterrupt(listener),
      onStopping: (graceMs) =>
        ctx.messages.notice(
          `\nStopping: waiting up to ${graceMs / 1000} s for the candidates already sent (Ctrl-C again to stop now)…`,
        ),
    }).finally(() => progress.done());
    // Interrupted, the report of what was done so far is printed all the same (the summary is then
    // the error's message, its counts the error's details).
    if (!report.interrupted) ctx.messages.notice(moveSummary(report.results, status, dryRun));
    if (forPrograms(ctx.output)) {
      // The candidates as moved (or there already); what failed is the error on stderr.
      const records = report.results.flatMap((result) =>
        result.record && result.outcome !== 'would_refuse' ? [result.record] : [],
      );
      await printList(ctx.output, records, CANDIDATE_LIST_COLUMNS);
    } else {
      const rows = report.results.map(({ id, outcome, status: now, note }) => ({ id, outcome, status: now, note }));
      await printList(ctx.output, rows, COLUMNS);
    }
    if (report.interrupted) throw moveInterrupted(report, status, dryRun);
    const failure = moveFailure(report, status);
    if (failure) throw failure;
  },
});

/** `hire candidates move ID --status TO` as the one suggestion builder words it (with the profile in use). */
async function movesAsSuggested(ctx: Context): Promise<MoveTo> {
  const suggest = await suggester(ctx);
  return (id, to) => suggest(['candidates', 'move'], { args: [id], flags: { status: to } });
}

/** One candidate, as before: its record, and a hint after a refused move. */
async function moveOne(ctx: Context, id: string, status: CandidateStatus): Promise<void> {
  if (!(await confirmProductionWrite(ctx, `Move candidate ${id} to ${status}`))) return;
  const client = await ctx.session.api();
  const moved = await moveCandidate(client, id, status, {
    onReadBack: (message, facts) => ctx.messages.note(message, facts),
  }).catch(async (error: unknown) => {
    throw error instanceof ApiError && error.status === 409
      ? withHint(error, await refusalHint(client, id, status, await movesAsSuggested(ctx)))
      : error;
  });
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
