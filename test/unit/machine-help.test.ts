// `hire help --json` against what the parser accepts: every command it names runs (with its run()
// replaced by one that keeps the options), every flag it lists is taken, every choice it lists is
// taken and nothing else, every range it states is the one enforced, every required flag is needed.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import type { CommandModule, Registry } from '../../src/commands/define.js';
import type { MachineCommand, MachineFlag, MachineHelp } from '../../src/commands/machine-help.js';
import { COMMANDS } from '../../src/program.js';
import { captureIO, json, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

/** The registry, each command's run() replaced: it keeps the options it was given. */
function recording(): {
  registry: Registry;
  last: () => { path: string; options: Record<string, unknown> } | undefined;
} {
  let last: { path: string; options: Record<string, unknown> } | undefined;
  const registry: Registry = COMMANDS.map((load) => async (): Promise<CommandModule> => {
    const { default: spec } = await load();
    return {
      default: {
        ...spec,
        async run(_ctx, options) {
          last = { path: spec.path.join(' '), options: { ...options } };
        },
      },
    };
  });
  return { registry, last: () => last };
}

async function parse(argv: string[], registry: Registry, env: Record<string, string>) {
  const captured = captureIO({ argv });
  const code = await main(argv, captured.io, env, registry);
  return { code, stderr: captured.stderr() };
}

/** A value the flag takes: its first choice, its lowest number, or text. */
function validValue(flag: MachineFlag): string {
  if (flag.choices) return flag.choices[0]!;
  if (flag.example !== undefined) return flag.example;
  if (flag.type === 'integer' || flag.type === 'number')
    return String(flag.min ?? (flag.exclusive_min !== undefined ? flag.exclusive_min + 1 : 1));
  return 'some-value';
}

/** A command line that runs `command` with its required arguments and flags, plus `extra`. */
function commandLine(command: MachineCommand, extra: string[] = [], leaveOut?: string): string[] {
  const args = command.args.filter((arg) => arg.required).map((arg) => arg.choices?.[0] ?? 'x_1');
  const required = command.flags
    .filter((flag) => flag.required && flag.name !== leaveOut)
    .flatMap((flag) => [`--${flag.name}`, validValue(flag)]);
  return [...command.path, ...args, ...required, ...extra];
}

/**
 * A job field's value goes unchecked to the domain schema: the command itself (with --dry-run where
 * it has one, so nothing is sent) refuses it, naming the flag.
 */
async function expectRefusedByCommand(
  command: MachineCommand,
  argv: string[],
  flag: MachineFlag,
  env: Record<string, string>,
) {
  const dryRun = command.flags.some((candidate) => candidate.name === 'dry-run') ? ['--dry-run'] : [];
  const real = await runCli([...argv, ...dryRun], { env });
  expect({ argv, code: real.code }).toEqual({ argv, code: 2 });
  expect(real.stderr).toContain(`--${flag.name}`);
}

describe('hire help --json', () => {
  it('describes every command the parser runs, each flag taken as typed, each choice and range as enforced', async () => {
    const { env } = await sandbox();
    const result = await runCli(['help', '--json'], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const doc = json<MachineHelp>(result);
    expect(doc.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.commands.map((command) => command.path.join(' ')).sort()).toEqual(
      (await Promise.all(COMMANDS.map(async (load) => (await load()).default.path.join(' ')))).sort(),
    );
    const { registry, last } = recording();
    const checked = { flags: 0, choices: 0, parserChoices: 0, bounds: 0, required: 0, numericDefaults: 0 };
    for (const command of doc.commands) {
      const path = command.path.join(' ');
      expect(['read', 'write', 'delete'], path).toContain(command.effect);
      // The bare command line runs, and a flag the document does not list is refused.
      const bare = await parse(commandLine(command), registry, env);
      expect({ path, code: bare.code, stderr: bare.stderr }).toEqual({ path, code: 0, stderr: '' });
      expect(last()?.path).toBe(path);
      expect((await parse(commandLine(command, ['--not-a-flag-of-hire']), registry, env)).code, path).toBe(2);
      for (const flag of command.flags) {
        // Defaults as typed in JSON: a number for a numeric flag, and one the flag takes.
        if (flag.default !== undefined && (flag.type === 'integer' || flag.type === 'number')) {
          expect({ path, flag: flag.name, type: typeof flag.default }).toEqual({
            path,
            flag: flag.name,
            type: 'number',
          });
          const atDefault = await parse(commandLine(command, [`--${flag.name}`, String(flag.default)]), registry, env);
          expect({ path, flag: flag.name, code: atDefault.code }).toEqual({ path, flag: flag.name, code: 0 });
          checked.numericDefaults += 1;
        }
        // A flag that requires another (`--slurp`, `--paginate`) is given with the first it names.
        const typed = (one: MachineFlag) =>
          one.type === 'boolean' ? [`--${one.name}`] : [`--${one.name}`, validValue(one)];
        const needed = (flag.requires ?? []).slice(0, 1).map((name) => command.flags.find((one) => one.name === name)!);
        const given = [...typed(flag), ...needed.flatMap(typed)];
        const taken = await parse(commandLine(command, given), registry, env);
        expect({ path, flag: flag.name, code: taken.code, stderr: taken.stderr }).toEqual({
          path,
          flag: flag.name,
          code: 0,
          stderr: '',
        });
        checked.flags += 1;
        if (flag.choices) {
          for (const choice of flag.choices)
            expect(
              (await parse(commandLine(command, [`--${flag.name}`, choice]), registry, env)).code,
              `${path} --${flag.name} ${choice}`,
            ).toBe(0);
          const argv = commandLine(command, [`--${flag.name}`, 'not-a-choice']);
          if ((await parse(argv, registry, env)).code === 0) await expectRefusedByCommand(command, argv, flag, env);
          else checked.parserChoices += 1;
          checked.choices += 1;
        }
        if (flag.required) {
          expect(
            (await parse(commandLine(command, [], flag.name), registry, env)).code,
            `${path} without --${flag.name}`,
          ).toBe(2);
          checked.required += 1;
        }
      }
    }
    // Ranges: enforced by the parser, or (job fields) by the domain schema when the command runs.
    for (const command of doc.commands) {
      for (const flag of command.flags.filter(
        (candidate) =>
          candidate.min !== undefined || candidate.max !== undefined || candidate.exclusive_min !== undefined,
      )) {
        const below = flag.min !== undefined ? flag.min - 1 : flag.exclusive_min;
        const cases = [
          ...(below !== undefined ? [[String(below), false]] : []),
          ...(flag.min !== undefined ? [[String(flag.min), true]] : []),
          ...(flag.max !== undefined
            ? [
                [String(flag.max), true],
                [String(flag.max + 1), false],
              ]
            : []),
          ...(flag.type === 'integer' && flag.max !== undefined ? [[String(flag.max - 0.5), false]] : []),
        ] as [string, boolean][];
        for (const [value, ok] of cases) {
          const argv = commandLine(command, [`--${flag.name}`, value]);
          const parsed = await parse(argv, registry, env);
          if (parsed.code === 0) {
            // Handed on to the domain schema (a job field): the real command refuses it instead.
            if (ok) continue;
            await expectRefusedByCommand(command, argv, flag, env);
          } else {
            expect({ argv, code: parsed.code, ok }).toEqual({ argv, code: 2, ok: false });
          }
          checked.bounds += 1;
        }
      }
    }
    expect(checked.flags).toBeGreaterThan(150);
    expect(checked.choices).toBeGreaterThan(10);
    expect(checked.parserChoices).toBeGreaterThan(5);
    expect(checked.bounds).toBeGreaterThan(10);
    expect(checked.required).toBeGreaterThan(0);
    expect(checked.numericDefaults).toBeGreaterThan(5);
    // The API's defaults for job fields hire does not send, and the server's page-size ceiling.
    const create = doc.commands.find((command) => command.path.join(' ') === 'jobs create')!;
    expect(create.flags.find((flag) => flag.name === 'question-count')).toMatchObject({ default: 10, min: 5, max: 20 });
    expect(create.flags.find((flag) => flag.name === 'time-limit')).toMatchObject({ default: 300 });
    const lists = doc.commands.filter((command) => command.flags.some((flag) => flag.name === 'per-page'));
    expect(lists.length).toBeGreaterThan(4);
    for (const command of lists)
      expect(
        command.flags.find((flag) => flag.name === 'per-page'),
        command.path.join(' '),
      ).toMatchObject({
        type: 'integer',
        min: 1,
        max: 100,
      });
    const tooMany = await runCli(['jobs', 'list', '--per-page', '101'], { env });
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('--per-page');
  });

  it('lists the global flags as the parser takes them, with exit codes and environment', async () => {
    const { env } = await sandbox();
    const doc = json<MachineHelp>(await runCli(['help', '--json'], { env }));
    const names = doc.global_flags.map((flag) => flag.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'profile',
        'json',
        'output',
        'fields',
        'quiet',
        'verbose',
        'timeout',
        'max-retries',
        'yes',
        'no-input',
        'no-color',
      ]),
    );
    expect(doc.global_flags.find((flag) => flag.name === 'profile')).toMatchObject({ short: 'p', type: 'string' });
    expect(doc.global_flags.find((flag) => flag.name === 'max-retries')).toMatchObject({
      type: 'integer',
      min: 0,
      max: 100,
      default: 3,
    });
    expect(doc.global_flags.find((flag) => flag.name === 'timeout')).toMatchObject({ default: 30 });
    const { registry } = recording();
    const status = doc.commands.find((command) => command.path.join(' ') === 'status')!;
    for (const flag of doc.global_flags) {
      const given =
        flag.type === 'boolean'
          ? [`--${flag.name}`]
          : [`--${flag.name}`, flag.name === 'profile' ? 'local' : validValue(flag)];
      expect((await parse(commandLine(status, given), registry, env)).code, `--${flag.name}`).toBe(0);
      if (flag.choices)
        expect((await parse(commandLine(status, [`--${flag.name}`, 'not-a-choice']), registry, env)).code).toBe(2);
    }
    expect(Object.keys(doc.exit_codes)).toEqual(['0', '1', '2', '3', '4', '5', '6', '130']);
    expect(Object.keys(doc.environment)).toEqual(
      expect.arrayContaining([
        'HIRE_PROFILE',
        'HIRE_API_KEY',
        'HIRE_BASE_URL',
        'HIRE_CONFIG_DIR',
        'HIRE_DATA_DIR',
        'NO_COLOR',
        'CI',
      ]),
    );
    // The root help page names the same codes and variables.
    const help = await runCli(['--help'], { env });
    for (const code of Object.keys(doc.exit_codes)) expect(help.stdout).toMatch(new RegExp(`\\b${code} [A-Za-z]`));
    for (const name of Object.keys(doc.environment).filter((name) => name !== 'HIRE_EMULATOR_NOW'))
      expect(help.stdout).toContain(name);
  });

  it('prints one command, a group, or the global flags; an unknown word is a JSON usage error', async () => {
    const { env } = await sandbox();
    const whole = json<MachineHelp>(await runCli(['help', '--json'], { env }));
    const one = await runCli(['help', 'candidates', 'list', '--json'], { env });
    expect(one.stderr).toBe('');
    expect(json(one)).toEqual(whole.commands.find((command) => command.path.join(' ') === 'candidates list'));
    expect(json<MachineCommand>(one).flags.find((flag) => flag.name === 'score-min')).toMatchObject({
      type: 'number',
      min: 0,
      max: 100,
    });
    const group = json<{ path: string[]; commands: MachineCommand[] }>(
      await runCli(['help', 'emulator', '--json'], { env }),
    );
    expect(group.path).toEqual(['emulator']);
    expect(group.commands.map((command) => command.path.join(' '))).toContain('emulator keys create');
    expect(
      json<{ global_flags: MachineFlag[] }>(await runCli(['help', 'options', '--json'], { env })).global_flags,
    ).toEqual(whole.global_flags);
    expect(json(await runCli(['-o', 'json', 'help', 'jobs', 'delete'], { env }))).toMatchObject({
      path: ['jobs', 'delete'],
      effect: 'delete',
    });
    // `--help` with --json (or -o json), anywhere on the line: the same document as `hire help WORDS --json`.
    for (const words of [['jobs', 'create'], ['candidates', 'list'], ['jobs'], ['emulator', 'keys', 'create']]) {
      const asked = json(await runCli(['help', ...words, '--json'], { env }));
      for (const argv of [
        [...words, '--help', '--json'],
        ['--json', ...words, '-h'],
        [...words, '--help', '-o', 'json'],
      ]) {
        const result = await runCli(argv, { env });
        expect({ argv, code: result.code, stderr: result.stderr }).toEqual({ argv, code: 0, stderr: '' });
        expect(json(result), argv.join(' ')).toEqual(asked);
      }
    }
    expect(json(await runCli(['--help', '--json'], { env }))).toEqual(whole);
    // Without it, the text.
    expect((await runCli(['jobs', 'create', '--help'], { env })).stdout).toMatch(/^Usage: hire jobs create/);
    const unknown = await runCli(['help', 'jobs', 'nope', '--json'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: { code: 'usage_error' } });
  });
});
