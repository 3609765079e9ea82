// What every command receives: io streams with their TTY flags, the environment, the global
// flags, and a lazily built API client. Commands never read process.* themselves.
import type { Readable, Writable } from 'node:stream';
// Only types and tiny modules are imported statically: config (zod), the API client (undici) and
// colour (chalk) load when a command first needs them.
import type { ApiClient } from './api/client.js';
import type { ConfigFile, ResolvedProfile } from './config/profiles.js';
import { dataDir, type Env } from './config/paths.js';
import { ExitCode } from './errors.js';
import type { Painter } from './output/paint.js';
import type { CommandOutput } from './output/output.js';
import { displayWidth, inert, inertLines } from './output/cells.js';
import { wrapProse } from './output/fit.js';
import { DEFAULT_SETTINGS, type Settings } from './settings.js';

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
  /** Terminal width, when stderr is a terminal (`hire … | head`: stdout piped, messages still wrapped). */
  stderrColumns?: number | undefined;
  /** Registers a handler for Ctrl-C / SIGTERM; returns the function that removes it. */
  onInterrupt(handler: (signal: 'SIGINT' | 'SIGTERM') => void): () => void;
  /**
   * The controlling terminal for reading an answer when stdin is a pipe (`… | hire candidates move
   * -`), or undefined when there is none; the caller destroys it. Absent: no terminal to open.
   */
  openTerminal?(): Promise<Readable | undefined>;
}

export class Context {
  readonly io: IO;
  readonly env: Env;
  /** Set by a command that ends without an error but not with 0 (a server stopped by Ctrl-C). */
  exitCode: ExitCode = ExitCode.ok;
  #settings: Settings = DEFAULT_SETTINGS;
  /** The global flags as typed, kept for reporting an error in them (--json with a bad --timeout). */
  #rawGlobals: Record<string, unknown> = {};
  #output: CommandOutput | undefined;
  /** Warnings said under machine output, for the error envelope's `warnings` (cli.ts). */
  readonly #warnings: string[] = [];
  /** A command that runs until stopped (a server, a tail): its lines for people stay, --json or not. */
  #streaming = false;
  #failure: { code: string; message: string } | undefined;
  #config: ConfigFile | undefined;
  #profile: ResolvedProfile | undefined;
  #client: Promise<ApiClient> | undefined;
  /** How to close each client made, with what it started (an in-process emulator). */
  readonly #releases = new Map<ApiClient, () => Promise<void>>();
  readonly #cleanups: (() => Promise<void> | void)[] = [];
  /** "Using the local emulator …" was said: a command that connects again (listen) says it once. */
  #emulatorAnnounced = false;
  readonly #painters = new Map<'stdout' | 'stderr', Promise<Painter>>();

  constructor(io: IO, env: Env) {
    this.io = io;
    this.env = env;
  }

  /** Reads the global flags once, before any command runs: `parse` checks them (commands/parse.ts). */
  applySettings(raw: Record<string, unknown>, parse: (raw: Record<string, unknown>) => Settings): void {
    this.#rawGlobals = raw;
    this.#settings = parse(raw);
    this.#output = undefined;
  }

  /** The global flags, parsed and frozen (defaults until they are read). */
  get settings(): Settings {
    return this.#settings;
  }

  /** Whether JSON was asked for, even when the flags did not parse (errors are then JSON too). */
  get wantsJson(): boolean {
    return this.#settings.format === 'json' || this.#rawGlobals.json === true || this.#rawGlobals.output === 'json';
  }

  /**
   * Machine output (--json, -o json|ndjson): stdout is the data, stderr nothing on success and the
   * error envelope on failure. Counted even when the flags did not parse, as wantsJson.
   */
  get machine(): boolean {
    return this.wantsJson || this.#settings.format === 'ndjson' || this.#rawGlobals.output === 'ndjson';
  }

  /** Lines for people stay off stderr: machine output, without -v, in a command that ends. */
  get #silent(): boolean {
    return this.machine && !this.#settings.verbose && !this.#streaming;
  }

  /**
   * For a command that runs until stopped (emulator start, webhooks listen, logs tail): it has no
   * success to keep stderr empty for, and people and scripts wait for its "listening" lines.
   */
  streaming(): void {
    this.#streaming = true;
    this.#output = undefined;
  }

  /**
   * Ends the command with `exitCode` after it printed its data (an import with rows that failed):
   * under machine output, cli.ts writes `{error: {code, message}}` on stderr as for a thrown error.
   */
  fail(exitCode: ExitCode, code: string, message: string): void {
    this.exitCode = exitCode;
    this.#failure = { code, message };
  }

  /** What fail() said, if it was called. */
  get failure(): { code: string; message: string } | undefined {
    return this.#failure;
  }

  /** The warnings said under machine output, in order (the error envelope carries them). */
  get warnings(): readonly string[] {
    return this.#warnings;
  }

  /** What output/ needs: streams, terminals, format, fields, colour. */
  get output(): CommandOutput {
    if (!this.#output) {
      const { io, settings } = this;
      this.#output = Object.freeze<CommandOutput>({
        stdout: io.stdout,
        stderr: io.stderr,
        isStdoutTTY: io.isStdoutTTY,
        isStderrTTY: io.isStderrTTY,
        columns: io.columns,
        format: settings.format,
        fields: settings.fields,
        csvRaw: settings.csvRaw,
        // No spinner and no progress under machine output either (unless -v).
        quiet: settings.quiet || this.#silent,
        painter: (stream: 'stdout' | 'stderr') => this.painter(stream),
        line: (text) => void io.stdout.write(`${text}\n`),
        raw: (text) => void io.stdout.write(text),
        notice: (message, style) => this.notice(message, style),
        note: (message) => this.note(message),
        warn: (message) => this.warn(message),
        say: (text) => this.say(text),
      });
    }
    return this.#output;
  }

  /**
   * Prompts only when someone is there: stdin and stderr (where prompts render) are a terminal,
   * not CI, not --no-input. stdout may be redirected: `hire jobs create --json > job.json`.
   */
  get canPrompt(): boolean {
    return this.io.isStdinTTY && this.io.isStderrTTY && !this.env.CI && this.#settings.input;
  }

  painter(stream: 'stdout' | 'stderr'): Promise<Painter> {
    let painter = this.#painters.get(stream);
    if (!painter) {
      const isTTY = stream === 'stdout' ? this.io.isStdoutTTY : this.io.isStderrTTY;
      painter = import('./output/paint.js').then(({ colourLevel, createPainter }) =>
        createPainter(colourLevel({ isTTY, flag: this.#settings.color, env: this.env })),
      );
      this.#painters.set(stream, painter);
    }
    return painter;
  }

  // The sinks for people (docs/output.md "Text from outside"): whatever a message quotes from a server, a file or argv,
  // no control character reaches the terminal; only the newlines of our own messages stay.

  /**
   * A line for people on stderr; silenced by --quiet, and by machine output unless -v (notices,
   * retry lines). `style` (a painter's colour) is applied after escaping.
   */
  notice(message: string, style?: (text: string) => string): void {
    if (this.#settings.quiet || this.#silent) return;
    const text = this.fitToTerminal(inertLines(message));
    this.io.stderr.write(`${style ? style(text) : text}\n`);
  }

  /** What a script should know too (a write reconciled after a lost answer): a notice, kept as a warning under machine output. */
  note(message: string): void {
    if (this.machine) this.#warnings.push(message);
    this.notice(message);
  }

  /** A warning on stderr, shown even with --quiet; under machine output kept for the error envelope (and shown with -v). */
  warn(message: string): void {
    if (this.machine) this.#warnings.push(message);
    if (this.#silent) return;
    this.io.stderr.write(`${this.fitToTerminal(`Warning: ${inertLines(message)}`)}\n`);
  }

  /** Lines for people on stderr as given (escaped by the caller), even with --quiet; not under machine output unless -v. */
  say(text: string): void {
    if (this.#silent) return;
    this.io.stderr.write(`${text}\n`);
  }

  /** At a terminal of known width, each line wrapped between words and `commands` (the terminal would cut inside one), keeping its indent. */
  fitToTerminal(text: string): string {
    const width = this.io.isStderrTTY ? (this.io.stderrColumns ?? this.io.columns) : undefined;
    if (!width || width < 20) return text;
    return text
      .split('\n')
      .flatMap((line) => {
        const indent = /^ */.exec(line)![0];
        return displayWidth(line) <= width
          ? [line]
          : wrapProse(line.slice(indent.length), width - indent.length).map((piece) => indent + piece);
      })
      .join('\n');
  }

  /** One line of a --verbose trace: a newline from a response body is escaped too. */
  trace(line: string): void {
    if (this.#settings.verbose) this.io.stderr.write(`${inert(line)}\n`);
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
      this.#profile = resolveProfile({ flag: this.#settings.profile, env: this.env, config: await this.config() });
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
    const { connect } = await import('./connection/connect.js');
    const { settings } = this;
    const connection = await connect(profile, {
      env: this.env,
      dataDir: dataDir(this.env),
      timeoutMs: settings.timeoutMs,
      maxRetries: settings.maxRetries,
      userAgent: `hire/${VERSION} node/${process.versions.node}`,
      announce: !profile.explicit && !options.quietNotice,
      notice: (message) => this.notice(message),
      announceEmulator: (message) => {
        if (this.#emulatorAnnounced) return;
        this.#emulatorAnnounced = true;
        this.notice(message);
      },
      warn: (message) => this.warn(message),
      ...(settings.verbose ? { trace: (line: string) => this.trace(line) } : {}),
      // Whatever the connection starts is closed at the latest when the command ends.
      onStarted: (release) => this.onCleanup(release),
    });
    this.#releases.set(connection.client, connection.release);
    return connection.client;
  }
}
