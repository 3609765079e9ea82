// hire candidates move ID --status S: PATCH /candidates/ID {status} (CONTRACT §3, §6).
import { getCandidate, moveCandidate } from '../../api/candidates.js';
import type { ApiClient } from '../../api/client.js';
import { candidateMovesFrom } from '../../domain/candidate.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../../domain/vocabulary.js';
import { ApiError, withHint } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { arg, defineCommand, flag } from '../define.js';
import { CANDIDATE_DETAIL_COLUMNS } from './columns.js';
import { confirmProductionWrite } from '../shared/confirm.js';

export default defineCommand({
  path: ['candidates', 'move'],
  summary: "change a candidate's status: one step along the pipeline, one back, or to rejected",
  effect: 'write',
  args: { id: arg.required('candidate id') },
  flags: {
    status: flag.enum(CANDIDATE_STATUSES, { help: 'the new status: {choices}', required: `--status is required: one of ${CANDIDATE_STATUSES.join(', ')}.` }),
  },
  examples: ['hire candidates move cand_abc123 --status interview', 'hire candidates move cand_abc123 --status rejected'],
  async run(ctx, { id, status }) {
    if (!(await confirmProductionWrite(ctx, `Move candidate ${id} to ${status}`))) return;
    const client = await ctx.api();
    const moved = await moveCandidate(client, id, status, { onReadBack: (message) => ctx.notice(message) }).catch(async (error: unknown) => {
      throw error instanceof ApiError && error.status === 409 ? withHint(error, await allowedMoves(client, id)) : error;
    });
    await printRecord(ctx.output, moved, CANDIDATE_DETAIL_COLUMNS);
  },
});

/** After a refused move: where the candidate may go from where it is (one GET; the move is already refused). */
async function allowedMoves(client: ApiClient, id: string): Promise<string> {
  const current = await getCandidate(client, id).then(
    (record) => String(record.status) as CandidateStatus,
    () => undefined,
  );
  if (!current || !(CANDIDATE_STATUSES as readonly string[]).includes(current)) return 'A candidate moves one step along the pipeline, one step back, or to rejected.';
  const moves = candidateMovesFrom(current);
  if (moves.length === 0) return `${current} is final: the candidate cannot move any more.`;
  const first = moves[0]!;
  // "screening, interview or rejected": read as a sentence, not a list of flags.
  const choices = moves.length === 1 ? first : `${moves.slice(0, -1).join(', ')} or ${moves.at(-1)!}`;
  return `From ${current}, the candidate can move to ${choices}: \`hire candidates move ${id} --status ${first}\`.`;
}
