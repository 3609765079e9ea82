// One confirmation rule for every command that destroys (issue 19, docs/profiles.md "Confirmations"): --yes goes ahead;
// at a terminal the command asks; otherwise (piped, CI, --no-input) it refuses with exit 2, names
// --yes and says why nothing was asked, and nothing is destroyed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { captureIO, DESCRIPTION, ENVIRONMENT_LINE, json, runCli, type RunResult } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

type Rec = Record<string, any>;

const cli = (
  box: Sandbox,
  argv: string[],
  options: { tty?: boolean; stdin?: string; env?: Record<string, string> } = {},
): Promise<RunResult> =>
  runCli(argv, {
    env: { ...box.env, ...options.env },
    ...(options.tty ? { tty: true } : {}),
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
  });

async function ok(box: Sandbox, argv: string[]): Promise<any> {
  const result = await cli(box, [...argv, '--json', '-q']);
  expect(result.code, result.stderr).toBe(0);
  return json(result);
}

function storeProfile(box: Sandbox): void {
  mkdirSync(box.env.HIRE_CONFIG_DIR!, { recursive: true, mode: 0o700 });
  const profiles = {
    prod: {
      environment: 'production',
      base_url: 'https://api.example.com/api/v1',
      api_key: 'hk_live_0123456789abcdef',
    },
  };
  writeFileSync(join(box.env.HIRE_CONFIG_DIR!, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
}

const config = (box: Sandbox): Rec =>
  JSON.parse(readFileSync(join(box.env.HIRE_CONFIG_DIR!, 'config.json'), 'utf8')) as Rec;

interface Destructive {
  name: string;
  /** Makes what the command destroys; returns the argv and a check that it is still there. */
  prepare(box: Sandbox): Promise<{ argv: string[]; refusal: string; kept: () => Promise<boolean> }>;
}

const COMMANDS: Destructive[] = [
  {
    name: 'jobs delete',
    async prepare(box) {
      const job = await ok(box, ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION]);
      return {
        argv: ['jobs', 'delete', job.id],
        refusal: `Refusing to delete job ${job.id}`,
        kept: async () => (await cli(box, ['jobs', 'get', job.id])).code === 0,
      };
    },
  },
  {
    name: 'webhooks remove',
    async prepare(box) {
      const hook = await ok(box, ['webhooks', 'add', '--url', 'https://hooks.example.com/x', '--event', 'job.created']);
      return {
        argv: ['webhooks', 'remove', hook.id],
        refusal: `Refusing to remove webhook ${hook.id}`,
        kept: async () => (await ok(box, ['webhooks', 'list'])).length === 1,
      };
    },
  },
  {
    name: 'emulator keys revoke',
    async prepare(box) {
      const key = await ok(box, ['emulator', 'keys', 'create', '--level', 'read']);
      const keys = async (): Promise<Rec[]> => ok(box, ['emulator', 'keys', 'list']);
      const before = JSON.stringify((await keys()).find((each) => each.id === key.id));
      return {
        argv: ['emulator', 'keys', 'revoke', key.id],
        refusal: `Refusing to revoke key ${key.id}`,
        kept: async () => JSON.stringify((await keys()).find((each) => each.id === key.id)) === before,
      };
    },
  },
  {
    name: 'emulator reset',
    async prepare(box) {
      await ok(box, ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION]);
      return {
        argv: ['emulator', 'reset'],
        refusal: 'Refusing to reset the emulator',
        kept: async () => (await ok(box, ['jobs', 'list'])).length === 1,
      };
    },
  },
  {
    name: 'profiles remove',
    async prepare(box) {
      storeProfile(box);
      return {
        argv: ['profiles', 'remove', 'prod'],
        refusal: 'Refusing to remove profile "prod" and its stored key',
        kept: async () => config(box).profiles?.prod !== undefined,
      };
    },
  },
  {
    name: 'auth logout',
    async prepare(box) {
      storeProfile(box);
      return {
        argv: ['auth', 'logout', '--profile', 'prod'],
        refusal: 'Refusing to remove the key of profile "prod"',
        kept: async () => config(box).profiles?.prod?.api_key !== undefined,
      };
    },
  },
];

describe('destructive commands', () => {
  for (const { name, prepare } of COMMANDS) {
    it(`${name}: refuses without --yes when nothing can be asked (piped, CI, --no-input), exit 2, kept`, async () => {
      const box = await sandbox();
      const { argv, refusal, kept } = await prepare(box);
      const cases: { options: { tty?: boolean; env?: Record<string, string> }; extra: string[]; reason: string }[] = [
        { options: {}, extra: [], reason: 'not at a terminal' },
        { options: { tty: true, env: { CI: 'true' } }, extra: [], reason: 'CI is set' },
        { options: { tty: true }, extra: ['--no-input'], reason: '--no-input' },
      ];
      for (const { options, extra, reason } of cases) {
        const result = await cli(box, [...argv, ...extra], options);
        expect({
          reason,
          code: result.code,
          stdout: result.stdout,
          // Which emulator: the line for scripts when piped, the environment line at a terminal.
          stderr: result.stderr.replace(/^Using the local emulator.*\n/m, '').replace(ENVIRONMENT_LINE, ''),
        }).toEqual({
          reason,
          code: 2,
          stdout: '',
          stderr: options.tty
            ? `\u001b[31mError:\u001b[39m ${refusal} without confirmation: pass --yes.\n\u001b[2mNo question asked: ${reason}.\u001b[22m\n`
            : `Error: ${refusal} without confirmation: pass --yes.\nNo question asked: ${reason}.\n`,
        });
        expect(await kept()).toBe(true);
      }
      const json = await cli(box, [...argv, '--json']);
      expect(JSON.parse(json.stderr.slice(json.stderr.indexOf('{')))).toMatchObject({
        error: { code: 'confirmation_required' },
      });
      expect(await kept()).toBe(true);
    });

    it(`${name}: goes ahead with --yes (asking at a terminal: test/e2e/confirm-terminal.test.ts)`, async () => {
      const box = await sandbox();
      const { argv, kept } = await prepare(box);
      const done = await cli(box, [...argv, '--yes']);
      expect(done.code, done.stderr).toBe(0);
      expect(await kept()).toBe(false);
    });
  }

  it('auth logout --profile nope: the unknown-profile error of every command, exit 2', async () => {
    const box = await sandbox();
    storeProfile(box);
    const logout = await cli(box, ['auth', 'logout', '--profile', 'nope']);
    const list = await cli(box, ['jobs', 'list', '--profile', 'nope']);
    expect(logout).toEqual({ ...list });
    expect(logout.code).toBe(2);
    expect(logout.stderr).toBe(
      'Error: Profile "nope" (from --profile) does not exist. Known profiles: local, local-sandbox, prod.\nCreate it with `hire auth login --profile nope`.\n',
    );
    const remove = await cli(box, ['profiles', 'remove', 'nope', '--yes']);
    expect(remove).toMatchObject({
      code: 2,
      stderr: 'Error: Profile "nope" does not exist. Known profiles: local, local-sandbox, prod.\n',
    });
  });
});

describe('a production write with stdin a pipe and stderr a terminal', () => {
  // `… | hire candidates move - --status S` at a terminal: the answer is read from the terminal
  // itself (test/e2e/bulk-move-confirm.test.ts); with no terminal to open it refuses, naming --yes.
  it('refuses with exit 2 when no terminal can be opened, and moves nothing; --yes goes ahead', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    box.writeConfig({
      profiles: { prod: { environment: 'production', base_url: emulator.apiUrl, api_key: emulator.key } },
    });
    const job = await emulator.call('POST', '/jobs', {
      body: { title: 'Backend Engineer', description: DESCRIPTION, publish: true },
    });
    const simulated = await fetch(`${emulator.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: job.json.data.id, applications: 2 }),
    });
    expect(simulated.status).toBe(201);
    const ids = ((await emulator.call('GET', '/candidates')).json.data as Rec[]).map((candidate) =>
      String(candidate.id),
    );
    const statuses = async () =>
      Promise.all(ids.map(async (id) => (await emulator.call('GET', `/candidates/${id}`)).json.data.status as string));
    const move = async (extra: string[]) => {
      const argv = ['candidates', 'move', '-', '--status', 'screening', '--profile', 'prod', ...extra];
      const captured = captureIO({ argv, stdin: `${ids.join('\n')}\n` });
      captured.io.isStderrTTY = true; // stdin stays a pipe; no openTerminal: none to open
      const code = await main(argv, captured.io, box.env);
      return { code, stderr: captured.stderr() };
    };

    const refused = await move([]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'Move 2 candidates to screening on production (profile "prod"): not done without confirmation: pass --yes.',
    );
    expect(refused.stderr).toContain('stdin is a pipe and no terminal could be opened to read the answer');
    expect(await statuses()).toEqual(['new', 'new']);

    const json = await move(['--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr.slice(json.stderr.indexOf('{')))).toMatchObject({
      error: { code: 'confirmation_required' },
    });

    const done = await move(['--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(await statuses()).toEqual(['screening', 'screening']);
  });
});
