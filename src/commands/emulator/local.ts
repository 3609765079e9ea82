// Not a command: the client of the emulator commands, which work on the local profile only (a
// standing emulator, or one run in-process).
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

export async function localClient(ctx: Context): Promise<ApiClient> {
  const profile = await ctx.profile();
  if (profile.environment !== 'local') {
    throw new UsageError(`emulator commands work on the local emulator; profile "${profile.name}" is ${profile.environment}.`, {
      hint: 'Pass --profile local.',
    });
  }
  return ctx.api();
}
