// hire assessments get ID: at a terminal, its settings and every question; piped, key/value lines.
import { getAssessment } from '../../api/assessments.js';
import { printDetail } from '../../output/detail.js';
import { arg, defineCommand } from '../define.js';
import { ASSESSMENT_DETAIL_COLUMNS, assessmentView } from './columns.js';

export default defineCommand({
  path: ['assessments', 'get'],
  summary: 'show one assessment with its questions',
  effect: 'read',
  operations: ['getAssessment'],
  args: { id: arg.required('assessment id') },
  examples: ['hire assessments get asmt_abc123', 'hire assessments get asmt_abc123 --json'],
  async run(ctx, { id }) {
    const assessment = await getAssessment(await ctx.session.api(), id);
    await printDetail(ctx.output, assessment, ASSESSMENT_DETAIL_COLUMNS, assessmentView(assessment));
  },
});
