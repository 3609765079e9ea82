// hire mcp: the commands as tools for an AI assistant, over the Model Context Protocol (stdio).
import { defineCommand, flag } from './define.js';

export default defineCommand({
  path: ['mcp'],
  summary:
    'serve hire to an AI assistant: a Model Context Protocol server on stdin/stdout (read-only tools by default)',
  // What its default allows: read-only tools. An effect is one word, so the flags that widen it
  // say so in their own help (docs/mcp.md): --allow-writes to write, with --allow-deletes to delete.
  effect: 'read',
  local: 'the MCP server itself',
  flags: {
    allowWrites: flag.boolean({
      help: 'also offer the tools that create or change data (jobs_create, candidates_move, …): the effect becomes write',
    }),
    allowDeletes: flag.boolean({
      help: 'with --allow-writes, also offer those that delete (jobs_delete, webhooks_remove, …): the effect becomes delete',
      requires: {
        flags: ['allowWrites'],
        message: '--allow-deletes needs --allow-writes too: a tool that deletes also changes data.',
      },
    }),
  },
  examples: ['hire mcp', 'hire mcp --profile local-sandbox --allow-writes', 'hire mcp --allow-writes --allow-deletes'],
  async run(ctx, { allowWrites, allowDeletes }) {
    // A profile that does not exist fails here, exit 2 naming it, not at every call (docs/mcp.md).
    await ctx.session.profile();
    const [{ serveMcp }, { catalogueOf }] = await Promise.all([import('../mcp/serve.js'), import('./catalogue.js')]);
    await serveMcp(ctx, { writes: allowWrites === true, deletes: allowDeletes === true }, catalogueOf(ctx));
  },
});
