// Profiles and credential resolution (docs/profiles.md): flags > environment > profile > defaults.
import { readFileSync } from 'node:fs';
import { HireError, ExitCode, UsageError } from '../errors.js';
import { dictionaryOf } from '../domain/merge.js';
import { formatPath } from '../domain/field-path.js';
import { boolean, listOf, number, object, oneOf, optional, recordOf, string } from '../json-shape.js';
import { CONFIG_DIR_SETTINGS, refuseOpenDir } from '../files/private-dir.js';
import { configDir, configFilePath, type Env } from './paths.js';

export const ENVIRONMENTS = ['production', 'sandbox', 'local'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const LOCAL_PROFILE = 'local';
/** The built-in `local` profile: the emulator's production, at its default address (docs/emulator.md "Running it"). */
export const LOCAL_BASE_URL = 'http://127.0.0.1:4010/api/v1';
/** The built-in `local-sandbox` profile: the emulator's sandbox, beside the `local` profile's production. */
export const LOCAL_SANDBOX_PROFILE = 'local-sandbox';
/** Where the emulator serves its sandbox, below any origin (docs/emulator.md "Environments: production and sandbox"). */
export const SANDBOX_API_PATH = '/sandbox/api/v1';
/** The profiles that exist without a login; they cannot be removed. */
export const BUILT_IN_PROFILES: readonly string[] = [LOCAL_PROFILE, LOCAL_SANDBOX_PROFILE];

/** Profile names: letters, digits, `_` and `-`. */
export const PROFILE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** `hk_…a1b2`: at most the first 3 and the last 4 characters of a key. */
export function maskKey(key: string | undefined): string {
  if (!key) return '';
  return key.length >= 12 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '…';
}
/** A profile as the config file keeps it (docs/profiles.md). */
export interface ProfileRecord {
  environment: Environment;
  base_url: string;
  /** The key, when it is kept in this file (no keychain answered at login; docs/profiles.md "Where keys are kept"). */
  api_key?: string;
  /** The key is in the OS keychain (src/config/keychain.ts), not in this file. */
  key_storage?: 'keychain';
  /** When the key was stored, to advise rotation after 90 days (spec "Authentication"). */
  key_saved_at?: string;
  /** The server that checked the key at login said it is the emulator (X-Hire-Environment). */
  emulator?: boolean;
  [key: string]: unknown;
}

/** A listener that registered a webhook, kept until it removes it. */
export interface ListenerRecord {
  url: string;
  pid: number;
  api?: string;
  base_url?: string;
  [key: string]: unknown;
}

export interface ConfigFile {
  default_profile?: string;
  profiles?: Record<string, ProfileRecord>;
  /** `webhooks listen`'s signing secret per profile, reused until --rotate-secret. */
  listen_secrets?: Record<string, string>;
  /**
   * What hire learned of each profile's server (src/config/learned.ts): the assumed operations it
   * does not offer, and the base URL that told (another address forgets it).
   */
  learned?: Record<string, { base_url: string; not_offered: string[]; [key: string]: unknown }>;
  /**
   * Listeners that registered a webhook, per profile, until they remove it: one killed before it
   * could (SIGKILL) leaves its entry, and the next `listen --register` removes its webhook.
   */
  listen_webhooks?: Record<string, ListenerRecord[]>;
  [key: string]: unknown;
}

/** The config file's shape, as ConfigFile says it; keys it does not name are kept and not checked. */
const CONFIG_FILE = object({
  default_profile: optional(string),
  profiles: optional(
    recordOf(
      object({
        environment: oneOf(ENVIRONMENTS),
        base_url: string,
        api_key: optional(string),
        key_storage: optional(oneOf(['keychain'])),
        key_saved_at: optional(string),
        emulator: optional(boolean),
      }),
    ),
  ),
  listen_secrets: optional(recordOf(string)),
  learned: optional(recordOf(object({ base_url: string, not_offered: listOf(string) }))),
  listen_webhooks: optional(
    recordOf(listOf(object({ url: string, pid: number, api: optional(string), base_url: optional(string) }))),
  ),
});

/**
 * Reads the config file. A missing file is an empty config; a file that cannot be parsed is
 * reported with its path and never touched. Reads go straight to the JSON file: conf (which writes
 * it) costs ≈18 ms to load, and most commands only read.
 */
export function readConfig(env: Env): ConfigFile {
  const path = configFilePath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new HireError(`Cannot read the config file ${path}: ${(error as Error).message}`, {
      exitCode: ExitCode.failure,
      code: 'config_unreadable',
    });
  }
  // Profiles (keys, base URLs) are not taken from a directory others can write.
  refuseOpenDir(configDir(env), 'config directory', CONFIG_DIR_SETTINGS);
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw invalidConfig(path, (error as Error).message);
  }
  return checkConfig(path, parsed);
}

/** The config's shape, or an error naming the file and the first bad field. */
export function checkConfig(path: string, parsed: unknown): ConfigFile {
  const problem = CONFIG_FILE(parsed, []);
  if (problem)
    throw invalidConfig(
      path,
      problem.path.length === 0 ? `it ${problem.message}` : `${formatPath(problem.path)} ${problem.message}`,
    );
  const config = parsed as ConfigFile;
  // Keyed by names from outside: a profile named `constructor` or `__proto__` is a key like any
  // other, and looking up one that is not there must not find Object.prototype's.
  for (const key of ['profiles', 'listen_secrets', 'learned', 'listen_webhooks'] as const)
    if (config[key]) (config as Record<string, unknown>)[key] = dictionaryOf<unknown>(config[key]);
  return config;
}

export function invalidConfig(path: string, reason: string): HireError {
  return new HireError(`The config file ${path} cannot be parsed (${reason}). It was left untouched.`, {
    exitCode: ExitCode.failure,
    code: 'config_invalid',
    hint: `Fix or move it away; hire recreates it when you next run \`hire auth login\`.`,
  });
}

export type KeySource = 'env' | 'profile' | 'local' | 'none';

/** Where the key in use is kept (`key_storage` in `auth status --json` and `profiles show`). */
export type KeyStorage = 'keychain' | 'file' | 'environment';

export interface ResolvedProfile {
  name: string;
  environment: Environment;
  /** The base URL as configured, before normalisation (see api/base-url.ts). */
  baseUrl: string;
  baseUrlSource: 'env' | 'profile';
  apiKey: string | undefined;
  keySource: KeySource;
  /**
   * Where the key is kept, if there is one. A `keychain` key is read by withStoredKey
   * (src/config/keys.ts): until then `apiKey` is undefined, so that reading a profile loads no binding.
   */
  keyStorage?: KeyStorage | undefined;
  /** Chosen with --profile, HIRE_PROFILE or a saved default, rather than by falling back. */
  explicit: boolean;
  /**
   * The emulator's: a built-in local profile, or one whose key the emulator checked at login (its
   * address, unless HIRE_BASE_URL points elsewhere now). Views say "(emulator)" (docs/profiles.md).
   */
  emulator?: boolean;
}

/** Every profile's name: the built-in local and local-sandbox first, then the config's in order. */
export function profileNames(config: ConfigFile): string[] {
  return [
    ...BUILT_IN_PROFILES,
    ...Object.keys(config.profiles ?? {}).filter((name) => !BUILT_IN_PROFILES.includes(name)),
  ];
}

/**
 * A built-in profile as it is until it is configured: `local` at the emulator's default address,
 * `local-sandbox` at the sandbox of wherever `local` points (so moving `local` moves both).
 */
function builtInProfile(name: string, config: ConfigFile): ProfileRecord | undefined {
  if (name === LOCAL_PROFILE) return { environment: 'local', base_url: LOCAL_BASE_URL };
  if (name !== LOCAL_SANDBOX_PROFILE) return undefined;
  const local = config.profiles?.[LOCAL_PROFILE];
  let origin = new URL(LOCAL_BASE_URL).origin;
  if (local?.environment === 'local') {
    try {
      origin = new URL(local.base_url).origin;
    } catch {
      // a local profile with an unusable address: the sandbox stays at the default one
    }
  }
  return { environment: 'local', base_url: origin + SANDBOX_API_PATH };
}

/**
 * Which of the platform's environments a profile works on: its own for production and sandbox
 * profiles; for a `local` (emulator) profile, the one its address names (`/sandbox/api/v1` or not).
 */
export function targetEnvironment(profile: { environment: Environment; baseUrl: string }): 'production' | 'sandbox' {
  if (profile.environment !== 'local') return profile.environment;
  let path: string;
  try {
    path = new URL(profile.baseUrl).pathname;
  } catch {
    return 'production';
  }
  return path === '/sandbox' || path.startsWith('/sandbox/') ? 'sandbox' : 'production';
}

/**
 * What a base URL says of its environment: a `sandbox` segment of its path (`/sandbox/api/v1`) or
 * label of its host (`sandbox.example.com`) says sandbox; otherwise it says nothing.
 */
export function environmentFromUrl(url: string): 'sandbox' | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const sandbox =
    parsed.pathname.split('/').includes('sandbox') || parsed.hostname.toLowerCase().split('.').includes('sandbox');
  return sandbox ? 'sandbox' : undefined;
}

/** The default profile: the saved one, else local. */
export function defaultProfileName(config: ConfigFile): string {
  return config.default_profile ?? LOCAL_PROFILE;
}

export function resolveProfile(options: {
  flag: string | undefined;
  env: Env;
  config: ConfigFile;
  /** What gave `flag`, for the message: `--profile` unless the caller says (the library names its call). */
  flagSource?: string;
}): ResolvedProfile {
  const { flag, env, config } = options;
  const chosen = flag ?? (env.HIRE_PROFILE || undefined) ?? config.default_profile;
  const name = chosen ?? LOCAL_PROFILE;
  const stored = config.profiles?.[name] ?? builtInProfile(name, config);
  let record: ProfileRecord;
  if (stored) record = stored;
  else {
    const known = profileNames(config);
    // An empty --profile is the flag's too (`-p ''`), not the config's default.
    const from =
      flag !== undefined
        ? (options.flagSource ?? '--profile')
        : env.HIRE_PROFILE
          ? 'HIRE_PROFILE'
          : 'default_profile in the config file';
    throw new UsageError(`Profile "${name}" (from ${from}) does not exist. Known profiles: ${known.join(', ')}.`, {
      code: 'unknown_profile',
      // No profile is named '' (nor can one be made): only a name gets the command that creates it.
      hint: name === '' ? undefined : `Create it with \`hire auth login --profile ${name}\`.`,
    });
  }
  const envKey = env.HIRE_API_KEY?.trim();
  const apiKey = envKey || record.api_key;
  const inKeychain = !envKey && !record.api_key && record.key_storage === 'keychain';
  return {
    name,
    environment: record.environment,
    baseUrl: env.HIRE_BASE_URL || record.base_url,
    baseUrlSource: env.HIRE_BASE_URL ? 'env' : 'profile',
    apiKey: apiKey || undefined,
    keySource: envKey ? 'env' : record.api_key || inKeychain ? 'profile' : 'none',
    keyStorage: envKey ? 'environment' : record.api_key ? 'file' : inKeychain ? 'keychain' : undefined,
    explicit: chosen !== undefined,
    emulator: record.environment === 'local' || (record.emulator === true && !env.HIRE_BASE_URL),
  };
}
