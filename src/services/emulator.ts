// The local platform as a standing server (`hire emulator start`), until stopped: its certificate,
// its start (with failures named as the user can act on them) and its stop. It prints nothing: the
// emulator's notices, warnings and requests are handed to callbacks.
import {
  DataDirBusyError,
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../emulator/http/server.js';
import type { TlsMaterial } from '../emulator/access/tls.js';
import { ExitCode, HireError, UsageError } from '../errors.js';

export type { RunningEmulator } from '../emulator/http/server.js';
export type { RequestLogEntry } from '../emulator/http/pipeline.js';
export type { TlsMaterial } from '../emulator/access/tls.js';

export interface StandingEmulatorOptions extends Pick<
  EmulatorOptions,
  'dataDir' | 'deliveryBackoffMs' | 'chaos' | 'now' | 'onNotice' | 'onWarning' | 'onRequest' | 'publishedOnly'
> {
  host: string;
  /** 0 picks any free port. */
  port: number;
  /** Serve HTTPS with this (emulatorTls), else plain HTTP. */
  tls?: TlsMaterial | undefined;
  /** Stops the emulator. */
  signal: AbortSignal;
  /** Listening: its addresses and key files. */
  onListening?: (emulator: RunningEmulator) => void;
}

/** What a stopped emulator leaves to tell. */
export interface StandingEmulatorEnd {
  /** Faults injected, by kind (when started with `chaos`). */
  chaosCounts: RunningEmulator['chaosCounts'];
}

/** Runs the emulator until `signal` is aborted, then closes it. */
export async function runStandingEmulator(options: StandingEmulatorOptions): Promise<StandingEmulatorEnd> {
  const { signal, tls, host, port } = options;
  let emulator;
  try {
    emulator = await startEmulator({
      ...(options.now ? { now: options.now } : {}),
      dataDir: options.dataDir,
      host,
      port,
      mode: 'server',
      ...(options.deliveryBackoffMs !== undefined ? { deliveryBackoffMs: options.deliveryBackoffMs } : {}),
      ...(options.chaos ? { chaos: options.chaos } : {}),
      ...(options.publishedOnly ? { publishedOnly: true } : {}),
      ...(tls ? { tls: { cert: tls.cert, key: tls.key, certPath: tls.certPath } } : {}),
      ...(options.onNotice ? { onNotice: options.onNotice } : {}),
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
      ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    });
  } catch (error) {
    throw startFailure(error, host, port);
  }
  options.onListening?.(emulator);
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await emulator.close();
  return { chaosCounts: emulator.chaosCounts };
}

/**
 * The data dir's own certificate (made or reused), or the user's (`certFile` and `keyFile`),
 * checked; a bad file is a usage error (exit 2) naming its flag.
 */
export async function emulatorTls(
  dataDir: string,
  certFile: string | undefined,
  keyFile: string | undefined,
): Promise<TlsMaterial> {
  const { TlsFileError, dataDirCertificate, givenCertificate } = await import('../emulator/access/tls.js');
  try {
    return certFile !== undefined && keyFile !== undefined
      ? givenCertificate(certFile, keyFile)
      : dataDirCertificate(dataDir);
  } catch (error) {
    if (error instanceof TlsFileError)
      throw new UsageError(`${error.flag ? `${error.flag}: ` : ''}${error.message}`, { code: 'invalid_tls_file' });
    throw error;
  }
}

function startFailure(error: unknown, host: string, port: number): HireError {
  if (error instanceof HireError) return error;
  if (error instanceof DataDirBusyError) {
    return new HireError(error.message, {
      exitCode: ExitCode.failure,
      code: 'emulator_running',
      hint: 'Stop it first, or pass --data-dir to run another emulator on other data.',
    });
  }
  if (error instanceof Error && error.name === 'StoreError') {
    return new HireError(error.message, {
      exitCode: ExitCode.failure,
      code: (error as Error & { code?: string }).code ?? 'emulator_data',
    });
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return new HireError(`Port ${port} on ${host} is already in use.`, {
      exitCode: ExitCode.failure,
      code: 'port_in_use',
      hint: 'Pass --port to use another port (0 picks a free one).',
    });
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new HireError(`Cannot listen on ${host}: no such local address.`, {
      exitCode: ExitCode.usage,
      code: 'bad_host',
    });
  }
  if (code === 'EACCES') {
    return new HireError(`Not allowed to listen on ${host}:${port}.`, {
      exitCode: ExitCode.failure,
      code: 'port_denied',
    });
  }
  return new HireError(`The emulator could not start: ${(error as Error).message}`, {
    exitCode: ExitCode.failure,
    code: 'emulator_failed',
    cause: error,
  });
}
