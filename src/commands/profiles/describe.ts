// Not a command: a profile as `profiles list` and `profiles show` print it (the key masked).
import type { Context } from '../../context.js';
import { defaultProfileName, maskKey, resolveProfile, targetEnvironment } from '../../config/profiles.js';
import { reachedAt } from '../shared/address.js';
import type { Column } from '../../output/render.js';

export const PROFILE_COLUMNS: readonly Column[] = [
  { key: 'name', keepWhole: true },
  // The platform environment, and whether it is the local emulator's: production and sandbox never look alike.
  {
    key: 'environment',
    header: 'ENV',
    lines: 2,
    want: 10,
    keep: true,
    format: (value, record) => environmentCell(value, record),
  },
  // Whole: the production and sandbox addresses of one server differ only in their paths.
  { key: 'base_url', header: 'BASE URL', url: true },
  { key: 'key', lines: 2, drop: 1 },
  { key: 'default', want: 7, format: (value) => (value ? 'yes' : '') },
];

/** `production`, `sandbox (emulator)`: a row's platform environment, and whether it is the emulator's. */
export const environmentCell = (value: unknown, record: Record<string, unknown>): string =>
  record.emulator ? `${String(value)} (emulator)` : String(value);

export async function describeProfile(ctx: Context, name: string): Promise<Record<string, unknown>> {
  const config = await ctx.session.config();
  const profile = resolveProfile({ flag: name, env: {}, config });
  return {
    name,
    environment: targetEnvironment(profile),
    emulator: profile.emulator === true,
    base_url: await reachedAt(profile, ctx.env),
    key: profile.apiKey ? maskKey(profile.apiKey) : profile.environment === 'local' ? '(emulator key)' : '',
    default: defaultProfileName(config) === name,
    key_saved_at: config.profiles?.[name]?.key_saved_at ?? null,
  };
}
