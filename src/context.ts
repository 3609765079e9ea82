// What every command receives (ARCHITECTURE.md "What every command receives"), in parts: `io`, the
// terminal (streams and their TTY flags); `messages`, the lines for people on stderr; `session`,
// the config, profile, API client and cleanups; `output`, where results go (only output/ reads the
// format); and the global flags as `settings`. Commands never read process.* themselves.
import type { Readable, Writable } from 'node:stream';
import type { Env } from './config/paths.js';
import { ExitCode } from './errors.js';
import { Messages } from './messages.js';
import { namesJson } from './output/formats.js';
import type { Painter } from './output/paint.js';
import type { CommandOutput, PagerSetup, ResultSink } from './output/output.js';
import { pagerCommand } from './output/pager.js';
import { KeyRedactor, redactingStream } from './redaction.js';
import { Session } from './session.js';
import { DEFAULT_SETTINGS, type Settings } from './settings.js';

export { VERSION } from './session.js';

export interface IO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  isStdinTTY: boolean;
  isStdoutTTY: boolean;
  isStderrTTY: boolean;
  /** Terminal width, when stdout is a terminal. */
  columns: number | undefined;
  /** Terminal height, when stdout is a terminal: longer output for people may page (docs/output.md "Pager"). */
  rows?: number | undefined;
  /** Terminal width, when stderr is a terminal (`hire … | head`: stdout piped, messages still wrapped). */
  stderrColumns?: number | undefined;
  /** Registers a handler for Ctrl-C / SIGTERM; returns the function that removes it. */
  onInterrupt(handler: (signal: 'SIGINT' | 'SIGTERM') => void): () => void;
  /**
   * The controlling terminal for reading an answer when stdin is a pipe (`… | hire candidates move
   * -`), or undefined when there is none; the caller destroys it. Absent: no terminal to open.
   */
  openTerminal?(): Promise<Readable | undefined>;
  /**
   * Called just before the API client loads undici (TLS, hosts other than loopback): what the
   * process sets for undici's WebAssembly HTTP parser (run() in cli.ts). The library never sets it:
   * an engine flag is the host program's to choose (ARCHITECTURE.md "The layers").
   */
  beforeUndici?(): void;
}

/** How a context is made besides its terminal: a session shared with others (MCP), settings known already, a sink for results. */
export interface ContextOptions {
  /** The session to use (`hire mcp`: one for all its calls); a new one when absent. */
  session?: Session;
  /** The global flags, when known already (an MCP call); otherwise read by applySettings. */
  settings?: Settings;
  /** Results go here as objects rather than onto stdout (docs/mcp.md). */
  sink?: ResultSink;
}

export class Context {
  readonly io: IO;
  readonly env: Env;
  /** The lines for people on stderr, and the warnings kept for scripts. */
  readonly messages: Messages;
  /** The config, profile, API client and cleanups. */
  readonly session: Session;
  /** Set by a command that ends without an error but not with 0 (a server stopped by Ctrl-C). */
  exitCode: ExitCode = ExitCode.ok;
  #settings: Settings;
  /** The global flags as typed, kept for reporting an error in them (--json with a bad --timeout). */
  #rawGlobals: Record<string, unknown> = {};
  #output: CommandOutput | undefined;
  readonly #sink: ResultSink | undefined;
  /** A command that runs until stopped (a server, a tail): its lines for people stay, --json or not. */
  #streaming = false;
  /** A command that only reads may page its output (invoke.ts); one that writes or asks never does. */
  #pageable = false;
  #failure: { code: string; message: string } | undefined;
  readonly #painters = new Map<'stdout' | 'stderr', Promise<Painter>>();

  constructor(io: IO, env: Env, options: ContextOptions = {}) {
    // Everything written to stdout and stderr passes the session's keys' redaction (redaction.ts).
    const redactor = options.session?.redactor ?? new KeyRedactor();
    this.io = redactedIO(io, redactor);
    this.env = env;
    this.#settings = options.settings ?? DEFAULT_SETTINGS;
    this.#sink = options.sink;
    this.messages = new Messages(
      this.io,
      () => ({
        quiet: this.#settings.quiet,
        verbose: this.#settings.verbose,
        machine: this.machine,
        streaming: this.#streaming,
      }),
      (text) => redactor.text(text),
    );
    this.session =
      options.session ??
      new Session({
        env,
        settings: () => this.#settings,
        messages: this.messages,
        isStderrTTY: io.isStderrTTY,
        ...(io.beforeUndici ? { beforeUndici: () => io.beforeUndici?.() } : {}),
        redactor,
        painter: () => this.painter('stderr'),
      });
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
    return this.#settings.format === 'json' || namesJson(this.#rawGlobals);
  }

  /**
   * Machine output (--json, -o json|ndjson): stdout is the data, stderr nothing on success and the
   * error envelope on failure. Counted even when the flags did not parse, as wantsJson.
   */
  get machine(): boolean {
    return this.wantsJson || this.#settings.format === 'ndjson' || this.#rawGlobals.output === 'ndjson';
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
   * For a command that only reads (a list, a detail view): its output for people may go through
   * the pager. Commands that write, and so the wizard and every confirmation, never page.
   */
  pageable(): void {
    this.#pageable = true;
    this.#output = undefined;
  }

  /**
   * The pager, when this command's output may page (docs/output.md "Pager"): stdout a terminal of
   * known height, the table format, results for people, no --no-pager, and a pager chosen.
   */
  #pager(): PagerSetup | undefined {
    const { io, settings } = this;
    const rows = io.rows;
    if (!this.#pageable || this.#streaming || this.#sink || !io.isStdoutTTY || !rows || rows < 2) return undefined;
    if (!settings.pager || settings.format !== 'table') return undefined;
    const chosen = pagerCommand(this.env);
    if (!chosen) return undefined;
    return Object.freeze({
      ...chosen,
      rows,
      // While the pager runs, Ctrl-C is its own: hire must not die under it and leave the terminal to it.
      holdInterrupts: () => io.onInterrupt(() => undefined),
    });
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

  /** Where results go, and what output/ needs to render them: streams, terminals, format, fields, colour. */
  get output(): CommandOutput {
    if (!this.#output) {
      const { io, settings, messages } = this;
      const sink = this.#sink;
      const pager = this.#pager();
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
        quiet: settings.quiet || messages.silent,
        ...(sink ? { sink } : {}),
        ...(pager ? { pager } : {}),
        painter: (stream: 'stdout' | 'stderr') => this.painter(stream),
        line: sink ? (text) => sink.text(`${text}\n`) : (text) => void io.stdout.write(`${text}\n`),
        raw: sink ? (text) => sink.text(text) : (text) => void io.stdout.write(text),
        notice: (message, style) => messages.notice(message, style),
        note: (message, facts) => messages.note(message, facts),
        warn: (message, facts) => messages.warn(message, facts),
        say: (text) => messages.say(text),
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
}

/** `io` with its stdout and stderr redacted; the rest (stdin, read when asked, and the TTY flags) as given. */
function redactedIO(io: IO, redactor: KeyRedactor): IO {
  const redacted = Object.defineProperties({}, Object.getOwnPropertyDescriptors(io)) as IO;
  redacted.stdout = redactingStream(io.stdout, redactor);
  redacted.stderr = redactingStream(io.stderr, redactor);
  return redacted;
}
