// The global flags (docs/commands.md), declared like a command's: help, completion and their check
// come from here; what they are parsed into is settings.ts.
import { OUTPUT_FORMATS } from '../output/formats.js';
import { MAX_TIMEOUT_SECONDS } from '../settings.js';
import { flag } from './define.js';

export const GLOBAL_FLAGS = {
  profile: flag.string({
    short: '-p',
    value: 'name',
    help: 'profile to use (default: the saved default, else "local")',
    complete: 'profiles',
  }),
  json: flag.boolean({ help: "print the result as JSON (the API response's data)" }),
  output: flag.enum(OUTPUT_FORMATS, { short: '-o', value: 'format', help: 'output format' }),
  fields: flag.string({ value: 'list', help: 'fields to show, in order (comma-separated); also sent to the API' }),
  csvRaw: flag.boolean({
    help: "with -o csv, write cells as they are, for data that must stay exact (by default, cells starting with = + - @, TAB or CR get a leading ' against formula injection)",
  }),
  color: flag.boolean({ negate: true, help: 'no colour in output' }),
  quiet: flag.boolean({ short: '-q', help: 'print only results and errors' }),
  verbose: flag.boolean({ short: '-v', help: 'trace requests and responses on stderr (the key is redacted)' }),
  timeout: flag.number({
    value: 'seconds',
    help: 'request timeout in seconds',
    default: '30',
    above: 0,
    max: MAX_TIMEOUT_SECONDS,
    message: `--timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, one day (got "{value}").`,
  }),
  // Each retry waits up to 8 s (a 429 up to 60 s): 100 already span minutes to over an hour.
  maxRetries: flag.number({
    value: 'n',
    help: 'retries for rate limits and transient failures',
    default: '3',
    integer: true,
    min: 0,
    max: 100,
  }),
  yes: flag.boolean({ short: '-y', help: 'answer yes to confirmations' }),
  input: flag.boolean({ negate: true, help: 'never prompt' }),
  pager: flag.boolean({
    negate: true,
    help: 'never send long output through a pager (HIRE_PAGER, PAGER or less) at a terminal',
  }),
};
