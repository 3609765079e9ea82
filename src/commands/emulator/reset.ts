// hire emulator reset: empties the emulator (keys stay), after asking (CONTRACT §3).
import { resetEmulator } from '../../api/emulator.js';
import { targetEnvironment } from '../../config/profiles.js';
import { printRecord } from '../../output/render.js';
import { defineCommand } from '../define.js';
import { confirmOrRefuse } from '../shared/confirm.js';
import { localClient } from './local.js';

export default defineCommand({
  path: ['emulator', 'reset'],
  summary: 'delete all jobs, candidates, assessments and webhooks (asks first; --yes when not at a terminal)',
  effect: 'delete',
  examples: ['hire emulator reset --yes'],
  async run(ctx) {
    const client = await localClient(ctx);
    // The profile's environment of the emulator: its sandbox's empty state is the seeded set.
    const sandbox = targetEnvironment(await ctx.profile()) === 'sandbox';
    const where = sandbox ? "the emulator's sandbox (then seeded again)" : 'the emulator';
    if (!(await confirmOrRefuse(ctx, `Delete every job, candidate, assessment and webhook in ${where}?`, 'Refusing to reset the emulator'))) {
      ctx.notice('Nothing was deleted.');
      return;
    }
    const result = await resetEmulator(client);
    if (ctx.settings.format !== 'table') await printRecord(ctx.output, result, [{ key: 'removed' }]);
    else ctx.notice(sandbox ? "The emulator's sandbox is back to its seeded jobs and candidates (keys kept)." : 'The emulator is empty again (keys kept).');
  },
});
