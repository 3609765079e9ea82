// Running hire in-process through main(argv, io, env), with buffers for streams.
import { EventEmitter } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { main } from '../../src/cli.js';
import type { IO } from '../../src/context.js';
import { captureOutput } from './capture.js';

export interface RunOptions {
  env: Record<string, string>;
  /** Both stdout and stderr are terminals (and stdin, for prompts). */
  tty?: boolean;
  stdin?: string;
  columns?: number;
  /** Lets a test send Ctrl-C / SIGTERM to the command. */
  signals?: EventEmitter;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function captureIO(options: Omit<RunOptions, 'env'> & { argv?: string[] } = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  captureOutput(() => ({ argv: ['main', ...(options.argv ?? [])], stdout: out, stderr: err }));
  const signals = options.signals ?? new EventEmitter();
  const io: IO = {
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdout,
    stderr,
    isStdinTTY: options.tty ?? false,
    isStdoutTTY: options.tty ?? false,
    isStderrTTY: options.tty ?? false,
    columns: options.tty ? (options.columns ?? 120) : undefined,
    onInterrupt(handler) {
      const listener = (signal: 'SIGINT' | 'SIGTERM') => handler(signal);
      signals.on('signal', listener);
      return () => signals.off('signal', listener);
    },
  };
  return { io, stdout: () => out, stderr: () => err, signals };
}

export async function runCli(argv: string[], options: RunOptions): Promise<RunResult> {
  const captured = captureIO({ ...options, argv });
  const code = await main(argv, captured.io, options.env);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

/**
 * The line naming environment and profile that a command which reaches a platform prints first at a
 * terminal (docs/output.md "The environment line"), its environment's name maybe coloured.
 */
export const ENVIRONMENT_LINE = /^(?:\u001b\[\d+m)?(?:production|sandbox)(?:\u001b\[\d+m)? · profile \S+ · .*\n/m;

/** Parses stdout as JSON, failing with the whole output when it is not. */
export function json<T = unknown>(result: RunResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}

export const DESCRIPTION =
  'We are looking for a backend engineer to build reliable services in Go, own them in production, and improve our delivery pipeline.';
