// hire candidates move ID --status S: PATCH /candidates/ID {status} (CONTRACT §3, §6).
import { moveCandidate } from '../../api/candidates.js';
import { CANDIDATE_STATUSES } from '../../domain/vocabulary.js';
import { printRecord } from '../../output/render.js';
import { arg, defineCommand, flag } from '../define.js';
import { CANDIDATE_DETAIL_COLUMNS } from './columns.js';
import { confirmProductionWrite } from '../shared/confirm.js';

export default defineCommand({
  path: ['candidates', 'move'],
  summary: "change a candidate's status: one step along the pipeline, one back, or to rejected",
  args: { id: arg.required('candidate id') },
  flags: {
    status: flag.enum(CANDIDATE_STATUSES, { help: 'the new status: {choices}', required: `--status is required: one of ${CANDIDATE_STATUSES.join(', ')}.` }),
  },
  examples: ['hire candidates move cand_abc123 --status interview', 'hire candidates move cand_abc123 --status rejected'],
  async run(ctx, { id, status }) {
    if (!(await confirmProductionWrite(ctx, `Move candidate ${id} to ${status}`))) return;
    await printRecord(ctx.output, await moveCandidate(await ctx.api(), id, status, { onReadBack: (message) => ctx.notice(message) }), CANDIDATE_DETAIL_COLUMNS);
  },
});
