// The commander tree, built from the command tree's data (manifest.ts): usage, help, flags and
// suggestions come from commander; each leaf's action loads its command, checks its options
// (parse.ts) and runs it. Nothing here knows any one command.
import { Command, Option, type CommanderError, type HelpContext } from 'commander';
import { VERSION, type Context } from '../context.js';
import { UsageError } from '../errors.js';
import { inertLines } from '../output/cells.js';
import { namesJson } from '../output/formats.js';
import { collect } from './collect.js';
import type { Registry } from './define.js';
import { machineFlag, machineHelp, machineNode } from './machine-help.js';
import { examplesText, type ManifestFlag, type TreeNode } from './manifest.js';
import { knowCommands } from './suggest.js';

/** Runs the command at `index` of the registry with commander's raw values. */
export type RunCommand = (index: number, rawFlags: Record<string, unknown>, rawArgs: unknown[]) => Promise<void>;

function addFlag(command: Command, flag: ManifestFlag, attributes: Map<string, string>): void {
  const names = `${flag.short ? `${flag.short}, ` : ''}${flag.long}${flag.value ? ` <${flag.value}>` : ''}`;
  const positive = flag.long.replace(/^--no-/, '--');
  if (flag.negate && command.parent && !command.options.some((option) => option.long === positive)) {
    // Declared first and hidden, so that --no-NAME has no default: absent = not given. Not for
    // global flags: a hidden --input there would take `api --input FILE` from the command. Not
    // when the declaration shows --NAME itself (`positive`): it comes first then.
    command.addOption(new Option(positive).hideHelp());
  }
  const option = new Option(names, flag.help);
  if (flag.kind === 'enum' && flag.choices && !flag.help.includes(flag.choices.join('|'))) {
    // commander says the choices in help, and, for a global flag, checks them as it reads argv
    // (its message, before any command runs); a command's own are checked with its options.
    if (command.parent) option.description += ` (choices: ${flag.choices.map((choice) => `"${choice}"`).join(', ')})`;
    else option.choices(flag.choices);
  }
  if (flag.hidden) option.hideHelp();
  if (flag.default !== undefined) option.default(flag.default);
  if (flag.many) option.argParser(collect);
  command.addOption(option);
  attributes.set(option.attributeName(), flag.key);
}

/** commander's attribute names back to the declaration's keys. */
function byKey(values: Record<string, unknown>, attributes: Map<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [attribute, value] of Object.entries(values)) out[attributes.get(attribute) ?? attribute] = value;
  return out;
}

/**
 * Builds `node` on `command`: whole (flags, arguments, help, action and children) when `whole`
 * says so, else a name and summary only, made whole if commander dispatches to it after all. A run
 * needs only the commands argv names; building every one costs milliseconds at each start.
 */
function populate(command: Command, node: TreeNode, run: RunCommand, whole: (node: TreeNode) => boolean): Command {
  command.description(node.summary);
  // commander's errors become ours, naming this command's usage (a child would inherit its parent's).
  if (command.parent) command.exitOverride((error) => failure(command, error));
  if (!whole(node)) {
    pending.set(command, () => fill(command, node, run, () => true));
    return command;
  }
  return fill(command, node, run, whole);
}

/** The nodes built by name only, and how to build each whole. */
const pending = new WeakMap<Command, () => void>();

function fill(command: Command, node: TreeNode, run: RunCommand, whole: (node: TreeNode) => boolean): Command {
  const attributes = new Map<string, string>();
  for (const flag of node.flags) addFlag(command, flag, attributes);
  for (const argument of node.args) {
    const name = `${argument.key}${argument.variadic ? '...' : ''}`;
    command.argument(argument.required ? `<${name}>` : `[${name}]`, argument.help);
  }
  // `--help --json` prints the machine help `hire help WORDS --json` prints (docs/commands.md).
  // The HelpContext overload is current; only the callback one is deprecated, which the rule cannot tell.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const textHelp = (command.outputHelp as (context?: HelpContext) => void).bind(command);
  Object.defineProperty(command, 'outputHelp', {
    value: (context?: HelpContext): void => {
      if (context?.error || !printedMachineHelp(command, node)) textHelp(context);
    },
  });
  if (node.examples.length > 0) command.addHelpText('after', examplesText(node.examples));
  // The global flags are listed once, in `hire --help` and `hire help options`.
  if (node.path.length > 0) command.addHelpText('after', GLOBAL_OPTIONS_POINTER);
  let group: string | undefined;
  for (const child of node.children) {
    if (child.group && child.group !== group) command.commandsGroup((group = child.group));
    populate(command.command(child.name), child, run, whole);
  }
  if (node.children.length > 0) {
    command.hook('preSubcommand', (_self, sub) => buildWhole(sub));
    addHelpCommand(command, node);
  }
  const leaf = node.command;
  if (leaf) {
    command.action(async (...values: unknown[]) => {
      const self = values.at(-1) as Command;
      await run(leaf.index, byKey(self.opts(), attributes), values.slice(0, -2));
    });
  }
  return command;
}

/** Builds a command whole if it was built by name only. */
function buildWhole(command: Command): void {
  const build = pending.get(command);
  pending.delete(command);
  build?.();
}

const GLOBAL_OPTIONS_POINTER = 'Global options (--json, -o, -p, -q, --no-input, …): `hire help options`';

/** How a program turns commander's errors into ours (buildCommander). */
const failures = new WeakMap<Command, (command: Command, error: CommanderError) => void>();

function failure(command: Command, error: CommanderError): void {
  let root = command;
  while (root.parent) root = root.parent;
  failures.get(root)?.(command, error);
  throw error;
}

/**
 * `help [command...]` under a command with subcommands: the help of the command the words name, at
 * any depth (`hire help emulator keys create`; commander's own takes one word). At the root,
 * `hire help options` shows the global options.
 */
function addHelpCommand(command: Command, node: TreeNode): void {
  const help = command
    .command('help')
    .argument('[command...]', 'the command words')
    .description('show help for a command');
  help.exitOverride((error) => failure(help, error));
  help.action((words: string[]) => {
    if (node.path.length === 0 && words.length === 1 && words[0] === 'options') {
      if (printedMachineHelp(command, 'options')) return;
      command.configureOutput().writeOut!(globalOptionsHelp(command));
      return;
    }
    let target = command;
    let at = node;
    for (const [index, word] of words.entries()) {
      const child = at.children.find((candidate) => candidate.name === word);
      const sub = child && target.commands.find((candidate) => candidate.name() === word);
      if (!child || !sub) {
        const within = ['hire', ...at.path].join(' ');
        const options = node.path.length === 0 && index === 0 ? ', `hire help options` for the global options' : '';
        throw new UsageError(
          `No help for '${words.slice(0, index + 1).join(' ')}': ${within} has no command '${word}'.`,
          {
            hint: `Usage: ${commandUsage(help)}\nRun \`${within} --help\` for ${at.children.length > 0 ? 'its commands' : 'the flags'}${options}.`,
          },
        );
      }
      buildWhole(sub);
      target = sub;
      at = child;
    }
    if (printedMachineHelp(command, at)) return;
    target.outputHelp();
  });
}

/** How a program prints machine help (buildCommander): true when it did, asked with --json. */
const machineHelpers = new WeakMap<Command, (about: TreeNode | 'options') => boolean>();

function printedMachineHelp(command: Command, about: TreeNode | 'options'): boolean {
  let root = command;
  while (root.parent) root = root.parent;
  return machineHelpers.get(root)?.(about) ?? false;
}

/** `hire help options`: the global flags, formatted as commander formats options. */
function globalOptionsHelp(program: Command): string {
  const helper = program.createHelp();
  helper.prepareContext({ helpWidth: program.configureOutput().getOutHelpWidth!() });
  const options = helper.visibleOptions(program);
  const width = Math.max(...options.map((option) => helper.displayWidth(helper.optionTerm(option))));
  const items = options.map((option) =>
    helper.formatItem(helper.optionTerm(option), width, helper.optionDescription(option), helper),
  );
  const intro = helper.boxWrap(
    'Global options work with every command, before or after its words: `hire -p prod jobs list`, `hire jobs list --json`.',
    helper.helpWidth ?? 80,
  );
  return `Usage: hire [options] COMMAND…\n\n${intro}\n\nOptions:\n${items.join('\n')}\n`;
}

/** `hire jobs get [options] <id>`. */
function commandUsage(command: Command): string {
  return command.createHelp().commandUsage(command);
}

/** The command argv's words name under `program`, when they name one. */
function commandAt(program: Command, path: readonly string[]): Command | undefined {
  let command: Command | undefined = program;
  for (const word of path) command = command?.commands.find((candidate) => candidate.name() === word);
  return command;
}

/**
 * A commander error (unknown option, missing argument, unknown command…) as a usage error in our
 * style: its message as a sentence, commander's suggestion kept, then the usage line and where to
 * look next. `globals`: the global flags as read so far (so that --json gives the JSON envelope).
 */
export class CommandLineError extends UsageError {
  constructor(
    message: string,
    hint: string,
    readonly globals: Record<string, unknown>,
  ) {
    super(message, { hint });
  }
}

function commandLineError(command: Command, error: CommanderError, globals: Record<string, unknown>): CommandLineError {
  const [first = '', ...rest] = error.message.replace(/^error: /, '').split('\n');
  const sentence = `${first.charAt(0).toUpperCase()}${first.slice(1)}${/[.?!]$/.test(first) ? '' : '.'}`;
  const suggestion = rest.map((line) => line.replace(/^\((.*)\)$/, '$1').trim()).filter((line) => line !== '');
  const words = ['hire', ...pathOf(command)].join(' ');
  const next =
    command.commands.length > 0
      ? `Run \`${words} --help\` for its commands.`
      : `Run \`${words} --help\` for the flags.`;
  return new CommandLineError([sentence, ...suggestion].join(' '), `Usage: ${commandUsage(command)}\n${next}`, globals);
}

function pathOf(command: Command): string[] {
  const path: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) path.unshift(at.name());
  return path;
}

/** The node that argv's leading words name, flags passed over (a guess: a flag's value may be a word). */
export function named(tree: TreeNode, argv: readonly string[]): TreeNode | undefined {
  let node = tree;
  for (const word of argv) {
    if (word.startsWith('-')) continue;
    const child = node.children.find((candidate) => candidate.name === word);
    if (!child) break;
    node = child;
  }
  return node === tree ? undefined : node;
}

/** The root's flags as the declaration's keys. */
export function rootValues(program: Command, root: TreeNode): Record<string, unknown> {
  const attributes = new Map<string, string>();
  for (const flag of root.flags) attributes.set(new Option(flag.long).attributeName(), flag.key);
  return byKey(program.opts(), attributes);
}

/**
 * The program: the root's flags, help and version, every command under it. Global flags are parsed
 * into the frozen settings before any command runs; a command's options just before its run().
 */
export function buildCommander(
  ctx: Context,
  registry: Registry,
  tree: TreeNode,
  helpAfter: string,
  argv: readonly string[] = [],
): Command {
  const program = new Command('hire');
  // Every suggestion a command prints is checked against this tree (suggest.ts).
  knowCommands(tree);
  // Errors that are not about a command line (help shown, the version) pass through.
  const passing = new Set([
    'commander.helpDisplayed',
    'commander.version',
    'commander.help',
    'commander.executeSubCommandAsync',
  ]);
  const fail = (command: Command, error: CommanderError): void => {
    if (passing.has(error.code)) throw error;
    // The root reads the global flags wherever they are: its errors (-o xml) are about the command argv names.
    const about = command === program ? (commandAt(program, named(tree, argv)?.path ?? []) ?? program) : command;
    throw commandLineError(about, error, rootValues(program, tree));
  };
  failures.set(program, fail);
  // `hire help [WORDS…] --json`: the global flags are read (preAction) before help's action runs.
  // `--help` is read before the global flags are applied: then --json is read from the root's.
  machineHelpers.set(program, (about) => {
    const raw = rootValues(program, tree);
    if (!ctx.wantsJson && !namesJson(raw)) return false;
    const document =
      about === 'options'
        ? { global_flags: tree.flags.map(machineFlag) }
        : about === tree
          ? machineHelp(tree, VERSION)
          : machineNode(about);
    ctx.output.line(JSON.stringify(document, null, 2));
    return true;
  });
  program
    .exitOverride((error) => fail(program, error))
    .configureOutput({
      // Raw: commander's own help and usage text, written before any command (and its output) runs.
      writeOut: (text) => ctx.io.stdout.write(text),
      // Raw too, but inert: commander quotes argv in its errors, text from outside (docs/output.md "Text from outside"). Its errors are ours
      // to report (cli.ts); help asked for with an error (`hire jobs`) still goes to stderr.
      writeErr: (text) => ctx.io.stderr.write(inertLines(text)),
      outputError: () => {},
      // Help is 80 columns wide, or the terminal's width when narrower: the same text at every
      // wider terminal and in pipes, so that the build can write it out (scripts/build.mjs).
      getOutHelpWidth: () => Math.min(80, ctx.io.isStdoutTTY && ctx.io.columns ? ctx.io.columns : 80),
    })
    .showSuggestionAfterError()
    .helpCommand(false)
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help');
  const run: RunCommand = async (index, rawFlags, rawArgs) => {
    const [{ default: spec }, { invoke }] = await Promise.all([registry[index]!(), import('./invoke.js')]);
    await invoke(spec, { flags: rawFlags, args: rawArgs }, ctx);
  };
  // For help (which lists commands with their flags) every command is built; for a command that
  // runs, the root and the commands on its path.
  const guess = argv.some((word) => word === '--help' || word === '-h' || word === 'help')
    ? undefined
    : named(tree, argv);
  const target = guess?.command ? guess : undefined;
  const onPath = (node: TreeNode) =>
    target !== undefined && node.path.every((word, index) => target.path[index] === word);
  populate(program, tree, run, (node) => target === undefined || node.path.length === 0 || onPath(node));
  program.addHelpText('after', helpAfter);
  program.hook('preAction', async () => {
    const { parseSettings } = await import('./parse.js');
    ctx.applySettings(rootValues(program, tree), parseSettings);
  });
  return program;
}
