// The manifest: every command's declaration as plain data (no run, no parse functions). The build
// writes it into dist/ (scripts/build.mjs), so that --help and completion build the tree from it
// and load no command's code; from sources (tests, tsx) it is made from the loaded declarations.
import type { OperationId } from '../domain/operations.js';
import {
  kebab,
  longName,
  type ArgSpec,
  type CommandEffect,
  type CommandSpec,
  type Completer,
  type FileUse,
  type FlagSpec,
} from './define.js';

export interface ManifestFlag {
  key: string;
  kind: FlagSpec['kind'];
  /** `--score-min`, `--no-auto-generate`. */
  long: string;
  short?: string;
  /** `<n>`; absent for booleans. */
  value?: string;
  /** The help text, choices filled in. */
  help: string;
  default?: string;
  /** The API's value for the field when the flag is absent (not applied by the parser). */
  apiDefault?: number;
  many?: boolean;
  negate?: boolean;
  hidden?: boolean;
  choices?: readonly string[];
  complete?: Completer;
  /** When absent, a usage error: this flag must be given. */
  required?: boolean;
  /** Numbers: the range (`above` excludes its bound), and whether only whole numbers are taken. */
  min?: number;
  above?: number;
  max?: number;
  integer?: boolean;
  /** A value it takes, as typed (flags read by a `parse` function: their format). */
  example?: string;
  /** Names a file on this machine that the command reads or writes. */
  file?: FileUse;
  /** The flags (as typed: `--secret-stdin`) it is refused beside. */
  conflicts?: string[];
  /** The flags it needs, at least one of them. */
  requires?: string[];
  /** What giving it sets in flags not given (`{ '--tls': true }`). */
  implies?: Record<string, boolean | string>;
}

export interface ManifestArg {
  key: string;
  help: string;
  required: boolean;
  variadic?: boolean;
  choices?: readonly string[];
  complete?: Completer;
}

export interface ManifestCommand {
  path: readonly string[];
  summary: string;
  args: ManifestArg[];
  flags: ManifestFlag[];
  examples: readonly string[];
  effect: CommandEffect;
  /** Why its whole job is on this machine: then it is no MCP tool. */
  local?: string;
  /** The platform operations it may call (domain/operations.ts), as declared; absent: none. */
  operations?: readonly OperationId[];
  /** Its place in program.ts's registry: how its code is loaded when it runs. */
  index: number;
}

/** A command with subcommands (`jobs`): declared in program.ts. */
export interface Noun {
  path: readonly string[];
  summary: string;
  examples: readonly string[];
}

export interface Manifest {
  commands: ManifestCommand[];
}

export function manifestFlag(key: string, spec: FlagSpec): ManifestFlag {
  const long = longName(key, spec);
  const takesValue = spec.kind !== 'boolean';
  const choices = spec.choices;
  let help = spec.help;
  // `a|b|c` reads best; a long list (event kinds) is comma-separated so that help can wrap it.
  if (choices) help = help.replace('{choices}', choices.join('|').length > 60 ? choices.join(', ') : choices.join('|'));
  const entry: ManifestFlag = { key, kind: spec.kind, long, help };
  if (spec.short) entry.short = spec.short;
  if (takesValue) entry.value = spec.value ?? (spec.name ?? kebab(key)).split('-').at(-1)!;
  if (spec.default !== undefined) entry.default = spec.default;
  if (spec.apiDefault !== undefined) entry.apiDefault = spec.apiDefault;
  if (spec.many) entry.many = true;
  if (spec.negate) entry.negate = true;
  if (spec.hidden) entry.hidden = true;
  if (choices) entry.choices = choices;
  if (spec.complete) entry.complete = spec.complete;
  if (spec.required !== undefined) entry.required = true;
  for (const bound of ['min', 'above', 'max'] as const) if (spec[bound] !== undefined) entry[bound] = spec[bound];
  if (spec.integer) entry.integer = true;
  if (spec.example !== undefined) entry.example = spec.example;
  if (spec.file) entry.file = spec.file;
  return entry;
}

function manifestArg(key: string, spec: ArgSpec): ManifestArg {
  const entry: ManifestArg = { key, help: spec.help, required: spec.required };
  if (spec.variadic) entry.variadic = true;
  if (spec.choices) entry.choices = spec.choices;
  if (spec.complete) entry.complete = spec.complete;
  return entry;
}

export function manifestOf(spec: CommandSpec, index: number): ManifestCommand {
  return {
    path: spec.path,
    summary: spec.summary,
    args: Object.entries(spec.args ?? {}).map(([key, arg]) => manifestArg(key, arg)),
    flags: Object.entries(spec.flags ?? {}).flatMap(([key, flag]) => {
      const entry = { ...manifestFlag(key, flag), ...relationsOf(spec, key, flag) };
      // `--NAME` before `--no-NAME`, both under one key: true or false when given, absent otherwise.
      if (!flag.negate || flag.positive === undefined) return [entry];
      const { negate: _negate, ...positive } = entry;
      return [{ ...positive, long: entry.long.replace(/^--no-/, '--'), help: flag.positive }, entry];
    }),
    examples: spec.examples,
    effect: spec.effect,
    ...(spec.local !== undefined ? { local: spec.local } : {}),
    ...(spec.operations?.length ? { operations: spec.operations } : {}),
    index,
  };
}

/**
 * A flag's relations (define.ts `conflicts`, `requires`, `implies`) with the other flags named as
 * typed. A relation naming no flag of the command, or one with a default (always given, so never
 * told apart from absent), is a mistake in the declaration: it throws when the manifest is made
 * (the build, and every test that loads commands).
 */
function relationsOf(
  spec: CommandSpec,
  key: string,
  flag: FlagSpec,
): Pick<ManifestFlag, 'conflicts' | 'requires' | 'implies'> {
  const flags = spec.flags ?? {};
  const named = (other: string): string => {
    const target = flags[other];
    if (!target) throw new Error(`${spec.path.join(' ')}: --${kebab(key)} names no flag "${other}"`);
    if (target.default !== undefined || flag.default !== undefined)
      throw new Error(`${spec.path.join(' ')}: --${kebab(key)} relates flags with defaults (always given)`);
    return longName(other, target);
  };
  const entry: Pick<ManifestFlag, 'conflicts' | 'requires' | 'implies'> = {};
  if (flag.conflicts) entry.conflicts = flag.conflicts.flags.map(named);
  if (flag.requires) entry.requires = flag.requires.flags.map(named);
  if (flag.implies)
    entry.implies = Object.fromEntries(Object.entries(flag.implies).map(([other, value]) => [named(other), value]));
  return entry;
}

/** `Examples:` after a command's help: `  $ hire …` lines. */
export function examplesText(examples: readonly string[]): string {
  return `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`;
}

/** The root: the global flags and how the top-level commands are grouped in help. */
export interface Root {
  summary: string;
  flags: ManifestFlag[];
  /** Help headings and the top-level names under each, in order. */
  groups: readonly (readonly [heading: string, names: readonly string[]])[];
}

/** One node of the command tree, as help, commander and completion see it. */
export interface TreeNode {
  name: string;
  path: readonly string[];
  summary: string;
  examples: readonly string[];
  flags: ManifestFlag[];
  args: ManifestArg[];
  children: TreeNode[];
  /** The help heading it is listed under (top level only). */
  group?: string;
  /** A command that runs (a leaf); nouns have none. */
  command?: ManifestCommand;
}

/** The whole tree from the root, the nouns and the commands: what no code but data builds. */
export function commandTree(root: Root, nouns: readonly Noun[], manifest: Manifest): TreeNode {
  const top: TreeNode = {
    name: 'hire',
    path: [],
    summary: root.summary,
    examples: [],
    flags: root.flags,
    args: [],
    children: [],
  };
  const node = (path: readonly string[]): TreeNode => {
    let parent = top;
    for (let depth = 0; depth < path.length; depth += 1) {
      let child = parent.children.find((candidate) => candidate.name === path[depth]);
      if (!child) {
        const noun = nouns.find((candidate) => candidate.path.join(' ') === path.slice(0, depth + 1).join(' '));
        if (!noun && depth < path.length - 1)
          throw new Error(`No noun declared for ${path.slice(0, depth + 1).join(' ')}`);
        child = {
          name: path[depth]!,
          path: path.slice(0, depth + 1),
          summary: noun?.summary ?? '',
          examples: noun?.examples ?? [],
          flags: [],
          args: [],
          children: [],
        };
        parent.children.push(child);
      }
      parent = child;
    }
    return parent;
  };
  // Top-level names first, in the order of their groups; then everything in registry order.
  for (const [heading, names] of root.groups) {
    for (const name of names) {
      const isNoun = nouns.some((noun) => noun.path.length === 1 && noun.path[0] === name);
      const isCommand = manifest.commands.some((command) => command.path.length === 1 && command.path[0] === name);
      if (!isNoun && !isCommand) throw new Error(`Help group ${heading} names ${name}, which is no command`);
      node([name]).group = heading;
    }
  }
  for (const command of manifest.commands) {
    const leaf = node(command.path);
    Object.assign(leaf, {
      summary: command.summary,
      examples: command.examples,
      flags: command.flags,
      args: command.args,
      command,
    });
  }
  return top;
}
