// Builds dist/ with esbuild: one small entry chunk (commander and the command tree) and a chunk
// per lazily imported command or library, so start-up parses only what a command uses.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { confExtras } from './conf-extras.mjs';
import { mergeChunks } from './merge-chunks.mjs';
import { builtinsWithoutFacade, lazyBuiltins } from './lazy-builtins.mjs';

const root = new URL('..', import.meta.url);
/** The digits of a source map's base64 VLQ numbers. */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
// Built beside dist/ and swapped in, so a running `hire` never sees a half-written dist/.
const dist = fileURLToPath(new URL('dist', root));
const next = `${dist}.next-${process.pid}`;

// The manifest (every command's declaration as data) and every command's help, read from the
// sources by running them once here: the manifest is built into the entry, and the help pages
// written as files that bin/hire.js prints, so that --help and Tab load no command's code.
const pagesScript = `${next}-help-pages.mjs`;
await build({
  absWorkingDir: root.pathname,
  entryPoints: ['scripts/help-pages.ts'],
  outfile: pagesScript,
  bundle: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  define: { __HIRE_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
const { manifest, pages } = JSON.parse(
  execFileSync(process.execPath, [pagesScript], { encoding: 'utf8', maxBuffer: 1 << 26 }),
);
rmSync(pagesScript);

const result = await build({
  plugins: [lazyBuiltins, builtinsWithoutFacade, confExtras],
  absWorkingDir: root.pathname,
  entryPoints: { cli: 'src/cli.ts' },
  outdir: next,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minify: true,
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  // The keychain binding is a native optional dependency, loaded from node_modules when present.
  external: ['@napi-rs/keyring'],
  define: { __HIRE_VERSION__: JSON.stringify(version), __HIRE_MANIFEST__: JSON.stringify(JSON.stringify(manifest)) },
  // Bundled CommonJS packages (commander, undici) call require() for Node built-ins: those are
  // taken with process.getBuiltinModule, which loads no node:module; a createRequire (for anything
  // else) is made on first use, since each builds a module record.
  banner: {
    js: "let __hireRequire; const require = (id) => process.getBuiltinModule(id) ?? (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);",
  },
  metafile: true,
  logLevel: 'warning',
});

// The chunks a Tab and a request load, merged into a file each (scripts/merge-chunks.mjs).
let merging;
try {
  merging = await mergeChunks({ dir: next, root: fileURLToPath(root), metafile: result.metafile });
} catch (error) {
  rmSync(next, { recursive: true, force: true });
  throw error;
}

/**
 * What the library's maps and lines need of its dependencies' code. uc.micro's Unicode classes
 * (read by markdown-it, which the emulator's pages load) are regex literals thousands of
 * characters long, which no line limit can break: built as `new RegExp(string)`, a string that
 * lineLimit continues over lines. And a package's own source map (entities ships one naming
 * TypeScript files it does not ship, by URL) is not followed: its code counts as node_modules/,
 * which the library's maps leave out (ownSourcesOnly).
 */
const readableDependencies = {
  name: 'readable-dependencies',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, ({ path }) => {
      const text = readFileSync(path, 'utf8');
      if (/[\\/]uc\.micro[\\/]categories[\\/]/.test(path)) {
        const literal = /^export default \/(.+)\/([a-z]*);?\s*$/s.exec(text);
        if (!literal) throw new Error(`build: ${path} is no longer one regex literal`);
        return {
          contents: `export default new RegExp(${JSON.stringify(literal[1])}, ${JSON.stringify(literal[2])});\n`,
          loader: 'js',
        };
      }
      const own = ownGlobals(path, text);
      if (!own.includes('//# sourceMappingURL=')) return own === text ? undefined : { contents: own, loader: 'js' };
      return { contents: own.replace(/^\/\/# sourceMappingURL=.*$/gm, ''), loader: 'js' };
    });
  },
};

/**
 * The library leaves its host alone (ARCHITECTURE.md "What the package ships"): zod keeps its
 * configuration and schema registry on globalThis (`__zod_globalConfig`, `__zod_globalRegistry`),
 * shared with any zod the host program loads. In the library's copy they are the module's own
 * object. The build fails if zod stops writing them there, so that an upgrade is looked at again.
 */
function ownGlobals(path, text) {
  if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](core|registries)\.js$/.test(path)) return text;
  if (!/\(_a = globalThis\)\.__zod_global/.test(text))
    throw new Error(`build: ${path} no longer keeps its globals on globalThis; look again at ownGlobals`);
  const own = text.replace(/\bglobalThis(?=\)\.__zod_global|\.__zod_global)/g, '__hireOwnGlobals');
  return `const __hireOwnGlobals = {};\n${own}`;
}

// The library (`import … from 'hire'`, src/lib/index.ts): a build of its own, so that its chunks
// hold none of the CLI, with its declarations beside it (tsconfig.lib.json).
const library = await build({
  plugins: [readableDependencies],
  absWorkingDir: root.pathname,
  entryPoints: { index: 'src/lib/index.ts' },
  outdir: join(next, 'lib'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Not minified, and its maps shipped with the sources inside them (ARCHITECTURE.md "What the
  // package ships"): a user's stack trace and debugger land on readable lines. The CLI's chunks
  // stay minified, for start-up.
  minify: false,
  keepNames: true, // error.name stays 'ApiError' where bundling renames a class to avoid a clash
  sourcemap: 'linked',
  sourcesContent: true,
  lineLimit: 160,
  charset: 'utf8', // a string's characters as themselves: \u escapes would make its lines six times longer
  chunkNames: 'chunks/[name]-[hash]',
  // As in the CLI's build: the keychain binding stays an optional dependency of the package.
  external: ['@napi-rs/keyring'],
  define: { __HIRE_VERSION__: JSON.stringify(version) },
  banner: {
    js: "import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);",
  },
  metafile: true,
  logLevel: 'warning',
}).catch((error) => {
  // Nothing half-built is left beside dist/.
  rmSync(next, { recursive: true, force: true });
  throw error;
});
// What the library's entry loads as it is imported (its static imports, not its lazy ones) must
// not be the CLI's: checked here on every build, and by test/e2e/library-load.test.ts on what Node loads.
const CLI_ONLY =
  /node_modules\/(commander|@inquirer|chalk|ora|cli-table3)\/|^src\/(cli|program|context)\.ts$|^src\/(commands|output|wizard)\//;
const staticInputs = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of library.metafile.outputs[file].imports)
    if (imported.kind === 'import-statement' && !imported.external) staticInputs(imported.path, seen);
  return seen;
};
const libraryEntry = Object.keys(library.metafile.outputs).find(
  (file) => library.metafile.outputs[file].entryPoint === 'src/lib/index.ts',
);
const cliInLibrary = [...staticInputs(libraryEntry)]
  .flatMap((file) => Object.keys(library.metafile.outputs[file].inputs))
  .filter((input) => CLI_ONLY.test(input));
const types = join(next, 'lib', 'types');
try {
  if (cliInLibrary.length > 0)
    throw new Error(`build: importing the library would load CLI code: ${cliInLibrary.join(', ')}`);
  execFileSync(
    process.execPath,
    [
      join(fileURLToPath(root), 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      'tsconfig.lib.json',
      '--outDir',
      types,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  pruneDeclarations(types, 'lib/index.d.ts');
} catch (error) {
  // Nothing half-built is left beside dist/.
  rmSync(next, { recursive: true, force: true });
  throw error;
}

// The library's maps carry its own sources; its dependencies' code is already readable JavaScript
// in dist/lib, and their sources would more than double what the maps add to the package.
for (const file of Object.keys(library.metafile.outputs))
  if (file.endsWith('.js.map')) ownSourcesOnly(join(fileURLToPath(root), file));

// The version alone, for `hire --version` without loading the CLI.
writeFileSync(join(next, 'version.js'), `export const VERSION = ${JSON.stringify(version)};\n`);
// The completion chunk under a fixed name, for bin/hire.js to run at each Tab without the CLI.
const completion = Object.entries(result.metafile.outputs).find(
  ([, output]) => output.entryPoint === 'src/completion/complete.ts',
);
if (!completion) throw new Error('build: no chunk for src/completion/complete.ts');
writeFileSync(join(next, 'complete.js'), `export { runTab } from './chunks/${completion[0].split('/').pop()}';\n`);
// Each help page as a file named by its command's words (`jobs list.txt`; the root's `hire.txt`).
mkdirSync(join(next, 'help'));
for (const [path, text] of Object.entries(pages)) writeFileSync(join(next, 'help', `${path || 'hire'}.txt`), text);

const old = `${dist}.old-${process.pid}`;
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });

// --metafile=PATH: esbuild's account of the CLI's chunks as it split them, before the merge, with
// the merge's groups beside it (`merged`: each group's file and the chunks it took); which sources a
// file of dist/ holds now is in its map's `sources` (README "Performance").
const metafileArg = process.argv.find((arg) => arg.startsWith('--metafile='));
if (metafileArg)
  writeFileSync(
    metafileArg.slice('--metafile='.length),
    JSON.stringify({ ...result.metafile, merged: merging.groups }),
  );

// --report: the CLI's files as they are in dist/, after the merge, with their sizes.
if (process.argv.includes('--report')) {
  for (const file of ['cli.js', ...readdirSync(join(dist, 'chunks')).map((name) => `chunks/${name}`)]) {
    if (file.endsWith('.js')) console.log(`${String(statSync(join(dist, file)).size).padStart(9)}  dist/${file}`);
  }
  for (const group of merging.groups) console.log(`merged into dist/${group.file}: ${group.chunks.length} chunks`);
}

/**
 * Keeps only the declarations the entry's reach (tsc writes one for every file of the program), and
 * fails if any of them imports a package: the shipped types must need nothing but this one.
 */
function pruneDeclarations(dir, entry) {
  const reached = new Set();
  const visit = (file) => {
    if (reached.has(file)) return;
    reached.add(file);
    const text = readFileSync(join(dir, file), 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      if (specifier.startsWith('node:')) continue;
      if (!specifier.startsWith('.'))
        throw new Error(`build: the library's types import the package "${specifier}" (${file})`);
      visit(relative(dir, resolve(dir, dirname(file), specifier.replace(/\.js$/, '.d.ts'))));
    }
  };
  visit(entry);
  const walk = (sub) => {
    for (const item of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = join(sub, item.name);
      if (item.isDirectory()) walk(path);
      else if (!reached.has(path)) rmSync(join(dir, path));
    }
    if (sub && readdirSync(join(dir, sub)).length === 0) rmSync(join(dir, sub), { recursive: true });
  };
  walk('');
}

/** A source map's segment (base64 VLQ) as its numbers. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeSegment(values) {
  let text = '';
  for (const number of values) {
    let value = number < 0 ? (-number << 1) | 1 : number << 1;
    do {
      let digit = value & 31;
      value >>>= 5;
      if (value > 0) digit |= 32;
      text += BASE64[digit];
    } while (value > 0);
  }
  return text;
}

/**
 * Rewrites a map to name only sources outside node_modules/: a stretch of generated code that
 * came from a dependency is left unmapped (a one-field segment), so that a debugger shows the
 * generated lines themselves rather than another stretch's source.
 */
function ownSourcesOnly(path) {
  const map = JSON.parse(readFileSync(path, 'utf8'));
  const kept = map.sources.map((source) => !/(^|\/)node_modules\//.test(source));
  if (kept.every(Boolean)) return;
  const renumbered = [];
  let count = 0;
  for (const [index, keep] of kept.entries()) renumbered[index] = keep ? count++ : -1;
  // What a segment's fields are relative to: the last segment read, the last one written.
  const read = { source: 0, line: 0, column: 0, name: 0 };
  const written = { source: 0, line: 0, column: 0, name: 0 };
  const lines = map.mappings.split(';').map((line) => {
    let column = 0;
    let writtenColumn = 0;
    const out = [];
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = decodeSegment(segment);
      column += fields[0];
      const generated = column - writtenColumn;
      writtenColumn = column;
      if (fields.length === 1) {
        out.push(encodeSegment([generated]));
        continue;
      }
      read.source += fields[1];
      read.line += fields[2];
      read.column += fields[3];
      if (fields.length === 5) read.name += fields[4];
      const source = renumbered[read.source];
      if (source === -1) {
        out.push(encodeSegment([generated]));
        continue;
      }
      const values = [generated, source - written.source, read.line - written.line, read.column - written.column];
      Object.assign(written, { source, line: read.line, column: read.column });
      if (fields.length === 5) {
        values.push(read.name - written.name);
        written.name = read.name;
      }
      out.push(encodeSegment(values));
    }
    return out.join(',');
  });
  map.sources = map.sources.filter((_, index) => kept[index]);
  map.sourcesContent = map.sourcesContent?.filter((_, index) => kept[index]);
  map.mappings = lines.join(';');
  writeFileSync(path, JSON.stringify(map));
}
