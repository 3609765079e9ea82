// Builds dist/ with esbuild: one small entry chunk (commander and the command tree) and a chunk
// per lazily imported command or library, so start-up parses only what a command uses.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lazyBuiltins } from './lazy-builtins.mjs';

const root = new URL('..', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
// Built beside dist/ and swapped in, so a running `hire` never sees a half-written dist/.
const dist = fileURLToPath(new URL('dist', root));
const next = `${dist}.next-${process.pid}`;

// The manifest: every command's declaration as data, read from the sources by running them once
// here, and built into the entry, so that --help and completion load no command's code.
const manifestScript = `${next}-manifest.mjs`;
await build({
  absWorkingDir: root.pathname,
  stdin: { contents: "import { loadManifest } from './src/program.ts'; process.stdout.write(JSON.stringify(await loadManifest()));", resolveDir: root.pathname, loader: 'ts' },
  outfile: manifestScript,
  bundle: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  logLevel: 'warning',
});
const manifest = execFileSync(process.execPath, [manifestScript], { encoding: 'utf8' });
rmSync(manifestScript);

const result = await build({
  plugins: [lazyBuiltins],
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
  define: { __HIRE_VERSION__: JSON.stringify(version), __HIRE_MANIFEST__: manifest },
  // Bundled CommonJS packages (commander, undici, cli-table3) call require() for Node built-ins.
  banner: { js: "import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);" },
  metafile: true,
  logLevel: 'warning',
});

// The version alone, for `hire --version` without loading the CLI.
writeFileSync(join(next, 'version.js'), `export const VERSION = ${JSON.stringify(version)};\n`);

const old = `${dist}.old-${process.pid}`;
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });

if (process.argv.includes('--report')) {
  for (const [file, info] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js')) console.log(`${String(info.bytes).padStart(9)}  ${file.replace(next, 'dist')}`);
  }
}
