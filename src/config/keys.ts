// Reading a profile's key from where it is kept (docs/profiles.md "Where keys are kept"): the OS
// keychain or the config file. Writing it is key-writes.ts's, which the library never loads (it
// brings the config writer).
import type { Env } from './paths.js';
import type { ConfigFile, ResolvedProfile } from './profiles.js';

/** The profile with its key, read from the keychain when that is where it is kept. */
export async function withStoredKey(profile: ResolvedProfile, env: Env): Promise<ResolvedProfile> {
  if (profile.keyStorage !== 'keychain' || profile.apiKey) return profile;
  const { keychainRead, keychainUnavailable } = await import('./keychain.js');
  const read = await keychainRead(env, profile.name);
  if (!read.ok) {
    throw keychainUnavailable(
      `The key of profile "${profile.name}" is kept in the system keychain, which does not answer (${read.reason}).`,
      `Unlock the keychain (the login keyring of a desktop session), set HIRE_API_KEY, or run \`hire auth login --profile ${profile.name}\` again: where no keychain answers, the key is kept in the config file.`,
    );
  }
  // Removed from the keychain by something else: the profile has no key, as after `auth logout`.
  if (read.value === null) return { ...profile, keySource: 'none', keyStorage: undefined };
  return { ...profile, apiKey: read.value };
}

/** Whether profile `name` has a key of its own, in the file or in the keychain. */
export function hasStoredKey(config: ConfigFile, name: string): boolean {
  const record = config.profiles?.[name];
  return Boolean(record?.api_key) || record?.key_storage === 'keychain';
}
