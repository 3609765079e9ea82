// Every `hire …` command that hire suggests (hints, `Next:` lines, next steps, error hints, the
// paging hint) is worded here, from the command's declaration: a flag is named by its key and
// looked up, so a suggestion cannot name a flag that does not exist, and it carries `--profile
// NAME` when the profile in use is not the default one, so that copied as printed it runs where
// the command that printed it ran (docs/output.md "Suggested commands").
// Loaded by tree.ts for every start: it imports types only.
import type { Context } from '../context.js';
import type { ManifestFlag, TreeNode } from './manifest.js';

/** What a suggestion holds besides its command words: argument values, then flags by declaration key. */
export interface SuggestOptions {
  args?: readonly (string | number)[];
  /** By key (`scoreMin`); `true` is the bare flag, a list repeats it, undefined and false leave it out. */
  flags?: Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;
}

/** Words a command's suggestion, with the profile in use already settled (suggester). */
export type Suggest = (path: readonly string[], options?: SuggestOptions) => string;

/** The command tree the program was built from: what suggestions are checked against. */
let known: TreeNode | undefined;

/** Called with the tree commander is built from (tree.ts): from then on, every suggestion is checked. */
export function knowCommands(tree: TreeNode): void {
  known = tree;
}

/**
 * The command at `path`, and the flag `key` of it (or a global flag), as declared. A suggestion that
 * names a command or a flag that does not exist is a mistake in hire: it throws (every test that
 * shows the suggestion fails), never printed wrong. Unchecked when no tree is known (the library).
 */
function command(path: readonly string[]): TreeNode | undefined {
  if (!known) return undefined;
  let node: TreeNode | undefined = known;
  for (const word of path) node = node?.children.find((child) => child.name === word);
  if (!node?.command) throw new Error(`A suggestion names \`hire ${path.join(' ')}\`, which is no command`);
  return node;
}

function declared(node: TreeNode | undefined, key: string): ManifestFlag | undefined {
  if (!node || !known) return undefined;
  const flag = [...node.flags, ...known.flags].find((candidate) => candidate.key === key && !candidate.negate);
  if (!flag) throw new Error(`A suggestion names a flag "${key}" that \`hire ${node.path.join(' ')}\` does not have`);
  return flag;
}

/** `scoreMin` → `--score-min` when no declaration is known (the library, before a program is built). */
const dashed = (key: string): string => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/**
 * `hire candidates move cand_1 --status screening --profile local-sandbox`: the words, the
 * arguments, each flag as declared, then `--profile profile` when one is given and the flags name none.
 */
export function commandText(path: readonly string[], options: SuggestOptions = {}, profile?: string): string {
  // Values as given (the caller has made them inert: output/cells.ts), each quoted for a shell when it needs it.
  return ['hire', ...path, ...(options.args ?? []).map(String), ...flagWords(path, options.flags, profile)]
    .map(shellWord)
    .join(' ');
}

/** Characters a POSIX shell gives no meaning to: a word of only these is written as it is. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * A word as a POSIX shell reads it back: as it is when plain, else in single quotes, a quote inside
 * written `'\''` (close, escaped quote, reopen). `''` for an empty word.
 */
export function shellWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Flags to add to the command at `path` as it was typed (`--page 2`, the paging hint), with
 * `--profile profile` when one is given: checked as a whole command's are.
 */
export function flagsText(path: readonly string[], flags: SuggestOptions['flags'], profile?: string): string {
  return flagWords(path, flags, profile).map(shellWord).join(' ');
}

function flagWords(path: readonly string[], given: SuggestOptions['flags'] = {}, profile?: string): string[] {
  const flags = { ...given };
  if (profile !== undefined && flags.profile === undefined) flags.profile = profile;
  const node = command(path);
  const words: string[] = [];
  for (const [key, value] of Object.entries(flags)) {
    const name = declared(node, key)?.long ?? dashed(key);
    if (value === undefined || value === false) continue;
    if (value === true) words.push(name);
    else for (const one of Array.isArray(value) ? value : [value]) words.push(name, String(one));
  }
  return words;
}

/**
 * The name of the profile in use when it is not the default one (the config's `default_profile`,
 * else `local`): chosen with `-p` or HIRE_PROFILE. Undefined when it is the default, or when no
 * profile can be resolved (the error being reported may be that one).
 */
export async function profileToName(ctx: Context): Promise<string | undefined> {
  try {
    const [profile, config] = await Promise.all([ctx.session.profile(), ctx.session.config()]);
    const { defaultProfileName } = await import('../config/profiles.js');
    return profile.name === defaultProfileName(config) ? undefined : profile.name;
  } catch {
    return undefined;
  }
}

/** The builder for one command's run: its suggestions carry the profile in use when it is not the default. */
export async function suggester(ctx: Context): Promise<Suggest> {
  const profile = await profileToName(ctx);
  return (path, options) => commandText(path, options, profile);
}
