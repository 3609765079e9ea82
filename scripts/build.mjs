// Builds dist/ with esbuild: one small entry chunk (commander and the command tree) and a chunk
// per lazily imported command or library, so start-up parses only what a command uses.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinsWithoutFacade, lazyBuiltins } from './lazy-builtins.mjs';

const root = new URL('..', import.meta.url);
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
const { manifest, pages } = JSON.parse(execFileSync(process.execPath, [pagesScript], { encoding: 'utf8', maxBuffer: 1 << 26 }));
rmSync(pagesScript);

const result = await build({
  plugins: [lazyBuiltins, builtinsWithoutFacade],
  absWorkingDir: root.pathname,
  entryPoints: { cli: 'src/cli.ts' },
  outdir: next,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  minify: true,
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __HIRE_VERSION__: JSON.stringify(version), __HIRE_MANIFEST__: JSON.stringify(JSON.stringify(manifest)) },
  // Bundled CommonJS packages (commander, undici, cli-table3) call require() for Node built-ins.
  // Made on first use: most chunks never call it, and each createRequire builds a module record.
  banner: { js: "let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);" },
  metafile: true,
  logLevel: 'warning',
});

// The version alone, for `hire --version` without loading the CLI.
writeFileSync(join(next, 'version.js'), `export const VERSION = ${JSON.stringify(version)};\n`);
// The completion chunk under a fixed name, for bin/hire.js to run at each Tab without the CLI.
const completion = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === 'src/completion/complete.ts');
if (!completion) throw new Error('build: no chunk for src/completion/complete.ts');
writeFileSync(join(next, 'complete.js'), `export { runTab } from './chunks/${completion[0].split('/').pop()}';\n`);
// Each help page as a file named by its command's words (`jobs list.txt`; the root's `hire.txt`).
mkdirSync(join(next, 'help'));
for (const [path, text] of Object.entries(pages)) writeFileSync(join(next, 'help', `${path || 'hire'}.txt`), text);

const old = `${dist}.old-${process.pid}`;
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });

if (process.argv.includes('--report')) {
  for (const [file, info] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js')) console.log(`${String(info.bytes).padStart(9)}  ${file.replace(next, 'dist')}`);
  }
}
