// What hire knows of the server a profile reaches, and the one decision of whether that server is
// the emulator (docs/profiles.md "Which server answers"): every "(emulator)", "emulator at …" and
// the line naming the environment at a terminal (docs/output.md "The environment line") ask here.
// Pure: the connection gathers the facts, the session and the views word them.
import type { ResolvedProfile } from '../config/profiles.js';

/** How the emulator is known to be the server, when it is. */
export type EmulatorProof =
  /** Started for this command on the data dir (`dataDir`). */
  | { kind: 'in-process'; dataDir: string }
  /** A standing emulator that proved it serves this data dir (the nonce of docs/emulator.md). */
  | { kind: 'standing' }
  /** The profile's own address, which its profile says is the emulator's (a `local` profile, or one the emulator checked at login). */
  | { kind: 'profile' };

export interface ServerFacts {
  profile: string;
  /** The platform environment: production or sandbox (`targetEnvironment`). */
  environment: 'production' | 'sandbox';
  /** The API's base URL that requests go to (an in-process emulator's own port). */
  baseUrl: string;
  /** HIRE_BASE_URL named the server, not the profile. */
  fromEnv: boolean;
  /** Known before any answer to be the emulator; absent when nothing says so (yet). */
  emulator?: EmulatorProof;
}

/**
 * What a profile says of its server before anything is asked of it: the emulator only at the
 * profile's own address. HIRE_BASE_URL may name any server; only a proof (the connection's) or
 * the server's own answers (`answersAsEmulator`) make it the emulator then.
 */
export function declaredEmulator(
  profile: Pick<ResolvedProfile, 'emulator' | 'baseUrlSource'>,
): EmulatorProof | undefined {
  return profile.emulator === true && profile.baseUrlSource !== 'env' ? { kind: 'profile' } : undefined;
}

/**
 * Whether the server that answers is the emulator: proved or declared (`facts.emulator`), or it
 * said so itself in its answers (the emulator's X-Hire-Environment header, as `auth login` reads it).
 */
export function answersAsEmulator(
  facts: Pick<ServerFacts, 'emulator'>,
  answeredEnvironment: string | undefined,
): boolean {
  return facts.emulator !== undefined || answeredEnvironment !== undefined;
}

/** Colours for the environment's name; plain text without them. */
export interface EnvironmentStyles {
  production: (text: string) => string;
  sandbox: (text: string) => string;
}

/**
 * The line naming where a command works, before its output at a terminal:
 * `sandbox · profile local-sandbox · emulator at http://127.0.0.1:4711/sandbox/api/v1`. Short: the
 * advice of the piped line (`hire emulator start`) is in docs/emulator.md. The environment's name
 * comes first, so that a style can colour it after the line is escaped.
 */
export function environmentLine(facts: ServerFacts, home: string | undefined): string {
  const where = facts.emulator
    ? facts.emulator.kind === 'in-process'
      ? `emulator in-process (data in ${homeShort(facts.emulator.dataDir, home)})`
      : `emulator at ${facts.baseUrl}`
    : facts.baseUrl;
  return `${facts.environment} · profile ${facts.profile} · ${where}${facts.fromEnv ? ' (HIRE_BASE_URL)' : ''}`;
}

/** Colours the environment's name at the start of a line made by environmentLine (after it was escaped and wrapped). */
export function paintEnvironment(
  line: string,
  environment: ServerFacts['environment'],
  styles: EnvironmentStyles,
): string {
  return line.startsWith(environment) ? styles[environment](environment) + line.slice(environment.length) : line;
}

/**
 * The line scripts have read since before the environment line, for the default profile's
 * emulator when the environment line is not shown (stderr piped): which emulator is used.
 */
export function emulatorLine(facts: ServerFacts, home: string | undefined): string | undefined {
  const proof = facts.emulator;
  if (facts.fromEnv) return undefined;
  if (proof?.kind === 'in-process')
    // One line (scripts filter it), wrapped at a terminal like every notice; the home dir as ~.
    return `Using the local emulator in-process (data in ${homeShort(proof.dataDir, home)}); \`hire emulator start\` keeps one running.`;
  if (proof?.kind === 'standing') return `Using the local emulator at ${new URL(facts.baseUrl).origin}.`;
  return undefined;
}

/** `/home/ada/.local/share/hire` → `~/.local/share/hire`: shorter, and the same place. */
function homeShort(dir: string, home: string | undefined): string {
  if (!home || home === '/' || !dir.startsWith(`${home}/`)) return dir;
  return `~${dir.slice(home.length)}`;
}
