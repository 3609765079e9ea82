// The repository is its own manual: a comment (or a test's name) in src/, test/ or scripts/ cites a
// document that is in the repository, or none, and the heading it names (`docs/output.md "CSV"`,
// `docs/api-choices.md §7`) is there. Documents that were never in the repository (the contract
// and style notes the project started from) are named here only as patterns, split so that this
// file does not match them itself. The Markdown documents' relative links lead to files and
// headings that exist, and every `src/…`, `test/…` or `scripts/…` path they name exists.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CODE = /\.(ts|mts|mjs|js|cjs)$/;

/** Documents cited by name that the repository does not hold: the contract's sections and file, the style notes. */
const OUTSIDE = [
  new RegExp(`\\b${'CONT' + 'RACT'}\\b(?=\\s*(§|\\.md|,?\\s*section))`, 'g'),
  new RegExp(`\\b${'STY' + 'LE'}\\.md\\b`, 'g'),
];
/** A Markdown path: `docs/output.md`, `../README.md`. */
const MD_PATH = /(?<![\w/.-])((?:\.{1,2}\/)?[\w-][\w./-]*\.md)\b/g;

/** The parts of a line that are comment: after `//`, or a line of a block comment. */
function commentText(line: string): string | undefined {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*')) return trimmed;
  const at = line.indexOf('//');
  return at === -1 ? undefined : line.slice(at + 2);
}

/** A document's headings, as written (`6. Rate limits`) and without their number (`Rate limits`). */
export type Headings = (path: string) => readonly string[] | undefined;

/**
 * Every place in `text` (a file at `file`, relative to the root) that names a document not in the
 * repository, or a heading (`"Name"` or `§N` after the path) that the document does not have.
 */
export function strayReferences(
  file: string,
  text: string,
  exists: (path: string) => boolean,
  headings: Headings = () => undefined,
): string[] {
  const found: string[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    const where = `${file}:${index + 1}`;
    // Anywhere on the line: a test's name cites as a comment does.
    for (const pattern of OUTSIDE)
      for (const match of line.matchAll(pattern)) found.push(`${where}: ${match[0]} (not in the repository)`);
    const comment = commentText(line);
    if (comment === undefined) continue;
    for (const match of comment.matchAll(MD_PATH)) {
      const path = match[1]!;
      if (OUTSIDE.some((pattern) => new RegExp(pattern.source).test(path))) continue;
      if (!exists(path) && !exists(join(dirname(file), path))) {
        found.push(`${where}: ${path} (no such file)`);
        continue;
      }
      const after = comment.slice(match.index + path.length);
      const named = /^,? "([^"]+)"/.exec(after)?.[1];
      const numbered = /^ §(\d+)/.exec(after)?.[1];
      const has = headings(path);
      if (!has) continue;
      if (
        named !== undefined &&
        !has.some((heading) => heading === named || heading.replace(/^\d+\. /, '') === named)
      ) {
        found.push(`${where}: ${path} "${named}" (no such heading)`);
      }
      if (numbered !== undefined && !has.some((heading) => heading.startsWith(`${numbered}. `)))
        found.push(`${where}: ${path} §${numbered} (no such heading)`);
    }
  }
  return found;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split('/').includes('node_modules'))
    .sort();
}

const inRepository = (path: string): boolean => existsSync(join(ROOT, path));
const headingsOf: Headings = (path) =>
  existsSync(join(ROOT, path))
    ? [...readFileSync(join(ROOT, path), 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
        match[1]!.replace(/`/g, ''),
      )
    : undefined;

/** A path in the repository's code, as a document names it: `src/api/pacer.ts`, `test/unit/`, `scripts/x.mjs`. */
const CODE_PATH = /(?<![\w./-])((?:src|test|scripts)\/[^\s`'"()[\]:;,]*)/g;

/**
 * Every `src/…`, `test/…` or `scripts/…` path that `text` (the document `document`) names and the
 * repository does not have. A pattern (`src/commands/<noun>/<verb>.ts`, `test/unit/*.test.ts`,
 * `test/unit/send-loop|retry`) is checked up to the folder before its first wildcard.
 */
export function missingPaths(document: string, text: string, exists: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    for (const match of line.matchAll(CODE_PATH)) {
      const named = match[1]!.replace(/[.…]+$/, '');
      const wild = named.search(/[*<{|…]/);
      const path = wild === -1 ? named : named.slice(0, named.lastIndexOf('/', wild) + 1);
      if (!exists(path)) found.push(`${document}:${index + 1}: ${named}`);
    }
  }
  return found;
}

describe('the checker itself', () => {
  it('finds code paths that a document names and the repository does not have', () => {
    const text = [
      'The pacer (`src/api/pacer.ts`) and src/api/gone.ts.',
      'Each command in `src/commands/<noun>/<verb>.ts`; tests in test/unit/*.test.ts, test/nowhere/*.ts.',
      '`test/unit/send-loop|retry`, scripts/build.mjs, then `node scripts/gone.mjs`…',
      'a path elsewhere (docs/src/x.ts, ./src/api/y.ts) is not one of these',
    ].join('\n');
    const exists = (path: string) =>
      ['src/api/pacer.ts', 'src/commands/', 'test/unit/', 'scripts/build.mjs'].includes(path);
    expect(missingPaths('ARCHITECTURE.md', text, exists)).toEqual([
      'ARCHITECTURE.md:1: src/api/gone.ts',
      'ARCHITECTURE.md:2: test/nowhere/*.ts',
      'ARCHITECTURE.md:3: scripts/gone.mjs',
    ]);
  });

  it('finds the outside documents, and Markdown paths that do not exist, in comments', () => {
    const contract = 'CONT' + 'RACT';
    const style = 'STY' + 'LE.md';
    const text = [
      `// Choices of ${contract} §6: ids.`,
      `/** The walls of ${style} hold. */`,
      ` * see ${contract}.md and docs/nowhere.md`,
      `it('follows ${contract} §3', () => {});`,
      "const file = 'role.md'; // the user's file, in code: not a citation",
      '// docs/output.md says how; so does ../README.md',
      '// docs/output.md "CSV" and docs/output.md "Colours"; docs/api-choices.md §7 but not docs/api-choices.md §12',
    ].join('\n');
    const exists = (path: string) => ['docs/output.md', 'docs/api-choices.md', 'README.md'].includes(path);
    const headings: Headings = (path) =>
      ({ 'docs/output.md': ['CSV', 'Colour'], 'docs/api-choices.md': ['7. Retries and idempotency'] })[path];
    expect(strayReferences('test/unit/x.test.ts', text, exists, headings)).toEqual([
      `test/unit/x.test.ts:1: ${contract} (not in the repository)`,
      `test/unit/x.test.ts:2: ${style} (not in the repository)`,
      `test/unit/x.test.ts:3: ${contract} (not in the repository)`,
      'test/unit/x.test.ts:3: docs/nowhere.md (no such file)',
      `test/unit/x.test.ts:4: ${contract} (not in the repository)`,
      'test/unit/x.test.ts:6: ../README.md (no such file)',
      'test/unit/x.test.ts:7: docs/output.md "Colours" (no such heading)',
      'test/unit/x.test.ts:7: docs/api-choices.md §12 (no such heading)',
    ]);
  });
});

describe('comments', () => {
  it('in src/, test/ and scripts/ cite only documents in the repository', () => {
    // This file's own cases are strings that look like comments: its checker is tested above.
    const self = relative(ROOT, fileURLToPath(import.meta.url));
    const files = ['src', 'test', 'scripts']
      .flatMap((dir) => filesUnder(dir, (name) => CODE.test(name)))
      .filter((file) => file !== self);
    expect(files.length).toBeGreaterThan(100);
    const stray = files.flatMap((file) =>
      strayReferences(file, readFileSync(join(ROOT, file), 'utf8'), inRepository, headingsOf),
    );
    expect(stray, `cite the docs/ file that holds the rule (or nothing):\n${stray.join('\n')}`).toEqual([]);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

describe('the Markdown documents', () => {
  it('link to files and headings that exist', () => {
    const documents = ['README.md', 'ARCHITECTURE.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];
    const broken: string[] = [];
    for (const document of documents) {
      const text = readFileSync(join(ROOT, document), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const file = path === '' ? document : join(dirname(document), path);
        if (!existsSync(join(ROOT, file))) {
          broken.push(`${document}: ${target} (no such file)`);
          continue;
        }
        if (anchor === undefined || !file.endsWith('.md')) continue;
        const headings = [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
          slug(match[1]!),
        );
        if (!headings.includes(anchor)) broken.push(`${document}: ${target} (no such heading)`);
      }
    }
    expect(documents.length).toBeGreaterThan(5);
    expect(broken, broken.join('\n')).toEqual([]);
  });
  it('name only src/, test/ and scripts/ paths that exist', () => {
    const documents = ['README.md', 'ARCHITECTURE.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];
    const missing = documents.flatMap((document) =>
      missingPaths(document, readFileSync(join(ROOT, document), 'utf8'), inRepository),
    );
    expect(missing, `name the file where it is now:\n${missing.join('\n')}`).toEqual([]);
  });
});

/**
 * The rooms ARCHITECTURE.md's map names: `src/name/` at the start of a line of the map, and the
 * emulator's rooms indented under `src/emulator/` (`  http/`).
 */
export function mappedRooms(architecture: string): Set<string> {
  const map = /## The layers[\s\S]*?```text\n([\s\S]*?)```/.exec(architecture)?.[1] ?? '';
  const rooms = new Set<string>();
  let parent: string | undefined;
  for (const line of map.split('\n')) {
    const top = /^(src\/[\w-]+)\//.exec(line);
    if (top) {
      parent = top[1];
      rooms.add(top[1]!);
      continue;
    }
    const inner = /^ {2}([\w-]+)\/\s/.exec(line);
    if (inner && parent) rooms.add(`${parent}/${inner[1]}`);
  }
  return rooms;
}

describe('the map of ARCHITECTURE.md', () => {
  it('reads top rooms and the rooms indented under one', () => {
    const text = '## The layers\n\n```text\nsrc/api/   x\nsrc/emulator/  y\n  http/   z\n```\n';
    expect([...mappedRooms(text)]).toEqual(['src/api', 'src/emulator', 'src/emulator/http']);
  });
  it('names every room of src/ and of the emulator, so that a new room is placed on it', () => {
    const rooms = mappedRooms(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'));
    const folders = (dir: string) =>
      readdirSync(join(ROOT, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${dir}/${entry.name}`);
    const wanted = [...folders('src'), ...folders('src/emulator')];
    const unmapped = wanted.filter((room) => !rooms.has(room));
    expect(wanted.length).toBeGreaterThan(15);
    expect(unmapped, `add these rooms to the map in ARCHITECTURE.md "The layers":\n${unmapped.join('\n')}`).toEqual([]);
  });
});
