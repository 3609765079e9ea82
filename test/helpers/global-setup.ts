// The smoke tests spawn the built bin/hire.js, so the suite builds it first (esbuild: ~1 s),
// unless dist/ is already newer than every source file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Captured } from './capture.js';
import { apiKey, leaks, mask } from './secrets.js';

const root = new URL('../..', import.meta.url).pathname;

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function builtAt(): number {
  try {
    return statSync(join(root, 'dist', 'cli.js')).mtimeMs;
  } catch {
    return 0;
  }
}

function scan(directory: string): void {
  let records = 0;
  let bytes = 0;
  const problems: string[] = [];
  for (const name of readdirSync(directory)) {
    for (const line of readFileSync(join(directory, name), 'utf8').split('\n')) {
      if (line === '') continue;
      const record = JSON.parse(line) as Captured;
      records += 1;
      bytes += record.stdout.length + record.stderr.length;
      for (const leak of leaks(record))
        problems.push(`${leak} — from: ${record.argv.slice(0, 6).join(' ').replace(apiKey, mask)}`);
    }
  }
  if (process.env.HIRE_TEST_CAPTURE_QUIET !== '1') {
    console.log(
      `secret hygiene: scanned ${records} captured outputs (${(bytes / 1e6).toFixed(1)} MB), ${problems.length} leaks`,
    );
  }
  if (problems.length > 0) {
    // Thrown from a teardown, an error is only logged by vitest: the exit code is set here.
    console.error(
      `FAIL secret hygiene: secrets reached output (${problems.length}):\n${problems.slice(0, 20).join('\n')}`,
    );
    process.exitCode = 1;
  }
}

export default function setup(): () => void {
  const captures = mkdtempSync(join(tmpdir(), 'hire-capture-'));
  process.env.HIRE_TEST_CAPTURE_DIR = captures;
  // The keychain binding talks to the D-Bus session of the process itself, whatever env a test hands
  // a command: in-process tests must never reach a developer's own keychain. The keychain test
  // starts a session bus of its own (test/helpers/keychain.ts).
  delete process.env.DBUS_SESSION_BUS_ADDRESS;
  const sources = Math.max(
    newest(join(root, 'src')),
    newest(join(root, 'scripts', 'build.mjs')),
    newest(join(root, 'package.json')),
  );
  if (builtAt() <= sources) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  return () => {
    try {
      scan(captures);
    } finally {
      rmSync(captures, { recursive: true, force: true });
    }
  };
}
