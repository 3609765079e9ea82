// A lock file as a mutex between processes, for short read-modify-write steps (the config file).
// `wx` creation is atomic; a lock whose owner died is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { processAlive } from './process.js';

export async function withFileLock<T>(
  path: string,
  work: () => T | Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.waitMs ?? 10_000);
  const token = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  for (;;) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, token);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: string;
    try {
      holder = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const pid = Number(holder.split(':')[0]);
    if (holder !== '' && Number.isInteger(pid) && !processAlive(pid)) {
      try {
        if (readFileSync(path, 'utf8') === holder) unlinkSync(path);
      } catch {
        // gone already
      }
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`${path} has been locked by process ${holder.split(':')[0] || '?'} for too long.`);
    // A plain timer: node:timers/promises would load with every command (dist/cli.js) for this wait.
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 10));
  }
  try {
    return await work();
  } finally {
    try {
      if (readFileSync(path, 'utf8') === token) unlinkSync(path);
    } catch {
      // gone already
    }
  }
}
