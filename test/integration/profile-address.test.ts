// Every view of a profile shows the address it is reached at (src/commands/shared/address.ts): with
// this data dir's emulator standing on another port (port 0 here), the local profiles are shown at
// that emulator's origin — the one "Using the local emulator at …" (or, at a terminal, the
// environment line) names — not at the configured
// address; with none standing, at their own address. Through main().
import { describe, expect, it } from 'vitest';
import { json, runCli } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';

type Row = { name: string; base_url: string };

describe('the address a profile view shows', () => {
  it('is the standing emulator’s in profiles list|show, auth status, hire status and status --json', async () => {
    const box = await sandbox();
    // The sandbox's local profile names a port of its own; the emulator stands on another.
    const { env } = box;
    const configured = json<Row>(await runCli(['profiles', 'show', 'local', '--json'], { env })).base_url;
    const emulator = await testEmulator(box.dataDir);
    expect(new URL(configured).origin).not.toBe(emulator.origin);
    const production = `${emulator.origin}/api/v1`;
    const sandboxed = `${emulator.origin}/sandbox/api/v1`;

    const list = json<Row[]>(await runCli(['profiles', 'list', '--json'], { env }));
    expect(list.find((row) => row.name === 'local')!.base_url).toBe(production);
    expect(list.find((row) => row.name === 'local-sandbox')!.base_url).toBe(sandboxed);
    expect(json<Row>(await runCli(['profiles', 'show', 'local-sandbox', '--json'], { env })).base_url).toBe(sandboxed);

    const auth = json<Row[]>(await runCli(['auth', 'status', '--json'], { env }));
    expect(auth.find((row) => row.name === 'local')!.base_url).toBe(production);

    const status = await runCli(['status', '--json'], { env });
    expect(status.code, status.stderr).toBe(0);
    expect(json<{ profile: Row }>(status).profile.base_url).toBe(production);

    // At a terminal: the environment line and the profile line name one address; piped, the notice.
    const screen = await runCli(['status'], { env, tty: true, columns: 200 });
    expect(screen.stderr.replace(/\u001b\[\d+m/g, '')).toContain(
      `production · profile local · emulator at ${production}\n`,
    );
    expect((await runCli(['status'], { env })).stderr).toContain(`Using the local emulator at ${emulator.origin}.`);
    expect(screen.stdout).toContain(`at ${production}`);
    expect(screen.stdout).not.toContain(configured);

    await emulator.close();
    const alone = json<Row[]>(await runCli(['profiles', 'list', '--json'], { env }));
    expect(alone.find((row) => row.name === 'local')!.base_url).toBe(configured);
  });

  it('HIRE_BASE_URL, or a profile away from this machine, is shown as it is', async () => {
    const box = await sandbox();
    await testEmulator(box.dataDir);
    box.writeConfig({
      profiles: { prod: { environment: 'production', base_url: 'https://api.example.com/v1', api_key: 'hk_live_x' } },
    });
    const prod = json<Row>(await runCli(['profiles', 'show', 'prod', '--json'], { env: box.env }));
    expect(prod.base_url).toBe('https://api.example.com/v1');
  });
});
