// Secret hygiene (issue "Reliability", suite 6): every stdout and stderr the suite sees — of main()
// run in-process and of every process it spawns, --verbose traces and terminal captures included —
// is written to a capture directory; the global teardown (global-setup.ts) scans it for API keys
// and webhook secrets. Loaded before each test file (vitest setupFiles).
import type * as ChildProcess from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export interface Captured {
  argv: string[];
  stdout: string;
  stderr: string;
}

// One list and one wrapping of child_process per process. The unit project runs its files in one
// process each worker (isolate: false) and evaluates this file again before each of them: state kept
// in the module alone would be split between instances, and each evaluation would wrap the wrapper.
interface CaptureState {
  pending: (() => Captured)[];
  wrapped: boolean;
}
const STATE = Symbol.for('hire.test.capture');
const shared = globalThis as typeof globalThis & { [STATE]?: CaptureState };
const state = (shared[STATE] ??= { pending: [], wrapped: false });
const pending = state.pending;
const directory = process.env.HIRE_TEST_CAPTURE_DIR;
const file = directory ? join(directory, `${process.pid}-${Math.random().toString(36).slice(2)}.jsonl`) : undefined;

/** How many outputs this test file has registered so far (for the suite's own test of this). */
export const capturedSoFar = (): number => pending.length;

/** Registers output to be scanned; `read` is called when the test file ends. */
export function captureOutput(read: () => Captured): void {
  pending.push(read);
}

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : Buffer.isBuffer(value) ? value.toString('utf8') : String(value);

afterAll(() => {
  if (!file) return;
  const lines = pending.splice(0).map((read) => JSON.stringify(read()));
  if (lines.length > 0) appendFileSync(file, `${lines.join('\n')}\n`);
});

// Child processes: stdout and stderr of spawn, spawnSync, execFileSync and execSync.
// The ESM namespace cannot be assigned to; the CommonJS exports can, and syncBuiltinESMExports()
// carries them over to every `import … from 'node:child_process'`.
if (!state.wrapped) {
  state.wrapped = true;
  wrapChildProcess();
}

function wrapChildProcess(): void {
  const childProcess = createRequire(import.meta.url)('node:child_process') as typeof ChildProcess;
  const original = {
    spawn: childProcess.spawn,
    spawnSync: childProcess.spawnSync,
    execFileSync: childProcess.execFileSync,
    execSync: childProcess.execSync,
  };
  const module = childProcess as unknown as Record<string, unknown>;

  module.spawn = (...args: Parameters<typeof ChildProcess.spawn>) => {
    const child = (original.spawn as (...a: unknown[]) => ChildProcess.ChildProcess)(...args);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const argv = [String(args[0]), ...(Array.isArray(args[1]) ? (args[1] as string[]) : [])];
    captureOutput(() => ({ argv, stdout, stderr }));
    return child;
  };
  module.spawnSync = (...args: unknown[]) => {
    const result = (original.spawnSync as (...a: unknown[]) => ChildProcess.SpawnSyncReturns<Buffer | string>)(...args);
    const argv = [String(args[0]), ...(Array.isArray(args[1]) ? (args[1] as string[]) : [])];
    captureOutput(() => ({ argv, stdout: text(result.stdout), stderr: text(result.stderr) }));
    return result;
  };
  module.execFileSync = (...args: unknown[]) => {
    const argv = [String(args[0]), ...(Array.isArray(args[1]) ? (args[1] as string[]) : [])];
    try {
      const output = (original.execFileSync as (...a: unknown[]) => Buffer | string)(...args);
      captureOutput(() => ({ argv, stdout: text(output), stderr: '' }));
      return output;
    } catch (error) {
      const failed = error as { stdout?: unknown; stderr?: unknown };
      captureOutput(() => ({ argv, stdout: text(failed.stdout), stderr: text(failed.stderr) }));
      throw error;
    }
  };
  module.execSync = (...args: unknown[]) => {
    const output = (original.execSync as (...a: unknown[]) => Buffer | string)(...args);
    captureOutput(() => ({ argv: [String(args[0])], stdout: text(output), stderr: '' }));
    return output;
  };
  syncBuiltinESMExports();
}
