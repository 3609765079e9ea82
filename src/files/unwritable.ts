// A directory hire writes its config or data into that refuses the write — a read-only mount, no
// permission, a full disk — is the user's setup to fix, not a failure of hire: exit 2 naming the
// directory and what failed (docs/exit-codes.md). Reads never come here, so they still work.
import { basename, relative } from 'node:path';
import { ExitCode, HireError } from '../errors.js';

/** The errors of a write the file system refused, and how a person says each. */
const REFUSALS: Readonly<Record<string, string>> = {
  EROFS: 'it is on a read-only file system',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  ENOSPC: 'no space is left on the device',
  EDQUOT: 'the disk quota is used up',
  // SQLite's words for the same (the emulator's database and its -wal and -shm files).
  SQLITE_READONLY: 'the database cannot be written',
  SQLITE_CANTOPEN: 'the database cannot be opened for writing',
};

/** What a failed write was doing, from its system call. */
const DOING: Readonly<Record<string, string>> = {
  open: 'creating',
  write: 'writing',
  rename: 'replacing',
  chmod: 'setting the mode of',
  unlink: 'removing',
  mkdir: 'creating',
  fsync: 'writing',
};

export interface WriteTarget {
  /** The directory written into. */
  dir: string;
  /** How a person names it: "config directory", "data directory". */
  what: string;
  /** What the user would lose: "the profile was not saved". */
  outcome: string;
  /** Where the user chooses another directory (HIRE_CONFIG_DIR…), for the hint. */
  setBy?: string;
  /** What still works without writing, for the hint ("Reading profiles still works."). */
  reads?: string;
}

/** The error to report for `error` when it is a write the file system refused in `target`; undefined for any other. */
export function unwritable(error: unknown, target: WriteTarget): HireError | undefined {
  const { code, syscall, path } = (error ?? {}) as NodeJS.ErrnoException;
  const why = code ? REFUSALS[code] : undefined;
  if (!why) return undefined;
  const file = path ? relative(target.dir, path) || basename(path) : undefined;
  const doing = file && syscall ? ` (${DOING[syscall] ?? syscall} ${file})` : '';
  return new HireError(`Cannot write to the ${target.what} ${target.dir}: ${why}${doing}; ${target.outcome}.`, {
    exitCode: ExitCode.usage,
    code: 'unwritable_directory',
    hint: `${target.reads ? `${target.reads} ` : ''}Make ${target.dir} writable, or choose another directory${target.setBy ? ` (${target.setBy})` : ''}.`,
    cause: error,
  });
}

/** Runs `work`, which writes into `target.dir`, turning a refused write into the error of unwritable(). */
export async function writingInto<T>(target: WriteTarget, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw unwritable(error, target) ?? error;
  }
}

/** writingInto for synchronous work (the emulator opens its store synchronously). */
export function writingIntoSync<T>(target: WriteTarget, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw unwritable(error, target) ?? error;
  }
}
