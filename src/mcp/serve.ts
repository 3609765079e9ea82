// `hire mcp`: a Model Context Protocol server over stdio. A tool call runs the command it stands for
// through the same invoke() as the command line (commands/invoke.ts): its input checked by the same
// zod schema made from the declaration, on the one session the server resolved when it started (one
// profile, one client, one emulator connection for its whole life). The command hands its results
// over as objects (output/output.ts's ResultSink); the result is their JSON, a failure the error
// envelope. No argv is built and no text is read back. Nothing but the protocol is written to
// stdout; nothing prompts.
import { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
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
import { inertJson } from '../output/cells.js';
import { errorEnvelope, exitCodeOf, withWarnings } from '../output/error-envelope.js';
import type { ResultSink } from '../output/output.js';
import type { Settings } from '../settings.js';
import type { Warning } from '../warnings.js';
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

/** What a call handed over, in order: records as objects, other data (a raw API body) as text. */
class Results implements ResultSink {
  readonly parts: ({ data: unknown } | { text: string })[] = [];
  failureBody: unknown;
  data(value: unknown): void {
    this.parts.push({ data: value });
  }
  text(text: string): void {
    this.parts.push({ text });
  }
  failure(body: unknown): void {
    this.failureBody = body;
  }
  /** The result's text: each record as JSON, text as given. */
  render(): string {
    return this.parts
      .map((part) => ('data' in part ? `${inertJson(part.data, 2)}\n` : part.text))
      .join('')
      .trim();
  }
}

/** A call's terminal: none. An empty stdin; what the command writes itself (a raw body) goes to the results. */
function callIO(results: Results): IO {
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
    onInterrupt: () => () => {},
  };
}

export async function serveMcp(ctx: Context, allowed: Allowed, catalogue: Catalogue): Promise<void> {
  // Every suggestion a call's result carries (a refused move's hint) is checked against the commands
  // offered, as the CLI's are (commands/suggest.ts): set here, whoever started the server.
  knowCommands(catalogue.tree);
  const tools = allTools(catalogue);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
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
  // Calls still running when the client closes stdin are answered before the server ends.
  const inFlight = new Set<Promise<unknown>>();
  const call = async (name: string, input: Record<string, unknown>): Promise<CallToolResult> => {
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
      callCtx = new Context(callIO(results), ctx.env, { session, settings, sink: results });
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
    const text = results.render();
    const warnings = warningsOf(callCtx);
    return {
      content: [
        { type: 'text', text: text === '' ? 'Done.' : text },
        // The same document `--json` prints on stderr after a success (docs/output.md "Warnings").
        ...(warnings.length > 0 ? [{ type: 'text' as const, text: JSON.stringify({ warnings }) }] : []),
      ],
    };
  };
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const running = call(request.params.name, request.params.arguments ?? {});
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running)).catch(() => undefined);
    return running;
  });

  const transport = new StdioServerTransport(ctx.io.stdin, ctx.io.stdout);
  // The transport drops a line it cannot read: answered as JSON-RPC 2.0 says, with id null (docs/mcp.md).
  server.onerror = (error) => {
    const code =
      error instanceof SyntaxError
        ? ErrorCode.ParseError
        : error.name === 'ZodError'
          ? ErrorCode.InvalidRequest
          : undefined;
    if (code === undefined) return;
    const message =
      code === ErrorCode.ParseError
        ? 'Parse error: the line is not JSON.'
        : 'Invalid Request: not a JSON-RPC 2.0 message.';
    const answer = { jsonrpc: '2.0', id: null, error: { code, message } };
    void transport.send(answer as unknown as JSONRPCMessage).catch(() => undefined);
  };
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    // The client closing stdin ends the session, once the calls it made are answered.
    ctx.io.stdin.once('end', () => void Promise.allSettled([...inFlight]).then(() => resolve()));
  });
  const remove = ctx.io.onInterrupt(() => void transport.close());
  try {
    await server.connect(transport);
    await closed;
  } finally {
    remove();
    await server.close().catch(() => undefined);
    // The client, and the emulator it may have started, close with the server.
    await session.dispose();
  }
}

function failed(document: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(document) }] };
}
