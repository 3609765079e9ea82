// `hire mcp`: a Model Context Protocol server over stdio. Each tool call runs the command it stands
// for in this process, through main() — the same parser, checks, retries and output as a person's
// `hire … --json` — with its own captured streams: the result is what --json prints on stdout, a
// failure the error envelope. Nothing but the protocol is written to stdout; nothing prompts.
import { PassThrough, Readable } from 'node:stream';
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
import type { Context, IO } from '../context.js';
import { VERSION } from '../context.js';
import { ExitCode } from '../errors.js';
import { leaves, machineCommand } from '../commands/machine-help.js';
import { commandTree } from '../commands/manifest.js';
import { allows, commandLine, isTool, refusal, ToolInputError, toolOf, type Allowed, type Tool } from './tools.js';

/** Every command that can be a tool, allowed or not (a call to one not allowed is told why). */
export async function allTools(): Promise<Tool[]> {
  const { COMMANDS, NOUNS, ROOT, loadManifest } = await import('../program.js');
  const tree = commandTree(ROOT, NOUNS, await loadManifest(COMMANDS));
  return leaves(tree).map(machineCommand).filter(isTool).map(toolOf);
}

/** The global flags the server was started with that every call keeps (the profile, limits). */
function globalsOf(ctx: Context): string[] {
  const { settings } = ctx;
  return [
    ...(settings.profile ? [`--profile=${settings.profile}`] : []),
    `--timeout=${settings.timeoutMs / 1000}`,
    `--max-retries=${settings.maxRetries}`,
    '--json',
    '--no-input',
  ];
}

/** Streams for one call: no terminal, an empty stdin, stdout and stderr kept. */
function callIO(): { io: IO; stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const io: IO = {
    stdin: Readable.from([]),
    stdout,
    stderr,
    isStdinTTY: false,
    isStdoutTTY: false,
    isStderrTTY: false,
    columns: undefined,
    onInterrupt: () => () => {},
  };
  return { io, stdout: () => out, stderr: () => err };
}

/** The error envelope a failed call printed on stderr (with --json, one JSON document). */
function failureOf(stderr: string, exitCode: number): Record<string, unknown> {
  const start = stderr.search(/^\{/m);
  if (start >= 0) {
    try {
      const document = JSON.parse(stderr.slice(start)) as Record<string, unknown>;
      return { exit_code: exitCode, ...document };
    } catch {
      // not one document: told as text below
    }
  }
  return { exit_code: exitCode, error: { code: 'failure', message: stderr.trim() || `exit ${exitCode}` } };
}

export async function serveMcp(ctx: Context, allowed: Allowed): Promise<void> {
  const tools = await allTools();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const { main } = await import('../cli.js');
  const globals = globalsOf(ctx);
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
  // Calls still running when the client closes stdin are answered before the server ends.
  const inFlight = new Set<Promise<unknown>>();
  const call = async (name: string, input: Record<string, unknown>): Promise<CallToolResult> => {
    const tool = byName.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool named ${name}.`);
    // A usage error, as every refusal of a call's input (docs/mcp.md).
    if (!allows(allowed, tool.effect))
      return failed({ exit_code: ExitCode.usage, error: { code: 'not_allowed', message: refusal(tool) } });
    let argv: string[];
    try {
      // Deletes were allowed when the server started: the command's own confirmation is that.
      argv = commandLine(tool, input, tool.effect === 'delete' ? [...globals, '--yes'] : globals);
    } catch (error) {
      if (error instanceof ToolInputError)
        return failed({ exit_code: 2, error: { code: 'usage_error', message: error.message } });
      throw error;
    }
    const streams = callIO();
    const code = await main(argv, streams.io, ctx.env);
    if (code !== 0) return failed(failureOf(streams.stderr(), code));
    const stdout = streams.stdout().trim();
    return { content: [{ type: 'text', text: stdout === '' ? 'Done.' : stdout }] };
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
  }
}

function failed(document: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(document) }] };
}
