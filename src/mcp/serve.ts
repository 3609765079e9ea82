// `hire mcp`: a Model Context Protocol server over stdio. A tool call runs the command it stands for
// through the same invoke() as the command line (commands/invoke.ts): its input checked by the same
// rules, made from the declaration (commands/parse.ts), on the one session the server resolved when it started (one
// profile, one client, one emulator connection for its whole life). The command hands its results
// over as objects (output/output.ts's ResultSink); the result is made of them in one place
// (results.ts: structuredContent and compact JSON text), a failure the error envelope. No argv is
// built and no text is read back. Each call stops alone (cancelled, or the server ending), and
// stdin is read by stdio.ts. Nothing but the protocol is written to stdout; nothing prompts.
import { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { Context, VERSION, type IO } from '../context.js';
import { ExitCode } from '../errors.js';
import { Messages } from '../messages.js';
import { Session } from '../session.js';
import { offerCatalogue, type Catalogue } from '../commands/catalogue.js';
import { invoke } from '../commands/invoke.js';
import { leaves, machineCommand } from '../commands/machine-help.js';
import { parseSettings } from '../commands/parse.js';
import { knowCommands } from '../commands/suggest.js';
import { errorEnvelope, exitCodeOf, withWarnings } from '../output/error-envelope.js';
import type { Settings } from '../settings.js';
import type { Warning } from '../warnings.js';
import { stopOnInterrupt } from '../commands/shared/stop.js';
import { CallSession } from './call-session.js';
import { Results, toolResult } from './results.js';
import { outputSchemas } from './outputs.js';
import { StdioLines } from './stdio.js';
import { allows, isTool, refusal, ToolInputError, toolInput, toolOf, type Allowed, type Tool } from './tools.js';

/** Every command that can be a tool, allowed or not (a call to one not allowed is told why). */
export function allTools(catalogue: Catalogue): Tool[] {
  return leaves(catalogue.tree).flatMap((node) => {
    const command = machineCommand(node);
    return node.command && isTool(command) ? [toolOf(node.command, command)] : [];
  });
}

/**
 * The global flags of one call: the server's profile and limits, machine output, never a prompt;
 * --yes for a tool that deletes (deletes were allowed when the server started: the command's own
 * confirmation is that); --fields as the call gave it. Checked by the same schema as typed flags.
 */
function callSettings(server: Settings, tool: Tool, fields: string | undefined): Settings {
  return parseSettings({
    profile: server.profile,
    timeout: String(server.timeoutMs / 1000),
    maxRetries: String(server.maxRetries),
    json: true,
    input: false,
    yes: tool.effect === 'delete',
    fields,
  });
}

/**
 * A call's terminal: none. An empty stdin; what the command writes itself (a raw body) goes to the
 * results. Its "Ctrl-C" is the call's stop: cancelled by the client, or the server ending.
 */
function callIO(results: Results, signal: AbortSignal): IO {
  const into = (write: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        write(chunk.toString());
        done();
      },
    });
  return {
    stdin: Readable.from([]),
    stdout: into((text) => results.text(text)),
    stderr: into(() => undefined),
    isStdinTTY: false,
    isStdoutTTY: false,
    isStderrTTY: false,
    columns: undefined,
    onInterrupt: (handler) => {
      const stop = () => handler('SIGTERM');
      signal.addEventListener('abort', stop, { once: true });
      return () => signal.removeEventListener('abort', stop);
    },
  };
}

/** After stdin closes, the calls in flight get this long to be answered; then they are stopped (docs/mcp.md). */
export const CLOSING_GRACE_MS = 3_000;

export async function serveMcp(ctx: Context, allowed: Allowed, catalogue: Catalogue): Promise<void> {
  // Every suggestion a call's result carries (a refused move's hint) is checked against the commands
  // offered, as the CLI's are (commands/suggest.ts): set here, whoever started the server.
  knowCommands(catalogue.tree);
  const tools = allTools(catalogue);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // What each tool's structuredContent holds (mcp/outputs.ts), made once.
  const outputs = outputSchemas();
  // The one session of every call: resolved now, so that a default profile changed later in
  // another shell changes nothing for this server (docs/mcp.md). Its connection's lines for people
  // (retries, "Using the local emulator …") stay off stderr, as a call's own under --json, unless -v.
  const quiet = new Messages(ctx.io, () => ({
    quiet: false,
    verbose: ctx.settings.verbose,
    machine: true,
    streaming: false,
  }));
  // Its keys join the redaction of the server's own streams, which carry every result (redaction.ts).
  const session = new Session({
    env: ctx.env,
    settings: () => ctx.settings,
    messages: quiet,
    isStderrTTY: false,
    redactor: ctx.session.redactor,
  });
  await session.profile();
  const server = new Server(
    { name: 'hire', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        'hire drives the Hiring Platform API on the profile the server was started with: jobs, candidates, assessments, analytics, webhooks, events. ' +
        'Results are the JSON of `hire … --json`. Tools that change data are offered only with --allow-writes, and those that delete only with --allow-deletes too.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools
      .filter((tool) => allows(allowed, tool.effect))
      .map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema as { type: 'object' },
        outputSchema: outputs[tool.name] as { type: 'object' },
        annotations: { readOnlyHint: tool.effect === 'read', destructiveHint: tool.effect === 'delete' },
      })),
  }));
  // A call's warnings: the session's (a deprecation of the server, said once, stays true for every
  // later call) and its own (a write read back). In the result, never on stderr (docs/mcp.md).
  const warningsOf = (callCtx: Context | undefined): readonly Warning[] => [
    ...quiet.warnings.all,
    ...(callCtx?.messages.warnings.all ?? []),
  ];
  const messagesOf = (callCtx: Context | undefined) => warningsOf(callCtx).map((warning) => warning.message);
  // Every call's stop: the client's notifications/cancelled (the SDK's signal for the request; it
  // then answers nothing for it), or the server ending, which stops all of them (docs/mcp.md).
  const ending = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  const call = async (name: string, input: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> => {
    const tool = byName.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool named ${name}.`);
    // A usage error, as every refusal of a call's input (docs/mcp.md).
    if (!allows(allowed, tool.effect))
      return failed({ exit_code: ExitCode.usage, error: { code: 'not_allowed', message: refusal(tool) } });
    const results = new Results();
    let callCtx: Context | undefined;
    try {
      const given = toolInput(tool, input);
      const settings = callSettings(ctx.settings, tool, given.fields);
      // The server's session, with a client whose requests and waits end with this call.
      const callSession = new CallSession(session, signal, {
        env: ctx.env,
        settings: () => ctx.settings,
        messages: quiet,
        isStderrTTY: false,
      });
      callCtx = new Context(callIO(results, signal), ctx.env, { session: callSession, settings, sink: results });
      // The commands, for a call that names the others (`doctor`: which command uses an operation).
      offerCatalogue(callCtx, catalogue);
      const { default: command } = await catalogue.registry[tool.declared.index]!();
      await invoke(command, given, callCtx);
    } catch (error) {
      if (error instanceof ToolInputError)
        return failed({ exit_code: ExitCode.usage, error: { code: 'usage_error', message: error.message } });
      return failed({ exit_code: exitCodeOf(error), ...errorEnvelope(error, messagesOf(callCtx)) });
    }
    const code = callCtx.exitCode;
    if (code !== ExitCode.ok) {
      const { failure } = callCtx;
      const body = failure ? { error: failure } : results.failureBody;
      const document =
        body !== null && typeof body === 'object' && 'error' in body
          ? (body as Record<string, unknown>)
          : { error: { code: 'failure', message: typeof body === 'string' ? body.trim() : `exit ${code}` } };
      return failed({ exit_code: code, ...withWarnings(messagesOf(callCtx), document) });
    }
    return toolResult({ ok: true, results, warnings: warningsOf(callCtx) });
  };
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const signal = AbortSignal.any([extra.signal, ending.signal]);
    const running = call(request.params.name, request.params.arguments ?? {}, signal);
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running)).catch(() => undefined);
    return running;
  });

  const transport = new StdioLines(ctx.io.stdin, ctx.io.stdout);
  // Ctrl-C ends the server with 130, SIGTERM (the polite stop) with 0, as other servers (docs/exit-codes.md).
  const stop = stopOnInterrupt(ctx.io, { once: true });
  const ended = new Promise<'stdin' | 'signal'>((resolve) => {
    server.onclose = () => resolve('stdin');
    ctx.io.stdin.once('end', () => resolve('stdin'));
    stop.signal.addEventListener('abort', () => resolve('signal'), { once: true });
  });
  try {
    await server.connect(transport);
    // The client closed stdin: the calls it made get a grace to be answered; a signal gets none.
    if ((await ended) === 'stdin') await settledWithin([...inFlight], CLOSING_GRACE_MS);
    // Whatever still runs is stopped now: its requests dropped, its waits ended, its answer an
    // interrupted error (a cancelled call's, none).
    ending.abort();
    await Promise.allSettled([...inFlight]);
    // The SDK writes an answer a turn after its call settles.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    stop.remove();
    await server.close().catch(() => undefined);
    // The client, and the emulator it may have started, close with the server.
    await session.dispose();
  }
  ctx.exitCode = stop.exitCode();
}

/** Resolves when every one has settled, or after `ms`, whichever is first (the timer never outlives it). */
async function settledWithin(running: readonly Promise<unknown>[], ms: number): Promise<void> {
  if (running.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(running),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

function failed(document: Record<string, unknown>): CallToolResult {
  return toolResult({ ok: false, document });
}
