// hire profiles list (docs/profiles.md).
import { profileNames } from '../../config/profiles.js';
import { printList } from '../../output/render.js';
import { defineCommand } from '../define.js';
import { PROFILE_COLUMNS, describeProfile } from './describe.js';

export default defineCommand({
  path: ['profiles', 'list'],
  summary: 'list profiles',
  effect: 'read',
  local: "reads this machine's config",
  examples: ['hire profiles list'],
  async run(ctx) {
    const rows = [];
    for (const name of profileNames(await ctx.session.config())) rows.push(await describeProfile(ctx, name));
    await printList(ctx.output, rows, PROFILE_COLUMNS);
  },
});
