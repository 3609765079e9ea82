// What output/ needs to print, and nothing more (not the whole context): the streams and whether
// they are terminals, the terminal's width, the format and fields asked for, and colour.
import type { Writable } from 'node:stream';
import type { OutputFormat } from './formats.js';
import type { Painter } from './paint.js';

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
  /** Colours for a stream (none when it is no terminal, with --no-color or NO_COLOR). */
  painter(stream: 'stdout' | 'stderr'): Promise<Painter>;
}
