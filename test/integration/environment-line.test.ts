// The line naming the environment and profile (docs/output.md "The environment line"): at a
// terminal, once, before the output of a command that reaches a platform, its environment in
// colour; never when stderr is piped, under --json or -o json|ndjson, or -q, where stdout and
// stderr stay as they were. And "emulator" only for a server that is the emulator (docs/profiles.md
// "Which server answers"). Through main(), against a standing emulator and a scripted server.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, ENVIRONMENT_LINE, json, runCli } from '../helpers/cli.js';
import { localEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';
import { reply, serve } from '../helpers/scripted-server.js';

const YELLOW = '\u001b[33m';
const CYAN = '\u001b[36m';
const RESET = '\u001b[39m';
const plain = (text: string) => text.replace(/\u001b\[\d+m/g, '');

describe('the environment line', () => {
  it('at a terminal: first on stderr, once, production in yellow and sandbox in cyan, naming the emulator', async () => {
    const { box, emu } = await localEmulator();
    const production = await runCli(['jobs', 'list'], { env: box.env, tty: true });
    expect(production.code, production.stderr).toBe(0);
    // First, then what the command says ("No jobs found."), and only once.
    expect(production.stderr).toBe(
      `${YELLOW}production${RESET} · profile local · emulator at ${emu.apiUrl}\nNo jobs found.\n`,
    );

    const sandboxed = await runCli(['jobs', 'list', '-p', 'local-sandbox'], { env: box.env, tty: true });
    expect(sandboxed.code, sandboxed.stderr).toBe(0);
    expect(sandboxed.stderr.split('\n')[0]).toBe(
      `${CYAN}sandbox${RESET} · profile local-sandbox · emulator at ${emu.origin}/sandbox/api/v1`,
    );
    expect(sandboxed.stderr.match(/· profile /g)).toHaveLength(1);

    // NO_COLOR and --no-color: the same words, no colour.
    for (const [argv, env] of [
      [['jobs', 'list'], { ...box.env, NO_COLOR: '1' }],
      [['jobs', 'list', '--no-color'], box.env],
    ] as const) {
      const result = await runCli([...argv], { env, tty: true });
      expect(result.stderr).toBe(`production · profile local · emulator at ${emu.apiUrl}\nNo jobs found.\n`);
    }
  });

  it('on a profile that is not the emulator: its address, no "emulator"; HIRE_BASE_URL says so', async () => {
    const server = await serve(reply(200, { data: [], meta: { current_page: 1, per_page: 20, total_pages: 0 } }));
    const box = await sandbox();
    box.writeConfig({
      profiles: {
        prod: {
          environment: 'production',
          base_url: `${server.origin}/api/v1`,
          api_key: 'hk_live_abcdefghijklmnopqrstuvwx',
        },
      },
    });
    const prod = await runCli(['jobs', 'list', '-p', 'prod'], { env: box.env, tty: true });
    expect(prod.code, prod.stderr).toBe(0);
    expect(plain(prod.stderr)).toBe(`production · profile prod · ${server.origin}/api/v1\nNo jobs found.\n`);

    // The local profile's name, but another server: not called the emulator.
    const env = {
      ...box.env,
      HIRE_BASE_URL: `${server.origin}/api/v1`,
      HIRE_API_KEY: 'hk_test_abcdefghijklmnopqrstuvwx',
    };
    const overridden = await runCli(['jobs', 'list'], { env, tty: true });
    expect(overridden.code, overridden.stderr).toBe(0);
    expect(plain(overridden.stderr)).toBe(
      `production · profile local · ${server.origin}/api/v1 (HIRE_BASE_URL)\nNo jobs found.\n`,
    );
  });

  it('is not shown piped, under --json, -o json|ndjson or -q, and those outputs are as before', async () => {
    const { box, emu } = await localEmulator();
    const created = await runCli(['jobs', 'create', '--title', 'Backend', '--description', DESCRIPTION, '--json'], {
      env: box.env,
    });
    expect(created.code, created.stderr).toBe(0);
    const id = json<{ id: string }>(created).id;

    // Piped: the line scripts have read since before it, nothing else.
    const piped = await runCli(['jobs', 'list'], { env: box.env });
    expect(piped.stderr).toBe(`Using the local emulator at ${emu.origin}.\n`);
    expect(piped.stdout).toContain(id);

    for (const argv of [
      ['jobs', 'list', '--json'],
      ['jobs', 'list', '-o', 'json'],
      ['jobs', 'list', '-o', 'ndjson'],
      ['jobs', 'get', id, '--json'],
    ]) {
      const atTerminal = await runCli(argv, { env: box.env, tty: true });
      const notAtTerminal = await runCli(argv, { env: box.env });
      expect({ argv, code: atTerminal.code, stderr: atTerminal.stderr }).toEqual({ argv, code: 0, stderr: '' });
      expect(atTerminal.stdout, argv.join(' ')).toBe(notAtTerminal.stdout);
    }

    const quiet = await runCli(['jobs', 'list', '-q'], { env: box.env, tty: true });
    const loud = await runCli(['jobs', 'list'], { env: box.env, tty: true });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(loud.stdout);
    expect(loud.stderr).toMatch(ENVIRONMENT_LINE);
  });

  it('is said only by commands that reach a platform, and not before a usage error', async () => {
    const { box } = await localEmulator();
    for (const argv of [['profiles', 'list'], ['jobs', 'get'], ['jobs', 'list', '--status', 'nope'], ['--version']]) {
      const result = await runCli(argv, { env: box.env, tty: true });
      expect(result.stderr, argv.join(' ')).not.toMatch(ENVIRONMENT_LINE);
    }
  });
});

describe('"(emulator)" only where the emulator answers', () => {
  it('hire status with HIRE_BASE_URL at another server on the local profile: production, not "(emulator)"', async () => {
    const server = await serve((req, res) => {
      const path = new URL(req.url ?? '', 'http://x').pathname;
      if (path.endsWith('/jobs'))
        return reply(200, { data: [], meta: { current_page: 1, per_page: 100, total_pages: 0, total_count: 0 } })(
          req,
          res,
          '',
        );
      if (path.endsWith('/analytics')) return reply(200, { data: { jobs: { total: 0 } } })(req, res, '');
      if (path.endsWith('/deliveries'))
        return reply(200, { data: [], meta: { current_page: 1, per_page: 5, total_pages: 0, total_count: 0 } })(
          req,
          res,
          '',
        );
      return reply(404, { error: { code: 'not_found', message: 'No such route.' } })(req, res, '');
    });
    const box = await sandbox();
    const apiUrl = `${server.origin}/api/v1`;
    const env = { ...box.env, HIRE_BASE_URL: apiUrl, HIRE_API_KEY: 'hk_test_abcdefghijklmnopqrstuvwx' };

    const report = await runCli(['status', '--json'], { env });
    expect(report.code, report.stderr).toBe(0);
    expect(json<{ profile: Record<string, unknown> }>(report).profile).toEqual({
      name: 'local',
      environment: 'production',
      emulator: false,
      base_url: apiUrl,
    });

    const screen = await runCli(['status'], { env, tty: true, columns: 200 });
    expect(screen.code, screen.stderr).toBe(0);
    expect(plain(screen.stdout)).toContain(`Profile local: production at ${apiUrl}`);
    expect(plain(screen.stdout)).not.toContain('emulator');
    expect(plain(screen.stderr)).not.toContain('emulator');

    // auth status decides the same way: the server did not say it is the emulator.
    const auth = json<{ name: string; emulator: boolean }[]>(await runCli(['auth', 'status', '--json'], { env }));
    expect(auth.find((row) => row.name === 'local')!.emulator).toBe(false);
  });

  it('the emulator behind HIRE_BASE_URL, which says so in its answers, is still "(emulator)"', async () => {
    const { box, emu } = await localEmulator();
    const env = { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
    const report = await runCli(['status', '--json'], { env });
    expect(report.code, report.stderr).toBe(0);
    expect(json<{ profile: Record<string, unknown> }>(report).profile).toMatchObject({ emulator: true });
  });
});
