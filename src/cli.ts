// main(argv, io, env) → exit code. The only place that turns errors into exit codes, and run()
// the only place that touches the process (ARCHITECTURE.md "Walls").
import { isatty } from 'node:tty';
import { CommanderError } from 'commander';
import { Context, type IO } from './context.js';
import { ApiError, ExitCode, HireError, MAX_WAIT_SECONDS, ValidationError } from './errors.js';
import { inert, inertJson, inertLines } from './output/cells.js';
import { COMMANDS, NOUNS, ROOT, ROOT_HELP_AFTER, loadManifest } from './program.js';
import type { Registry } from './commands/define.js';
import { offerCatalogue } from './commands/catalogue.js';
import { commandTree } from './commands/manifest.js';
import { commandText } from './commands/suggest.js';
import { buildCommander, CommandLineError, named } from './commands/tree.js';
import type { Env } from './config/paths.js';
import { errorEnvelope, withWarnings } from './output/error-envelope.js';
import { plural } from './output/plural.js';

/** The commander program of `registry`; `argv`, when given, starts loading the command it names. */
export async function buildProgram(ctx: Context, registry: Registry = COMMANDS, argv: readonly string[] = []) {
  const tree = commandTree(ROOT, NOUNS, await loadManifest(registry));
  // The commands, for `hire mcp`, which offers them as tools (commands/catalogue.ts).
  offerCatalogue(ctx, { registry, tree });
  // The command's code and the options parser load while commander reads argv (a hint: a wrong
  // guess costs nothing but the load).
  const leaf = named(tree, argv);
  if (leaf?.command) {
    registry[leaf.command.index]!().catch(() => undefined);
    import('./commands/parse.js').catch(() => undefined);
  }
  return buildCommander(ctx, registry, tree, ROOT_HELP_AFTER, argv);
}

/** `registry`: the commands (program.ts's by default; tests add one). */
export async function main(argv: readonly string[], io: IO, env: Env, registry: Registry = COMMANDS): Promise<number> {
  const ctx = new Context(io, env);
  try {
    // What the completion scripts call at every Tab: answered from the manifest, without commander.
    if (argv[0] === '__complete') {
      const { completeWords } = await import('./completion/complete.js');
      await completeWords(ctx, argv.slice(argv[1] === '--' ? 2 : 1), registry);
      return ExitCode.ok;
    }
    const program = await buildProgram(ctx, registry, argv);
    if (argv.length === 0) {
      program.outputHelp();
      return ExitCode.ok;
    }
    await program.parseAsync([...argv], { from: 'user' });
    reportEnd(ctx);
    return ctx.exitCode;
  } catch (error) {
    return await reportError(ctx, error);
  } finally {
    await ctx.session.dispose();
  }
}

/**
 * A command that ended without throwing, under machine output: stderr gets one JSON document, the
 * envelope of a failure it printed its data for (ctx.fail), or else the warnings said on the way
 * (docs/output.md "Warnings"), or nothing when none was said. A command that ran until stopped
 * gets them here too, when it ends.
 */
function reportEnd(ctx: Context): void {
  if (!ctx.machine) return;
  const { failure } = ctx;
  const document = failure
    ? withWarnings(ctx.messages.warnings.messages, { error: failure })
    : ctx.messages.warnings.document();
  if (document) ctx.io.stderr.write(`${inertJson(document, 2)}\n`);
}

/**
 * docs/output.md "Text from outside": an error's message, code, details and request id may quote a server, a file or argv,
 * so each is escaped whole (a newline in one must not start a fake line: our messages are one line
 * each); hints and stack traces keep their newlines. Colour is applied after escaping.
 */
async function reportError(ctx: Context, error: unknown): Promise<number> {
  if (error instanceof CommandLineError) {
    // Before any command ran: the global flags as read so far decide JSON and colour.
    const { parseSettings } = await import('./commands/parse.js');
    try {
      ctx.applySettings(error.globals, parseSettings);
    } catch {
      // A bad global flag too: the first error is the one reported; --json still counts.
    }
  }
  if (error instanceof CommanderError) {
    // Help or the version, printed already; the other errors of commander are CommandLineErrors.
    if (
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      error.code === 'commander.help'
    ) {
      return ExitCode.ok;
    }
    return ExitCode.usage;
  }
  const stderr = ctx.io.stderr;
  // Machine output (--json, -o json|ndjson): stderr is exactly one JSON document, whatever failed.
  if (ctx.machine) {
    stderr.write(`${inertJson(errorEnvelope(error, ctx.messages.warnings.messages), 2)}\n`);
    if (ctx.settings.verbose && !(error instanceof HireError) && error instanceof Error && error.stack)
      stderr.write(`${inertLines(error.stack)}\n`);
    return error instanceof HireError ? error.exitCode : ExitCode.failure;
  }
  if (!(error instanceof HireError)) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`Error: unexpected failure: ${inert(message)}\n`);
    if (ctx.settings.verbose && error instanceof Error && error.stack) stderr.write(`${inertLines(error.stack)}\n`);
    else stderr.write('Run again with --verbose for details.\n');
    return ExitCode.failure;
  }
  const paint = await ctx.painter('stderr');
  if (error.exitCode === ExitCode.interrupted) {
    stderr.write(`${inert(error.message)}\n`);
    return error.exitCode;
  }
  if (error.message) {
    const where = error instanceof ApiError ? ` (${inert(error.code)}, HTTP ${error.status})` : '';
    // Wrapped as plain text (the terminal would cut inside a word), then `Error:` painted.
    stderr.write(
      `${ctx.messages.fitToTerminal(`Error: ${inert(error.message)}${where}`).replace(/^Error:/, paint.red('Error:'))}\n`,
    );
  }
  if (error.details) {
    const label = error instanceof ValidationError ? error.labelField : (field: string) => field;
    for (const [field, message] of Object.entries(error.details)) {
      const name = inert(label(field));
      stderr.write(
        `${ctx.messages.fitToTerminal(`  ${name}: ${inert(String(message))}`).replace(`  ${name}:`, `  ${paint.bold(name)}:`)}\n`,
      );
    }
  }
  if (error instanceof ApiError && error.requestId) stderr.write(`Request ID: ${inert(error.requestId)}\n`);
  const hint = error.hint ?? (error instanceof ApiError ? hintFor(ctx, error) : undefined);
  if (hint) stderr.write(`${paint.dim(ctx.messages.fitToTerminal(inertLines(hint)))}\n`);
  if (ctx.settings.verbose && error.cause instanceof Error && error.cause.stack)
    stderr.write(`${inertLines(error.cause.stack)}\n`);
  return error.exitCode;
}

function hintFor(ctx: Context, error: ApiError): string | undefined {
  const profile = ctx.session.profileName ?? 'NAME';
  const login = commandText(['auth', 'login'], { flags: { profile } });
  // HIRE_API_KEY overrides the profile's key, so `hire auth login` cannot help a bad one.
  const fromEnv = ctx.session.keySource === 'env';
  const key = fromEnv ? 'The key in HIRE_API_KEY' : `The key of profile "${profile}"`;
  if (fromEnv && error.code === 'key_expired')
    return `The key in HIRE_API_KEY has expired: set HIRE_API_KEY to a current key, or unset it to use the key of profile "${profile}".`;
  if (fromEnv && error.status === 401)
    return `The key in HIRE_API_KEY was refused: fix HIRE_API_KEY, or unset it to use the key of profile "${profile}".`;
  if (error.code === 'key_expired')
    return `The key of profile "${profile}" has expired: \`${login}\` stores a new one.`;
  if (error.status === 401)
    return `Check the key with \`${commandText(['auth', 'status'], { flags: { profile } })}\`, or store a new one with \`${login}\`.`;
  // The spec's 403 is a missing permission level; an IP allow-list refuses with 403 too, and only
  // the message tells them apart (the emulator: "This API key may not be used from ADDRESS").
  if (error.status === 403 && /\bmay not be used from\b|\ballow-?list|\bIP address/i.test(error.message)) {
    return `${key} has an IP allow-list that refuses this address: run hire from an allowed address, or have this one added to the allow-list.`;
  }
  if (error.status === 403) return `${key} lacks the permission level for this operation.`;
  if (error.status === 413)
    return 'The request is larger than the server accepts; shorten the longest fields (a description of many pages, say) and send it again.';
  if (error.status === 429) {
    const wait = error.retryAfterSeconds;
    // The client gives up at once when asked to wait longer than it will.
    if (wait !== undefined && wait > MAX_WAIT_SECONDS)
      return `The server asks to wait ${wait} s before trying again, longer than hire waits (${MAX_WAIT_SECONDS} s). Try again later.`;
    const asked = wait === undefined ? '' : ` The server asks to wait ${wait} s.`;
    return `Rate limited after ${plural(ctx.settings.maxRetries, 'retry')}.${asked} Try again later; --max-retries sets how often hire retries.`;
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
    rows: process.stdout.rows,
    stderrColumns: process.stderr.columns,
    async openTerminal() {
      const [{ openSync }, { ReadStream }] = await Promise.all([import('node:fs'), import('node:tty')]);
      try {
        return new ReadStream(openSync('/dev/tty', 'r'));
      } catch {
        return undefined; // no controlling terminal (a daemon, a container without one, Windows)
      }
    },
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
    beforeUndici() {
      // undici compiles its WebAssembly HTTP parser at the first connection, and on Node 20 V8's
      // optimising tier compiles it again in the background while the process waits for that at
      // exit: the baseline tier alone cut an https request's CPU by about a third there. Node 22
      // and 24 tier up lazily and gained nothing (README "Performance"), so they are left as they are.
      if (Number(process.versions.node.split('.')[0]) < 22)
        process.getBuiltinModule('node:v8').setFlagsFromString('--liftoff-only');
    },
  };
  process.exitCode = await main(process.argv.slice(2), io, process.env);
}
