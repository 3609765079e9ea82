// The `local` profile's key (docs/profiles.md): made on first use and kept in the emulator's data dir,
// so that the CLI and every emulator on that data dir agree on it with no setup.
import { createHash } from 'node:crypto';
import { openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_SETTINGS, ensurePrivateDir } from '../../files/private-dir.js';
import { writingIntoSync } from '../../files/unwritable.js';
import { randomToken } from '../storage/ids.js';

export const LOCAL_KEY_PREFIX = 'hk_local_';

/** The sandbox's own data dir (its database and local key) inside the emulator's data dir. */
export const SANDBOX_DIR = 'sandbox';

/** The data dir of an emulator environment: production's is the data dir itself. */
export function environmentDataDir(dataDir: string, environment: 'production' | 'sandbox'): string {
  return environment === 'sandbox' ? join(dataDir, SANDBOX_DIR) : dataDir;
}

export function localKeyPath(dataDir: string): string {
  return join(dataDir, 'local.key');
}

/** Returns the data dir's local key, creating it (exclusively, mode 0600) if there is none. */
export function ensureLocalKey(dataDir: string): string {
  // Checked before the key is read: in a directory others can write, they could have put it there.
  ensurePrivateDir(dataDir, 'data directory', DATA_DIR_SETTINGS);
  const path = localKeyPath(dataDir);
  const existing = readKey(path);
  if (existing) return existing;
  const key = `${LOCAL_KEY_PREFIX}${randomToken(32)}`;
  // A data dir that refuses the write (read-only, no permission, full) is exit 2 naming it.
  return writingIntoSync(
    { dir: dataDir, what: 'data directory', outcome: 'no local key could be made', setBy: DATA_DIR_SETTINGS },
    () => createKey(path, key),
  );
}

/** Writes a new key exclusively, or reads the one another process made first. */
function createKey(path: string, key: string): string {
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, `${key}\n`);
    } finally {
      closeSync(fd);
    }
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process made it first: use theirs (retry briefly while they finish writing).
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let attempt = 0; attempt < 100; attempt++) {
      const theirs = readKey(path);
      if (theirs) return theirs;
      Atomics.wait(pause, 0, 0, 5);
    }
    throw new Error(`The local key file ${path} is empty; delete it to have a new key made.`, { cause: error });
  }
}

function readKey(path: string): string | undefined {
  try {
    const key = readFileSync(path, 'utf8').trim();
    return key.startsWith(LOCAL_KEY_PREFIX) && key.length > LOCAL_KEY_PREFIX.length + 16 ? key : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
