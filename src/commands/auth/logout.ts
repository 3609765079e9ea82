// hire auth logout: removes the stored key of a profile from wherever it is kept, the system
// keychain or the config file (the profile stays; docs/profiles.md "Where keys are kept").
import { hasStoredKey } from '../../config/keys.js';
import { UsageError } from '../../errors.js';
import { defineCommand } from '../define.js';
import { confirmOrRefuse } from '../shared/confirm.js';

export default defineCommand({
  path: ['auth', 'logout'],
  summary: "remove a profile's stored key (asks first; --yes when not at a terminal)",
  effect: 'delete',
  local: "removes a key from this machine's keychain or config",
  examples: ['hire auth logout --profile prod', 'hire auth logout --profile prod --yes'],
  async run(ctx) {
    // Resolved as every command resolves it: an unknown profile is the same error everywhere.
    const { name } = await ctx.session.selected();
    const config = await ctx.session.config();
    if (!hasStoredKey(config, name)) {
      throw new UsageError(`Profile "${name}" has no stored key.`, { code: 'no_stored_key' });
    }
    if (
      !(await confirmOrRefuse(
        ctx,
        `Remove the stored key of profile "${name}"?`,
        `Refusing to remove the key of profile "${name}"`,
      ))
    ) {
      ctx.messages.notice('Nothing was removed.');
      return;
    }
    const { removeProfileKey } = await import('../../config/key-writes.js');
    await removeProfileKey({
      env: ctx.env,
      name,
      config,
      change: (next) => {
        const profile = next.profiles?.[name];
        if (profile) {
          delete profile.api_key;
          delete profile.key_storage;
          delete profile.key_saved_at;
        }
      },
    });
    ctx.session.configChanged();
    ctx.messages.notice(`Removed the key of profile "${name}".`);
  },
});
