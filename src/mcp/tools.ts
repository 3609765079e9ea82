// The MCP server's tools, made from machine help (commands/machine-help.ts): a tool per command, named
// by its words joined with `_`, its input schema from the command's arguments and flags, and a call's
// input turned into the values commander would have read, which the command's own check (parse.ts)
// then reads as it reads a command line. No argv is built. No tool knows one command.
import type { CommandEffect } from '../commands/define.js';
import type { MachineArg, MachineCommand, MachineFlag } from '../commands/machine-help.js';
import type { ManifestCommand, ManifestFlag } from '../commands/manifest.js';

/**
 * A tool talks to the platform, never to the user's machine (docs/mcp.md): a command whose whole
 * job is there (declared `local`: files, config, the emulator, a process that runs until stopped)
 * is no tool.
 */
export const isTool = (command: MachineCommand): boolean => command.local === undefined;

/** Flags no tool takes: a person's terminal (the wizard). Those naming a local file are declared `file`. */
const NOT_INPUTS = new Set(['interactive']);

export interface Tool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  effect: CommandEffect;
  command: MachineCommand;
  /** The command as declared: its place in the registry (how its code loads), its flags' keys and defaults. */
  declared: ManifestCommand;
  /** Each input property's flag as declared (its key and whether it is a --no-NAME). */
  flags: ReadonlyMap<string, ManifestFlag>;
}

type JsonSchema = Record<string, unknown>;

/** `score-min` → `score_min`: names a model writes as it writes the API's. */
export const propertyName = (flag: string): string => flag.replaceAll('-', '_');

function flagSchema(flag: MachineFlag): JsonSchema {
  const item: JsonSchema = { type: flag.type };
  if (flag.choices) item.enum = [...flag.choices];
  if (flag.min !== undefined) item.minimum = flag.min;
  if (flag.exclusive_min !== undefined) item.exclusiveMinimum = flag.exclusive_min;
  if (flag.max !== undefined) item.maximum = flag.max;
  const about = [
    flag.help,
    flag.default !== undefined ? `Default: ${flag.default}.` : '',
    flag.example !== undefined ? `For example: ${flag.example}.` : '',
    ...relations(flag),
  ]
    .filter(Boolean)
    .join(' ');
  return flag.repeatable ? { type: 'array', items: item, description: about } : { ...item, description: about };
}

/**
 * The flag's declared relations (machine help's `conflicts`, `requires`, `implies`) in the words of
 * the tool's input names. Said in the description rather than as `allOf`/`if` at the schema's top,
 * which clients that take only a flat object schema refuse; the command's check enforces them.
 */
function relations(flag: MachineFlag): string[] {
  const names = (flags: readonly string[]) => flags.map(propertyName).join(' or ');
  return [
    flag.conflicts ? `Not with ${names(flag.conflicts)}.` : '',
    flag.requires ? `Only with ${names(flag.requires)}.` : '',
    flag.implies
      ? `Sets ${Object.entries(flag.implies)
          .map(([name, value]) => `${propertyName(name)}=${String(value)}`)
          .join(', ')}.`
      : '',
  ];
}

function argSchema(arg: MachineArg): JsonSchema {
  const item: JsonSchema = { type: 'string', ...(arg.choices ? { enum: [...arg.choices] } : {}) };
  return arg.variadic
    ? { type: 'array', items: item, minItems: arg.required ? 1 : 0, description: arg.help }
    : { ...item, description: arg.help };
}

/** The flags a tool takes as input properties. */
const inputFlags = (command: MachineCommand): MachineFlag[] =>
  command.flags.filter((flag) => !flag.hidden && flag.file === undefined && !NOT_INPUTS.has(flag.name));

const FIELDS_PROPERTY: JsonSchema = {
  type: 'string',
  description: 'fields to return, in order (comma-separated; nested as location.city); also sent to the API',
};

/** The tool for a command of the manifest; `command` is its machine help. */
export function toolOf(declared: ManifestCommand, command: MachineCommand): Tool {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const arg of command.args) {
    properties[arg.name] = argSchema(arg);
    if (arg.required) required.push(arg.name);
  }
  for (const flag of inputFlags(command)) {
    properties[propertyName(flag.name)] = flagSchema(flag);
    if (flag.required) required.push(propertyName(flag.name));
  }
  if (command.effect === 'read') properties.fields ??= FIELDS_PROPERTY;
  const effect =
    command.effect === 'read'
      ? 'Reads only.'
      : command.effect === 'write'
        ? 'Creates or changes data.'
        : 'May delete data.';
  // An agent choosing a tool learns that it leans on what a platform may not offer (docs/api-choices.md §3).
  const assumed = command.operations.filter((operation) => !operation.published);
  const caveat =
    assumed.length > 0
      ? ` Uses ${assumed.map((operation) => `${operation.method} ${operation.path}`).join(', ')}, which the API spec does not publish.`
      : '';
  return {
    name: command.path.join('_'),
    description: `${command.summary}. ${effect}${caveat} Example: ${command.examples[0] ?? ''}`.replace(/\.\. /g, '. '),
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    },
    effect: command.effect,
    command,
    declared,
    // machineCommand() maps the declared flags one to one, in order.
    flags: new Map(
      command.flags.flatMap((flag, at) =>
        inputFlags(command).includes(flag) ? [[propertyName(flag.name), declared.flags[at]!] as const] : [],
      ),
    ),
  };
}

/** What the server was started to allow. */
export interface Allowed {
  writes: boolean;
  deletes: boolean;
}

export function allows(allowed: Allowed, effect: CommandEffect): boolean {
  return (
    effect === 'read' ||
    (effect === 'write' && allowed.writes) ||
    (effect === 'delete' && allowed.writes && allowed.deletes)
  );
}

/** Why a tool is not offered: the flag that would offer it. */
export function refusal(tool: Tool): string {
  return tool.effect === 'delete'
    ? `${tool.name} may delete data: it is offered only when the server runs with --allow-writes --allow-deletes.`
    : `${tool.name} changes data: it is offered only when the server runs with --allow-writes.`;
}

/** A bad input, named: the model can correct it. */
export class ToolInputError extends Error {}

/** A call's input as commander would have read it from a command line: the raw values parse.ts checks. */
export interface ToolInput {
  /** By the declaration's keys: strings, lists of strings, booleans; defaults filled in as commander does. */
  flags: Record<string, unknown>;
  /** In declared order; a variadic one a list. */
  args: unknown[];
  /** `fields` of a read tool: the global --fields, as typed. */
  fields: string | undefined;
}

/**
 * The values a call stands for, shaped as a command line would give them: a number as its text,
 * a repeatable flag as a list, `no_x: true` as `--no-x` (false). An input the tool does not take,
 * or of the wrong shape, is refused by name; the values themselves are for the command's check.
 */
export function toolInput(tool: Tool, input: Record<string, unknown>): ToolInput {
  const flags: Record<string, unknown> = {};
  const args: unknown[] = [];
  let fields: string | undefined;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (tool.command.args.some((candidate) => candidate.name === key)) continue;
    if (key === 'fields' && !tool.flags.has(key) && tool.effect === 'read') {
      fields = text(key, value);
      continue;
    }
    const flag = tool.flags.get(key);
    if (!flag)
      throw new ToolInputError(
        `${tool.name} has no input "${key}"; it takes: ${[...tool.command.args.map((a) => a.name), ...tool.flags.keys()].join(', ') || 'nothing'}.`,
      );
    if (flag.kind === 'boolean') {
      if (typeof value !== 'boolean') throw new ToolInputError(`${key} must be true or false.`);
      if (value) flags[flag.key] = !flag.long.startsWith('--no-');
      continue;
    }
    const values = flag.many ? (Array.isArray(value) ? value : [value]) : [value];
    const texts = values.map((one) => text(key, one));
    flags[flag.key] = flag.many ? texts : texts[0];
  }
  // As commander: a flag not given takes its declared default.
  for (const flag of tool.declared.flags)
    if (flags[flag.key] === undefined && flag.default !== undefined) flags[flag.key] = flag.default;
  for (const arg of tool.command.args) {
    const value = input[arg.name];
    if (value === undefined || value === null) {
      if (arg.required) throw new ToolInputError(`${tool.name} needs "${arg.name}": ${arg.help}.`);
      args.push(arg.variadic ? [] : undefined);
      continue;
    }
    const values = arg.variadic && Array.isArray(value) ? value : [value];
    const texts = values.map((one) => text(arg.name, one));
    if (arg.variadic && arg.required && texts.length === 0)
      throw new ToolInputError(`${tool.name} needs "${arg.name}": ${arg.help}.`);
    args.push(arg.variadic ? texts : texts[0]);
  }
  return { flags, args, fields };
}
function text(key: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw new ToolInputError(`${key} must be ${Array.isArray(value) ? 'one value, not a list' : 'text or a number'}.`);
}
