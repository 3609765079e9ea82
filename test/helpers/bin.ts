// The built CLI as a user runs it: `node bin/hire.js ARGS` with a sandbox's environment only (never
// this process's), its output collected. Whatever a test leaves running is killed after it, before
// its sandbox is removed.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeSandboxRemoval, type Sandbox } from './env.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Spawned {
  child: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  /** Set once the process has exited and its output is fully read. */
  readonly exit: Exit | undefined;
  exited: Promise<Exit>;
}

export interface Result extends Exit {
  stdout: string;
  stderr: string;
}

export interface SpawnOptions {
  /** Written to stdin, which is then closed; without it stdin is /dev/null. */
  stdin?: string;
  /** Added to the sandbox's environment. */
  env?: Record<string, string>;
}

/** Kills the process if it is still running (after SIGKILL, waits up to 5 s for it to go). */
function stop(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(resolve, 5_000);
    child.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGKILL');
  });
}

export function spawnHire(box: Sandbox, args: readonly string[], options: SpawnOptions = {}): Spawned {
  const child = spawn(process.execPath, ['bin/hire.js', ...args], {
    cwd: ROOT,
    env: { ...box.env, ...options.env },
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  beforeSandboxRemoval(() => stop(child));
  let stdout = '';
  let stderr = '';
  let exit: Exit | undefined;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  if (options.stdin !== undefined) {
    child.stdin!.on('error', () => {}); // a command that exits before reading stdin
    child.stdin!.end(options.stdin);
  }
  const exited = new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });
  exited.catch(() => {}); // awaited by callers; a spawn failure fails them there
  return {
    child,
    exited,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    get exit() {
      return exit;
    },
  };
}

export function describeOutput(proc: { stdout: string; stderr: string }): string {
  return `\n--- stdout ---\n${proc.stdout}\n--- stderr ---\n${proc.stderr}`;
}

/**
 * Waits for the process to end, killing it and failing when it takes longer than timeoutMs. The
 * default is generous (below the suite's 60 s test timeout only so that the failure names the
 * process and shows its output): a busy machine must not fail a test that would have passed.
 */
export async function waitExit(proc: Spawned, what: string, timeoutMs = 45_000): Promise<Exit> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      proc.child.kill('SIGKILL');
      reject(new Error(`${what} did not finish within ${timeoutMs} ms${describeOutput(proc)}`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([proc.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `hire ARGS` to completion; stdin is closed at once unless `stdin` gives it something. */
export async function hire(
  box: Sandbox,
  args: readonly string[],
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<Result> {
  const proc = spawnHire(box, args, { ...options, stdin: options.stdin ?? '' });
  const exit = await waitExit(proc, `hire ${args.join(' ')}`, options.timeoutMs);
  return { ...exit, stdout: proc.stdout, stderr: proc.stderr };
}

/** Polls until probe() gives a value; fails when the process exits first or time runs out (generous, as waitExit). */
export async function waitFor<T>(
  proc: Spawned,
  what: string,
  probe: () => T | undefined | null | false,
  timeoutMs = 45_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (proc.exit)
      throw new Error(`the process exited (${JSON.stringify(proc.exit)}) before ${what}${describeOutput(proc)}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${describeOutput(proc)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
