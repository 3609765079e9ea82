// main(argv, io, env) → exit code. The only place that turns errors into exit codes, and run()
// the only place that touches the process (STYLE.md, "Only the entry exits").
import { isatty } from 'node:tty';
import { CommanderError } from 'commander';
import { Context, type IO } from './context.js';
import { ApiError, ExitCode, HireError, MAX_WAIT_SECONDS, ValidationError } from './errors.js';
import { buildProgram } from './program.js';
import type { Env } from './config/paths.js';

export async function main(argv: readonly string[], io: IO, env: Env): Promise<number> {
  const ctx = new Context(io, env);
  const program = buildProgram(ctx);
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return ExitCode.ok;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return ctx.exitCode;
  } catch (error) {
    return await reportError(ctx, error);
  } finally {
    await ctx.dispose();
  }
}

async function reportError(ctx: Context, error: unknown): Promise<number> {
  if (error instanceof CommanderError) {
    // commander has printed its message (or the help / version) already.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
      return ExitCode.ok;
    }
    return ExitCode.usage;
  }
  const stderr = ctx.io.stderr;
  if (!(error instanceof HireError)) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`Error: unexpected failure: ${message}\n`);
    if (ctx.globals.verbose && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
    else stderr.write('Run again with --verbose for details.\n');
    return ExitCode.failure;
  }
  if (wantsJson(ctx)) {
    stderr.write(`${JSON.stringify(errorEnvelope(error), null, 2)}\n`);
    return error.exitCode;
  }
  const paint = await ctx.painter('stderr');
  if (error.exitCode === ExitCode.interrupted) {
    stderr.write(`${error.message}\n`);
    return error.exitCode;
  }
  if (error.message) {
    const where = error instanceof ApiError ? ` (${error.code}, HTTP ${error.status})` : '';
    stderr.write(`${paint.red('Error:')} ${error.message}${where}\n`);
  }
  if (error.details) {
    const label = error instanceof ValidationError ? error.labelField : (field: string) => field;
    for (const [field, message] of Object.entries(error.details)) stderr.write(`  ${paint.bold(label(field))}: ${message}\n`);
  }
  if (error instanceof ApiError && error.requestId) stderr.write(`Request ID: ${error.requestId}\n`);
  const hint = error.hint ?? (error instanceof ApiError ? hintFor(ctx, error) : undefined);
  if (hint) stderr.write(`${paint.dim(hint)}\n`);
  if (ctx.globals.verbose && error.cause instanceof Error && error.cause.stack) stderr.write(`${error.cause.stack}\n`);
  return error.exitCode;
}

function wantsJson(ctx: Context): boolean {
  try {
    return ctx.outputFormat === 'json';
  } catch {
    return false;
  }
}

/** CONTRACT §4: with --json the error goes to stderr as the spec's error envelope. */
function errorEnvelope(error: HireError): unknown {
  if (error instanceof ApiError && isEnvelope(error.body)) return error.body;
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details) body.details = error.details;
  if (error instanceof ApiError) {
    body.status = error.status;
    return { error: body, ...(error.requestId ? { meta: { request_id: error.requestId } } : {}) };
  }
  return { error: body };
}

function isEnvelope(body: unknown): boolean {
  return body !== null && typeof body === 'object' && 'error' in body;
}

function hintFor(ctx: Context, error: ApiError): string | undefined {
  const profile = ctx.profileName ?? 'NAME';
  if (error.code === 'key_expired') return `The key of profile "${profile}" has expired: \`hire auth login --profile ${profile}\` stores a new one.`;
  if (error.status === 401) return `Check the key with \`hire auth status --profile ${profile}\`, or store a new one with \`hire auth login --profile ${profile}\`.`;
  if (error.status === 403) return `The key of profile "${profile}" lacks the permission level for this operation.`;
  if (error.status === 413) return 'The request is larger than the server accepts; shorten the longest fields (a description of many pages, say) and send it again.';
  if (error.status === 429) {
    const wait = error.retryAfterSeconds;
    // The client gives up at once when asked to wait longer than it will.
    if (wait !== undefined && wait > MAX_WAIT_SECONDS) return `The server asks to wait ${wait} s before trying again, longer than hire waits (${MAX_WAIT_SECONDS} s). Try again later.`;
    const asked = wait === undefined ? '' : ` The server asks to wait ${wait} s.`;
    return `Rate limited after ${ctx.maxRetries} retries.${asked} Try again later; --max-retries sets how often hire retries.`;
  }
  return undefined;
}

/** The process entry used by bin/hire.js. */
export async function run(): Promise<void> {
  // A closed pipe (`hire jobs list | head -1`) is a normal end, not a crash.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  const io: IO = {
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    isStdinTTY: isatty(0),
    isStdoutTTY: isatty(1),
    isStderrTTY: isatty(2),
    columns: process.stdout.columns,
    onInterrupt(handler) {
      const onInt = () => handler('SIGINT');
      const onTerm = () => handler('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
      return () => {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
      };
    },
  };
  process.exitCode = await main(process.argv.slice(2), io, process.env);
}
