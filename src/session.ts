// The session (`ctx.session`): the config read, the profile resolved from it, the API client made
// for that profile (and the local emulator it may have started), and what to close at the end. A
// command line has one for its one command; `hire mcp` has one for its whole life, resolved when it
// starts, so that every tool call uses the same profile, client and emulator connection.
// Only types are imported statically: config and the API client (undici) load when first needed.
import type { ApiClient } from './api/client.js';
import type { ConfigFile, ResolvedProfile } from './config/profiles.js';
import { dataDir, type Env } from './config/paths.js';
import type { Messages } from './messages.js';
import { KeyRedactor } from './redaction.js';
import type { Painter } from './output/paint.js';
import type { Settings } from './settings.js';
import type { ServerFacts } from './connection/reached.js';

export const VERSION: string = typeof __HIRE_VERSION__ === 'string' ? __HIRE_VERSION__ : '0.0.0-dev';

/** What the session needs besides the environment: the global flags, and where its connection reports. */
export interface SessionOptions {
  env: Env;
  /** The global flags as they are now (read after the session is made, before any command runs). */
  settings: () => Settings;
  /** Where the connection's notices, warnings and trace go (retries, "Using the local emulator …"). */
  messages: Messages;
  /** Whether a person watches stderr: the words naming production after a write are for them. */
  isStderrTTY: boolean;
  /** Called before a client that goes through undici is made (IO.beforeUndici). */
  beforeUndici?: () => void;
  /** Where the keys this session uses are told (redaction.ts): the context's, which its streams apply. */
  redactor?: KeyRedactor;
  /** Colours for stderr (none when it is no terminal, with --no-color or NO_COLOR); plain when absent. */
  painter?: () => Promise<Painter>;
}

export class Session {
  readonly env: Env;
  readonly #settings: () => Settings;
  readonly #messages: Messages;
  readonly #isStderrTTY: boolean;
  readonly #beforeUndici: (() => void) | undefined;
  readonly #painter: (() => Promise<Painter>) | undefined;
  #config: ConfigFile | undefined;
  #profile: ResolvedProfile | undefined;
  #client: Promise<ApiClient> | undefined;
  /** How to close each client made, with what it started (an in-process emulator). */
  readonly #releases = new Map<ApiClient, () => Promise<void>>();
  /** What each client made reaches (connection/reached.ts). */
  readonly #servers = new Map<ApiClient, ServerFacts>();
  readonly #cleanups: (() => Promise<void> | void)[] = [];
  /** The environment (or "Using the local emulator …") was named: a command that connects again (listen) says it once. */
  #named = false;
  /** Every key this session resolves or sends, removed from what leaves hire (redaction.ts). */
  readonly redactor: KeyRedactor;

  constructor(options: SessionOptions) {
    this.redactor = options.redactor ?? new KeyRedactor();
    this.env = options.env;
    this.#settings = options.settings;
    this.#messages = options.messages;
    this.#isStderrTTY = options.isStderrTTY;
    this.#beforeUndici = options.beforeUndici;
    this.#painter = options.painter;
  }

  async config(): Promise<ConfigFile> {
    if (!this.#config) {
      const { readConfig } = await import('./config/profiles.js');
      this.#config = readConfig(this.env);
    }
    return this.#config;
  }

  /** The profile in use, its key read from wherever it is kept (the system keychain, docs/profiles.md). */
  async profile(): Promise<ResolvedProfile> {
    if (!this.#profile) {
      const { withStoredKey } = await import('./config/keys.js');
      this.#profile = await withStoredKey(await this.selected(), this.env);
      this.redactor.add(this.#profile.apiKey);
    }
    return this.#profile;
  }

  /**
   * The profile in use as configured, without reading a key kept in the keychain: for commands that
   * need its name only (`auth logout` must work out which key to remove when the keychain is shut).
   */
  async selected(): Promise<ResolvedProfile> {
    if (this.#profile) return this.#profile;
    const { resolveProfile } = await import('./config/profiles.js');
    return resolveProfile({ flag: this.#settings().profile, env: this.env, config: await this.config() });
  }

  /**
   * For writes at a terminal on a production profile, the words that name it (" on production,
   * profile "prod""), so that no one writes to production by accident; otherwise "".
   */
  async whereWritten(): Promise<string> {
    const profile = await this.profile();
    return profile.environment === 'production' ? ` on production (profile "${profile.name}")` : '';
  }

  /** After a write, at a terminal: "Created job_x on production (profile "prod")." */
  async announceWrite(what: string): Promise<void> {
    const where = await this.whereWritten();
    if (where && this.#isStderrTTY) this.#messages.notice(`${what}${where}.`);
  }

  /** The profile's name if it was resolved already (for messages; never fails). */
  get profileName(): string | undefined {
    return this.#profile?.name;
  }

  /** Where the profile's key came from, if it was resolved already (hints name the real source). */
  get keySource(): ResolvedProfile['keySource'] | undefined {
    return this.#profile?.keySource;
  }

  /**
   * Names the environment and profile before anything is sent (the wizard, at its start), from
   * the profile alone: the address it names, the emulator if the profile says so. Once a session.
   */
  async nameEnvironment(): Promise<void> {
    const profile = await this.profile();
    const [{ targetEnvironment }, { declaredEmulator }, { reachedAt }] = await Promise.all([
      import('./config/profiles.js'),
      import('./connection/reached.js'),
      import('./commands/shared/address.js'),
    ]);
    const proof = declaredEmulator(profile);
    await this.#name(
      {
        profile: profile.name,
        environment: targetEnvironment(profile),
        baseUrl: await reachedAt(profile, this.env),
        fromEnv: profile.baseUrlSource === 'env',
        ...(proof ? { emulator: proof } : {}),
      },
      true,
    );
  }

  /**
   * Whether the server that answered the session's client is the emulator (connection/reached.ts):
   * never for a server HIRE_BASE_URL names unless it proved it, or said so in its answers.
   */
  async answeredByEmulator(): Promise<boolean> {
    const client = await this.api();
    const server = this.#servers.get(client);
    const { answersAsEmulator } = await import('./connection/reached.js');
    return server !== undefined && answersAsEmulator(server, client.answeredEnvironment);
  }

  /** What the session's client reaches (connection/reached.ts): its address, and how it is known to be the emulator. */
  async reached(): Promise<ServerFacts | undefined> {
    return this.#servers.get(await this.api());
  }

  /** The API client for the selected profile, reaching the local emulator if that is the target. */
  api(): Promise<ApiClient> {
    return (this.#client ??= this.profile().then((profile) => this.apiFor(profile)));
  }

  /**
   * Lets go of the API connection: its client, and the in-process emulator if one was started for
   * it (a long-running command must not hold the emulator's data dir). api() connects again.
   */
  async releaseApi(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (!client) return;
    const release = this.#releases.get(await client);
    this.#releases.delete(await client);
    this.#servers.delete(await client);
    await release?.();
  }

  /** Forgets the config read so far (after this command changed it). */
  configChanged(): void {
    this.#config = undefined;
    this.#profile = undefined;
  }

  onCleanup(cleanup: () => Promise<void> | void): void {
    this.#cleanups.push(cleanup);
  }

  async dispose(): Promise<void> {
    for (const cleanup of this.#cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch {
        // best effort: nothing left to report to
      }
    }
  }

  /** A client for any profile (auth status checks every one); closed when the session ends. */
  async apiFor(profile: ResolvedProfile, options: { quietNotice?: boolean } = {}): Promise<ApiClient> {
    const [{ connect }, { profileBook }] = await Promise.all([
      import('./connection/connect.js'),
      import('./config/learned.js'),
    ]);
    const settings = this.#settings();
    const messages = this.#messages;
    const connection = await connect(profile, {
      env: this.env,
      dataDir: dataDir(this.env),
      timeoutMs: settings.timeoutMs,
      maxRetries: settings.maxRetries,
      userAgent: `hire/${VERSION} node/${process.versions.node}`,
      notice: (message) => messages.notice(message),
      warn: (message, facts) => messages.warn(message, facts),
      book: profileBook(this.env),
      ...(settings.verbose ? { trace: (line: string) => messages.trace(line) } : {}),
      // Whatever the connection starts is closed at the latest when the session ends.
      onStarted: (release) => this.onCleanup(release),
      ...(this.#beforeUndici ? { beforeUndici: this.#beforeUndici } : {}),
    });
    this.#releases.set(connection.client, connection.release);
    // The key the client sends (a local profile's comes from the data dir, not the profile).
    this.redactor.join(connection.client.redactor);
    this.#servers.set(connection.client, connection.server);
    if (!options.quietNotice) await this.#name(connection.server, profile.explicit);
    return connection.client;
  }

  /**
   * The one place a command names where it works (docs/output.md "The environment line"): at a
   * terminal, `production · profile local · emulator at …`, the environment in colour; otherwise,
   * on the default profile's emulator, the "Using the local emulator …" line scripts have read.
   */
  async #name(server: ServerFacts, explicit: boolean): Promise<void> {
    if (this.#named) return;
    const { emulatorLine, environmentLine, paintEnvironment } = await import('./connection/reached.js');
    const messages = this.#messages;
    if (messages.namesEnvironment) {
      this.#named = true;
      const painter = await this.#painter?.();
      const styles = { production: painter?.yellow ?? plain, sandbox: painter?.cyan ?? plain };
      messages.notice(environmentLine(server, this.env.HOME), (text) =>
        paintEnvironment(text, server.environment, styles),
      );
      return;
    }
    const line = explicit ? undefined : emulatorLine(server, this.env.HOME);
    if (line) {
      this.#named = true;
      messages.notice(line);
    }
  }
}

const plain = (text: string): string => text;
