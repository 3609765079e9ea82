// hire profiles use NAME (docs/profiles.md).
import { commandText } from '../suggest.js';
import { profileNames } from '../../config/profiles.js';
import { UsageError } from '../../errors.js';
import { arg, defineCommand } from '../define.js';

export default defineCommand({
  path: ['profiles', 'use'],
  summary: 'make a profile the default',
  effect: 'write',
  local: "changes this machine's config (the default profile)",
  args: { name: arg.required('profile name', { complete: 'profiles' }) },
  examples: ['hire profiles use sandbox'],
  async run(ctx, { name }) {
    const config = await ctx.session.config();
    if (!profileNames(config).includes(name)) {
      throw new UsageError(`Profile "${name}" does not exist. Known profiles: ${profileNames(config).join(', ')}.`, {
        hint: `Create it with \`${commandText(['auth', 'login'], { flags: { profile: name } })}\`.`,
      });
    }
    const { updateConfig } = await import('../../config/store.js');
    await updateConfig(ctx.env, (next) => {
      next.default_profile = name;
    });
    ctx.session.configChanged();
    ctx.messages.notice(`"${name}" is now the default profile.`);
  },
});
