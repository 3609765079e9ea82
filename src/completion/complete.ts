// Shell completion from the command declarations (the one source of truth, like cobra's hidden
// `__complete`): the scripts ask `hire __complete -- WORDS…` for the candidates of the last word,
// and this walks the command tree, built from the manifest, to answer: subcommands, flags, the
// values a flag or an argument takes (its declared choices, or profile names from the config).
import type { Completer, Registry } from '../commands/define.js';
import type { Env } from '../config/paths.js';
import { commandTree, type ManifestArg, type ManifestFlag, type TreeNode } from '../commands/manifest.js';
import { loadManifest, NOUNS, ROOT } from '../program.js';

/**
 * What completion needs of a command's context: the environment (for the config's profile names)
 * and stdout. Not the Context itself: a Tab would load the session, output and settings with it.
 */
export interface TabContext {
  env: Env;
  io: { stdout: { write(text: string): unknown } };
}

export interface Candidate {
  value: string;
  description: string;
}

/** Values of a completer; none when they cannot be read (completion never fails loudly). */
export type Completers = (completer: Completer) => Promise<readonly string[]>;

function visibleFlags(path: readonly TreeNode[]): ManifestFlag[] {
  return path
    .slice()
    .reverse()
    .flatMap((node) => node.flags.filter((flag) => !flag.hidden));
}

async function valuesOf(
  entry: ManifestFlag | ManifestArg | undefined,
  completers: Completers,
): Promise<readonly string[]> {
  if (!entry) return [];
  return entry.choices ?? (entry.complete ? await completers(entry.complete) : []);
}

/**
 * The candidates for the last of `words` (the words after `hire`, the last being the one under the
 * cursor, possibly empty).
 */
export async function complete(tree: TreeNode, words: readonly string[], completers: Completers): Promise<Candidate[]> {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const path: TreeNode[] = [tree];
  let expecting: ManifestFlag | undefined;
  let positional = 0;
  const find = (token: string) => visibleFlags(path).find((flag) => flag.long === token || flag.short === token);
  for (const word of before) {
    // bash splits `--status=act` into `--status`, `=`, `act`.
    if (word === '=') continue;
    if (expecting) {
      expecting = undefined;
      continue;
    }
    if (word.startsWith('-')) {
      const flag = find(word.split('=', 1)[0]!);
      if (flag?.value && !word.includes('=')) expecting = flag;
      continue;
    }
    const sub = path.at(-1)!.children.find((child) => child.name === word);
    if (sub) path.push(sub);
    else positional += 1;
  }
  const node = path.at(-1)!;
  const matching = (candidates: Candidate[]) => candidates.filter((candidate) => candidate.value.startsWith(current));
  const plain = (values: readonly string[]) => values.map((value) => ({ value, description: '' }));

  if (expecting) return matching(plain(await valuesOf(expecting, completers)));
  if (current.startsWith('--') && current.includes('=')) {
    const [flag, partial = ''] = current.split('=', 2) as [string, string];
    return (await valuesOf(find(flag), completers))
      .filter((value) => value.startsWith(partial))
      .map((value) => ({ value: `${flag}=${value}`, description: '' }));
  }
  if (current.startsWith('-')) {
    return matching(
      visibleFlags(path).flatMap((flag) =>
        [flag.long, flag.short]
          .filter((name): name is string => Boolean(name))
          .map((value) => ({ value, description: flag.help })),
      ),
    );
  }
  if (node.children.length > 0)
    return matching(node.children.map((child) => ({ value: child.name, description: child.summary })));
  // A command's own arguments: known values, else nothing (the shell offers files).
  return matching(plain(await valuesOf(node.args[positional], completers)));
}

/**
 * Profile names from the config, the built-in `local` and `local-sandbox` first; only those when the
 * config cannot be read or does not fit its schema (completion never fails loudly). The config
 * module loads only here.
 */
async function profileNames(ctx: TabContext): Promise<string[]> {
  const profiles = await import('../config/profiles.js');
  try {
    return profiles.profileNames(profiles.readConfig(ctx.env));
  } catch {
    return [...profiles.BUILT_IN_PROFILES];
  }
}

/** `hire __complete -- WORDS…`: a candidate a line, `value<TAB>description`. */
export async function completeWords(ctx: TabContext, words: readonly string[], registry?: Registry): Promise<void> {
  const tree = commandTree(ROOT, NOUNS, await loadManifest(registry));
  const completers: Completers = async (completer) => (completer === 'profiles' ? profileNames(ctx) : []);
  for (const candidate of await complete(tree, words, completers)) {
    const description = candidate.description.split('\n')[0]!.replace(/\t/g, ' ');
    ctx.io.stdout.write(description ? `${candidate.value}\t${description}\n` : `${candidate.value}\n`);
  }
}

/** What bin/hire.js runs for `hire __complete` (each Tab in a shell): this, not the whole CLI. */
export async function runTab(words: readonly string[]): Promise<void> {
  await completeWords({ env: process.env, io: { stdout: process.stdout } }, words);
}
