// The command reference (docs/commands.md) and the man pages (man/*.1), made from the command
// declarations as the help is (scripts/help-pages.ts): every command, its arguments, its flags with
// type, choices, default and range, its examples and exit codes. `npm run docs` writes them
// (scripts/docs.mjs); test/unit/docs.test.ts fails when the checked-in copies differ.
import { ENVIRONMENT, EXIT_CODES as EXIT_MEANINGS } from '../src/commands/about.js';
import { GLOBAL_FLAGS } from '../src/commands/global-flags.js';
import type { CommandEffect, CommandSpec, FlagSpec, Flags } from '../src/commands/define.js';
import {
  commandTree,
  manifestOf,
  type ManifestArg,
  type ManifestFlag,
  type TreeNode,
} from '../src/commands/manifest.js';
import { COMMANDS, NOUNS, ROOT } from '../src/program.js';

/** A flag as the reference shows it: the manifest's entry (help with choices filled in) and its declaration. */
interface DocFlag {
  entry: ManifestFlag;
  spec: FlagSpec;
}

/** The exit codes (src/commands/about.ts, which `hire help --json` gives too): code, a short name, the meaning. */
export const EXIT_CODES: readonly (readonly [code: number, short: string, meaning: string])[] = Object.entries(
  EXIT_MEANINGS,
)
  .map(([code, meaning]) => [Number(code), code === '0' ? 'ok' : meaning.split(/[:(,]/)[0]!.trim(), meaning] as const)
  .sort(([a], [b]) => a - b);

/** What a command's `effect` means, for a person. */
const EFFECTS: Record<CommandEffect, string> = {
  read: 'reads only: changes no data',
  write: 'creates or changes data',
  delete: 'may remove data',
};

/**
 * Commands that never call the API (so never exit 3-6 for it), and what some commands' exit codes
 * say beyond the general meaning. Kept here, beside the declarations' reader, because the
 * declarations hold no exit codes: when a command's failures change, change its note here.
 */
const LOCAL_ONLY = new Set([
  'profiles list',
  'profiles use',
  'profiles show',
  'profiles remove',
  'completion',
  'webhooks verify',
  'emulator start',
  'auth logout',
]);
const EXIT_NOTES: Record<string, Partial<Record<number, string>>> = {
  'jobs import': {
    1: 'a row the API refused (the first failure decides the code: 3, 4, 5 or 6 likewise); the rows not created are written to the failures file',
    2: 'a row is not valid (unless --skip-invalid); with --dry-run too',
    130: 'interrupted: the rows sent so far are reported, and running the file again creates nothing twice',
  },
  'auth login': {
    3: 'the key was refused',
    6: 'the server could not be reached to check the key',
    1: 'the check failed otherwise',
  },
  'auth status': { 3: "the selected profile's key does not work" },
  'webhooks verify': { 3: 'the signature, timestamp or secret does not verify the delivery' },
  'events resend': { 1: 'the delivery was sent and failed' },
  'candidates move': {
    1: "with several ids, the code is the first failure's (3, 4, 5 or 6 likewise) unless every candidate ends in the status asked",
  },
  status: { 1: 'one of its three requests failed (the rest is still shown)' },
  doctor: {
    0: 'the server answered and the key works, whatever the report marks ✗ or ? (those are for a person to read)',
    1: "the server answered GET /jobs with a 5xx, or not with the API's JSON (the report is printed first)",
    2: 'the base URL is not one hire sends a key to (plain http to another machine)',
    3: 'no key, or the key was refused (401, 403); the report is printed first',
    4: "GET /jobs answered 404: the base URL is not the API's",
    6: 'the address does not answer: DNS, the connection, a TLS certificate, a timeout',
  },
  'emulator start': {
    1: 'the port is taken or the data cannot be opened',
    2: 'no such local address to listen on',
    130: 'stopped with Ctrl-C (the data is kept)',
  },
  'webhooks listen': {
    1: 'the port is already in use',
    2: '--register on a profile that is not the emulator without --public-url (its platform cannot reach 127.0.0.1); nothing is registered',
    130: 'stopped with Ctrl-C',
  },
  'logs tail': { 130: 'stopped with Ctrl-C' },
  api: {
    1: 'any status from 400 on is mapped like the other commands (401/403 → 3, 404 → 4, 429 → 5); the body is printed',
    2: 'a PATH that would leave the API, in any spelling (`..`, `\\`, TAB, `%2e`, `%2f`, `%5c`, `%25`, `%00`, fullwidth dots): nothing is sent',
  },
};

/** A command's exit codes: each with its short meaning, and this command's note where it has one. */
export function exitCodesOf(path: string): { code: number; short: string; note?: string }[] {
  const local = LOCAL_ONLY.has(path);
  const notes = EXIT_NOTES[path] ?? {};
  return EXIT_CODES.filter(([code]) => !local || ![3, 4, 5, 6].includes(code) || notes[code] !== undefined).map(
    ([code, short]) => (notes[code] === undefined ? { code, short } : { code, short, note: notes[code] }),
  );
}

/** The whole tree, each leaf with its declaration; in help's order. */
export async function loadTree(): Promise<{ tree: TreeNode; specs: CommandSpec[] }> {
  const specs = (await Promise.all(COMMANDS.map((load) => load()))).map((module) => module.default);
  const tree = commandTree(ROOT, NOUNS, { commands: specs.map((spec, index) => manifestOf(spec, index)) });
  return { tree, specs };
}

function docFlags(entries: readonly ManifestFlag[], specs: Flags): DocFlag[] {
  return entries.filter((entry) => !entry.hidden).map((entry) => ({ entry, spec: specs[entry.key]! }));
}

/** `-o, --output <format>`. */
function flagTerm({ entry }: DocFlag): string {
  return `${entry.short ? `${entry.short}, ` : ''}${entry.long}${entry.value ? ` <${entry.value}>` : ''}`;
}

/** What the value is: type, choices, default, range, repetition; then the flags it goes with. Pieces, joined by the caller. */
function flagFacts(flag: DocFlag): string[] {
  return [...valueFacts(flag), ...relationFacts(flag.entry)];
}

/** The declared relations (define.ts `conflicts`, `requires`, `implies`). */
function relationFacts(entry: ManifestFlag): string[] {
  const names = (flags: readonly string[]) => flags.map((flag) => `\`${flag}\``).join(' or ');
  return [
    ...(entry.conflicts ? [`not with ${names(entry.conflicts)}`] : []),
    ...(entry.requires ? [`only with ${names(entry.requires)}`] : []),
    ...(entry.implies
      ? [
          `implies ${Object.entries(entry.implies)
            .map(([flag, value]) => `\`${value === true ? flag : `${flag} ${String(value)}`}\``)
            .join(', ')}`,
        ]
      : []),
  ];
}

function valueFacts({ entry, spec }: DocFlag): string[] {
  const facts: string[] = [];
  if (entry.kind === 'boolean') facts.push(entry.negate ? 'switch (off when given)' : 'switch');
  else if (entry.kind === 'number') facts.push(entry.integer ? 'whole number' : 'number');
  else if (entry.kind === 'enum') facts.push(`one of ${entry.choices!.map((choice) => `\`${choice}\``).join(', ')}`);
  else if (entry.example !== undefined) facts.push(`text such as \`${entry.example}\``);
  else if (!spec.field && !entry.many && entry.default === undefined && !entry.required && entry.choices === undefined)
    return [];
  if (entry.kind !== 'enum' && entry.choices)
    facts.push(`choices ${entry.choices.map((choice) => `\`${choice}\``).join(', ')}`);
  const low = entry.min !== undefined ? `≥ ${entry.min}` : entry.above !== undefined ? `> ${entry.above}` : undefined;
  const high = entry.max !== undefined ? `≤ ${entry.max}` : undefined;
  if (low || high) facts.push(`range ${[low, high].filter(Boolean).join(' and ')}`);
  if (entry.many) facts.push(entry.kind === 'list' && !spec.commas ? 'repeatable' : 'repeatable, or comma-separated');
  if (entry.default !== undefined) facts.push(`default \`${entry.default}\``);
  if (entry.required) facts.push('required');
  if (spec.field) facts.push(`sets \`${spec.field}\``);
  return facts;
}

/** `hire jobs get [options] <id>`. */
function usage(node: TreeNode): string {
  const args = node.args.map((arg: ManifestArg) =>
    arg.required ? `<${arg.key}${arg.variadic ? '...' : ''}>` : `[${arg.key}${arg.variadic ? '...' : ''}]`,
  );
  return ['hire', ...node.path, ...(node.children.length > 0 ? ['COMMAND'] : []), '[options]', ...args].join(' ');
}

function leaves(node: TreeNode): TreeNode[] {
  return node.command ? [node] : node.children.flatMap(leaves);
}

function nodes(node: TreeNode): TreeNode[] {
  return [node, ...node.children.flatMap(nodes)];
}

// ---------------------------------------------------------------- Markdown

/** Text for Markdown: what would be read as markup is escaped; `code` spans are kept. */
function md(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) =>
      index % 2 === 1 ? part : part.replace(/[\\*<>[\]]|(?<!\w)_|_(?!\w)/g, (char) => `\\${char}`),
    )
    .join('');
}

const anchor = (path: readonly string[]): string => ['hire', ...path].join('-');

function mdFlags(flags: DocFlag[]): string[] {
  return flags.map((flag) => {
    const facts = flagFacts(flag);
    return `- \`${flagTerm(flag)}\` — ${md(flag.entry.help)}.${facts.length > 0 ? ` *${facts.join('; ')}.*` : ''}`;
  });
}

export function commandReference(tree: TreeNode, specs: readonly CommandSpec[]): string {
  const out: string[] = [
    '# Command reference',
    '',
    '<!-- Generated from the command declarations by `npm run docs` (scripts/docs-pages.ts); do not edit. -->',
    '',
    md(tree.summary),
    '',
    "Every command, its arguments and flags, as `hire COMMAND --help` shows them, with each flag's type,",
    'choices, default and range. The global flags work with every command, before or after its words.',
    'Exit codes are explained in [exit-codes.md](exit-codes.md); the same pages are installed as man',
    'pages (`man hire`, `man hire-jobs-create`).',
    '',
    '## Commands',
    '',
  ];
  for (const [heading, names] of ROOT.groups) {
    out.push(`${heading.replace(/:$/, '')}:`, '');
    for (const name of names) {
      const top = tree.children.find((child) => child.name === name)!;
      for (const node of leaves(top))
        out.push(`- [\`hire ${node.path.join(' ')}\`](#${anchor(node.path)}) — ${md(node.summary)}`);
    }
    out.push('');
  }
  out.push('## Global flags', '', ...mdFlags(docFlags(tree.flags, GLOBAL_FLAGS)), '');
  out.push(
    '## Exit codes',
    '',
    '| code | meaning |',
    '|---|---|',
    ...EXIT_CODES.map(([code, , meaning]) => `| ${code} | ${md(meaning)} |`),
    '',
  );
  for (const node of nodes(tree).slice(1)) {
    out.push(`## hire ${node.path.join(' ')}`, '', md(node.summary), '', '```text', usage(node), '```', '');
    if (node.children.length > 0) {
      out.push(
        'Commands:',
        '',
        ...node.children.map(
          (child) => `- [\`hire ${child.path.join(' ')}\`](#${anchor(child.path)}) — ${md(child.summary)}`,
        ),
        '',
      );
    }
    if (node.args.length > 0) {
      out.push('Arguments:', '');
      for (const arg of node.args) {
        const facts = [
          arg.required ? 'required' : 'optional',
          ...(arg.variadic ? ['one or more'] : []),
          ...(arg.choices ? [`one of ${arg.choices.map((c) => `\`${c}\``).join(', ')}`] : []),
        ];
        out.push(`- \`${arg.key}\` — ${md(arg.help)}. *${facts.join('; ')}.*`);
      }
      out.push('');
    }
    const spec = node.command ? specs[node.command.index]! : undefined;
    const flags = spec ? docFlags(node.flags, spec.flags ?? {}) : [];
    if (flags.length > 0) out.push('Flags:', '', ...mdFlags(flags), '');
    if (node.examples.length > 0) out.push('Examples:', '', '```sh', ...node.examples, '```', '');
    if (node.command) {
      out.push(`Effect: ${node.command.effect} — ${EFFECTS[node.command.effect]}.`, '');
      const codes = exitCodesOf(node.path.join(' '));
      out.push(`Exit codes: ${codes.map(({ code, short }) => `${code} ${short}`).join(', ')}.`, '');
      const notes = codes.filter(({ note }) => note !== undefined);
      if (notes.length > 0) out.push(...notes.map(({ code, note }) => `- ${code}: ${md(note!)}`), '');
    }
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

// ---------------------------------------------------------------- roff

/** Text for roff (man(7)): backslashes, hyphens of options, and a leading dot or quote made inert. */
function roff(text: string): string {
  return (
    text
      .replace(/\\/g, '\\e')
      .replace(/-/g, '\\-')
      .replace(/`([^`]*)`/g, '\\fB$1\\fR')
      // Non-ASCII as groff's named Unicode escapes, so that the page renders without preconv too.
      .replace(/[^\x00-\x7f]/gu, (char) => `\\[u${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`)
      .split('\n')
      .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
      .join('\n')
  );
}

const pageName = (path: readonly string[]): string => ['hire', ...path].join('-');

function roffFlags(flags: DocFlag[]): string[] {
  return flags.flatMap((flag) => {
    const facts = flagFacts(flag);
    return [
      '.TP',
      `.B ${roff(flagTerm(flag))}`,
      `${roff(flag.entry.help)}.`,
      ...(facts.length > 0 ? [`(${roff(facts.join('; '))}.)`] : []),
    ];
  });
}

function manPage(node: TreeNode, tree: TreeNode, specs: readonly CommandSpec[], version: string): string {
  const name = pageName(node.path);
  const title = name.toUpperCase();
  const out: string[] = [
    `.\\" Generated from the command declarations by npm run docs (scripts/docs-pages.ts); do not edit.`,
    `.TH ${roff(title)} 1 "" "hire ${roff(version)}" "hire manual"`,
    '.SH NAME',
    `${roff(name)} \\- ${roff(node.path.length === 0 ? 'the Hiring Platform API from the command line, with a local emulator' : node.summary)}`,
    '.SH SYNOPSIS',
    `.B ${roff(usage(node))}`,
  ];
  if (node.path.length === 0) {
    out.push(
      '.SH DESCRIPTION',
      roff(tree.summary),
      '.PP',
      'Each command has a page of its own:',
      '.BR hire\\-jobs\\-create (1),',
      'and so on; ',
      '.B hire COMMAND \\-\\-help',
      'shows the same.',
    );
  }
  if (node.children.length > 0) {
    out.push('.SH COMMANDS');
    for (const child of node.path.length === 0 ? nodes(node).slice(1) : node.children) {
      out.push('.TP', `.BR ${roff(pageName(child.path))} (1)`, roff(`hire ${child.path.join(' ')}: ${child.summary}`));
    }
  }
  if (node.args.length > 0) {
    out.push('.SH ARGUMENTS');
    for (const arg of node.args) {
      const facts = [
        arg.required ? 'required' : 'optional',
        ...(arg.variadic ? ['one or more'] : []),
        ...(arg.choices ? [`one of ${arg.choices.join(', ')}`] : []),
      ];
      out.push('.TP', `.I ${roff(arg.key)}`, `${roff(arg.help)} (${roff(facts.join('; '))}).`);
    }
  }
  const spec = node.command ? specs[node.command.index]! : undefined;
  const flags = spec ? docFlags(node.flags, spec.flags ?? {}) : [];
  if (flags.length > 0) out.push('.SH OPTIONS', ...roffFlags(flags));
  if (node.command) out.push('.SH EFFECT', roff(`${node.command.effect}: ${EFFECTS[node.command.effect]}.`));
  if (node.path.length === 0) {
    out.push(
      '.SH GLOBAL OPTIONS',
      'They work with every command, before or after its words.',
      ...roffFlags(docFlags(tree.flags, GLOBAL_FLAGS)),
    );
    out.push(
      '.SH ENVIRONMENT',
      ...Object.entries(ENVIRONMENT).flatMap(([variable, meaning]) => ['.TP', `.B ${roff(variable)}`, roff(meaning)]),
    );
  } else {
    out.push(
      '.SH GLOBAL OPTIONS',
      'The global options (\\-\\-json, \\-o, \\-p, \\-q, \\-\\-no\\-input, ...) are listed in',
      '.BR hire (1).',
    );
  }
  if (node.examples.length > 0) out.push('.SH EXAMPLES', '.nf', '.RS 4', ...node.examples.map(roff), '.RE', '.fi');
  const codes = node.command
    ? exitCodesOf(node.path.join(' ')).map(({ code, short, note }) => [code, note ?? short] as const)
    : EXIT_CODES.map(([code, , meaning]) => [code, meaning] as const);
  out.push('.SH EXIT STATUS', ...codes.flatMap(([code, meaning]) => ['.TP', `.B ${code}`, roff(meaning)]));
  const see = node.path.length === 0 ? [] : [pageName(node.path.slice(0, -1))];
  out.push(
    '.SH SEE ALSO',
    [...see.map((page) => `.BR ${roff(page)} (1)`), 'The command reference: docs/commands.md in the source.'].join(
      ',\n',
    ),
  );
  return `${out.join('\n')}\n`;
}

/** Every man page by its file name (`hire.1`, `hire-jobs.1`, `hire-jobs-create.1`). */
export function manPages(tree: TreeNode, specs: readonly CommandSpec[], version: string): Record<string, string> {
  return Object.fromEntries(
    nodes(tree).map((node) => [`${pageName(node.path)}.1`, manPage(node, tree, specs, version)]),
  );
}

/** Every generated file by its path from the repository's root. */
export async function generatedDocs(version: string): Promise<Record<string, string>> {
  const { tree, specs } = await loadTree();
  const pages = manPages(tree, specs, version);
  return {
    'docs/commands.md': commandReference(tree, specs),
    ...Object.fromEntries(Object.entries(pages).map(([file, text]) => [`man/${file}`, text])),
  };
}
