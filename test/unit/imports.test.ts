// The static import graph of src/, read from disk: no module imports itself through others (a
// circle makes load order decide what is undefined), and the walls of ARCHITECTURE.md hold.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

interface Import {
  specifier: string;
  /** `import type` / `export type`: erased when compiled, so no edge at run time. */
  typeOnly: boolean;
}

// A static `import … from`, bare `import '…'` or `export … from` at the start of a line; the clause
// may span lines. Dynamic `import()` never matches: `import` must be followed by a clause or a quote.
const STATEMENT =
  /^[ \t]*(?:import|export)\s+(type\s+(?!from\b))?(?:(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)\s+from\s*)?['"]([^'"\n]+)['"]/gm;

function parseImports(text: string): Import[] {
  return [...text.matchAll(STATEMENT)].map((match) => ({ specifier: match[2]!, typeOnly: match[1] !== undefined }));
}

/** Module paths relative to src/ (`emulator/http/answers.ts`), each with the relative imports it makes. */
interface SourceTree {
  files: string[];
  imports: Map<string, { target: string; specifier: string; typeOnly: boolean }[]>;
}

function readSourceTree(): SourceTree {
  const files = readdirSync(SRC, { recursive: true })
    .map((name) => String(name).split('\\').join('/'))
    .filter((name) => name.endsWith('.ts'))
    .sort();
  const imports = new Map(
    files.map((file) => {
      const relative = parseImports(readFileSync(join(SRC, file), 'utf8')).filter(({ specifier }) =>
        specifier.startsWith('.'),
      );
      // We write `./x.js` for `./x.ts` (Node ESM resolution of what tsc and esbuild emit).
      const targets = relative.map(({ specifier, typeOnly }) => ({
        target: posix.normalize(posix.join(posix.dirname(file), specifier.replace(/\.js$/, '.ts'))),
        specifier,
        typeOnly,
      }));
      return [file, targets] as const;
    }),
  );
  return { files, imports };
}

type Graph = ReadonlyMap<string, readonly string[]>;

function graphOf(tree: SourceTree, options: { typeOnly: boolean; within?: string }): Graph {
  const inside = (file: string) => options.within === undefined || file.startsWith(options.within);
  return new Map(
    tree.files.filter(inside).map((file) => {
      const edges = tree.imports
        .get(file)!
        .filter((edge) => (options.typeOnly || !edge.typeOnly) && inside(edge.target));
      return [file, [...new Set(edges.map(({ target }) => target))].sort()] as const;
    }),
  );
}

/**
 * One cycle per back edge of a depth-first walk, each rotated to start at its smallest module and
 * closed (`a → b → a`). Enough to show every knot in the graph, though not every path round it.
 */
function findCycles(graph: Graph): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const loop = path.slice(path.indexOf(next));
        const start = loop.indexOf([...loop].sort()[0]!);
        const rotated = [...loop.slice(start), ...loop.slice(0, start)];
        cycles.set(rotated.join('\n'), [...rotated, rotated[0]!]);
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}

const show = (cycles: string[][]): string => cycles.map((cycle) => cycle.join(' → ')).join('\n');

describe('the import checker itself', () => {
  it('reads static imports and exports, multi-line clauses included, and marks type-only ones', () => {
    const text = [
      "import { a, type B } from './a.js';",
      "import type { C } from './c.js';",
      'import {',
      '  d,',
      '  e,',
      "} from '../d.js';",
      "import f, * as g from './f.js';",
      "import './side-effect.js';",
      "export * from './star.js';",
      "export { h } from './h.js';",
      "export type { I } from './i.js';",
      "import { readFileSync } from 'node:fs';",
      "const lazy = await import('./lazy.js');",
      "// import { j } from './comment.js';",
      "export const text = 'from \\'./not-an-import.js\\'';",
    ].join('\n');
    expect(parseImports(text)).toEqual([
      { specifier: './a.js', typeOnly: false },
      { specifier: './c.js', typeOnly: true },
      { specifier: '../d.js', typeOnly: false },
      { specifier: './f.js', typeOnly: false },
      { specifier: './side-effect.js', typeOnly: false },
      { specifier: './star.js', typeOnly: false },
      { specifier: './h.js', typeOnly: false },
      { specifier: './i.js', typeOnly: true },
      { specifier: 'node:fs', typeOnly: false },
    ]);
  });

  it('finds a cycle in a small graph, and none where there is none', () => {
    const knotted = new Map([
      ['b.ts', ['c.ts']],
      ['a.ts', ['b.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', []],
    ]);
    expect(show(findCycles(knotted))).toBe('a.ts → b.ts → c.ts → a.ts\nd.ts → d.ts');
    expect(
      findCycles(
        new Map([
          ['a.ts', ['b.ts', 'c.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('src/ imports', () => {
  const tree = readSourceTree();

  it('every relative import names a file in src/ (so the graph below is whole)', () => {
    const missing = [...tree.imports].flatMap(([file, edges]) =>
      edges.filter(({ target }) => !existsSync(join(SRC, target))).map(({ specifier }) => `${file}: ${specifier}`),
    );
    expect(missing, missing.join('\n')).toEqual([]);
    // The parser sees the graph at all: the server's imports are known, a regex that read nothing would pass.
    expect(tree.imports.get('emulator/http/pipeline.ts')!.map(({ target }) => target)).toContain(
      'emulator/http/answers.ts',
    );
  });

  it('have no cycle (import type aside, being erased)', () => {
    const cycles = findCycles(graphOf(tree, { typeOnly: false }));
    expect(cycles, `import cycles in src/:\n${show(cycles)}`).toEqual([]);
  });

  it('have no cycle, not even through import type', () => {
    const cycles = findCycles(graphOf(tree, { typeOnly: true }));
    expect(cycles, `import cycles in src/emulator/:\n${show(cycles)}`).toEqual([]);
  });

  // ARCHITECTURE.md "Walls". A type import counts: it is knowledge of the other side all the same.
  it('keep the walls: domain imports only domain; the emulator never imports the CLI', () => {
    const crossings = (from: string, forbidden: (target: string) => boolean): string[] =>
      [...tree.imports]
        .filter(([file]) => file.startsWith(from))
        .flatMap(([file, edges]) =>
          edges.filter(({ target }) => forbidden(target)).map(({ target }) => `${file} → ${target}`),
        );
    const domain = crossings('domain/', (target) => !target.startsWith('domain/'));
    expect(domain, domain.join('\n')).toEqual([]);
    const cli = /^(commands|output|config|wizard)\/|^(program|context|cli)\.ts$/;
    const emulator = crossings('emulator/', (target) => cli.test(target));
    expect(emulator, emulator.join('\n')).toEqual([]);
  });
  // The emulator's rooms: operations live in platform/, route files are thin HTTP adapters that
  // only the route table knows, and only storage/ speaks SQL.
  it('keep the emulator platform walls: route files are imported by the route table alone; the platform knows no HTTP', () => {
    const importers = (isTarget: (target: string) => boolean): string[] =>
      [...tree.imports].flatMap(([file, edges]) =>
        edges.filter(({ target }) => isTarget(target)).map(({ target }) => `${file} → ${target}`),
      );
    const routeFiles = tree.files.filter((file) => file.startsWith('emulator/http/routes/'));
    // The walls are about something: there are route files to keep apart.
    expect(routeFiles.length).toBeGreaterThan(5);
    const intoRoutes = importers((target) => target.startsWith('emulator/http/routes/')).filter(
      (edge) => !edge.startsWith('emulator/http/route-table.ts → '),
    );
    expect(intoRoutes, intoRoutes.join('\n')).toEqual([]);
    expect(tree.files.filter((file) => file.startsWith('emulator/platform/')).length).toBeGreaterThan(5);
    // Every route file is in the route table.
    const table = tree.imports.get('emulator/http/route-table.ts')!.map(({ target }) => target);
    expect(routeFiles.filter((file) => !table.includes(file))).toEqual([]);
    const http = /^emulator\/(http|pages)\//;
    const platform = [...tree.imports]
      .filter(([file]) => file.startsWith('emulator/platform/'))
      .flatMap(([file, edges]) =>
        edges.filter(({ target }) => http.test(target)).map(({ target }) => `${file} → ${target}`),
      );
    expect(platform, platform.join('\n')).toEqual([]);
    // Access (keys, limits, addresses, presence, TLS) and storage know no HTTP either: they refuse
    // with their own errors, which the HTTP layer answers.
    const below = [...tree.imports]
      .filter(([file]) => /^emulator\/(access|storage)\//.test(file))
      .flatMap(([file, edges]) =>
        edges.filter(({ target }) => http.test(target)).map(({ target }) => `${file} → ${target}`),
      );
    expect(below, below.join('\n')).toEqual([]);
    expect(tree.files.filter((file) => /^emulator\/(access|storage)\//.test(file)).length).toBeGreaterThan(10);
  });

  it('open a transaction in one place: storage/transaction.ts (over db.ts, which speaks BEGIN)', () => {
    const OPENS = /\.transaction\(|['"`]BEGIN\b/;
    const opening = tree.files.filter((file) => OPENS.test(readFileSync(join(SRC, file), 'utf8')));
    expect(opening).toEqual(['emulator/storage/db.ts', 'emulator/storage/transaction.ts']);
  });

  it('keep SQL in storage/: no module outside it prepares a statement or writes SQL', () => {
    const SQL =
      /\.prepare\(|\.exec\(\s*['"`]|\b(?:SELECT\s+[\w*(]|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\w+\s+SET|CREATE\s+(?:TABLE|INDEX)|ALTER\s+TABLE)\b|json_(?:extract|set|each|type)\(|\blease_until\b|\$\{field\(/;
    const speaking = tree.files.filter(
      (file) => !file.startsWith('emulator/storage/') && SQL.test(readFileSync(join(SRC, file), 'utf8')),
    );
    expect(speaking).toEqual([]);
    // The pattern finds the SQL that is there.
    expect(SQL.test(readFileSync(join(SRC, 'emulator/storage/store.ts'), 'utf8'))).toBe(true);
    expect(
      [
        "db.prepare('SELECT 1')",
        'DELETE FROM requests WHERE seq <= ?',
        "json_extract(doc, '$.score') >= ?",
        "`${field('score')} >= ?`",
      ].every((text) => SQL.test(text)),
    ).toBe(true);
  });

  // Rooms in place: the wizard is used by commands, never the other way round; what both use (the
  // prompt helper) lives in terminal/.
  it('keep the wizard out of commands/: it imports neither a command nor commands/shared', () => {
    const wizard = [...tree.imports]
      .filter(([file]) => file.startsWith('wizard/'))
      .flatMap(([file, edges]) =>
        edges.filter(({ target }) => target.startsWith('commands/')).map(({ target }) => `${file} → ${target}`),
      );
    expect(wizard, wizard.join('\n')).toEqual([]);
    expect(tree.imports.get('wizard/prompts.ts')!.map(({ target }) => target)).toContain('terminal/prompt.ts');
  });
});

describe('src/commands/ prints through the output layer', () => {
  // The only files that write to the streams themselves, each for raw bytes: `hire api` (the
  // server's bytes, piped), `completion` (the script) and commander's own help text.
  const RAW = ['commands/api/request.ts', 'commands/completion.ts', 'commands/tree.ts'];
  const STREAMS = /\bctx\.io\.(stdout|stderr)\b/;
  const files = readdirSync(join(SRC, 'commands'), { recursive: true })
    .map((name) => `commands/${String(name).split('\\').join('/')}`)
    .filter((name) => name.endsWith('.ts'))
    .sort();

  it('no command file writes to ctx.io.stdout or ctx.io.stderr, but the raw ones', () => {
    const writes = files
      .filter((file) => !RAW.includes(file))
      .flatMap((file) =>
        readFileSync(join(SRC, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (STREAMS.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(writes, writes.join('\n')).toEqual([]);
  });

  it('each raw write says why, in a comment on the line before', () => {
    expect(files.length).toBeGreaterThan(40);
    const unexplained = RAW.flatMap((file) => {
      const lines = readFileSync(join(SRC, file), 'utf8').split('\n');
      const raw = lines.flatMap((line, index) => (STREAMS.test(line) ? [index] : []));
      expect(raw.length, `${file} writes nothing raw: drop it from RAW`).toBeGreaterThan(0);
      return raw
        .filter((index) => !lines.slice(Math.max(0, index - 2), index).some((line) => /\/\/.*\braw\b/i.test(line)))
        .map((index) => `${file}:${index + 1}`);
    });
    expect(unexplained, unexplained.join('\n')).toEqual([]);
  });
});
