// hire profiles remove NAME (CONTRACT §2).
import { BUILT_IN_PROFILES } from '../../config/profiles.js';
import { UsageError } from '../../errors.js';
import { arg, defineCommand } from '../define.js';

export default defineCommand({
  path: ['profiles', 'remove'],
  summary: 'remove a profile and its key (not the built-in local and local-sandbox)',
  args: { name: arg.required('profile name', { complete: 'profiles' }) },
  examples: ['hire profiles remove staging'],
  async run(ctx, { name }) {
    if (BUILT_IN_PROFILES.includes(name)) throw new UsageError(`The built-in ${name} profile cannot be removed.`);
    const config = await ctx.config();
    if (!config.profiles?.[name]) throw new UsageError(`Profile "${name}" does not exist.`);
    const { updateConfig } = await import('../../config/store.js');
    await updateConfig(ctx.env, (next) => {
      if (next.profiles) delete next.profiles[name];
      if (next.default_profile === name) delete next.default_profile;
    });
    ctx.configChanged();
    ctx.notice(`Removed profile "${name}"${config.default_profile === name ? '; the default is local again' : ''}.`);
  },
});
