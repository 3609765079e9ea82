// The directories hire keeps keys and data in (config, data dir, its sandbox and tls): made 0700
// when hire makes them; one it did not make keeps its mode (a 1777 /tmp keeps its sticky bit), and
// is refused when others can write to it, since they could swap the files hire trusts.
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { UsageError } from '../errors.js';

/** Where the user names the data dir and the config dir, for the hint of a refused one. */
export const DATA_DIR_SETTINGS = 'HIRE_DATA_DIR, or --data-dir for `hire emulator start`';
export const CONFIG_DIR_SETTINGS = 'HIRE_CONFIG_DIR';

/** Makes `dir` (and missing parents, 0700) unless it exists; refuses one that is not a directory or that others can write. */
export function ensurePrivateDir(dir: string, what: string, setBy?: string): void {
  let created: string | undefined;
  try {
    created = mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR')
      throw new UsageError(`The ${what} ${dir} is not a directory.`, { code: 'unsafe_directory', hint: choose(setBy) });
    throw new UsageError(`Cannot create the ${what} ${dir}: ${(error as Error).message}.`, {
      code: 'unsafe_directory',
      hint: choose(setBy),
    });
  }
  // Ours: exactly 0700, whatever the umask.
  if (created !== undefined) {
    chmodSync(dir, 0o700);
    return;
  }
  refuseOpenDir(dir, what, setBy);
}

/** Refuses an existing directory that is not one, or that group or others can write. */
export function refuseOpenDir(dir: string, what: string, setBy?: string): void {
  const stats = statSync(dir);
  if (!stats.isDirectory())
    throw new UsageError(`The ${what} ${dir} is not a directory.`, { code: 'unsafe_directory', hint: choose(setBy) });
  const mode = stats.mode & 0o7777;
  if ((mode & 0o022) !== 0) {
    const who = (mode & 0o002) !== 0 ? 'anyone' : 'its group';
    throw new UsageError(
      `The ${what} ${dir} can be written by ${who} (mode ${mode.toString(8).padStart(4, '0')}); hire keeps keys there and will not use it.`,
      {
        code: 'unsafe_directory',
        hint: `Run \`chmod go-w ${dir}\`, or choose another directory${setBy ? ` (${setBy})` : ''}.`,
      },
    );
  }
}

function choose(setBy: string | undefined): string {
  return setBy ? `Choose another directory (${setBy}).` : 'Choose another directory.';
}
