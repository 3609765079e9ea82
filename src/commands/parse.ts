// From what commander read (strings, lists of strings, booleans) to a command's typed options: each
// flag's value checked and converted by the rule its declaration names (define.ts), once before
// run(). Loaded when a command runs, never for --help or completion. Each message names the flag
// and the value. Plain code, not zod: these rules are conversions zod would only wrap, and zod
// loading at every start cost more than any other library (README "Performance").
import { UsageError } from '../errors.js';
import type { OutputFormat } from '../output/formats.js';
import type { Settings } from '../settings.js';
import { GLOBAL_FLAGS } from './global-flags.js';
import { longName, type Args, type CommandSpec, type FlagSpec, type Flags } from './define.js';

/** A value refused: the message says which flag, what it takes and what was given. */
function fail(message: string): never {
  throw new UsageError(message);
}

const said = (spec: FlagSpec, value: string, fallback: string) =>
  spec.message ? spec.message.replaceAll('{value}', value) : fallback;

/** `go,rust` and repeated flags alike: trimmed items, empty ones dropped. */
const items = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');

function numberRule(flag: string, spec: FlagSpec): string {
  const { min, max } = spec;
  const kind = spec.integer ? 'a whole number' : 'a number';
  if (min !== undefined && max !== undefined) return `${flag} must be ${kind} from ${min} to ${max}`;
  if (min !== undefined) return `${flag} must be ${kind} of at least ${min}`;
  if (max !== undefined) return `${flag} must be ${kind} of at most ${max}`;
  return `${flag} must be ${kind}`;
}

/** One flag's value as commander hands it over (undefined when absent), checked and converted. */
function flagValue(key: string, spec: FlagSpec, value: unknown): unknown {
  const flag = longName(key, spec).replace(/^--no-/, '--');
  if (value === undefined) {
    if (spec.required) return fail(spec.required);
    return undefined;
  }
  switch (spec.kind) {
    case 'boolean':
      return value === true;
    case 'list':
      return spec.commas ? items(value) : value;
    case 'enum': {
      const choices = spec.choices!;
      if (spec.field) return spec.many ? items(value) : value;
      const given = spec.many ? items(value) : [String(value)];
      const bad = given.filter((item) => !choices.includes(item));
      if (bad.length > 0)
        return fail(
          said(spec, bad.join(', '), `${flag} must be one of ${choices.join(', ')} (got "${bad.join(', ')}").`),
        );
      return spec.many ? given : given[0];
    }
    case 'number': {
      const text = String(value);
      // A job field's number goes to the domain schema; what is not a number, as typed.
      if (spec.field) {
        const number = text.trim() === '' ? Number.NaN : Number(text);
        return Number.isFinite(number) ? number : text;
      }
      // Decimal as people type it: not 0x10, 1e3 or Infinity.
      const number = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(text) ? Number(text) : Number.NaN;
      const ok =
        Number.isFinite(number) &&
        (spec.above === undefined || number > spec.above) &&
        (!spec.integer || Number.isInteger(number)) &&
        (spec.min === undefined || number >= spec.min) &&
        (spec.max === undefined || number <= spec.max);
      return ok ? number : fail(said(spec, text, `${numberRule(flag, spec)} (got "${text}").`));
    }
    case 'string': {
      const text = String(value);
      if (!spec.parse) return text;
      const parsed = spec.parse(text);
      return parsed === undefined ? fail(said(spec, text, `${flag}: not a valid value (got "${text}").`)) : parsed;
    }
  }
}

/**
 * Checks flags as commander read them, each given one (or required one) by its rule. The first
 * problem, in declaration order, is the error; an absent flag is undefined.
 */
export function parseFlags<F extends Flags>(flags: F, raw: Record<string, unknown>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(flags)) {
    const value = raw[key];
    if (value === undefined && !spec.required) {
      options[key] = undefined;
      continue;
    }
    options[key] = flagValue(key, spec, value);
  }
  return options;
}

function parseArgs(args: Args, raw: readonly unknown[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  Object.entries(args).forEach(([key, spec], index) => {
    const value = raw[index];
    options[key] = value;
    if (value === undefined || !spec.choices) return;
    const text = String(value);
    if (!spec.choices.includes(text))
      fail(
        spec.message
          ? spec.message.replaceAll('{value}', text)
          : `Must be one of ${spec.choices.join(', ')} (got "${text}").`,
      );
  });
  return options;
}

/** The global flags, parsed once into the frozen settings every command reads. */
export function parseSettings(raw: Record<string, unknown>): Settings {
  const flags = parseFlags(GLOBAL_FLAGS, raw) as { [K in keyof typeof GLOBAL_FLAGS]: unknown } & Record<
    string,
    unknown
  >;
  const json = flags.json === true;
  const output = flags.output as OutputFormat | undefined;
  if (json && output !== undefined && output !== 'json')
    throw new UsageError(`--json and --output ${output} disagree; pass one of them.`);
  const fields = typeof flags.fields === 'string' ? items(flags.fields) : undefined;
  if (fields?.length === 0) throw new UsageError('--fields needs at least one field name, such as --fields id,title.');
  return Object.freeze({
    profile: flags.profile as string | undefined,
    format: json ? 'json' : (output ?? 'table'),
    fields: fields ? Object.freeze(fields) : undefined,
    csvRaw: flags.csvRaw === true,
    color: flags.color !== false,
    quiet: flags.quiet === true,
    verbose: flags.verbose === true,
    timeoutMs: (flags.timeout as number) * 1000,
    maxRetries: flags.maxRetries as number,
    yes: flags.yes === true,
    input: flags.input !== false,
    pager: flags.pager !== false,
  });
}

/** `--a`, `--a or --b`, `--a, --b or --c`. */
function either(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

/**
 * The declared relations between flags (define.ts `implies`, `conflicts`, `requires`), after each
 * value is checked: what a flag implies is set first, then the first broken relation, in
 * declaration order, is the error. A flag is given when commander read it (no flag in a relation
 * has a default: manifest.ts refuses one).
 */
export function checkRelations(flags: Flags, raw: Record<string, unknown>, options: Record<string, unknown>): void {
  const implied = new Set<string>();
  const given = (key: string): boolean => raw[key] !== undefined || implied.has(key);
  const name = (key: string): string => longName(key, flags[key]!);
  for (const [key, spec] of Object.entries(flags)) {
    if (!given(key) || !spec.implies) continue;
    for (const [other, value] of Object.entries(spec.implies)) {
      if (given(other)) continue;
      options[other] = value;
      implied.add(other);
    }
  }
  for (const [key, spec] of Object.entries(flags)) {
    if (!given(key)) continue;
    const clash = spec.conflicts?.flags.filter(given) ?? [];
    if (clash.length > 0)
      throw new UsageError(spec.conflicts!.message ?? `Pass ${name(key)} or ${either(clash.map(name))}, not both.`);
    if (spec.requires && !spec.requires.flags.some(given))
      throw new UsageError(spec.requires.message ?? `${name(key)} goes with ${either(spec.requires.flags.map(name))}.`);
  }
}

/** A command's options: its flags and arguments, checked, by key. */
export function parseOptions(
  spec: CommandSpec,
  rawFlags: Record<string, unknown>,
  rawArgs: readonly unknown[],
): Record<string, unknown> {
  const flags = spec.flags ?? {};
  const args = parseArgs(spec.args ?? {}, rawArgs);
  const options = parseFlags(flags, rawFlags);
  checkRelations(flags, rawFlags, options);
  return Object.freeze({ ...args, ...options });
}
