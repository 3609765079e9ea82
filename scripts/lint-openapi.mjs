// `npm run lint:openapi`: lints the emulator's OpenAPI document (docs/emulator.md "OpenAPI
// description") with redocly's recommended rules, and fails on any warning as on an error. The
// document is built from the sources (bundled as scripts/docs.mjs bundles its pages) and written to
// a temporary file; `node scripts/lint-openapi.mjs FILE` lints a document already written
// (test/integration/openapi-lint.test.ts). Redocly runs without telemetry or an update check: a
// lint never talks to the network.
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const given = process.argv[2];
const temp = mkdtempSync(join(tmpdir(), 'hire-openapi-'));

/** The document as /openapi.json serves it, at an https origin (the spec: HTTPS only). */
async function writeDocument() {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // Beside the sources, so that the bundle finds zod in node_modules.
  const script = join(root, `.lint-openapi-${process.pid}.mjs`);
  try {
    await build({
      absWorkingDir: root,
      stdin: {
        contents: [
          "import { buildDocument, servedDocument } from './src/emulator/openapi/document.ts';",
          "import { API_ROUTES } from './src/emulator/http/route-table.ts';",
          "process.stdout.write(servedDocument(buildDocument(API_ROUTES), 'https://hire.example', 'production'));",
        ].join('\n'),
        resolveDir: root,
        sourcefile: 'lint-openapi-entry.ts',
        loader: 'ts',
      },
      outfile: script,
      bundle: true,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      define: { __HIRE_VERSION__: JSON.stringify(version) },
      logLevel: 'warning',
    });
    const file = join(temp, 'openapi.json');
    writeFileSync(file, execFileSync(process.execPath, [script], { encoding: 'utf8', maxBuffer: 1 << 26 }));
    return file;
  } finally {
    rmSync(script, { force: true });
  }
}

try {
  const file = given ?? (await writeDocument());
  const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', '--extends=recommended', '--format=json', file], {
    cwd: temp,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`redocly did not report (exit ${run.status}):\n${run.stderr}`);
  }
  for (const problem of report.problems) {
    const where = problem.location?.[0]?.pointer ?? '';
    process.stdout.write(`${problem.severity} ${problem.ruleId}: ${problem.message} ${where}\n`);
  }
  const { errors, warnings } = report.totals;
  process.stdout.write(`redocly ${report.version} (recommended): ${errors} errors, ${warnings} warnings\n`);
  process.exitCode = errors + warnings > 0 ? 1 : 0;
} catch (error) {
  process.stderr.write(`npm run lint:openapi: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(temp, { recursive: true, force: true });
}
