// The OS keychain (docs/profiles.md "Where keys are kept"): Secret Service on Linux, Keychain on
// macOS, Credential Manager on Windows, through @napi-rs/keyring, an optional dependency. The
// binding is loaded with import() the first time a profile's key is read or written, never for
// --help, --version, completion or a key from HIRE_API_KEY. Every failure to reach it — the
// package not installed, no D-Bus session, no unlocked keyring — is one answer: `unavailable`,
// with the reason in words; the caller decides between the file and a refusal.
import { HireError, ExitCode } from '../errors.js';
import { configDir, type Env } from './paths.js';

/** The keychain's service name; the account is the profile's name in its config dir (keychainAccount). */
export const KEYCHAIN_SERVICE = 'hire';

export type KeychainAnswer<T> = { ok: true; value: T } | { ok: false; reason: string };

interface Entry {
  getPassword(): Promise<string | null>;
  setPassword(password: string): Promise<void>;
  deleteCredential(): Promise<boolean>;
}

/**
 * Two config dirs (HIRE_CONFIG_DIR) may each have a profile of one name: the account names both,
 * so that neither reads nor removes the other's key.
 */
export function keychainAccount(env: Env, profile: string): string {
  return `${profile}@${configDir(env)}`;
}

async function entry(env: Env, profile: string): Promise<KeychainAnswer<Entry>> {
  let binding: typeof import('@napi-rs/keyring');
  try {
    binding = await import('@napi-rs/keyring');
  } catch {
    return { ok: false, reason: 'its binding, @napi-rs/keyring, is not installed for this platform' };
  }
  try {
    // Linux: the Secret Service only. The binding would otherwise fall back to the kernel keyring,
    // which forgets every key when the machine restarts.
    const made = new binding.AsyncEntry(KEYCHAIN_SERVICE, keychainAccount(env, profile), {
      linux: { store: 'secret-service' },
    });
    return { ok: true, value: made };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/** The binding's message, its last cause's if it has causes (the one that names what is missing). */
function reasonOf(error: unknown): string {
  let cause = error as { message?: unknown; cause?: unknown } | undefined;
  while (cause && typeof cause.cause === 'object' && cause.cause !== null) cause = cause.cause;
  const message = typeof cause?.message === 'string' ? cause.message : String(error);
  return message.replace(/\s+/g, ' ').trim();
}

async function attempt<T>(env: Env, profile: string, run: (entry: Entry) => Promise<T>): Promise<KeychainAnswer<T>> {
  const made = await entry(env, profile);
  if (!made.ok) return made;
  try {
    return { ok: true, value: await run(made.value) };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

export function keychainRead(env: Env, profile: string): Promise<KeychainAnswer<string | null>> {
  return attempt(env, profile, (found) => found.getPassword());
}

/** Stores the key, and reads it back: a keychain that accepts a write but returns nothing is no keychain. */
export function keychainWrite(env: Env, profile: string, key: string): Promise<KeychainAnswer<void>> {
  return attempt(env, profile, async (found) => {
    await found.setPassword(key);
    if ((await found.getPassword()) !== key) throw new Error('the key written could not be read back');
  });
}

/** Removes the key; `false` when there was none. */
export function keychainDelete(env: Env, profile: string): Promise<KeychainAnswer<boolean>> {
  return attempt(env, profile, (found) => found.deleteCredential());
}

/** The one error for a keychain that must answer and does not (docs/exit-codes.md: exit 1). */
export function keychainUnavailable(message: string, hint: string): HireError {
  return new HireError(message, {
    exitCode: ExitCode.failure,
    code: 'keychain_unavailable',
    hint,
  });
}
