// Shell completion from the command tree itself (the one source of truth, like cobra's hidden
// `__complete`): the shell scripts ask `hire __complete -- WORDS…` for the candidates of the last
// word, and this walks the commander tree to answer: subcommands, flags, the values a flag takes
// (statuses, levels, event kinds, output formats…), and profile names from the config.
import type { Command, Option } from 'commander';

export interface Candidate {
  value: string;
  description: string;
}

export interface CompletionSources {
  /** `--status` of `jobs list` → job statuses; `--output` → formats; `--profile` → profile names. */
  values(commandPath: string[], flag: string): readonly string[] | undefined;
  /** A command's positional values (`completion` → bash, zsh, fish). */
  positional(commandPath: string[]): readonly string[] | undefined;
}

function visibleOptions(command: Command): Option[] {
  const own = command.options.filter((option) => !option.hidden);
  const inherited: Option[] = [];
  for (let parent = command.parent; parent; parent = parent.parent) inherited.push(...parent.options.filter((option) => !option.hidden));
  return [...own, ...inherited];
}

function takesValue(option: Option): boolean {
  return option.required || option.optional;
}

function findOption(command: Command, token: string): Option | undefined {
  return visibleOptions(command).find((option) => option.long === token || option.short === token);
}

/**
 * The candidates for the last of `words` (the words after `hire`, the last being the one under the
 * cursor, possibly empty).
 */
export function complete(program: Command, words: readonly string[], sources: CompletionSources): Candidate[] {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  let command = program;
  const path: string[] = [];
  let expecting: Option | undefined;
  for (const word of before) {
    // bash splits `--status=act` into `--status`, `=`, `act`.
    if (word === '=') continue;
    if (expecting) {
      expecting = undefined;
      continue;
    }
    if (word.startsWith('-')) {
      const [flag] = word.split('=', 1);
      const option = findOption(command, flag!);
      if (option && takesValue(option) && !word.includes('=')) expecting = option;
      continue;
    }
    const sub = command.commands.find((candidate) => candidate.name() === word || candidate.aliases().includes(word));
    if (sub) {
      command = sub;
      path.push(sub.name());
    }
  }
  const matching = (candidates: Candidate[]) => candidates.filter((candidate) => candidate.value.startsWith(current));

  if (expecting) {
    const values = sources.values(path, expecting.long ?? expecting.short ?? '');
    return matching((values ?? []).map((value) => ({ value, description: '' })));
  }
  if (current.startsWith('--') && current.includes('=')) {
    const [flag, partial = ''] = current.split('=', 2) as [string, string];
    const values = sources.values(path, flag) ?? [];
    return values.filter((value) => value.startsWith(partial)).map((value) => ({ value: `${flag}=${value}`, description: '' }));
  }
  if (current.startsWith('-')) {
    return matching(
      visibleOptions(command).flatMap((option) =>
        [option.long, option.short].filter((name): name is string => Boolean(name)).map((value) => ({ value, description: option.description })),
      ),
    );
  }
  const subcommands = command.commands
    .filter((sub) => !(sub as Command & { _hidden?: boolean })._hidden && sub.name() !== 'help')
    .map((sub) => ({ value: sub.name(), description: sub.description() }));
  if (subcommands.length > 0) return matching(subcommands);
  // A command's own arguments: known values, else nothing (the shell offers files).
  return matching((sources.positional(path) ?? []).map((value) => ({ value, description: '' })));
}
