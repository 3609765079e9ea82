// The smoke tests spawn the built bin/hire.js, so the suite builds it first (esbuild: ~1 s),
// unless dist/ is already newer than every source file.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

export default function setup(): void {
  const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'scripts', 'build.mjs')), newest(join(root, 'package.json')));
  if (builtAt() > sources) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
