// hire emulator start: the local platform as a standing server, until Ctrl-C.
import { dataDir } from '../../config/paths.js';
import type { Context } from '../../context.js';
import { HireError, ExitCode, UsageError } from '../../errors.js';
import { DataDirBusyError, startEmulator } from '../../emulator/server.js';
import { FAULTS, parseWeights, type ChaosOptions } from '../../emulator/chaos.js';

export interface StartFlags {
  port: string;
  host: string;
  dataDir?: string;
  deliveryBackoff: string;
  chaos?: string;
  chaosSeed?: string;
  chaosWeights?: string;
}

function chaosOptions(flags: StartFlags): ChaosOptions | undefined {
  if (flags.chaos === undefined) {
    if (flags.chaosSeed !== undefined || flags.chaosWeights !== undefined) throw new UsageError('--chaos-seed and --chaos-weights go with --chaos RATE.');
    return undefined;
  }
  const rate = Number(flags.chaos);
  if (flags.chaos.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) throw new UsageError(`--chaos takes a fraction from 0 to 1 (got "${flags.chaos}").`);
  const seed = flags.chaosSeed === undefined ? undefined : Number(flags.chaosSeed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError(`--chaos-seed must be a whole number (got "${flags.chaosSeed}").`);
  const weights = flags.chaosWeights === undefined ? undefined : parseWeights(flags.chaosWeights);
  if (flags.chaosWeights !== undefined && !weights) {
    throw new UsageError(`--chaos-weights takes kind=weight pairs, kinds ${FAULTS.join(', ')} (got "${flags.chaosWeights}").`);
  }
  return { rate, ...(seed !== undefined ? { seed } : {}), ...(weights ? { weights } : {}) };
}

export async function run(ctx: Context, flags: StartFlags): Promise<void> {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535 (got "${flags.port}").`);
  }
  const dir = flags.dataDir ?? dataDir(ctx.env);
  const chaos = chaosOptions(flags);
  const backoff = Number(flags.deliveryBackoff);
  if (!Number.isInteger(backoff) || backoff < 1) throw new UsageError(`--delivery-backoff must be a whole number of milliseconds (got "${flags.deliveryBackoff}").`);
  const paint = await ctx.painter('stderr');
  // Listen for Ctrl-C before saying "listening", so that a signal sent on that cue stops it cleanly.
  const stopped = new Promise<'SIGINT' | 'SIGTERM'>((resolve) => {
    const remove = ctx.io.onInterrupt((received) => {
      remove();
      resolve(received);
    });
  });
  let emulator;
  try {
    emulator = await startEmulator({
      dataDir: dir,
      host: flags.host,
      port,
      mode: 'server',
      deliveryBackoffMs: backoff,
      ...(chaos ? { chaos } : {}),
      onNotice: (message) => ctx.notice(message),
      onRequest: (entry) =>
        ctx.notice(`${entry.method} ${entry.path} → ${entry.status} (${Math.round(entry.ms)} ms) ${entry.requestId}`, paint.dim),
    });
  } catch (error) {
    throw startFailure(error, flags.host, port);
  }
  ctx.io.stderr.write(`Emulator listening on ${emulator.apiUrl} (data in ${dir}). Press Ctrl-C to stop.\n`);
  if (chaos) ctx.notice(`Injecting faults into ${Math.round(chaos.rate * 100)}% of API requests (seed ${chaos.seed ?? 1}).`);
  const signal = await stopped;
  await emulator.close();
  if (emulator.chaosCounts) {
    ctx.notice(`Faults injected: ${Object.entries(emulator.chaosCounts).map(([fault, count]) => `${fault} ${count}`).join(', ')}.`);
  }
  ctx.notice('Emulator stopped.');
  // CONTRACT §5: Ctrl-C is 130; a polite SIGTERM is a normal stop.
  if (signal === 'SIGINT') ctx.exitCode = ExitCode.interrupted;
}

function startFailure(error: unknown, host: string, port: number): HireError {
  if (error instanceof DataDirBusyError) {
    return new HireError(error.message, {
      exitCode: ExitCode.failure,
      code: 'emulator_running',
      hint: 'Stop it first, or pass --data-dir to run another emulator on other data.',
    });
  }
  if (error instanceof Error && error.name === 'StoreError') return new HireError(error.message, { exitCode: ExitCode.failure, code: 'emulator_data' });
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return new HireError(`Port ${port} on ${host} is already in use.`, {
      exitCode: ExitCode.failure,
      code: 'port_in_use',
      hint: 'Pass --port to use another port (0 picks a free one).',
    });
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new HireError(`Cannot listen on ${host}: no such local address.`, { exitCode: ExitCode.usage, code: 'bad_host' });
  }
  if (code === 'EACCES') {
    return new HireError(`Not allowed to listen on ${host}:${port}.`, { exitCode: ExitCode.failure, code: 'port_denied' });
  }
  return new HireError(`The emulator could not start: ${(error as Error).message}`, { exitCode: ExitCode.failure, code: 'emulator_failed', cause: error });
}
