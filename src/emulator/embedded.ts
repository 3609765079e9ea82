// How a command on the `local` profile reaches an emulator (CONTRACT §6): the one answering at
// the profile's address if any; else a standing one that owns the data dir elsewhere; else one
// started in-process for this command, on the same data.
import { connect } from 'node:net';
import { DataDirBusyError } from './lock.js';

export interface LocalEmulator {
  mode: 'standing' | 'embedded';
  /** The origin to send requests to. */
  origin: string;
  close(): Promise<void>;
}

export async function connectLocalEmulator(options: { address: URL; dataDir: string }): Promise<LocalEmulator> {
  const { address, dataDir } = options;
  const port = Number(address.port || (address.protocol === 'https:' ? 443 : 80));
  const host = address.hostname.replace(/^\[|\]$/g, '');
  if (await isListening(host, port)) return { mode: 'standing', origin: address.origin, close: async () => {} };
  try {
    // The emulator itself loads only when it is needed here, not when a standing one answers.
    const { startEmulator } = await import('./server.js');
    const emulator = await startEmulator({ dataDir, host: '127.0.0.1', port: 0, mode: 'embedded' });
    return { mode: 'embedded', origin: emulator.origin, close: emulator.close };
  } catch (error) {
    if (error instanceof DataDirBusyError && error.holder.mode === 'server' && error.holder.url) {
      return { mode: 'standing', origin: error.holder.url, close: async () => {} };
    }
    throw error;
  }
}

/** A TCP connect: refused at once on loopback when nothing listens. */
export function isListening(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
