// hire auth logout: removes the stored key of a profile (the profile stays).
import { UsageError } from '../../errors.js';
import { defineCommand } from '../define.js';

export default defineCommand({
  path: ['auth', 'logout'],
  summary: "remove a profile's stored key",
  examples: ['hire auth logout --profile prod'],
  async run(ctx) {
    const name = ctx.settings.profile ?? (await ctx.profile()).name;
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
  },
});
