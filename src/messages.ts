// The lines for people on stderr (`ctx.messages`): notices, notes, warnings, `say` and the --verbose
// trace, and every warning and note kept in one collector (warnings.ts) for scripts. What is shown
// depends on the mode (quiet, verbose, machine output, a command that runs until stopped), read at each line.
import type { Writable } from 'node:stream';
import { displayWidth, inert, inertLines } from './output/cells.js';
import { commandLines } from './output/command-lines.js';
import { wrapProse } from './output/fit.js';
import { WarningLog, type WarningFacts } from './warnings.js';

/** Where the lines go: stderr, whether it is a terminal, and its width. */
export interface MessageStream {
  readonly stderr: Writable;
  readonly isStderrTTY: boolean;
  readonly columns: number | undefined;
  readonly stderrColumns?: number | undefined;
}

/** What decides whether a line is shown, as it is now (the global flags are read after the start). */
export interface MessageMode {
  /** --quiet. */
  quiet: boolean;
  /** -v: lines for people and the trace, even under machine output. */
  verbose: boolean;
  /** Machine output (--json, -o json|ndjson): stderr stays empty on success. */
  machine: boolean;
  /** A command that runs until stopped: its lines for people stay, machine output or not. */
  streaming: boolean;
}

export class Messages {
  readonly #stream: MessageStream;
  readonly #mode: () => MessageMode;
  /** The key's redaction (redaction.ts), before a line is wrapped: a key cut in two would not be found. */
  readonly #redact: (text: string) => string;
  /**
   * Every warning and note said, with its code and facts: what a script reads of them is decided
   * where the run ends (cli.ts, mcp/serve.ts), not here.
   */
  readonly warnings = new WarningLog();

  constructor(stream: MessageStream, mode: () => MessageMode, redact: (text: string) => string = (text) => text) {
    this.#stream = stream;
    this.#mode = mode;
    this.#redact = redact;
  }

  /** Lines for people stay off stderr: machine output, without -v, in a command that ends. */
  get silent(): boolean {
    const mode = this.#mode();
    return mode.machine && !mode.verbose && !mode.streaming;
  }

  /**
   * Whether the line naming the environment and profile is shown (docs/output.md "The environment
   * line"): for a person at a terminal only; never under --quiet or machine output, whatever -v says.
   */
  get namesEnvironment(): boolean {
    const mode = this.#mode();
    return this.#stream.isStderrTTY && !mode.quiet && !mode.machine;
  }

  // The sinks for people (docs/output.md "Text from outside"): whatever a message quotes from a server, a file or argv,
  // no control character reaches the terminal; only the newlines of our own messages stay.

  /**
   * A line for people on stderr; silenced by --quiet, and by machine output unless -v (notices,
   * retry lines). `style` (a painter's colour) is applied after escaping.
   */
  notice(message: string, style?: (text: string) => string): void {
    if (this.#mode().quiet || this.silent) return;
    const text = this.fitToTerminal(inertLines(message));
    this.#stream.stderr.write(`${style ? style(text) : text}\n`);
  }

  /**
   * What a script should know too (a write reconciled after a lost answer): a notice for people, and
   * a warning kept with its `code` and facts (a plain `warning` without them).
   */
  note(message: string, facts?: WarningFacts): void {
    this.warnings.add(message, facts);
    this.notice(message);
  }

  /** A warning on stderr, shown even with --quiet (not under machine output unless -v); kept with its `code` and facts. */
  warn(message: string, facts?: WarningFacts): void {
    this.warnings.add(message, facts);
    if (this.silent) return;
    this.#stream.stderr.write(`${this.fitToTerminal(`Warning: ${inertLines(message)}`)}\n`);
  }

  /** Lines for people on stderr as given (escaped by the caller), even with --quiet; not under machine output unless -v. */
  say(text: string): void {
    if (this.silent) return;
    this.#stream.stderr.write(`${text}\n`);
  }

  /** One line of a --verbose trace: a newline from a response body is escaped too. */
  trace(line: string): void {
    if (this.#mode().verbose) this.#stream.stderr.write(`${inert(line)}\n`);
  }

  /**
   * At a terminal of known width, each line wrapped between words and `commands` (the terminal would cut inside one),
   * keeping its indent. A line that is one `hire …` command by itself (the wizard's next steps) is laid out as a
   * command: whole when it fits, else broken between arguments and continued with ` \` (docs/output.md "Suggested
   * commands"), so that the lines copied together run it.
   */
  fitToTerminal(raw: string): string {
    const stream = this.#stream;
    const width = stream.isStderrTTY ? (stream.stderrColumns ?? stream.columns) : undefined;
    if (!width || width < 20) return raw;
    return this.#redact(raw)
      .split('\n')
      .flatMap((line) => {
        const indent = /^ */.exec(line)![0];
        if (displayWidth(line) <= width) return [line];
        const room = width - indent.length;
        const rest = line.slice(indent.length);
        return (rest.startsWith('hire ') ? commandLines(rest, room) : wrapProse(rest, room)).map(
          (piece) => indent + piece,
        );
      })
      .join('\n');
  }
}
