// Logging in (`auth login`, docs/profiles.md): which profile and address a login is for, the key
// checked with one GET, the environment the profile is marked with (never production for a sandbox,
// nor the other way round), and the key saved. It prints and prompts nothing: the caller reads the
// key and the address, and is asked through `confirmDefault`.
import type { BaseUrl } from '../api/base-url.js';
import type { ApiClient } from '../api/client.js';
import type { Env } from '../config/paths.js';
import {
  BUILT_IN_PROFILES,
  PROFILE_NAME,
  environmentFromUrl,
  resolveProfile,
  type ConfigFile,
  type Environment,
  type ResolvedProfile,
} from '../config/profiles.js';
import type { SavedKey } from '../config/key-writes.js';
import { dictionary } from '../domain/merge.js';
import { ExitCode, HireError, UsageError } from '../errors.js';
import { checkKey, type KeyCheck } from './key-check.js';

/** Which profile a login is for, and what is known of it before asking anything. */
export interface LoginTarget {
  name: string;
  /** The profile as configured, if it is. */
  existing: NonNullable<ConfigFile['profiles']>[string] | undefined;
  /** What the user says of the environment: the flag, else what the profile was (a built-in one's `local`). */
  environment: Environment | undefined;
  /** The flag's, else the profile's, else a built-in emulator profile's address; none: it must be asked. */
  baseUrl: string | undefined;
}

/**
 * The profile `name` and its address (`--base-url`) and environment (`--environment`) as far as the
 * flags and the config say; a name that is no profile name is a usage error.
 */
export function loginTarget(
  config: ConfigFile,
  name: string,
  given: { environment?: Environment | undefined; baseUrl?: string | undefined },
): LoginTarget {
  if (!PROFILE_NAME.test(name))
    throw new UsageError(`Profile names take letters, digits, _ and - only (got "${name}").`);
  const existing = config.profiles?.[name];
  // The built-in local and local-sandbox profiles: the emulator, at the address they have until configured.
  const builtIn =
    !existing && BUILT_IN_PROFILES.includes(name) ? resolveProfile({ flag: name, env: {}, config }) : undefined;
  return {
    name,
    existing,
    environment: given.environment ?? existing?.environment ?? builtIn?.environment,
    baseUrl: given.baseUrl ?? existing?.base_url ?? builtIn?.baseUrl,
  };
}

export interface LoginRequest {
  env: Env;
  config: ConfigFile;
  target: LoginTarget;
  /** The address, resolved (/api/v1 added). */
  base: BaseUrl;
  key: string;
  /** The environment was given as a flag (a refusal then, not a correction, when the server says otherwise). */
  environmentGiven: boolean;
  /** Check the key with one request before saving it. */
  verify: boolean;
  /** Make the profile the default one without asking. */
  setDefault: boolean;
  /**
   * For a key the local emulator refused: where its keys are (`hire emulator keys list`), worded by
   * the caller's suggestion builder; there is no dashboard to check it in.
   */
  emulatorKeyHint?: string;
  /** Refuse to keep the key in the config file when no keychain answers (--secure-storage-only). */
  secureOnly: boolean;
  /** Makes the client of a profile (to check the key). */
  connect: (profile: ResolvedProfile) => Promise<ApiClient>;
  /** The key works: what the check said, and who answered it. */
  onVerified?: (check: KeyCheck, checker: string) => void;
  /** Asked whether the profile becomes the default one (`suggested`: the answer offered); absent, it does not. */
  confirmDefault?: (suggested: boolean) => Promise<boolean>;
}

export interface LoginResult {
  environment: Environment;
  /** The profile became the default one. */
  madeDefault: boolean;
  /** What people should know of the environment the profile is marked with, if anything. */
  note: string | undefined;
  /** Where the key was kept, and why not in the keychain (src/config/keys.ts). */
  stored: SavedKey;
}

/** Checks the key (unless asked not to), decides the environment, and saves the profile. */
export async function login(request: LoginRequest): Promise<LoginResult> {
  const { target, base, key, config } = request;
  const { name } = target;
  const fromUrl = environmentFromUrl(base.href);
  const candidate: ResolvedProfile = {
    name,
    environment: target.environment ?? fromUrl ?? 'production',
    baseUrl: base.href,
    baseUrlSource: 'profile',
    apiKey: key,
    keySource: 'profile',
    explicit: true,
  };
  let fromServer: 'production' | 'sandbox' | undefined;
  // Who answered the check: a local profile's requests go to this data dir's emulator only (started
  // in-process when something else stands at its address), never to another server.
  const checker = candidate.environment === 'local' ? "this data dir's emulator" : base.href;
  if (request.verify) {
    const check = await checkKey(request.connect, candidate);
    if (check.state !== 'ok') {
      const exitCode =
        check.state === 'unreachable' ? ExitCode.network : check.state === 'error' ? ExitCode.failure : ExitCode.auth;
      throw new HireError(`The key was not saved: ${checker} answered: ${check.message}.`, {
        exitCode,
        code: check.state,
        hint:
          check.state === 'unreachable'
            ? 'Check the base URL and your network, or pass --skip-verify.'
            : candidate.environment === 'local'
              ? request.emulatorKeyHint
              : 'Check the key in your dashboard.',
      });
    }
    fromServer = check.environment;
    request.onVerified?.(check, checker);
  }
  const { environment, note } = markedEnvironment(request, fromServer, fromUrl);

  let madeDefault = request.setDefault;
  if (!madeDefault && request.confirmDefault && config.default_profile !== name)
    madeDefault = await request.confirmDefault(!config.default_profile);
  const { saveProfileKey } = await import('../config/key-writes.js');
  const stored = await saveProfileKey({
    env: request.env,
    name,
    key,
    secureOnly: request.secureOnly,
    change: (next) => {
      // No prototype: `__proto__` is a profile name like any other.
      next.profiles ??= dictionary();
      next.profiles[name] = {
        ...next.profiles[name],
        environment,
        base_url: base.href,
        key_saved_at: new Date().toISOString(),
        // Said by the server that checked the key (only the emulator names its environment).
        emulator: fromServer !== undefined ? true : undefined,
      };
      if (madeDefault) next.default_profile = name;
    },
  });
  return { environment, madeDefault, note, stored };
}

/**
 * The environment is what the server says it is, else what its URL says; a profile must never call
 * a sandbox production, or the other way round. The emulator's own profiles are `local`.
 */
function markedEnvironment(
  request: LoginRequest,
  fromServer: 'production' | 'sandbox' | undefined,
  fromUrl: Environment | undefined,
): { environment: Environment; note: string | undefined } {
  const { name, existing } = request.target;
  const chosen = request.target.environment;
  const href = request.base.href;
  const shown = fromServer ?? fromUrl;
  const source = fromServer ? `${href} answers as ${fromServer}` : `the URL says sandbox (${href})`;
  if (chosen === 'local') {
    // the built-in emulator profiles: their address says which environment
    return { environment: chosen, note: undefined };
  }
  if (shown && chosen && chosen !== shown) {
    if (request.environmentGiven || !existing) {
      throw new UsageError(`--environment ${chosen} is refused: ${source}. Nothing was saved.`, {
        hint: `Pass --environment ${shown}, or the base URL of the ${chosen} environment.`,
      });
    }
    return { environment: shown, note: `Profile "${name}" is now marked ${shown} (it was ${chosen}): ${source}.` };
  }
  if (!chosen) {
    return {
      environment: shown ?? 'production',
      note: shown
        ? `Profile "${name}" is marked ${shown}: ${source}.`
        : `Profile "${name}" is marked production: nothing says otherwise (no --environment, and the server and its URL do not tell). For a sandbox, log in again with --environment sandbox.`,
    };
  }
  return { environment: chosen, note: undefined };
}
