// Where hire keeps its files (docs/profiles.md "Precedence"): env override first, then the XDG base directories.
import { join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

function home(env: Env): string {
  // node:os only when HOME is unset: every command reads these paths.
  return env.HOME || process.getBuiltinModule('node:os').homedir();
}

export function configDir(env: Env): string {
  if (env.HIRE_CONFIG_DIR) return env.HIRE_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(home(env), '.config'), 'hire');
}

export function dataDir(env: Env): string {
  if (env.HIRE_DATA_DIR) return env.HIRE_DATA_DIR;
  return join(env.XDG_DATA_HOME || join(home(env), '.local', 'share'), 'hire');
}

export const CONFIG_FILE_NAME = 'config.json';

export function configFilePath(env: Env): string {
  return join(configDir(env), CONFIG_FILE_NAME);
}
