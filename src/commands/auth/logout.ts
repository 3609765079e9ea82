// hire auth logout: removes the stored key of a profile (the profile stays).
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

export async function run(ctx: Context): Promise<void> {
  const name = ctx.globals.profile ?? (await ctx.profile()).name;
  const config = await ctx.config();
  if (!config.profiles?.[name]?.api_key) {
    throw new UsageError(`Profile "${name}" has no stored key.`, { code: 'no_stored_key' });
  }
  const { updateConfig } = await import('../../config/store.js');
  await updateConfig(ctx.env, (next) => {
    const profile = next.profiles?.[name];
    if (profile) {
      delete profile.api_key;
      delete profile.key_saved_at;
    }
  });
  ctx.configChanged();
  ctx.notice(`Removed the key of profile "${name}".`);
}
