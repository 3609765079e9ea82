// hire emulator keys create: a key of the emulator at any permission level and tier, with expiry,
// an IP allow-list and small limits for tests (docs/emulator.md); printed once.
import { createKey } from '../../../api/emulator.js';
import { KEY_LEVELS, TIERS } from '../../../domain/vocabulary.js';
import { printRecord } from '../../../output/render.js';
import { defineCommand, flag } from '../../define.js';
import { parseDuration } from '../../shared/duration.js';
import { localClient } from '../local.js';
import { KEY_COLUMNS } from './columns.js';
import { commandText } from '../../suggest.js';
import { showNextSteps, showsNextSteps } from '../../shared/next-steps.js';

export default defineCommand({
  path: ['emulator', 'keys', 'create'],
  summary: 'make a key and print it once',
  effect: 'write',
  local: "makes the local emulator's API keys",
  flags: {
    level: flag.enum(KEY_LEVELS, {
      help: '{choices} (read: GETs; write: also POST/PATCH; admin: also DELETE)',
      default: 'write',
    }),
    name: flag.string({ help: 'a name to recognise it by' }),
    tier: flag.enum(TIERS, { help: "{choices} (the spec's limits)", default: 'standard' }),
    expiresIn: flag.parsed(parseDuration, {
      value: 'duration',
      example: '90d',
      help: 'expire after 90d, 12h, 30m or 45s',
      message: '--expires-in takes a number and a unit: 90d, 12h, 30m or 45s (got "{value}").',
    }),
    allowIp: flag.list({ value: 'cidr', help: 'only from this address or block (repeatable)' }),
    perHour: flag.number({ value: 'n', help: "requests per hour (below the tier's)", integer: true, min: 1 }),
    perDay: flag.number({ value: 'n', help: 'requests per day', integer: true, min: 1 }),
    concurrent: flag.number({ value: 'n', help: 'requests in flight at once', integer: true, min: 1 }),
  },
  examples: [
    'hire emulator keys create --level read --name dashboards',
    'hire emulator keys create --level admin --expires-in 90d --allow-ip ::1',
  ],
  async run(ctx, flags) {
    const limits = { hour: flags.perHour, day: flags.perDay, concurrent: flags.concurrent };
    const key = await createKey(await localClient(ctx), {
      level: flags.level,
      tier: flags.tier,
      ...(flags.name ? { name: flags.name } : {}),
      ...(flags.expiresIn !== undefined ? { expires_in_seconds: flags.expiresIn } : {}),
      allow_ips: flags.allowIp ?? [],
      limits: Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
    });
    await printRecord(ctx.output, key, [{ key: 'key' }, ...KEY_COLUMNS, { key: 'limits' }, { key: 'allow_ips' }]);
    const saveNow = 'Save the key now: it is shown only this once.';
    if (!showsNextSteps(ctx)) return ctx.messages.notice(saveNow);
    // A hint about a given profile names it, whichever profile is in use: the one this key is for.
    const profile = (await ctx.session.profile()).name;
    showNextSteps(
      ctx,
      [commandText(['auth', 'login'], { flags: { profile, withKey: true } })],
      [`${saveNow} To use it, store it in a profile: run this, paste the key, then press Ctrl-D.`],
    );
  },
});
