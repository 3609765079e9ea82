// hire candidates get ID
import { getCandidate } from '../../api/candidates.js';
import { printRecord } from '../../output/render.js';
import { arg, defineCommand } from '../define.js';
import { CANDIDATE_DETAIL_COLUMNS } from './columns.js';

export default defineCommand({
  path: ['candidates', 'get'],
  summary: 'show one candidate',
  effect: 'read',
  args: { id: arg.required('candidate id') },
  examples: ['hire candidates get cand_abc123'],
  async run(ctx, { id }) {
    await printRecord(ctx.output, await getCandidate(await ctx.api(), id), CANDIDATE_DETAIL_COLUMNS);
  },
});
