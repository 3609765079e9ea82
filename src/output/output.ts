// What output/ needs to print, and nothing more (not the whole context): the streams and whether
// they are terminals, the terminal's width, the format and fields asked for, and colour.
import type { Writable } from 'node:stream';
import type { OutputFormat } from './formats.js';
import type { Painter } from './paint.js';
import type { WarningFacts } from '../warnings.js';

export interface Output {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly isStdoutTTY: boolean;
  readonly isStderrTTY: boolean;
  /** The terminal's width, when stdout is one. */
  readonly columns: number | undefined;
  readonly format: OutputFormat;
  /** --fields: the columns or keys to print, in order. */
  readonly fields: readonly string[] | undefined;
  /** -o csv without formula neutralising (docs/output.md "CSV"). */
  readonly csvRaw: boolean;
  /** --quiet: no spinner, no progress. */
  readonly quiet: boolean;
  /** The clock for relative times ("3 min ago"); Date.now when absent (tests set it). */
  readonly now?: () => number;
  /** Where long text for people goes (docs/output.md "Pager"); absent: never paged. */
  readonly pager?: PagerSetup;
  /** Results as objects rather than text on stdout (an MCP call); absent for the CLI. */
  readonly sink?: ResultSink;
  /** Colours for a stream (none when it is no terminal, with --no-color or NO_COLOR). */
  painter(stream: 'stdout' | 'stderr'): Promise<Painter>;
}

/**
 * What a command prints through (`ctx.output`): the renderers' Output, and single lines for data
 * (stdout) and for people (stderr). Under machine output (--json, -o json|ndjson) the lines for
 * people stay off stderr unless -v (README "Output"); warnings are kept for scripts (docs/output.md "Warnings").
 */
export interface CommandOutput extends Output {
  /** A line of data on stdout, as given (the caller escapes what it quotes). */
  line(text: string): void;
  /** Data on stdout exactly as given, no newline added (a CSV body, a block already rendered). */
  raw(text: string): void;
  /** A line for people on stderr, escaped; silenced by --quiet. `style` is applied after escaping. */
  notice(message: string, style?: (text: string) => string): void;
  /** What a script should know too (a write reconciled after a lost answer): a notice, and a warning for scripts. */
  note(message: string, facts?: WarningFacts): void;
  /** "Warning: …" on stderr, escaped, even with --quiet; under machine output, a warning for scripts alone. */
  warn(message: string, facts?: WarningFacts): void;
  /** Lines for people on stderr as given (escaped by the caller), a newline added; even with --quiet. */
  say(text: string): void;
}

/**
 * Where results go instead of stdout when the caller wants objects (the MCP server): the records a
 * command hands to printList, printPages, printRecord or printDocument, as objects, and any other
 * data as text. The CLI has none: its results are rendered onto stdout.
 */
export interface ResultSink {
  data(value: unknown): void;
  text(text: string): void;
  /** The body of a failure a command printed rather than threw (`hire api` on a 4xx): the server's envelope, or its text. */
  failure(body: unknown): void;
}

/** What the context decided: the command to page through, and what running it needs. */
export interface PagerSetup {
  /** The pager's command line, as the user wrote it (split on spaces, or run by sh when it needs one). */
  readonly command: string;
  /** The environment the pager runs with (LESS set to FRX when the user has none). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The terminal's height: output with at least this many lines pages. */
  readonly rows: number;
  /** Holds Ctrl-C for the pager's life (less reads it itself); returns the release. */
  holdInterrupts(): () => void;
}
