// Not a command: the client of the emulator commands, which work on the local profile only (a
// standing emulator, or one run in-process).
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

/**
 * `what` names the command in the message for another profile, and `why` says what the platform
 * lacks (`hire logs tail`: the platform publishes no request log).
 */
export async function localClient(ctx: Context, what = 'emulator commands work', why = ''): Promise<ApiClient> {
  const profile = await ctx.session.profile();
  if (profile.environment !== 'local') {
    throw new UsageError(
      `${what} on the local emulator; profile "${profile.name}" is ${profile.environment}.${why ? ` ${why}` : ''}`,
      {
        hint: 'Pass --profile local (or local-sandbox).',
      },
    );
  }
  return ctx.session.api();
}
