// `hire mcp` (the built binary) with the MCP SDK's own client over stdio, closed after each test.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach } from 'vitest';
import { ROOT } from './bin.js';
import type { Sandbox } from './env.js';

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A client of `hire mcp FLAGS` on the sandbox's config and data, connected (initialize done). */
export async function connectMcp(box: Sandbox, flags: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['bin/hire.js', 'mcp', ...flags],
    cwd: ROOT,
    env: box.env,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'hire-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}
