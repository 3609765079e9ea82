// Saving and removing a profile's key (docs/profiles.md "Where keys are kept"): in the OS keychain
// when one answers, else in the 0600 config file. A key that changes place is written to the new
// place first and removed from the old one after, so that a process killed between the two leaves
// a key that can still be read (the old one, or the new one) and never none.
import type { Env } from './paths.js';
import type { ConfigFile } from './profiles.js';

/**
 * A test-only stop between the two writes of a key (test/e2e/keychain.test.ts): the process kills
 * itself there, as a power cut or `kill -9` would, to prove that the key survives it.
 */
const KILL_BETWEEN_WRITES = 'HIRE_TEST_KILL_BETWEEN_KEY_WRITES';

function killHere(env: Env): void {
  if (env[KILL_BETWEEN_WRITES] === '1') process.kill(process.pid, 'SIGKILL');
}

export interface SavedKey {
  storage: 'keychain' | 'file';
  /** Why the key went to the file: the keychain's answer. */
  fallbackReason?: string;
  /** The key the keychain held before could not be removed from it (the keychain's answer). */
  leftInKeychain?: string;
}

/**
 * Saves profile `name`'s key with `change` (the rest of the profile, applied in the same write of
 * the config file): in the keychain if it answers, else in the file, unless `secureOnly`.
 */
export async function saveProfileKey(options: {
  env: Env;
  name: string;
  key: string;
  secureOnly: boolean;
  change: (config: ConfigFile) => void;
}): Promise<SavedKey> {
  const { env, name, key } = options;
  const [{ keychainWrite, keychainDelete, keychainUnavailable }, { updateConfig }] = await Promise.all([
    import('./keychain.js'),
    import('./store.js'),
  ]);
  const written = await keychainWrite(env, name, key);
  if (!written.ok && options.secureOnly) {
    throw keychainUnavailable(
      `The key was not saved: --secure-storage-only was given and no system keychain answers (${written.reason}).`,
      'Run it where the system keychain is unlocked (a desktop session), or leave out --secure-storage-only to keep the key in the config file (mode 0600).',
    );
  }
  // The keychain holds the new key: the file's old one goes now (a kill before leaves it readable).
  if (written.ok) killHere(env);
  let wasInKeychain = false;
  await updateConfig(env, (config) => {
    wasInKeychain = config.profiles?.[name]?.key_storage === 'keychain';
    options.change(config);
    const record = config.profiles?.[name];
    if (!record) return;
    if (written.ok) {
      delete record.api_key;
      record.key_storage = 'keychain';
    } else {
      record.api_key = key;
      delete record.key_storage;
    }
  });
  if (written.ok) return { storage: 'keychain' };
  // The file holds the new key: the keychain's old one goes now (a kill before leaves it there, unread).
  if (wasInKeychain) {
    killHere(env);
    const removed = await keychainDelete(env, name);
    if (!removed.ok) return { storage: 'file', fallbackReason: written.reason, leftInKeychain: removed.reason };
  }
  return { storage: 'file', fallbackReason: written.reason };
}

/**
 * Removes profile `name`'s key from wherever it is kept, then `change`s the config. A key in a
 * keychain that does not answer is not removed, and the config is left as it was.
 */
export async function removeProfileKey(options: {
  env: Env;
  name: string;
  config: ConfigFile;
  change: (config: ConfigFile) => void;
}): Promise<void> {
  const { env, name } = options;
  if (options.config.profiles?.[name]?.key_storage === 'keychain') {
    const { keychainDelete, keychainUnavailable } = await import('./keychain.js');
    const removed = await keychainDelete(env, name);
    if (!removed.ok) {
      throw keychainUnavailable(
        `The key of profile "${name}" is kept in the system keychain, which does not answer (${removed.reason}): nothing was removed.`,
        'Unlock the keychain (the login keyring of a desktop session) and run the command again.',
      );
    }
  }
  const { updateConfig } = await import('./store.js');
  await updateConfig(env, options.change);
}
