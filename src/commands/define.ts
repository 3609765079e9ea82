// A command is one file (ARCHITECTURE.md "A new command"): its path, arguments, flags, help and examples declared as data
// beside its run(). The declaration drives commander (program.ts), the check of the options
// (parse.ts, loaded when a command runs), help, shell completion, and the manifest built into dist/
// so that --help and Tab never load a command's code. This module holds data and types only.
import type { OperationId } from '../domain/operations.js';
import type { Context } from '../context.js';

export type FlagKind = 'string' | 'enum' | 'number' | 'boolean' | 'list';

/** What completion offers for a value besides fixed choices: profile names from the config. */
export type Completer = 'profiles';

export interface FlagSpec<T = unknown> {
  kind: FlagKind;
  /** Help text. In an enum's, `{choices}` stands for `a|b|c`; without it, help adds `(choices: "a", "b")`. */
  help: string;
  /** The long name when it is not the key in kebab-case (key `scoreMin` → `--score-min`). */
  name?: string;
  /** A one-letter alias: `-X`. */
  short?: string;
  /** The value's name in help, `<status>`: by default the long name's last word. */
  value?: string;
  /** The fixed values an enum takes: help, validation and completion all read them here. */
  choices?: readonly string[];
  /** Several values: repeatable, and (enum, or list with `commas`) comma-separated. */
  many?: boolean;
  /** A list's items may be comma-separated too. */
  commas?: boolean;
  /** The value when the flag is absent, as typed on a command line (shown in help). */
  default?: string;
  /**
   * A field's value when the flag is absent, set by the API (hire sends nothing then): what
   * machine help shows as `default` (docs/commands.md), never applied by the parser.
   */
  apiDefault?: number;
  /** A boolean declared as `--no-NAME`: false when given, absent otherwise. */
  negate?: boolean;
  /** A `negate` boolean's `--NAME` (true) shown in help with this text, so that both are offered. */
  positive?: string;
  hidden?: boolean;
  /** When absent: this message (a usage error). */
  required?: string;
  /** Numbers (decimal, as typed): the range, and whether only whole numbers are allowed. */
  min?: number;
  /** A number that must be larger than this. */
  above?: number;
  max?: number;
  integer?: boolean;
  /** A value it takes, as typed: what machine help shows of a `parse`d flag's format (`2h`). */
  example?: string;
  /** Custom reading of a string value; undefined means invalid (then `message` is shown). */
  parse?: (raw: string) => unknown;
  /** The message for an invalid value; `{value}` is replaced by what was given. */
  message?: string;
  /**
   * Handed on as typed (numbers as numbers) for a domain schema to check with the other fields,
   * so that its messages, naming the field and the flag, are the ones shown (job input).
   */
  field?: string;
  /** Dynamic completion values. */
  complete?: Completer;
  /**
   * Its value names a file on this machine that the command reads (`read`) or writes (`write`):
   * no MCP tool takes it (docs/mcp.md).
   */
  file?: FileUse;
  /** Flags of the same command (by key) it is refused beside: any of them given with it is a usage error. */
  conflicts?: FlagRelation;
  /** Flags of the same command (by key) it needs: without at least one of them, a usage error. */
  requires?: FlagRelation;
  /** What giving it sets in other flags of the same command (by key) when they are not given: `tlsCert` sets `tls`. */
  implies?: Readonly<Record<string, boolean | string>>;
  /** Never set: carries the parsed value's type (in a tuple, so that `undefined` stays in it). */
  readonly __value?: [T];
}

export type FileUse = 'read' | 'write';

/**
 * A relation between flags, declared beside the flag (ARCHITECTURE.md "A new command"): the
 * parser checks it before run() (parse.ts), machine help and the MCP tools' schemas show it.
 * `message` is the usage error; without one the parser words it from the flags' names.
 */
export interface FlagRelation {
  flags: readonly string[];
  message?: string;
}

export interface ArgSpec<T = unknown> {
  help: string;
  required: boolean;
  variadic?: boolean;
  choices?: readonly string[];
  /** The message for a value not among the choices; `{value}` is replaced. */
  message?: string;
  complete?: Completer;
  readonly __value?: [T];
}

export type Flags = Record<string, FlagSpec>;
export type Args = Record<string, ArgSpec>;

type Given<T, O> = O extends { default: string } | { required: string } ? T : T | undefined;

interface Common {
  help: string;
  name?: string;
  short?: string;
  value?: string;
  hidden?: boolean;
  complete?: Completer;
  file?: FileUse;
  conflicts?: FlagRelation;
  requires?: FlagRelation;
  implies?: Readonly<Record<string, boolean | string>>;
}

/** Declares flags; each call's options decide the parsed value's type. */
export const flag = {
  string: <const O extends Common & { default?: string; required?: string; field?: string }>(options: O) =>
    ({ kind: 'string', ...options }) as FlagSpec<Given<string, O>>,
  /** A string read by `parse` (a duration, a list of pairs): its result type, or `message` when undefined. */
  parsed: <
    T,
    // A value it takes (`example`) or the values it takes (`choices`): machine help shows the format.
    const O extends Common & { default?: string; required?: string; message: string } & (
        { example: string } | { choices: readonly string[] }
      ),
  >(
    parse: (raw: string) => T | undefined,
    options: O,
  ) => ({ kind: 'string', parse, ...options }) as FlagSpec<Given<T, O>>,
  enum: <
    const C extends readonly string[],
    const O extends Common & {
      default?: C[number];
      required?: string;
      many?: boolean;
      field?: string;
      message?: string;
    },
  >(
    choices: C,
    options: O,
  ) =>
    ({ kind: 'enum', choices, ...options }) as FlagSpec<
      // A job field's value goes unchecked to the domain schema: text, until that schema has checked it.
      Given<
        O extends { field: string }
          ? O extends { many: true }
            ? string[]
            : string
          : O extends { many: true }
            ? C[number][]
            : C[number],
        O
      >
    >,
  number: <
    const O extends Common & {
      default?: string;
      required?: string;
      min?: number;
      above?: number;
      max?: number;
      integer?: boolean;
      message?: string;
    },
  >(
    options: O,
  ) => ({ kind: 'number', ...options }) as FlagSpec<Given<number, O>>,
  /**
   * A number for a domain schema to check: what is not a number is handed on as typed. `min`,
   * `max` and `integer` describe the schema's rule (machine help, the MCP tools' schemas): the
   * schema checks them, with its own messages.
   */
  fieldNumber: <
    const O extends Common & { field: string; min?: number; max?: number; integer?: boolean; apiDefault?: number },
  >(
    options: O,
  ) => ({ kind: 'number', ...options }) as FlagSpec<number | string | undefined>,
  boolean: <const O extends Common & { negate?: boolean; positive?: string; field?: string }>(options: O) =>
    ({ kind: 'boolean', ...options }) as FlagSpec<boolean | undefined>,
  /** Repeatable text: `--filter a=1 --filter b=2`; with `commas`, `--skill go,rust` too. */
  list: <const O extends Common & { commas?: boolean; field?: string; required?: string }>(options: O) =>
    ({ kind: 'list', many: true, ...options }) as FlagSpec<Given<string[], O>>,
};

/** Declares positional arguments, in order. */
export const arg = {
  required: (help: string, options: { complete?: Completer } = {}) =>
    ({ help, required: true, ...options }) as ArgSpec<string>,
  optional: (help: string, options: { complete?: Completer } = {}) =>
    ({ help, required: false, ...options }) as ArgSpec<string | undefined>,
  /** One or more values, the last argument: `candidates move ID…`. */
  variadic: (help: string) => ({ help, required: true, variadic: true }) as ArgSpec<string[]>,
  enum: <const C extends readonly string[]>(choices: C, help: string, options: { message?: string } = {}) =>
    ({ help, required: true, choices, ...options }) as ArgSpec<C[number]>,
};

type ValueOf<S> = S extends { readonly __value?: [infer T] } ? T : never;

/** The options run() receives: every flag and argument by its key, parsed and checked. */
export type Options<F extends Flags, A extends Args> = { readonly [K in keyof F]: ValueOf<F[K]> } & {
  readonly [K in keyof A]: ValueOf<A[K]>;
};

export const COMMAND_EFFECTS = ['read', 'write', 'delete'] as const;
export type CommandEffect = (typeof COMMAND_EFFECTS)[number];

export interface CommandSpec<F extends Flags = Flags, A extends Args = Args> {
  /** The words that call it: `['candidates', 'list']`. */
  path: readonly string[];
  /** One line: what it does (and the API call it makes). */
  summary: string;
  /**
   * The most it may do to data, on the platform or on this machine (config, the emulator's data):
   * `read` changes nothing; `write` creates or changes; `delete` removes. Machine help (`hire help
   * --json`) says it, and the MCP server offers a command as a tool by it.
   */
  effect: CommandEffect;
  /**
   * Why its whole job is on this machine (local files, config, the emulator, a process that runs
   * until stopped) rather than on the platform: then it is no MCP tool (docs/mcp.md).
   */
  local?: string;
  /**
   * The platform operations it may call (src/domain/operations.ts): `hire help --json` lists them,
   * and `hire doctor` names the commands an operation serves.
   */
  operations?: readonly OperationId[];
  args?: A;
  flags?: F;
  /** 1-3 real invocations, starting with `hire`; a `# comment` may follow. */
  examples: readonly string[];
  run(ctx: Context, options: Options<F, A>): Promise<void>;
}

export function defineCommand<
  const F extends Flags = Record<never, never>,
  const A extends Args = Record<never, never>,
>(spec: CommandSpec<F, A>): CommandSpec<F, A> {
  return spec;
}

/** What program.ts's registry lists: a module whose default export is a command. */
export type CommandModule = { default: CommandSpec<Flags, Args> };

/** program.ts's list of commands, each loaded when it runs. */
export type Registry = readonly (() => Promise<CommandModule>)[];

/** The flag that sets an API field (`question_types[1]` → `--question-type`), by the flags' `field`. */
export function flagForField(flags: Flags, field: string): string | undefined {
  const path = field.replace(/\[\d+\]$/, '');
  const found = Object.entries(flags).find(([, spec]) => spec.field === path);
  return found ? longName(found[0], found[1]) : undefined;
}

/** `scoreMin` → `score-min`. */
export const kebab = (key: string): string => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The flag as typed: `--score-min`, or `--no-auto-generate`. */
export function longName(key: string, spec: FlagSpec): string {
  const name = spec.name ?? kebab(key);
  return spec.negate ? `--no-${name}` : `--${name}`;
}
