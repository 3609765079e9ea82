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
    const client = await localClient(ctx);
    const key = await createKey(client, {
      level: flags.level,
      tier: flags.tier,
      ...(flags.name ? { name: flags.name } : {}),
      ...(flags.expiresIn !== undefined ? { expires_in_seconds: flags.expiresIn } : {}),
      allow_ips: flags.allowIp ?? [],
      limits: Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
    });
    await printRecord(ctx.output, key, [
      { key: 'key', keepWhole: true },
      ...KEY_COLUMNS,
      { key: 'limits' },
      { key: 'allow_ips' },
    ]);
    const saveNow = 'Save the key now: it is shown only this once.';
    if (!showsNextSteps(ctx)) return ctx.messages.notice(saveNow);
    // A profile of its own: stored in the profile in use, it would take the place of that profile's
    // admin key, which the emulator commands need. At the address of an emulator that stays: one
    // started for this command alone is gone when it ends.
    const profile = await ctx.session.profile();
    const name = keyProfileName(profile.name, flags.name ?? flags.level);
    const inProcess = (await ctx.session.reached())?.emulator?.kind === 'in-process';
    const login = commandText(['auth', 'login'], {
      flags: { profile: name, baseUrl: inProcess ? profile.baseUrl : client.baseUrl },
    });
    const stays = inProcess
      ? ' (the emulator this command started has stopped: run `hire emulator start` in another terminal first)'
      : '';
    showNextSteps(
      ctx,
      [login],
      [`${saveNow} To use it, store it in a profile of its own${stays}: run this and paste the key when asked.`],
    );
  },
});

/** `local-write`, `local-sandbox-dashboards`: the profile in use and the key's name, as a profile name may be spelt. */
function keyProfileName(profile: string, name: string): string {
  const tail = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'key';
  return `${profile}-${tail}`.slice(0, 64);
}
