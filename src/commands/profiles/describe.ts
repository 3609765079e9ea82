// Not a command: a profile as `profiles list` and `profiles show` print it (the key masked).
import type { Context } from '../../context.js';
import {
  defaultProfileName,
  maskKey,
  resolveProfile,
  targetEnvironment,
  type ResolvedProfile,
} from '../../config/profiles.js';
import { HireError } from '../../errors.js';
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
  // The profile as saved (HIRE_API_KEY aside), its key read from wherever it is kept.
  const { profile, unreadable } = await readStoredKey(resolveProfile({ flag: name, env: {}, config }), ctx.env);
  return {
    name,
    environment: targetEnvironment(profile),
    emulator: profile.emulator === true,
    base_url: await reachedAt(profile, ctx.env),
    key: profile.apiKey
      ? maskKey(profile.apiKey)
      : unreadable
        ? '(keychain unreadable)'
        : profile.environment === 'local'
          ? '(emulator key)'
          : '',
    key_storage: profile.keyStorage ?? null,
    default: defaultProfileName(config) === name,
    key_saved_at: config.profiles?.[name]?.key_saved_at ?? null,
  };
}

/**
 * A profile with its key for a view that shows every profile: a keychain that cannot be read is
 * said in that profile's row (`unreadable`: the error) rather than failing the whole view.
 */
export async function readStoredKey(
  profile: ResolvedProfile,
  env: Context['env'],
): Promise<{ profile: ResolvedProfile; unreadable?: HireError }> {
  const { withStoredKey } = await import('../../config/keys.js');
  try {
    return { profile: await withStoredKey(profile, env) };
  } catch (error) {
    if (error instanceof HireError && error.code === 'keychain_unavailable') return { profile, unreadable: error };
    throw error;
  }
}
