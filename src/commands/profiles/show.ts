// hire profiles show [NAME] (docs/profiles.md).
import { printRecord } from '../../output/render.js';
import { arg, defineCommand } from '../define.js';
import { PROFILE_COLUMNS, describeProfile } from './describe.js';

export default defineCommand({
  path: ['profiles', 'show'],
  summary: 'show a profile (default: the one in use)',
  effect: 'read',
  local: "reads this machine's config",
  args: { name: arg.optional('profile name', { complete: 'profiles' }) },
  examples: ['hire profiles show prod'],
  async run(ctx, { name }) {
    const chosen = name ?? (await ctx.session.selected()).name;
    await printRecord(ctx.output, await describeProfile(ctx, chosen), [
      ...PROFILE_COLUMNS,
      { key: 'key_storage', format: (value) => (value === null ? '' : String(value)) },
      { key: 'key_saved_at' },
    ]);
  },
});
