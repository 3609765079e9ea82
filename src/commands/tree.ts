// The commander tree, built from the command tree's data (manifest.ts): usage, help, flags and
// suggestions come from commander; each leaf's action loads its command, checks its options
// (parse.ts) and runs it. Nothing here knows any one command.
import { Command, Option } from 'commander';
import { VERSION, type Context } from '../context.js';
import { inertLines } from '../output/cells.js';
import { collect } from './collect.js';
import type { Registry } from './define.js';
import { examplesText, type ManifestFlag, type TreeNode } from './manifest.js';

/** Runs the command at `index` of the registry with commander's raw values. */
export type RunCommand = (index: number, rawFlags: Record<string, unknown>, rawArgs: unknown[]) => Promise<void>;

function addFlag(command: Command, flag: ManifestFlag, attributes: Map<string, string>): void {
  const names = `${flag.short ? `${flag.short}, ` : ''}${flag.long}${flag.value ? ` <${flag.value}>` : ''}`;
  if (flag.negate && command.parent) {
    // Declared first and hidden, so that --no-NAME has no default: absent = not given. Not for
    // global flags: a hidden --input there would take `api --input FILE` from the command.
    command.addOption(new Option(flag.long.replace(/^--no-/, '--')).hideHelp());
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
  if (node.examples.length > 0) command.addHelpText('after', examplesText(node.examples));
  let group: string | undefined;
  for (const child of node.children) {
    if (child.group && child.group !== group) command.commandsGroup((group = child.group));
    populate(command.command(child.name), child, run, whole);
  }
  if (node.children.length > 0) {
    command.hook('preSubcommand', (_self, sub) => {
      const build = pending.get(sub);
      pending.delete(sub);
      build?.();
    });
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
export function buildCommander(ctx: Context, registry: Registry, tree: TreeNode, helpAfter: string, argv: readonly string[] = []): Command {
  const program = new Command('hire');
  program
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.stdout.write(text),
      // commander quotes argv in its errors: text from outside (CONTRACT §7).
      writeErr: (text) => ctx.io.stderr.write(inertLines(text)),
      // Help is 80 columns wide, or the terminal's width when narrower: the same text at every
      // wider terminal and in pipes, so that the build can write it out (scripts/build.mjs).
      getOutHelpWidth: () => Math.min(80, ctx.io.isStdoutTTY && ctx.io.columns ? ctx.io.columns : 80),
    })
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError()
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help');
  const run: RunCommand = async (index, rawFlags, rawArgs) => {
    const [{ default: spec }, { parseOptions }] = await Promise.all([registry[index]!(), import('./parse.js')]);
    await spec.run(ctx, parseOptions(spec, rawFlags, rawArgs));
  };
  // For help (which lists commands with their flags) every command is built; for a command that
  // runs, the root and the commands on its path.
  const guess = argv.some((word) => word === '--help' || word === '-h' || word === 'help') ? undefined : named(tree, argv);
  const target = guess?.command ? guess : undefined;
  const onPath = (node: TreeNode) => target !== undefined && node.path.every((word, index) => target.path[index] === word);
  populate(program, tree, run, (node) => target === undefined || node.path.length === 0 || onPath(node));
  program.addHelpText('after', helpAfter);
  program.helpCommand('help [command]', 'show help for a command');
  program.hook('preAction', async () => {
    const { parseSettings } = await import('./parse.js');
    ctx.applySettings(rootValues(program, tree), parseSettings);
  });
  return program;
}
