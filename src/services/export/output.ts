// The output of a resumable export: stdout, appended to by the user (`>> FILE`). A resumed run proves
// it continues the file the export wrote (device, inode, and the SHA-256 of the bytes recorded)
// before writing anything, and cuts back a page written after the last one recorded.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, fstatSync, ftruncateSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import { plural } from '../../text/plural.js';
import type { ExportState } from './state.js';

/** stdout as a file: its identity, size, and whether it was opened for appending (unknown off Linux). */
export interface OutputFile {
  fd: number;
  dev: number;
  ino: number;
  size: number;
  append: boolean | undefined;
}

/** stdout (the stream the export writes to) as a file, or undefined when it is not a regular file. */
export function outputFile(stdout: unknown): OutputFile | undefined {
  const fd = (stdout as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return undefined;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    return { fd, dev: stat.dev, ino: stat.ino, size: stat.size, append: appendMode(fd) };
  } catch {
    return undefined;
  }
}

/** O_APPEND from /proc/self/fdinfo (Linux); undefined where the open flags cannot be read. */
function appendMode(fd: number): boolean | undefined {
  try {
    const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
    return flags === undefined ? undefined : (Number.parseInt(flags, 8) & 0o2000) !== 0;
  } catch {
    return undefined;
  }
}

/**
 * SHA-256 of the first `bytes` bytes of stdout's file, read back through a descriptor of its own
 * (`>>` opens stdout for writing only): the hash itself, to go on with, or undefined when the file
 * cannot be read back or is shorter.
 */
function hashPrefix(file: OutputFile, bytes: number): Hash | undefined {
  let fd: number | undefined;
  for (const path of [`/proc/self/fd/${file.fd}`, `/dev/fd/${file.fd}`]) {
    try {
      fd = openSync(path, 'r');
      break;
    } catch {
      // not on this system, or not readable
    }
  }
  if (fd === undefined) return undefined;
  try {
    const stat = fstatSync(fd);
    if (stat.dev !== file.dev || stat.ino !== file.ino) return undefined;
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (let at = 0; at < bytes;) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, bytes - at), at);
      if (read === 0) return undefined;
      hash.update(buffer.subarray(0, read));
      at += read;
    }
    return hash;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The output as the export goes on: where it is, its size, and the digest of its bytes so far. */
export interface OutputTrack {
  file: OutputFile;
  bytes: number;
  /** undefined: what the file held before could not be read back, so no digest is recorded. */
  hash: Hash | undefined;
}

export function outputRecord(track: OutputTrack | undefined): ExportState['output'] {
  if (!track) return null;
  return {
    dev: track.file.dev,
    ino: track.file.ino,
    bytes: track.bytes,
    sha256: track.hash ? track.hash.copy().digest('hex') : null,
  };
}

/**
 * Before writing anything on a resumed run: stdout must continue the file the export wrote. Its
 * device and inode are not proof enough (a file removed and another created takes the inode
 * again), so its first bytes must also hash to the digest recorded: then the same file, grown past
 * the recorded size (a page written, then a kill before it was recorded), is cut back to it. A file
 * that shrank, hashes otherwise, or cannot be read back to be checked, is refused and never cut.
 * A finished export is guarded the same way (see `reconcileFinished`): it writes nothing, so it
 * only proves or refuses, and never cuts.
 */
export function reconcileOutput(
  warn: (message: string) => void,
  stateFile: string,
  state: ExportState | undefined,
  file: OutputFile | undefined,
): OutputTrack | undefined {
  if (state?.state === 'done') {
    reconcileFinished(warn, stateFile, state, file);
    return undefined;
  }
  if (!file) {
    if (state?.state === 'running' && state.pages > 0) warn(killedUnchecked('stdout is not a file'));
    return undefined;
  }
  const recorded = state?.output ?? null;
  if (recorded === null || file.dev !== recorded.dev || file.ino !== recorded.ino) {
    // Another file (or the first run): what it holds already is part of what the digest covers.
    if (state?.state === 'running' && state.pages > 0) warn(killedUnchecked('stdout is not the same file'));
    return { file, bytes: file.size, hash: hashPrefix(file, file.size) };
  }
  if (file.size < recorded.bytes) {
    throw new UsageError(
      `--resume: stdout holds ${plural(file.size, 'byte')}, fewer than the ${recorded.bytes} the export had written to it: it was truncated or replaced (\`>\` instead of \`>>\`?).`,
      { hint: `Append with >> to continue an export. To start again, remove ${stateFile}.` },
    );
  }
  if (file.append === false && recorded.bytes > 0) {
    throw new UsageError(
      `--resume: stdout is the export's file but not opened for appending, so the export would overwrite it.`,
      {
        hint: `Append to it: hire … --resume ${stateFile} >> FILE`,
      },
    );
  }
  const hash = recorded.sha256 === null ? undefined : hashPrefix(file, recorded.bytes);
  if (hash === undefined) {
    if (file.size > recorded.bytes) {
      throw new UsageError(
        `--resume: stdout has ${plural(file.size - recorded.bytes, 'byte')} after the last recorded page, but hire cannot read it back to prove it is the export's file, so nothing is cut.`,
        {
          hint: `Check the file; to continue, cut it to ${recorded.bytes} bytes yourself (truncate -s ${recorded.bytes} FILE), or start again with a new state file.`,
        },
      );
    }
    warn(`--resume: stdout could not be read back to prove it is the export's file; going on, appending only.`);
    return { file, bytes: recorded.bytes, hash: undefined };
  }
  if (hash.copy().digest('hex') !== recorded.sha256) {
    throw new UsageError(
      `--resume: stdout is not the export's file: it has the recorded device and inode, but its first ${plural(recorded.bytes, 'byte')} differ from what the export wrote (the file was removed or rewritten, and another took its place). Nothing was cut or written.`,
      { hint: `Append to the export's own file, or start again with a new state file (remove ${stateFile}).` },
    );
  }
  if (file.size > recorded.bytes) {
    ftruncateSync(file.fd, recorded.bytes);
    warn(
      `Removed ${plural(file.size - recorded.bytes, 'byte')} after the last recorded page (written when the last run stopped); that page is written again.`,
    );
  }
  return { file, bytes: recorded.bytes, hash };
}

/**
 * A finished export run again: stdout must hold what the export wrote, as a resumed one must
 * continue it — a file emptied by `>`, cut shorter or holding other bytes is refused (exit 2) and
 * left as it is, so that the mistake is not answered "nothing more to write" over an emptied file.
 * The proof is the content (the recorded size and SHA-256), so a copy of the export proves as well
 * as the file itself; bytes after the export's end were not written by it, and are left alone. An
 * output that was never recorded (the export went to a pipe) or is not a file cannot be checked.
 */
function reconcileFinished(
  warn: (message: string) => void,
  stateFile: string,
  state: ExportState,
  file: OutputFile | undefined,
): void {
  const recorded = state.output;
  if (!file || recorded === null) return;
  const sameFile = file.dev === recorded.dev && file.ino === recorded.ino;
  const refuse = (what: string) =>
    new UsageError(
      `--resume: the export in ${stateFile} is complete, but stdout is not the file it wrote: ${what}. Nothing was written or cut.`,
      {
        hint: `To read the export, open the file it wrote (${plural(recorded.bytes, 'byte')}; append with >>, never >). To write it again, remove ${stateFile} or give --resume a new file.`,
      },
    );
  if (file.size < recorded.bytes) {
    throw refuse(
      `it holds ${plural(file.size, 'byte')}, fewer than the ${recorded.bytes} the export wrote (${file.size === 0 ? 'emptied, `>` instead of `>>`?' : 'cut shorter or replaced'})`,
    );
  }
  const hash = recorded.sha256 === null ? undefined : hashPrefix(file, recorded.bytes);
  if (hash === undefined) {
    if (!sameFile) throw refuse('it is another file, and hire cannot read it back to compare it with the export');
    warn(`--resume: stdout could not be read back to prove it holds the export; its device, inode and size match.`);
  } else if (hash.digest('hex') !== recorded.sha256) {
    throw refuse(`its first ${plural(recorded.bytes, 'byte')} differ from what the export wrote`);
  }
  if (file.size > recorded.bytes)
    warn(
      `--resume: stdout holds the export and ${plural(file.size - recorded.bytes, 'byte')} after it that the export did not write; they are left as they are.`,
    );
}

function killedUnchecked(why: string): string {
  // A run killed between writing a page and recording it may have left that page in the old output already.
  return `The last run was killed before it recorded its end, and what it wrote cannot be checked from here (${why}): the page it was writing may appear twice.`;
}

/** The state file must not be the output too (`--resume out.ndjson >> out.ndjson`). */
export function checkStateIsNotOutput(stateFile: string, file: OutputFile | undefined): void {
  if (!file) return;
  try {
    const stat = statSync(stateFile);
    if (stat.dev === file.dev && stat.ino === file.ino)
      throw new UsageError(`--resume: ${stateFile} is also stdout; give the state its own file.`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
  }
}
