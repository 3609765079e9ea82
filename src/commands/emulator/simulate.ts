// hire emulator simulate: candidates apply to an active job (docs/emulator.md); events are delivered.
import { simulateApplications } from '../../api/emulator.js';
import { printRecord } from '../../output/render.js';
import { defineCommand, flag } from '../define.js';
import { localClient } from './local.js';
import { warnDroppedEvents } from './dropped-events.js';
import { plural } from '../../output/plural.js';
import { forPeople } from '../../output/document.js';
import { inert } from '../../output/cells.js';
import { suggester } from '../suggest.js';
import { showNextSteps } from '../shared/next-steps.js';

export default defineCommand({
  path: ['emulator', 'simulate'],
  summary: 'make candidates apply to an active job (events are delivered to webhooks)',
  effect: 'write',
  local: 'drives the local emulator',
  flags: {
    job: flag.string({
      value: 'id',
      help: 'the job they apply to',
      required: '--job ID is required: the job candidates apply to.',
    }),
    applications: flag.number({ value: 'n', help: 'how many apply', default: '10', integer: true, min: 1 }),
    seed: flag.number({ value: 'n', help: 'the same seed gives the same candidates', integer: true, min: 0 }),
    completeAssessments: flag.boolean({ help: 'they also take the assessment: a score 0-100, then review' }),
    advance: flag.boolean({
      help: 'they also move along the pipeline (interview, offer, hired, rejected); implies --complete-assessments',
    }),
  },
  examples: [
    'hire emulator simulate --job job_abc123 --applications 50',
    'hire emulator simulate --job job_abc123 --applications 200 --advance',
  ],
  async run(ctx, flags) {
    const result = await simulateApplications(await localClient(ctx), {
      job_id: flags.job,
      applications: flags.applications,
      complete_assessments: flags.completeAssessments === true,
      advance: flags.advance === true,
      ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
    });
    warnDroppedEvents(ctx, result);
    // Scripts get the record in the format asked for; people, a sentence.
    if (!forPeople(ctx.output)) {
      await printRecord(ctx.output, result, [{ key: 'created' }, { key: 'by_status' }]);
      return;
    }
    // A status and its count are joined by a no-break space until the sentence is wrapped.
    const spread = Object.entries(result.by_status ?? {})
      .map(([status, count]) => `${status}\u00a0${count}`)
      .join(', ');
    const sentence = `${plural(result.created ?? 0, 'candidate')} applied to ${flags.job} (${spread}).`;
    const { wrapProse } = await import('../../output/fit.js');
    const width = ctx.io.isStdoutTTY && ctx.io.columns ? ctx.io.columns : Number.POSITIVE_INFINITY;
    ctx.output.line(wrapProse(sentence, width).join('\n').replaceAll('\u00a0', ' '));
    const suggest = await suggester(ctx);
    const job = inert(flags.job);
    showNextSteps(ctx, [
      suggest(['candidates', 'list'], { flags: { job } }),
      suggest(['analytics'], { flags: { job } }),
    ]);
  },
});
