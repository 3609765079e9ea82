// Relations between flags, declared beside the flag (define.ts `conflicts`, `requires`, `implies`):
// the parser enforces each kind with the declared message (or one worded from the flags' names),
// the manifest refuses a relation that names no flag, and machine help and the MCP tools show them.
import { describe, expect, it } from 'vitest';
import { defineCommand, flag } from '../../src/commands/define.js';
import type { MachineCommand } from '../../src/commands/machine-help.js';
import { commandTree, manifestOf } from '../../src/commands/manifest.js';
import { parseOptions } from '../../src/commands/parse.js';
import { UsageError } from '../../src/errors.js';
import { toolOf } from '../../src/mcp/tools.js';
import { json, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

const command = defineCommand({
  path: ['fixture'],
  summary: 'a fixture of the tests',
  effect: 'read',
  flags: {
    secret: flag.string({ help: 'a secret' }),
    secretStdin: flag.boolean({
      help: 'the secret from stdin',
      conflicts: { flags: ['secret'], message: 'Pass --secret or --secret-stdin, not both.' },
    }),
    quiet: flag.boolean({ help: 'say less', conflicts: { flags: ['loud', 'secret'] } }),
    loud: flag.boolean({ help: 'say more' }),
    paginate: flag.boolean({ help: 'every page' }),
    register: flag.boolean({ help: 'register' }),
    slurp: flag.boolean({ help: 'one array', requires: { flags: ['paginate'], message: '--slurp needs --paginate.' } }),
    rotate: flag.boolean({ help: 'a new secret', requires: { flags: ['paginate', 'register'] } }),
    tls: flag.boolean({ help: 'https' }),
    cert: flag.string({ help: 'a certificate', implies: { tls: true } }),
    strict: flag.boolean({ help: 'needs tls', requires: { flags: ['tls'] } }),
  },
  examples: ['hire fixture'],
  async run() {},
});

const parsed = (raw: Record<string, unknown>) => parseOptions(command, raw, []);
const refusal = (raw: Record<string, unknown>): string => {
  try {
    parsed(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('declared flag relations', () => {
  it('conflicts: either flag alone is taken; both are a usage error with the declared message, or one worded from the names', () => {
    expect(parsed({ secret: 's' })).toMatchObject({ secret: 's', secretStdin: undefined });
    expect(parsed({ secretStdin: true })).toMatchObject({ secretStdin: true });
    expect(refusal({ secret: 's', secretStdin: true })).toBe('Pass --secret or --secret-stdin, not both.');
    expect(refusal({ quiet: true, loud: true })).toBe('Pass --quiet or --loud, not both.');
    expect(refusal({ quiet: true, loud: true, secret: 's' })).toBe('Pass --quiet or --loud or --secret, not both.');
  });

  it('requires: without one of the flags it names, a usage error; with any one of them, taken', () => {
    expect(refusal({ slurp: true })).toBe('--slurp needs --paginate.');
    expect(parsed({ slurp: true, paginate: true })).toMatchObject({ slurp: true, paginate: true });
    expect(refusal({ rotate: true })).toBe('--rotate goes with --paginate or --register.');
    expect(parsed({ rotate: true, register: true })).toMatchObject({ rotate: true });
    expect(parsed({ rotate: true, paginate: true })).toMatchObject({ rotate: true });
  });

  it('implies: giving the flag sets the other when it is not given, and what it sets counts as given', () => {
    expect(parsed({ cert: 'c.pem' })).toMatchObject({ cert: 'c.pem', tls: true });
    expect(parsed({})).toMatchObject({ cert: undefined, tls: undefined });
    expect(parsed({ cert: 'c.pem', strict: true })).toMatchObject({ strict: true, tls: true });
    expect(refusal({ strict: true })).toBe('--strict goes with --tls.');
  });

  it('a relation naming no flag of the command, or a flag with a default, is refused when the manifest is made', () => {
    const broken = defineCommand({
      path: ['broken'],
      summary: 'x',
      effect: 'read',
      flags: { a: flag.boolean({ help: 'a', requires: { flags: ['nope'] } }) },
      examples: [],
      async run() {},
    });
    expect(() => manifestOf(broken, 0)).toThrow(/names no flag "nope"/);
    const defaulted = defineCommand({
      path: ['defaulted'],
      summary: 'x',
      effect: 'read',
      flags: {
        a: flag.boolean({ help: 'a', conflicts: { flags: ['b'] } }),
        b: flag.string({ help: 'b', default: '1' }),
      },
      examples: [],
      async run() {},
    });
    expect(() => manifestOf(defaulted, 0)).toThrow(/defaults/);
  });

  it('machine help shows each kind beside the flag, and the MCP tool says them in its inputs', async () => {
    const { env } = await sandbox();
    const listen = json<MachineCommand>(await runCli(['help', 'webhooks', 'listen', '--json'], { env }));
    const byName = (command: MachineCommand, name: string) => command.flags.find((one) => one.name === name)!;
    expect(byName(listen, 'secret-stdin').conflicts).toEqual(['secret']);
    expect(byName(listen, 'rotate-secret')).toMatchObject({
      conflicts: ['secret', 'secret-stdin'],
      requires: ['print-secret', 'register'],
    });
    expect(byName(listen, 'secret').conflicts).toBeUndefined();
    const start = json<MachineCommand>(await runCli(['help', 'emulator', 'start', '--json'], { env }));
    expect(byName(start, 'tls-cert')).toMatchObject({ requires: ['tls-key'], implies: { tls: true } });
    expect(byName(start, 'chaos-seed').requires).toEqual(['chaos']);
    const api = json<MachineCommand>(await runCli(['help', 'api', '--json'], { env }));
    expect(byName(api, 'include').conflicts).toEqual(['slurp']);
    expect(byName(api, 'slurp').requires).toEqual(['paginate']);
    const { COMMANDS, NOUNS, ROOT, loadManifest } = await import('../../src/program.js');
    const tree = commandTree(ROOT, NOUNS, await loadManifest(COMMANDS));
    const tool = toolOf(tree.children.find((node) => node.name === 'api')!.command!, api);
    const properties = tool.inputSchema.properties as Record<string, { description: string }>;
    expect(properties.slurp!.description).toContain('Only with paginate.');
    expect(properties.include!.description).toContain('Not with slurp.');
    const mcp = json<MachineCommand>(await runCli(['help', 'mcp', '--json'], { env }));
    expect(byName(mcp, 'allow-deletes').requires).toEqual(['allow-writes']);
  });

  it('the commands refuse with the messages they always gave', async () => {
    const { env } = await sandbox();
    const cases: [string[], string][] = [
      [['webhooks', 'listen', '--secret', 'x', '--secret-stdin'], 'Pass --secret or --secret-stdin, not both.'],
      [['webhooks', 'listen', '--rotate-secret'], '--rotate-secret goes with --print-secret or --register.'],
      [
        ['webhooks', 'listen', '--print-secret', '--secret', 'x'],
        '--print-secret and --rotate-secret are about the listener secret kept for the profile: not with --secret or --secret-stdin.',
      ],
      [['emulator', 'start', '--chaos-seed', '3'], '--chaos-seed and --chaos-weights go with --chaos RATE.'],
      [['emulator', 'start', '--tls-key', 'k.pem'], '--tls-cert and --tls-key go together: pass both.'],
      [['mcp', '--allow-deletes'], '--allow-deletes needs --allow-writes too: a tool that deletes also changes data.'],
      [
        ['jobs', 'create', '--title', 't', '--description', 'd', '--description-file', 'f.md'],
        'Pass --description or --description-file, not both.',
      ],
      [
        ['webhooks', 'verify', '--id', 'i', '--timestamp', '1', '--signature', 's', '--secret-stdin'],
        'With --secret-stdin, stdin holds the secret: pass the payload with --payload-file.',
      ],
    ];
    for (const [argv, message] of cases) {
      const result = await runCli(argv, { env });
      expect({ argv, code: result.code, stderr: result.stderr }).toEqual({
        argv,
        code: 2,
        stderr: `Error: ${message}\n`,
      });
    }
  });
});
