// The MCP server's tools, made from machine help (commands/machine-help.ts): a tool per command, named
// by its words joined with `_`, its input schema from the command's arguments and flags, and a call
// turned back into the command line that the parser checks as if typed. No tool knows one command.
import type { CommandEffect } from '../commands/define.js';
import type { MachineArg, MachineCommand, MachineFlag } from '../commands/machine-help.js';

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

export function toolOf(command: MachineCommand): Tool {
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
  return {
    name: command.path.join('_'),
    description: `${command.summary}. ${effect} Example: ${command.examples[0] ?? ''}`.replace(/\.\. /g, '. '),
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    },
    effect: command.effect,
    command,
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

/**
 * The command line a call stands for: flags as `--name=value` (a value may start with `-`),
 * arguments after `--`, so nothing a model writes is read as a flag it did not name.
 */
export function commandLine(tool: Tool, input: Record<string, unknown>, extra: readonly string[] = []): string[] {
  const flags = new Map(inputFlags(tool.command).map((flag) => [propertyName(flag.name), flag]));
  const words: string[] = [...tool.command.path];
  const positional: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    const arg = tool.command.args.find((candidate) => candidate.name === key);
    if (arg) continue;
    if (key === 'fields' && !flags.has(key) && tool.effect === 'read') {
      words.push(`--fields=${text(key, value)}`);
      continue;
    }
    const flag = flags.get(key);
    if (!flag)
      throw new ToolInputError(
        `${tool.name} has no input "${key}"; it takes: ${[...tool.command.args.map((a) => a.name), ...flags.keys()].join(', ') || 'nothing'}.`,
      );
    if (flag.type === 'boolean') {
      if (typeof value !== 'boolean') throw new ToolInputError(`${key} must be true or false.`);
      if (value) words.push(`--${flag.name}`);
      continue;
    }
    const values = flag.repeatable ? (Array.isArray(value) ? value : [value]) : [value];
    for (const one of values) words.push(`--${flag.name}=${text(key, one)}`);
  }
  for (const arg of tool.command.args) {
    const value = input[arg.name];
    if (value === undefined || value === null) continue;
    const values = arg.variadic && Array.isArray(value) ? value : [value];
    for (const one of values) positional.push(text(arg.name, one));
  }
  return positional.length > 0 ? [...words, ...extra, '--', ...positional] : [...words, ...extra];
}

function text(key: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw new ToolInputError(`${key} must be ${Array.isArray(value) ? 'one value, not a list' : 'text or a number'}.`);
}
