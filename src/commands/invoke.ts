// The one way in: a command runs from its declaration and the values given for it, checked by the
// rules its declaration names (parse.ts), whoever calls — the command line (tree.ts, with
// what commander read) or the MCP server (mcp/serve.ts, with a tool call's input). The context
// carries the session, the messages and where the results go.
import type { Context } from '../context.js';
import type { CommandSpec } from './define.js';

/** The values given for a command, shaped as commander reads them: flags by key, arguments in order. */
export interface GivenValues {
  flags: Record<string, unknown>;
  args: readonly unknown[];
}

export async function invoke(command: CommandSpec, given: GivenValues, ctx: Context): Promise<void> {
  const { parseOptions } = await import('./parse.js');
  // Only what reads may page its output: a command that writes may ask, and the wizard is one.
  if (command.effect === 'read') ctx.pageable();
  await command.run(ctx, parseOptions(command, given.flags, given.args));
}
