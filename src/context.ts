// What every command receives: io streams with their TTY flags, the environment, the global
// flags, and a lazily built API client. Commands never read process.* themselves.
import type { Readable, Writable } from 'node:stream';
// Only types and tiny modules are imported statically: config (zod), the API client (undici) and
// colour (chalk) load when a command first needs them.
import type { ApiClient } from './api/client.js';
import type { BaseUrl } from './api/base-url.js';
import type { ConfigFile, ResolvedProfile } from './config/profiles.js';
import { dataDir, type Env } from './config/paths.js';
import { AuthError, ExitCode, HireError, UsageError } from './errors.js';
import type { Painter } from './output/paint.js';
import { OUTPUT_FORMATS, type OutputFormat } from './output/formats.js';
import { inert, inertLines } from './output/cells.js';

export const VERSION: string = typeof __HIRE_VERSION__ === 'string' ? __HIRE_VERSION__ : '0.0.0-dev';

export interface IO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  isStdinTTY: boolean;
  isStdoutTTY: boolean;
  isStderrTTY: boolean;
  /** Terminal width, when stdout is a terminal. */
  columns: number | undefined;
  /** Registers a handler for Ctrl-C / SIGTERM; returns the function that removes it. */
  onInterrupt(handler: (signal: 'SIGINT' | 'SIGTERM') => void): () => void;
}

/** Global flags of CONTRACT §3, as parsed by commander. */
export interface GlobalOptions {
  profile?: string;
  json?: boolean;
  output?: string;
  fields?: string;
  /** -o csv writes cells as received, without neutralising formulas (CONTRACT §7). */
  csvRaw?: boolean;
  color: boolean;
  quiet?: boolean;
  verbose?: boolean;
  timeout: string;
  maxRetries: string;
  yes?: boolean;
  input: boolean;
}

const DEFAULT_GLOBALS: GlobalOptions = { color: true, input: true, timeout: '30', maxRetries: '3' };

export class Context {
  readonly io: IO;
  readonly env: Env;
  /** Set by a command that ends without an error but not with 0 (a server stopped by Ctrl-C). */
  exitCode: ExitCode = ExitCode.ok;
  #globals: GlobalOptions = DEFAULT_GLOBALS;
  #config: ConfigFile | undefined;
  #profile: ResolvedProfile | undefined;
  #client: Promise<ApiClient> | undefined;
  /** How to close each client made, with what it started (an in-process emulator). */
  readonly #releases = new Map<ApiClient, () => Promise<void>>();
  readonly #cleanups: (() => Promise<void> | void)[] = [];
  readonly #painters = new Map<'stdout' | 'stderr', Promise<Painter>>();

  constructor(io: IO, env: Env) {
    this.io = io;
    this.env = env;
  }

  setGlobals(globals: GlobalOptions): void {
    this.#globals = globals;
  }

  get globals(): GlobalOptions {
    return this.#globals;
  }

  get outputFormat(): OutputFormat {
    const { json, output } = this.#globals;
    if (output !== undefined && !OUTPUT_FORMATS.includes(output as OutputFormat)) {
      throw new UsageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')} (got "${output}").`);
    }
    if (json && output !== undefined && output !== 'json') {
      throw new UsageError(`--json and --output ${output} disagree; pass one of them.`);
    }
    return json ? 'json' : ((output as OutputFormat | undefined) ?? 'table');
  }

  /** --fields as a list, or undefined. */
  get fields(): string[] | undefined {
    const raw = this.#globals.fields;
    if (raw === undefined) return undefined;
    const fields = raw
      .split(',')
      .map((field) => field.trim())
      .filter((field) => field !== '');
    if (fields.length === 0) throw new UsageError('--fields needs at least one field name, such as --fields id,title.');
    return fields;
  }

  get quiet(): boolean {
    return this.#globals.quiet === true;
  }

  get timeoutMs(): number {
    // A request unanswered for a day is hung; the bound also stays far below setTimeout's
    // 2^31-1 ms (about 24.8 days), beyond which every request timed out at once.
    const max = 86_400;
    const raw = this.#globals.timeout;
    const seconds = /^(\d+(\.\d*)?|\.\d+)$/.test(raw.trim()) ? Number(raw) : Number.NaN;
    if (!(seconds > 0 && seconds <= max)) {
      throw new UsageError(`--timeout must be a number of seconds above 0 and at most ${max}, one day (got "${raw}").`);
    }
    return seconds * 1000;
  }

  get maxRetries(): number {
    // Each retry waits up to 8 s (a 429 up to 60 s): 100 already span minutes to over an hour;
    // a larger number is a typo, or a wish to retry forever.
    const max = 100;
    const raw = this.#globals.maxRetries;
    const retries = /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
    if (!(retries >= 0 && retries <= max)) {
      throw new UsageError(`--max-retries must be a whole number from 0 to ${max} (got "${raw}").`);
    }
    return retries;
  }

  /**
   * Prompts only when someone is there: stdin and stderr (where prompts render) are a terminal,
   * not CI, not --no-input. stdout may be redirected: `hire jobs create --json > job.json`.
   */
  get canPrompt(): boolean {
    return this.io.isStdinTTY && this.io.isStderrTTY && !this.env.CI && this.#globals.input;
  }

  painter(stream: 'stdout' | 'stderr'): Promise<Painter> {
    let painter = this.#painters.get(stream);
    if (!painter) {
      const isTTY = stream === 'stdout' ? this.io.isStdoutTTY : this.io.isStderrTTY;
      painter = import('./output/paint.js').then(({ colourLevel, createPainter }) =>
        createPainter(colourLevel({ isTTY, flag: this.#globals.color, env: this.env })),
      );
      this.#painters.set(stream, painter);
    }
    return painter;
  }

  // The sinks for people (CONTRACT §7): whatever a message quotes from a server, a file or argv,
  // no control character reaches the terminal; only the newlines of our own messages stay.

  /** A line for people on stderr; silenced by --quiet. `style` (a painter's colour) is applied after escaping. */
  notice(message: string, style?: (text: string) => string): void {
    if (this.quiet) return;
    const text = inertLines(message);
    this.io.stderr.write(`${style ? style(text) : text}\n`);
  }

  /** A warning on stderr; shown even with --quiet. */
  warn(message: string): void {
    this.io.stderr.write(`Warning: ${inertLines(message)}\n`);
  }

  /** One line of a --verbose trace: a newline from a response body is escaped too. */
  trace(line: string): void {
    if (this.#globals.verbose) this.io.stderr.write(`${inert(line)}\n`);
  }

  async config(): Promise<ConfigFile> {
    if (!this.#config) {
      const { readConfig } = await import('./config/profiles.js');
      this.#config = readConfig(this.env);
    }
    return this.#config;
  }

  async profile(): Promise<ResolvedProfile> {
    if (!this.#profile) {
      const { resolveProfile } = await import('./config/profiles.js');
      this.#profile = resolveProfile({ flag: this.#globals.profile, env: this.env, config: await this.config() });
    }
    return this.#profile;
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
    if (where && this.io.isStderrTTY) this.notice(`${what}${where}.`);
  }

  /** The profile's name if it was resolved already (for messages; never fails). */
  get profileName(): string | undefined {
    return this.#profile?.name;
  }

  /** Where the profile's key came from, if it was resolved already (hints name the real source). */
  get keySource(): ResolvedProfile['keySource'] | undefined {
    return this.#profile?.keySource;
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

  /** A client for any profile (auth status checks every one); closed when the command ends. */
  async apiFor(profile: ResolvedProfile, options: { quietNotice?: boolean } = {}): Promise<ApiClient> {
    const { resolveBaseUrl, isLoopbackHost } = await import('./api/base-url.js');
    // Whatever this connection starts is closed by release(), at the latest when the command ends.
    const closers: (() => Promise<void>)[] = [];
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      for (const close of closers.reverse()) await close();
    };
    this.onCleanup(release);
    const source = profile.baseUrlSource === 'env' ? 'HIRE_BASE_URL' : `base URL of profile "${profile.name}"`;
    let baseUrl: BaseUrl = resolveBaseUrl(profile.baseUrl, source);
    const timeoutMs = this.timeoutMs;
    const maxRetries = this.maxRetries;
    const target = new URL(baseUrl.href);
    const local = profile.environment === 'local' && isLoopbackHost(target.hostname);
    let apiKey = profile.apiKey;
    // The data dir's own key: the local profile's, and what a standing emulator must prove it has.
    let localKey: string | undefined;
    if (local) {
      const { ensureLocalKey } = await import('./emulator/local-key.js');
      localKey = ensureLocalKey(dataDir(this.env));
      apiKey ??= localKey;
    }
    if (!apiKey) {
      throw new AuthError(
        `No API key for profile "${profile.name}".`,
        `Run \`hire auth login --profile ${profile.name}\`, or set HIRE_API_KEY.`,
      );
    }
    // CONTRACT §2: with HIRE_BASE_URL the server is used as it is, never an in-process emulator.
    if (local && localKey && profile.baseUrlSource !== 'env') {
      const { connectLocalEmulator } = await import('./emulator/embedded.js');
      const dir = dataDir(this.env);
      const emulator = await connectLocalEmulator({ address: target, dataDir: dir, localKey }).catch((error: unknown) => {
        // Data the emulator cannot read (not a database, a newer schema, a corrupt first-format file).
        if (error instanceof Error && error.name === 'StoreError') throw new HireError(error.message, { exitCode: ExitCode.failure, code: 'emulator_data' });
        throw error;
      });
      closers.push(emulator.close);
      if (emulator.origin !== target.origin) baseUrl = { ...baseUrl, href: emulator.origin + target.pathname };
      if (emulator.migrated) this.notice(emulator.migrated);
      if (emulator.foreign) {
        this.notice(`Something other than this data dir's emulator answers at ${emulator.foreign}; it was sent nothing.`);
      }
      if (!profile.explicit && !options.quietNotice) {
        this.notice(
          emulator.mode === 'embedded'
            ? `Using the local emulator in-process (data in ${dir}); \`hire emulator start\` keeps one running.`
            : `Using the local emulator at ${emulator.origin}.`,
        );
      }
    }
    const { ApiClient } = await import('./api/client.js');
    const client = await ApiClient.create({
      baseUrl,
      apiKey,
      apiKeySource: profile.keySource === 'env' ? { env: 'HIRE_API_KEY' } : { profile: profile.name },
      timeoutMs,
      maxRetries,
      env: this.env,
      userAgent: `hire/${VERSION} node/${process.versions.node}`,
      onWarning: (message) => this.warn(message),
      onRetry: (message) => this.notice(message),
      ...(this.#globals.verbose ? { onTrace: (line: string) => this.trace(line) } : {}),
    });
    closers.push(() => client.close());
    this.#releases.set(client, release);
    return client;
  }
}
