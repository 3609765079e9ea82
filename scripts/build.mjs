// Builds dist/ with esbuild: one small entry chunk (commander and the command tree) and a chunk
// per lazily imported command or library, so start-up parses only what a command uses.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
rmSync(new URL('dist', root), { recursive: true, force: true });

const result = await build({
  absWorkingDir: root.pathname,
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  minify: true,
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __HIRE_VERSION__: JSON.stringify(version) },
  // Bundled CommonJS packages (commander, undici, cli-table3) call require() for Node built-ins.
  banner: { js: "import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);" },
  metafile: true,
  logLevel: 'warning',
});

if (process.argv.includes('--report')) {
  for (const [file, info] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js')) console.log(`${String(info.bytes).padStart(9)}  ${file}`);
  }
}
