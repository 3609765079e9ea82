// hire profiles remove NAME (docs/profiles.md): asks first at a terminal, needs --yes otherwise (docs/profiles.md "Confirmations").
import { hasStoredKey } from '../../config/keys.js';
import { BUILT_IN_PROFILES, profileNames } from '../../config/profiles.js';
import { UsageError } from '../../errors.js';
import { arg, defineCommand } from '../define.js';
import { confirmOrRefuse } from '../shared/confirm.js';

export default defineCommand({
  path: ['profiles', 'remove'],
  summary: 'remove a profile and its key (asks first; --yes when not at a terminal)',
  effect: 'delete',
  local: "changes this machine's config",
  args: { name: arg.required('profile name', { complete: 'profiles' }) },
  examples: ['hire profiles remove staging', 'hire profiles remove staging --yes'],
  async run(ctx, { name }) {
    if (BUILT_IN_PROFILES.includes(name)) throw new UsageError(`The built-in ${name} profile cannot be removed.`);
    const config = await ctx.session.config();
    const profile = config.profiles?.[name];
    if (!profile) {
      throw new UsageError(`Profile "${name}" does not exist. Known profiles: ${profileNames(config).join(', ')}.`, {
        code: 'unknown_profile',
      });
    }
    const what = `profile "${name}"${hasStoredKey(config, name) ? ' and its stored key' : ''}`;
    if (!(await confirmOrRefuse(ctx, `Remove ${what}?`, `Refusing to remove ${what}`))) {
      ctx.messages.notice('Nothing was removed.');
      return;
    }
    // The key first, from wherever it is kept (a keychain that does not answer leaves all as it was).
    const { removeProfileKey } = await import('../../config/key-writes.js');
    await removeProfileKey({
      env: ctx.env,
      name,
      config,
      change: (next) => {
        if (next.profiles) delete next.profiles[name];
        if (next.default_profile === name) delete next.default_profile;
      },
    });
    ctx.session.configChanged();
    ctx.messages.notice(
      `Removed profile "${name}"${config.default_profile === name ? '; the default is local again' : ''}.`,
    );
  },
});
