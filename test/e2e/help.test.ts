// Help: every visible command's --help (walked from the command tree itself) has its usage, a
// one-line summary, its arguments and flags with defaults and allowed values, and 1-3 examples
// that invoke real commands with real flags. The root help groups the commands and lists the
// environment variables and exit codes; unknown commands suggest the nearest one.
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { Context } from '../../src/context.js';
import { buildProgram } from '../../src/cli.js';
import { captureIO, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

// ---------------------------------------------------------------------------------------------
// The command tree

const PROGRAM = await buildProgram(new Context(captureIO().io, {}));

const isHidden = (command: Command) => (command as Command & { _hidden?: boolean })._hidden === true;
const visibleSubcommands = (command: Command) =>
  command.commands.filter((sub) => !isHidden(sub) && sub.name() !== 'help');

interface Node {
  path: string[];
  command: Command;
}

function walk(command: Command, path: string[] = []): Node[] {
  return [{ path, command }, ...visibleSubcommands(command).flatMap((sub) => walk(sub, [...path, sub.name()]))];
}

const TREE = walk(PROGRAM);

function ancestors(command: Command): Command[] {
  const list: Command[] = [];
  for (let parent = command.parent; parent; parent = parent.parent) list.push(parent);
  return list;
}

const visibleOptions = (command: Command) => command.options.filter((option) => !option.hidden);

/** The flags a command accepts: its own, its ancestors' (global), and the help flags. */
function acceptedFlags(command: Command): Set<string> {
  const flags = new Set(['-h', '--help']);
  for (const owner of [command, ...ancestors(command)]) {
    for (const option of owner.options) {
      if (option.long) flags.add(option.long);
      if (option.short) flags.add(option.short);
    }
  }
  return flags;
}

function findOption(command: Command, flag: string): Option | undefined {
  for (const owner of [command, ...ancestors(command)]) {
    const option = owner.options.find((candidate) => candidate.long === flag || candidate.short === flag);
    if (option) return option;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Reading help text

/** Section heading (a line like `Options:` at the margin) → its lines. `''` holds what precedes the first. */
function sections(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>([['', []]]);
  let current = '';
  for (const line of text.split('\n')) {
    if (/^\S.*:$/.test(line)) {
      current = line.slice(0, -1);
      expect(map.has(current), `section ${current} appears twice`).toBe(false);
      map.set(current, []);
    } else {
      map.get(current)!.push(line);
    }
  }
  return map;
}

/** Entries of a two-column section (`  TERM   description…`, wrapped lines indented further). */
function entries(lines: readonly string[] | undefined): Map<string, string> {
  const map = new Map<string, string>();
  let last: string | undefined;
  for (const line of lines ?? []) {
    if (line.trim() === '') {
      last = undefined;
      continue;
    }
    const entry = /^ {2}(\S+(?: \S+)*)(?: {2,}(.*))?$/.exec(line);
    if (entry) {
      last = entry[1]!;
      map.set(last, entry[2] ?? '');
    } else if (last !== undefined && /^ {3,}\S/.test(line)) {
      map.set(last, `${map.get(last)!} ${line.trim()}`);
    }
  }
  return map;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The words a description names (event kinds keep their dots; quotes and punctuation go). */
const wordsOf = (text: string) => new Set(text.split(/[^\w.]+/).map((word) => word.replace(/\.+$/, '')));

const JOB_STATUSES = ['draft', 'active', 'paused', 'closed'];
const CANDIDATE_STATUSES = ['new', 'screening', 'review', 'interview', 'offer', 'hired', 'rejected'];
const EVENT_KINDS = [
  'job.created',
  'assessment.generated',
  'application.received',
  'application.created',
  'assessment.completed',
  'candidate.statusChanged',
  'interview.scheduled',
  'offer.extended',
];

/** The flags that take one of a fixed set of values (as completion offers them), and those values. */
function allowedValues(path: string[], flag: string): string[] | undefined {
  const table: Record<string, string[]> = {
    // `logs tail --status` takes HTTP statuses (4xx, 404): no fixed set.
    ...(path[0] === 'logs' ? {} : { '--status': path[0] === 'candidates' ? CANDIDATE_STATUSES : JOB_STATUSES }),
    '--output': ['table', 'json', 'ndjson', 'csv'],
    '--location-type': ['remote', 'hybrid', 'onsite'],
    '--experience-level': ['entry', 'mid', 'senior', 'lead', 'executive'],
    '--employment-type': ['full_time', 'part_time', 'contract', 'internship'],
    '--salary-period': ['hourly', 'monthly', 'yearly'],
    '--question-type': ['ranksort', 'multiple_choice', 'scenario'],
    '--event': EVENT_KINDS,
    '--events': EVENT_KINDS,
    '--kind': EVENT_KINDS,
    '--level': ['read', 'write', 'admin'],
    '--tier': ['standard', 'enterprise'],
    '--environment': ['production', 'sandbox'],
    '--format': ['csv', 'ndjson', 'json'],
    '--method': ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  };
  return table[flag];
}

async function help(argv: string[]): Promise<RunResult> {
  const box = await sandbox();
  return runCli(argv, { env: box.env });
}

const GLOBAL_POINTER = 'Global options (--json, -o, -p, -q, --no-input, …): `hire help options`';

/** The global flags as `hire help options` lists them. */
const GLOBAL_OPTIONS = entries(sections((await help(['help', 'options'])).stdout).get('Options'));

// ---------------------------------------------------------------------------------------------
// Every command

describe('--help of every command', () => {
  it('walks the whole tree (root, nouns and leaves), without the hidden __complete', () => {
    const names = TREE.map((node) => node.path.join(' '));
    expect(names).toEqual(
      expect.arrayContaining([
        '',
        'jobs',
        'jobs create',
        'jobs list',
        'candidates move',
        'emulator keys',
        'emulator keys revoke',
        'completion',
        'api',
      ]),
    );
    expect(names).not.toContain('__complete');
    expect(TREE.length).toBeGreaterThan(40);
  });

  for (const { path, command } of TREE) {
    const name = ['hire', ...path].join(' ');
    describe(name, () => {
      it('has usage, a one-line summary, its arguments, subcommands and flags with defaults and allowed values', async () => {
        const result = await help([...path, '--help']);
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).toBe('');
        const text = result.stdout;
        expect(text.split('\n')[0]).toBe(`Usage: ${name} ${command.usage()}`);

        // The summary: one line in the code, the paragraph after the usage in the help.
        const summary = command.description();
        expect(summary.length).toBeGreaterThan(0);
        expect(summary).not.toContain('\n');
        const parts = sections(text);
        expect(squash(parts.get('')!.slice(1).join('\n'))).toBe(summary);

        // Arguments, with their descriptions.
        const args = entries(parts.get('Arguments'));
        for (const argument of command.registeredArguments) {
          expect(args.get(argument.name()), `${name}: argument ${argument.name()}`).toBe(argument.description);
        }

        // Subcommands of a noun, each with its summary.
        const subcommands = visibleSubcommands(command);
        if (path.length > 0 && subcommands.length > 0) {
          const listed = [...entries(parts.get('Commands')).entries()];
          for (const sub of subcommands) {
            const entry = listed.find(([term]) => term.split(' ')[0] === sub.name());
            expect(entry, `${name}: subcommand ${sub.name()}`).toBeDefined();
            expect(squash(entry![1])).toBe(sub.description());
          }
        }

        // Flags: its own under Options; the global ones once, in the root's help and `hire help options`,
        // which every other page points to in its last line.
        const own = entries(parts.get('Options'));
        expect(own.has('-h, --help'), `${name}: -h, --help`).toBe(true);
        expect(parts.has('Global Options'), `${name}: no Global Options block`).toBe(false);
        if (path.length > 0) expect(text.trimEnd().split('\n').at(-1)).toBe(GLOBAL_POINTER);
        const global = path.length === 0 ? own : GLOBAL_OPTIONS;
        const groups: [Command, Map<string, string>][] = [
          [command, own],
          ...ancestors(command).map((owner): [Command, Map<string, string>] => [owner, global]),
        ];
        for (const [owner, listed] of groups) {
          for (const option of visibleOptions(owner)) {
            const description = listed.get(option.flags);
            expect(description, `${name}: ${option.flags}`).toBeDefined();
            const shown = squash(description!);
            expect(shown.startsWith(squash(option.description)), `${name}: ${option.flags} description`).toBe(true);
            if ((option.required || option.optional) && option.defaultValue !== undefined) {
              expect(shown, `${name}: ${option.flags} default`).toContain(
                `(default: ${JSON.stringify(option.defaultValue)})`,
              );
            }
            const allowed = [
              ...(option.argChoices ?? []),
              ...(option.long ? (allowedValues(path, option.long) ?? []) : []),
            ];
            const named = wordsOf(shown);
            for (const value of allowed)
              expect(named.has(value), `${name}: ${option.flags} should name "${value}" in: ${shown}`).toBe(true);
          }
        }
      });

      it('has 1-3 examples that run hire with its real subcommands and flags', async () => {
        const result = await help([...path, '--help']);
        expect(result.code).toBe(0);
        // The examples: the Examples section up to its blank line (the pointer to the global options follows).
        const section = sections(result.stdout).get('Examples') ?? [];
        const examples = section.slice(0, section.indexOf('') === -1 ? undefined : section.indexOf(''));
        expect(examples.length, `${name}: examples`).toBeGreaterThanOrEqual(1);
        expect(examples.length, `${name}: examples`).toBeLessThanOrEqual(3);
        for (const line of examples) {
          expect(line.startsWith('  $ '), line).toBe(true);
          // hire itself, or at the end of a pipe or inside <( ).
          const call = /(?:^ {2}\$ |\| |<\()hire (.*)$/.exec(line);
          expect(call, `${name}: ${line} runs hire`).not.toBeNull();
          const tokens = call![1]!
            .replace(/\s+#.*$/, '')
            .replace(/\)$/, '')
            .split(/\s+/)
            .filter((token) => token !== '');
          // Subcommands are the leading words (after any global flags); then come flags and values.
          let target = PROGRAM;
          const reached: string[] = [];
          let lastSubcommand = -1;
          tokens.forEach((token, index) => {
            if (/^--[a-z]/.test(token) || /^-[A-Za-z]$/.test(token)) {
              const [flag, inline] = token.split(/=(.*)/, 2) as [string, string | undefined];
              expect(
                acceptedFlags(target).has(flag),
                `${name}: ${line}: ${flag} is not a flag of hire ${reached.join(' ')}`,
              ).toBe(true);
              // A value of a fixed set is one of them (comma lists: each).
              const long = findOption(target, flag)?.long;
              const allowed = long ? allowedValues(reached, long) : undefined;
              const value = inline ?? tokens[index + 1];
              if (allowed && value !== undefined) {
                for (const part of value.split(','))
                  expect(allowed, `${name}: ${line}: ${flag} ${part}`).toContain(part);
              }
              return;
            }
            const sub = visibleSubcommands(target).find((candidate) => candidate.name() === token);
            if (sub && (reached.length === 0 || index === lastSubcommand + 1)) {
              target = sub;
              reached.push(token);
              lastSubcommand = index;
            }
          });
          // The example is about this command (or one under it), and names a command that runs.
          expect(reached.slice(0, path.length), `${name}: ${line}`).toEqual(path);
          expect(visibleSubcommands(target), `${name}: ${line} stops at a command with subcommands`).toEqual([]);
        }
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The root help

describe('root help', () => {
  it('groups the commands: Hiring, Access, Local platform and shell', async () => {
    const result = await help(['--help']);
    expect(result.code).toBe(0);
    const parts = sections(result.stdout);
    const group = (heading: string) => [...entries(parts.get(heading)).keys()].map((term) => term.split(' ')[0]!);
    expect(group('Hiring')).toEqual(['status', 'jobs', 'candidates', 'assessments', 'analytics', 'webhooks', 'events']);
    expect(group('Access')).toEqual(['auth', 'profiles', 'doctor', 'api', 'mcp']);
    expect(group('Local platform and shell')).toEqual(['emulator', 'trigger', 'logs', 'completion', 'help']);
    // No command is left out of the groups, and none is ungrouped.
    expect(parts.has('Commands')).toBe(false);
    const grouped = [...group('Hiring'), ...group('Access'), ...group('Local platform and shell')];
    for (const command of visibleSubcommands(PROGRAM)) expect(grouped).toContain(command.name());
    expect(result.stdout).not.toContain('__complete');
    // The headings come in that order.
    const order = ['Hiring:', 'Access:', 'Local platform and shell:', 'Examples:', 'Environment:', 'Exit codes:'].map(
      (heading) => result.stdout.indexOf(`\n${heading}\n`),
    );
    for (const position of order) expect(position).toBeGreaterThan(0);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('lists every environment variable of the contract', async () => {
    const result = await help(['--help']);
    const environment = sections(result.stdout).get('Environment');
    expect(environment).toBeDefined();
    const described = entries(environment);
    for (const variable of ['HIRE_PROFILE', 'HIRE_API_KEY', 'HIRE_BASE_URL', 'HIRE_CONFIG_DIR', 'HIRE_DATA_DIR']) {
      expect(described.get(variable), variable).toMatch(/\S/);
    }
    const words = wordsOf(environment!.join(' '));
    for (const variable of ['NO_COLOR', 'FORCE_COLOR', 'CI', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY'])
      expect(words.has(variable), variable).toBe(true);
  });

  it('lists every exit code with its meaning', async () => {
    const result = await help(['--help']);
    const exitCodes = sections(result.stdout).get('Exit codes');
    expect(exitCodes).toBeDefined();
    // `0 ok · 1 API or unexpected failure · …`, over one or more lines.
    const pieces = exitCodes!
      .flatMap((line) => line.split('·'))
      .map((piece) => piece.trim())
      .filter((piece) => piece !== '');
    const meanings = new Map<number, string>();
    for (const piece of pieces) {
      const match = /^(\d+)\s+(\S.*)$/.exec(piece);
      expect(match, `exit code entry: ${piece}`).not.toBeNull();
      meanings.set(Number(match![1]), match![2]!);
    }
    expect([...meanings.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 130]);
    expect(meanings.get(2)).toMatch(/usage/);
    expect(meanings.get(3)).toMatch(/authentication/);
    expect(meanings.get(4)).toMatch(/not found/);
    expect(meanings.get(5)).toMatch(/rate limit/);
    expect(meanings.get(6)).toMatch(/network/);
    expect(meanings.get(130)).toMatch(/interrupt/);
  });

  it('shows allowed values and defaults of the global flags, in `hire help options`', async () => {
    const result = await help(['jobs', 'list', '--help']);
    const own = entries(sections(result.stdout).get('Options'));
    const options = await help(['help', 'options']);
    expect(options.code).toBe(0);
    expect(options.stderr).toBe('');
    const global = entries(sections(options.stdout).get('Options'));
    // The same flags, with the same help, as the root's Options.
    expect(global).toEqual(entries(sections((await help(['--help'])).stdout).get('Options')));
    expect(squash(own.get('--status <status>')!)).toContain('draft|active|paused|closed');
    expect(squash(global.get('-o, --output <format>')!)).toBe(
      'output format (choices: "table", "json", "ndjson", "csv")',
    );
    expect(squash(global.get('--timeout <seconds>')!)).toBe('request timeout in seconds (default: "30")');
    expect(squash(global.get('--max-retries <n>')!)).toContain('(default: "3")');
    const candidates = entries(sections((await help(['candidates', 'list', '--help'])).stdout).get('Options'));
    expect(squash(candidates.get('--status <status>')!)).toContain(
      'new|screening|review|interview|offer|hired|rejected',
    );
    const keys = entries(sections((await help(['emulator', 'keys', 'create', '--help'])).stdout).get('Options'));
    expect(squash(keys.get('--level <level>')!)).toMatch(/^read\|write\|admin .*\(default: "write"\)$/);
  });

  it('is what `hire` alone prints, with exit 0', async () => {
    const alone = await help([]);
    const flag = await help(['--help']);
    expect(alone.code).toBe(0);
    expect(alone.stderr).toBe('');
    expect(alone.stdout.startsWith('Usage: hire [options] [command]\n')).toBe(true);
    expect(alone.stdout).toBe(flag.stdout);
    expect((await help(['-h'])).stdout).toBe(flag.stdout);
    expect((await help(['help'])).stdout).toBe(flag.stdout);
  });

  it('`hire help jobs` prints the help of jobs', async () => {
    const viaHelp = await help(['help', 'jobs']);
    const viaFlag = await help(['jobs', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout.startsWith('Usage: hire jobs ')).toBe(true);
    expect(viaHelp.stdout).toContain('create, list and change job postings');
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect((await help(['help', 'completion'])).stdout).toBe((await help(['completion', '--help'])).stdout);
  });

  it('`hire help WORDS…` prints the help of the command at any depth; `hire jobs help create` too', async () => {
    for (const words of [
      ['jobs', 'create'],
      ['emulator', 'keys', 'create'],
      ['emulator', 'keys'],
    ]) {
      const viaHelp = await help(['help', ...words]);
      const viaFlag = await help([...words, '--help']);
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout.startsWith(`Usage: hire ${words.join(' ')} `), viaHelp.stdout).toBe(true);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
    }
    expect((await help(['jobs', 'help', 'create'])).stdout).toBe((await help(['jobs', 'create', '--help'])).stdout);
    expect((await help(['emulator', 'help', 'keys', 'revoke'])).stdout).toBe(
      (await help(['emulator', 'keys', 'revoke', '--help'])).stdout,
    );
  });

  it('`hire help` with a word that names no command: a usage error naming it, exit 2', async () => {
    const cases: { argv: string[]; stderr: string }[] = [
      {
        argv: ['help', 'jobs', 'nope'],
        stderr:
          "Error: No help for 'jobs nope': hire jobs has no command 'nope'.\nUsage: hire help [options] [command...]\nRun `hire jobs --help` for its commands.\n",
      },
      {
        argv: ['help', 'nope'],
        stderr:
          "Error: No help for 'nope': hire has no command 'nope'.\nUsage: hire help [options] [command...]\nRun `hire --help` for its commands, `hire help options` for the global options.\n",
      },
      {
        argv: ['help', 'emulator', 'keys', 'x'],
        stderr:
          "Error: No help for 'emulator keys x': hire emulator keys has no command 'x'.\nUsage: hire help [options] [command...]\nRun `hire emulator keys --help` for its commands.\n",
      },
      {
        argv: ['help', 'jobs', 'create', 'more'],
        stderr:
          "Error: No help for 'jobs create more': hire jobs create has no command 'more'.\nUsage: hire help [options] [command...]\nRun `hire jobs create --help` for the flags.\n",
      },
    ];
    for (const { argv, stderr } of cases) {
      const result = await help(argv);
      expect({ argv, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        argv,
        code: 2,
        stdout: '',
        stderr,
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Mistyped commands

describe('unknown commands', () => {
  const cases: { argv: string[]; stderr: string }[] = [
    {
      argv: ['jbos'],
      stderr:
        "Error: Unknown command 'jbos'. Did you mean jobs?\nUsage: hire [options] [command]\nRun `hire --help` for its commands.\n",
    },
    {
      argv: ['jobs', 'lst'],
      stderr:
        "Error: Unknown command 'lst'. Did you mean list?\nUsage: hire jobs [options] [command]\nRun `hire jobs --help` for its commands.\n",
    },
    {
      argv: ['candidats', 'list'],
      stderr:
        "Error: Unknown command 'candidats'. Did you mean candidates?\nUsage: hire [options] [command]\nRun `hire --help` for its commands.\n",
    },
    {
      argv: ['emulator', 'keys', 'craete'],
      stderr:
        "Error: Unknown command 'craete'. Did you mean create?\nUsage: hire emulator keys [options] [command]\nRun `hire emulator keys --help` for its commands.\n",
    },
    {
      argv: ['webhooks', 'lisen'],
      stderr:
        "Error: Unknown command 'lisen'. Did you mean listen?\nUsage: hire webhooks [options] [command]\nRun `hire webhooks --help` for its commands.\n",
    },
  ];
  for (const { argv, stderr } of cases) {
    it(`hire ${argv.join(' ')} suggests the nearest, with the usage line, exit 2`, async () => {
      const result = await help(argv);
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr,
      });
    });
  }

  it('suggests the nearest flag too', async () => {
    const result = await help(['jobs', 'list', '--stauts', 'active']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "Error: Unknown option '--stauts'. Did you mean --status?\nUsage: hire jobs list [options]\nRun `hire jobs list --help` for the flags.\n",
    );
  });

  it('suggests nothing when nothing is near, still exit 2', async () => {
    const result = await help(['xyzzy']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "Error: Unknown command 'xyzzy'.\nUsage: hire [options] [command]\nRun `hire --help` for its commands.\n",
    );
  });
});
