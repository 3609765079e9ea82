// The tests' "nobody listens here" address (test/helpers/env.ts): outside the kernel's ephemeral
// ports, so that no server another test starts on port 0 can be given it.
import { readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { unusedPort } from '../helpers/env.js';

describe('unusedPort', () => {
  it('is never a port that port 0 hands out, and nothing answers there', async () => {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    const port = await unusedPort();
    expect(port >= low! && port <= high!, `${port} within ${low}-${high}`).toBe(false);
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    // Servers on port 0 get ports of the ephemeral range, never this one.
    const servers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const server = createServer();
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      }),
    );
    const given = servers.map((server) => (server.address() as { port: number }).port);
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    expect(given).not.toContain(port);
    for (const other of given) expect(other >= low! && other <= high!, String(other)).toBe(true);
  });
});
