// `hire help [WORDS…] --json`: what hire offers, as one JSON document for scripts and agents. It is
// made from the command tree (commands/manifest.ts), the same declarations that help, the option
// checks and completion read, so it cannot say something the parser does not do.
import { OPERATIONS, type OperationId, type OperationSpec } from '../domain/operations.js';
import { ENVIRONMENT, EXIT_CODES } from './about.js';
import type { CommandEffect, FileUse } from './define.js';
import type { ManifestArg, ManifestFlag, TreeNode } from './manifest.js';

export interface MachineFlag {
  /** As typed, without the dashes: `score-min`, `no-auto-generate`. */
  name: string;
  /** The one-letter alias without its dash: `p` for `-p`. */
  short?: string;
  type: 'string' | 'number' | 'integer' | 'boolean';
  choices?: readonly string[];
  /**
   * The value when the flag is absent: a number for a numeric flag, else as typed on a command
   * line; for a field the API sets when it is not sent, the API's (`question-count`: 10).
   */
  default?: string | number;
  min?: number;
  /** A number that must be larger than this (`--timeout`: above 0). */
  exclusive_min?: number;
  max?: number;
  /** Given more than once (or, for lists and enums that take them, comma-separated). */
  repeatable: boolean;
  required: boolean;
  help: string;
  /** A value it takes, as typed, where the help alone does not show the format (`2h`, `1h`). */
  example?: string;
  /** Its value names a file on this machine that the command reads or writes: no MCP tool takes it. */
  file?: FileUse;
  hidden?: boolean;
  /** Flags (names as above) refused beside it: a usage error when given together. */
  conflicts?: string[];
  /** Flags it needs: at least one of them must be given with it. */
  requires?: string[];
  /** What giving it sets in flags not given: `{ "tls": true }`. */
  implies?: Record<string, boolean | string>;
}

export interface MachineArg {
  name: string;
  help: string;
  required: boolean;
  /** Takes any number of values (`candidates move ID…`). */
  variadic: boolean;
  choices?: readonly string[];
}

export interface MachineCommand {
  path: readonly string[];
  summary: string;
  /** The most it may do to data: `read`, `write` or `delete`. */
  effect: CommandEffect;
  /** Why its whole job is on this machine (files, config, the emulator, a long-running process): no MCP tool. */
  local?: string;
  /**
   * The platform operations it may call, by id, with the method and path as the OpenAPI document
   * writes them, and whether the API spec publishes it (else it is assumed, and a server may not
   * offer it: docs/api-choices.md). Empty: it calls none (`hire api` sends what it is given).
   */
  operations: MachineOperation[];
  args: MachineArg[];
  flags: MachineFlag[];
  examples: readonly string[];
}

export interface MachineOperation {
  id: OperationId;
  method: OperationSpec['method'];
  path: string;
  published: boolean;
}

/** A command with subcommands (`hire help jobs --json`). */
export interface MachineNoun {
  path: readonly string[];
  summary: string;
  examples: readonly string[];
  commands: MachineCommand[];
}

export interface MachineHelp {
  version: string;
  commands: MachineCommand[];
  global_flags: MachineFlag[];
  exit_codes: Record<string, string>;
  environment: Record<string, string>;
}

export function machineFlag(flag: ManifestFlag): MachineFlag {
  const type =
    flag.kind === 'boolean' ? 'boolean' : flag.kind === 'number' ? (flag.integer ? 'integer' : 'number') : 'string';
  const entry: MachineFlag = {
    name: flag.long.replace(/^--/, ''),
    type,
    repeatable: flag.many === true,
    required: flag.required === true,
    help: flag.help,
  };
  if (flag.short) entry.short = flag.short.replace(/^-/, '');
  if (flag.choices) entry.choices = flag.choices;
  const fallback = flag.default ?? flag.apiDefault;
  if (fallback !== undefined) entry.default = type === 'number' || type === 'integer' ? Number(fallback) : fallback;
  if (flag.min !== undefined) entry.min = flag.min;
  if (flag.above !== undefined) entry.exclusive_min = flag.above;
  if (flag.max !== undefined) entry.max = flag.max;
  if (flag.example !== undefined) entry.example = flag.example;
  if (flag.file) entry.file = flag.file;
  if (flag.hidden) entry.hidden = true;
  const bare = (long: string): string => long.replace(/^--/, '');
  if (flag.conflicts) entry.conflicts = flag.conflicts.map(bare);
  if (flag.requires) entry.requires = flag.requires.map(bare);
  if (flag.implies)
    entry.implies = Object.fromEntries(Object.entries(flag.implies).map(([long, value]) => [bare(long), value]));
  return entry;
}

function machineArg(arg: ManifestArg): MachineArg {
  const entry: MachineArg = { name: arg.key, help: arg.help, required: arg.required, variadic: arg.variadic === true };
  if (arg.choices) entry.choices = arg.choices;
  return entry;
}

export function machineCommand(node: TreeNode): MachineCommand {
  const command = node.command;
  if (!command) throw new Error(`${node.path.join(' ')} is no command`);
  return {
    path: command.path,
    summary: command.summary,
    effect: command.effect,
    ...(command.local !== undefined ? { local: command.local } : {}),
    operations: (command.operations ?? []).map((id) => ({
      id,
      method: OPERATIONS[id].method,
      path: OPERATIONS[id].path,
      published: OPERATIONS[id].published,
    })),
    args: command.args.map(machineArg),
    flags: command.flags.map(machineFlag),
    examples: command.examples,
  };
}

/** Every command that runs, under `node`, in the order help lists them. */
export function leaves(node: TreeNode): TreeNode[] {
  return [...(node.command ? [node] : []), ...node.children.flatMap(leaves)];
}

/** The whole document: `hire help --json`. */
export function machineHelp(tree: TreeNode, version: string): MachineHelp {
  return {
    version,
    commands: leaves(tree).map(machineCommand),
    global_flags: tree.flags.map(machineFlag),
    exit_codes: { ...EXIT_CODES },
    environment: { ...ENVIRONMENT },
  };
}

/** One command (`hire help jobs create --json`), or a noun with its commands (`hire help jobs --json`). */
export function machineNode(node: TreeNode): MachineCommand | MachineNoun {
  if (node.command) return machineCommand(node);
  return {
    path: node.path,
    summary: node.summary,
    examples: node.examples,
    commands: leaves(node).map(machineCommand),
  };
}
