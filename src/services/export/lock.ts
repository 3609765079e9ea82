// One run at a time on a resumable export's state file: `STATE.lock`, created exclusively, holds the
// pid of the run at work; a lock left by a run that is gone is taken over (and said), one that names
// no process is refused.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import { processAlive } from '../../files/process.js';
import { describeFsError } from './state.js';

/**
 * One run at a time on a state file: `STATE.lock`, created exclusively, holds the pid of the run at
 * work. A lock whose process is gone (a run killed) is taken over, and said through `warn`; one
 * that names no process is refused. Returns the release.
 */
export function lockExport(stateFile: string, warn: (message: string) => void): () => void {
  const lock = `${stateFile}.lock`;
  const inUse = (pid: number) =>
    new UsageError(`--resume: ${stateFile} is in use by another run (pid ${pid}): one run at a time.`, {
      hint: `Wait until it ends. If no export is running with it, remove ${lock}.`,
    });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return () => {
        if (lockHolder(lock) === process.pid) rmSync(lock, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new UsageError(`--resume: cannot create the lock ${lock} for ${stateFile}: ${describeFsError(error)}.`, {
          hint: 'Give --resume a file in a directory you can write to.',
        });
      }
    }
    const holder = lockHolder(lock);
    if (holder === 'gone') continue;
    if (holder === undefined) {
      throw new UsageError(
        `--resume: the lock ${lock} names no process, so hire cannot tell whether a run is at work.`,
        {
          hint: `If no export is running with ${stateFile}, remove ${lock} and run again.`,
        },
      );
    }
    if (processAlive(holder)) throw inUse(holder);
    // Taken over by moving it aside first: of two runs taking over at once, one moves it.
    const aside = `${lock}.${randomBytes(4).toString('hex')}.stale`;
    try {
      renameSync(lock, aside);
    } catch {
      continue;
    }
    const moved = lockHolder(aside);
    if (moved !== holder) {
      // Another run's fresh lock was moved: put it back.
      try {
        linkSync(aside, lock);
      } catch {
        // a third run holds the name now
      }
      rmSync(aside, { force: true });
      throw inUse(typeof moved === 'number' ? moved : holder);
    }
    rmSync(aside, { force: true });
    warn(`--resume: took over the lock ${lock} left by pid ${holder}, which is no longer running.`);
  }
  throw new UsageError(`--resume: could not take the lock ${lock}: other runs kept taking it.`);
}

/** The pid in a lock file; 'gone' when there is no lock file; undefined when it names no process. */
function lockHolder(lock: string): number | 'gone' | undefined {
  let content: string;
  try {
    content = readFileSync(lock, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : undefined;
  }
  const pid = /^\s*(\d{1,10})\s*$/.exec(content)?.[1];
  return pid === undefined || Number(pid) < 1 ? undefined : Number(pid);
}
