// Importing the library loads none of the CLI (issue 29 item 3): `import('hire')` by the package's
// name, from the built package, under a module-load hook that lists every file Node loads; each
// loaded file's source map says which sources it holds, and none may be the CLI's (commander,
// @inquirer/prompts, chalk, ora, cli-table3, the command tree, output, the wizard).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import { sandbox } from '../helpers/env.js';

const CLI_SOURCES =
  /node_modules\/(commander|@inquirer|chalk|ora|cli-table3)\/|(^|\/)src\/(cli|program|context)\.ts$|(^|\/)src\/(commands|output|wizard)\//;

/** Every file: URL Node loads while running `script` (an ES module) from the repository's root. */
function loadedFiles(script: string, dir: string, env: Record<string, string>): { files: string[]; stdout: string } {
  const list = join(dir, 'loaded.txt');
  writeFileSync(list, '');
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(list)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(new URL(`file://${join(dir, 'hooks.mjs')}`).href)});\n`,
  );
  const result = spawnSync(
    process.execPath,
    ['--import', join(dir, 'register.mjs'), '--input-type=module', '-e', script],
    { cwd: ROOT, env, encoding: 'utf8' },
  );
  expect(result.status, result.stderr).toBe(0);
  const files = readFileSync(list, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((url) => fileURLToPath(url));
  return { files: [...new Set(files)], stdout: result.stdout };
}

/** The sources a built file holds, from its source map. */
function sourcesOf(file: string): string[] {
  const map = `${file}.map`;
  expect(existsSync(map), `no source map for ${file}`).toBe(true);
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

describe("import('hire')", () => {
  it('resolves to the built library by the package name and loads none of the CLI', async () => {
    const box = await sandbox();
    const { files, stdout } = loadedFiles(
      "const lib = await import('hire'); console.log(Object.keys(lib).sort().join(','));",
      box.root,
      box.env,
    );
    expect(stdout.trim().split(',')).toEqual(
      expect.arrayContaining(['HireError', 'HiringClient', 'verifyWebhook', 'ExitCode']),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file.startsWith(join(ROOT, 'dist', 'lib'))).toBe(true);
    const sources = files.flatMap(sourcesOf);
    expect(sources.some((source) => source.endsWith('src/lib/index.ts'))).toBe(true);
    expect(sources.filter((source) => CLI_SOURCES.test(source))).toEqual([]);
  });

  it('a first request loads the API layer, still without the CLI', async () => {
    const box = await sandbox();
    // A request to a port nobody listens on: it fails (exit 6), after loading what requests need.
    const { files, stdout } = loadedFiles(
      "const { HiringClient } = await import('hire'); const c = new HiringClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'hk_test_x', maxRetries: 0 }); const e = await c.jobs.list().catch((x) => x); console.log(e.exitCode, e.name);",
      box.root,
      box.env,
    );
    // The minified build keeps class names: a script can print or test error.name.
    expect(stdout.trim()).toBe('6 NetworkError');
    const sources = files.flatMap(sourcesOf);
    expect(sources.some((source) => source.endsWith('src/api/client.ts'))).toBe(true);
    expect(sources.filter((source) => CLI_SOURCES.test(source))).toEqual([]);
  });
});
