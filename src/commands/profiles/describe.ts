// Not a command: a profile as `profiles list` and `profiles show` print it (the key masked).
import type { Context } from '../../context.js';
import { defaultProfileName, maskKey, resolveProfile } from '../../config/profiles.js';
import type { Column } from '../../output/render.js';

export const PROFILE_COLUMNS: readonly Column[] = [
  { key: 'name' },
  { key: 'environment', header: 'ENV' },
  { key: 'base_url', header: 'BASE URL', url: true },
  { key: 'key' },
  { key: 'default', format: (value) => (value ? 'yes' : '') },
];

export async function describeProfile(ctx: Context, name: string): Promise<Record<string, unknown>> {
  const config = await ctx.config();
  const profile = resolveProfile({ flag: name, env: {}, config });
  return {
    name,
    environment: profile.environment,
    base_url: profile.baseUrl,
    key: profile.apiKey ? maskKey(profile.apiKey) : profile.environment === 'local' ? '(emulator key)' : '',
    default: defaultProfileName(config) === name,
    key_saved_at: config.profiles?.[name]?.key_saved_at ?? null,
  };
}
