// hire assessments get ID
import { getAssessment } from '../../api/assessments.js';
import { printRecord } from '../../output/render.js';
import { arg, defineCommand } from '../define.js';
import { ASSESSMENT_DETAIL_COLUMNS } from './columns.js';

export default defineCommand({
  path: ['assessments', 'get'],
  summary: 'show one assessment',
  args: { id: arg.required('assessment id') },
  examples: ['hire assessments get asmt_abc123', 'hire assessments get asmt_abc123 --json'],
  async run(ctx, { id }) {
    await printRecord(ctx.output, await getAssessment(await ctx.api(), id), ASSESSMENT_DETAIL_COLUMNS);
  },
});
