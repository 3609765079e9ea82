// The settings the global flags (commands/global-flags.ts) are parsed into once, frozen, before
// any command runs (commands/parse.ts): a bad --timeout is an error even where no request is sent.
import type { OutputFormat } from './output/formats.js';

/** A request unanswered for a day is hung; the bound also stays far below setTimeout's 2^31-1 ms. */
export const MAX_TIMEOUT_SECONDS = 86_400;

export interface Settings {
  readonly profile: string | undefined;
  readonly format: OutputFormat;
  /** --fields as a list. */
  readonly fields: readonly string[] | undefined;
  /** -o csv writes cells as received, without neutralising formulas (docs/output.md "CSV"). */
  readonly csvRaw: boolean;
  /** false with --no-color. */
  readonly color: boolean;
  readonly quiet: boolean;
  readonly verbose: boolean;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly yes: boolean;
  /** false with --no-input. */
  readonly input: boolean;
  /** false with --no-pager (docs/output.md "Pager"). */
  readonly pager: boolean;
}

/** Before the flags are read (and when they could not be): what no flag means. */
export const DEFAULT_SETTINGS: Settings = Object.freeze({
  profile: undefined,
  format: 'table',
  fields: undefined,
  csvRaw: false,
  color: true,
  quiet: false,
  verbose: false,
  timeoutMs: 30_000,
  maxRetries: 3,
  yes: false,
  input: true,
  pager: true,
});
