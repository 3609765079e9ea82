// One emulator per data dir at a time: a lock file names the process that owns the data
// (a standing server, or a CLI command running the emulator in-process) and, for a server,
// its address, so that other commands can use it instead of starting their own.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface LockInfo {
  pid: number;
  mode: 'server' | 'embedded';
  /** The server's origin, once it listens (`http://127.0.0.1:4010`). */
  url?: string;
  started_at: string;
}

export interface DataLock {
  readonly path: string;
  /** Records the address the owner now listens on. */
  update(url: string): void;
  release(): void;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly holder: LockInfo,
    readonly lockPath: string,
  ) {
    super(
      holder.mode === 'server'
        ? `An emulator (pid ${holder.pid}) already serves this data dir${holder.url ? ` at ${holder.url}` : ''}.`
        : `Another hire command (pid ${holder.pid}) is using the emulator data dir; gave up waiting for it.`,
    );
  }
}

/** Locks this process holds now: a lock naming our pid but not in here was left by a former
 * process that had the same pid (containers reuse pid 1), and is stale. */
const heldHere = new Set<string>();

export function lockPath(dataDir: string): string {
  return join(dataDir, 'emulator.lock');
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(dataDir: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data dir's lock. A lock left by a dead process is taken over. A live server's lock
 * is reported at once (DataDirBusyError, with its address); a live command's lock is waited for,
 * up to `waitMs`, since commands are short.
 */
export async function acquireLock(
  dataDir: string,
  mode: LockInfo['mode'],
  options: { waitMs?: number } = {},
): Promise<DataLock> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = lockPath(dataDir);
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  let unreadableSince: number | undefined;
  for (;;) {
    const info: LockInfo = { pid: process.pid, mode, started_at: new Date().toISOString() };
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(info));
      } finally {
        closeSync(fd);
      }
      return ownLock(path, info);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // released between our open and read: try again
    }
    let holder: LockInfo | undefined;
    try {
      holder = JSON.parse(text) as LockInfo;
    } catch {
      holder = undefined;
    }
    if (!holder) {
      // Created but not yet written, or left half-written by a crash.
      unreadableSince ??= Date.now();
      if (Date.now() - unreadableSince > 2_000) removeIfUnchanged(path, text);
    } else if (!isAlive(holder.pid) || (holder.pid === process.pid && !heldHere.has(path))) {
      removeIfUnchanged(path, text);
      continue;
    } else if (holder.mode === 'server' && holder.url) {
      throw new DataDirBusyError(holder, path);
    } else if (Date.now() > deadline) {
      throw new DataDirBusyError(holder, path);
    }
    await sleep(15);
  }
}

function removeIfUnchanged(path: string, seen: string): void {
  try {
    if (readFileSync(path, 'utf8') === seen) unlinkSync(path);
  } catch {
    // already gone
  }
}

function ownLock(path: string, info: LockInfo): DataLock {
  let released = false;
  heldHere.add(path);
  return {
    path,
    update(url: string) {
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify({ ...info, url }), { mode: 0o600 });
      renameSync(temp, path);
    },
    release() {
      if (released) return;
      released = true;
      heldHere.delete(path);
      try {
        const current = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
        if (current.pid === info.pid && current.started_at === info.started_at) unlinkSync(path);
      } catch {
        // already gone
      }
    },
  };
}
