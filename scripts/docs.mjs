// `npm run docs`: writes the command reference (docs/commands.md), the man pages (man/*.1) and
// package.json's `man` list from the command declarations (scripts/docs-pages.ts, bundled from the
// sources as the build bundles scripts/help-pages.ts). `--check` writes nothing and exits 1
// naming each file that differs (test/unit/docs.test.ts checks the same).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packagePath = join(root, 'package.json');
const packageText = readFileSync(packagePath, 'utf8');
const pkg = JSON.parse(packageText);
const script = join(root, `.docs-pages-${process.pid}.mjs`);
await build({
  absWorkingDir: root,
  stdin: {
    contents: `import { generatedDocs } from './scripts/docs-pages.ts';\nprocess.stdout.write(JSON.stringify(await generatedDocs(${JSON.stringify(pkg.version)})));\n`,
    resolveDir: root,
    sourcefile: 'docs-entry.ts',
    loader: 'ts',
  },
  outfile: script,
  bundle: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  define: { __HIRE_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
let files;
try {
  files = JSON.parse(
    execFileSync(process.execPath, [script], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
} catch (error) {
  // The declarations failed to load (a dependency not installed: run npm ci): say so in one line.
  const first =
    String(error.stderr ?? error.message)
      .split('\n')
      .find((line) => /Error/.test(line)) ?? error.message;
  process.stderr.write(`npm run docs could not read the command declarations: ${first.trim()}\n`);
  process.exit(1);
} finally {
  rmSync(script, { force: true });
}
const man = Object.keys(files)
  .filter((file) => file.startsWith('man/'))
  .sort();
// package.json is rewritten only when its man list changes (compared as data, whatever its layout).
const manChanged = JSON.stringify(pkg.man ?? []) !== JSON.stringify(man);
const nextPackage = `${JSON.stringify({ ...pkg, man }, null, 2)}\n`;
// Man pages no longer declared are stale too.
const extra = existsSync(join(root, 'man'))
  ? readdirSync(join(root, 'man'))
      .map((name) => `man/${name}`)
      .filter((file) => !(file in files))
  : [];

if (process.argv.includes('--check')) {
  const stale = Object.entries(files)
    .filter(([file, text]) => !existsSync(join(root, file)) || readFileSync(join(root, file), 'utf8') !== text)
    .map(([file]) => file);
  if (manChanged) stale.push('package.json (man)');
  stale.push(...extra);
  if (stale.length > 0) {
    process.stderr.write(`Stale generated docs: ${stale.join(', ')}. Run \`npm run docs\` and commit the result.\n`);
    process.exit(1);
  }
} else {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  for (const file of extra) rmSync(join(root, file));
  if (manChanged) writeFileSync(packagePath, nextPackage);
  process.stdout.write(`Wrote ${Object.keys(files).length} files (docs/commands.md, ${man.length} man pages).\n`);
}
