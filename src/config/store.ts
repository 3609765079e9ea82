// Writing the config file (docs/profiles.md) with conf: atomic writes, mode 0600 in a 0700 directory (one
// hire made; one it did not make keeps its mode, and is refused if others can write it),
// one writer at a time (a lock file), so that two processes writing at once lose neither change.
// A file that cannot be parsed is reported and never overwritten; a directory that refuses the
// write is reported by files/unwritable.ts.
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock } from '../files/mutex.js';
import { CONFIG_DIR_SETTINGS, ensurePrivateDir } from '../files/private-dir.js';
import { writingInto } from '../files/unwritable.js';
import { configDir, configFilePath, type Env } from './paths.js';
import { checkConfig, invalidConfig, type ConfigFile } from './profiles.js';

export async function updateConfig(env: Env, change: (config: ConfigFile) => void): Promise<ConfigFile> {
  const dir = configDir(env);
  ensurePrivateDir(dir, 'config directory', CONFIG_DIR_SETTINGS);
  const path = configFilePath(env);
  const { default: Conf } = await import('conf');
  // A config dir that refuses the write (read-only, no permission, full) is exit 2 naming it.
  const target = {
    dir,
    what: 'config directory',
    outcome: 'nothing was changed',
    setBy: CONFIG_DIR_SETTINGS,
    reads: 'Commands that only read the config still work.',
  };
  return writingInto(target, () =>
    withFileLock(join(dir, 'config.json.lock'), () => {
      let conf: InstanceType<typeof Conf<Record<string, unknown>>>;
      try {
        conf = new Conf<Record<string, unknown>>({
          cwd: dir,
          configName: 'config',
          configFileMode: 0o600,
          clearInvalidConfig: false,
          accessPropertiesByDotNotation: false,
        });
      } catch (error) {
        throw invalidConfig(path, (error as Error).message);
      }
      const config = checkConfig(path, conf.store);
      change(config);
      conf.store = config;
      chmodSync(path, 0o600);
      return config;
    }),
  );
}
