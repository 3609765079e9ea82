// hire emulator reset: empties the emulator (keys stay), after asking (docs/profiles.md "Confirmations").
import type { ApiClient } from '../../api/client.js';
import { resetEmulator } from '../../api/emulator.js';
import { dataDir } from '../../config/paths.js';
import { targetEnvironment } from '../../config/profiles.js';
import type { Context } from '../../context.js';
import type { ApiRecord } from '../../api/envelope.js';
import { ApiError, HireError } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { defineCommand } from '../define.js';
import { confirmOrRefuse } from '../shared/confirm.js';
import { localClient } from './local.js';
import { forPeople } from '../../output/document.js';

export default defineCommand({
  path: ['emulator', 'reset'],
  summary: 'delete all jobs, candidates, assessments and webhooks (asks first; --yes when not at a terminal)',
  effect: 'delete',
  local: 'drives the local emulator',
  examples: ['hire emulator reset --yes'],
  async run(ctx) {
    let client: ApiClient;
    try {
      client = await localClient(ctx);
    } catch (error) {
      // A database that cannot be opened at all: the reset is to move it aside.
      if (!(error instanceof HireError) || error.code !== 'data_damaged') throw error;
      if (await recover(ctx, error))
        await printReset(ctx, await resetEmulator(await ctx.session.apiFor(await ctx.session.profile())));
      return;
    }
    // The profile's environment of the emulator: its sandbox's empty state is the seeded set.
    const sandbox = targetEnvironment(await ctx.session.profile()) === 'sandbox';
    const where = sandbox ? "the emulator's sandbox (then seeded again)" : 'the emulator';
    if (
      !(await confirmOrRefuse(
        ctx,
        `Delete every job, candidate, assessment and webhook in ${where}?`,
        'Refusing to reset the emulator',
      ))
    ) {
      ctx.messages.notice('Nothing was deleted.');
      return;
    }
    let result;
    try {
      result = await resetEmulator(client);
    } catch (error) {
      // The sandbox's database, opened only now, cannot be: moved aside as above (asked again).
      if (!(error instanceof ApiError) || error.code !== 'data_damaged') throw error;
      await ctx.session.releaseApi();
      if (await recover(ctx, error)) await printReset(ctx, await resetEmulator(await ctx.session.api()));
      return;
    }
    await printReset(ctx, result);
  },
});

async function printReset(ctx: Context, result: ApiRecord): Promise<void> {
  const sandbox = targetEnvironment(await ctx.session.profile()) === 'sandbox';
  if (!forPeople(ctx.output)) await printRecord(ctx.output, result, [{ key: 'removed' }]);
  else
    ctx.messages.notice(
      sandbox
        ? "The emulator's sandbox is back to its seeded jobs and candidates (keys kept)."
        : 'The emulator is empty again (keys kept).',
    );
}

/**
 * A database that cannot be opened (data_damaged: not a database file, not SQLite, an unknown
 * schema) is renamed aside, kept, after asking; the next open starts with empty data. False when
 * the user said no.
 */
async function recover(ctx: Context, error: HireError): Promise<boolean> {
  ctx.messages.warn(error.message, { code: error.code });
  const question =
    'Move the damaged emulator database aside (it is kept beside it) and start with empty data? Keys made with `emulator keys create` go with it.';
  if (!(await confirmOrRefuse(ctx, question, 'Refusing to move the emulator database aside'))) {
    ctx.messages.notice('Nothing was moved.');
    return false;
  }
  const { moveDamagedDatabase } = await import('../../emulator/storage/store.js');
  const { environmentDataDir } = await import('../../emulator/access/local-key.js');
  const dir = dataDir(ctx.env);
  for (const environment of ['production', 'sandbox'] as const) {
    const moved = moveDamagedDatabase(environmentDataDir(dir, environment));
    if (moved) ctx.messages.notice(`Moved ${moved.from} aside to ${moved.to}.`);
  }
  return true;
}
