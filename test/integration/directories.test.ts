// Directories that are not hire's stay as they are (issue 27): hire never changes the mode of a data
// or config directory it did not create, and refuses one that group or others can write (exit 2,
// naming it and the fix). The directories it creates are 0700.
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

/** A directory of the given mode that hire did not make (chmod after mkdir: the umask does not apply). */
function theirs(box: Sandbox, name: string, mode: number): string {
  const dir = join(box.root, 'theirs', name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, mode);
  return dir;
}

const modeOf = (dir: string) => statSync(dir).mode & 0o7777;

function expectRefused(result: RunResult, dir: string, settings: string): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain(`${dir} can be written by`);
  expect(result.stderr).toContain(`chmod go-w ${dir}`);
  expect(result.stderr).toContain(settings);
}

describe('a data or config directory hire did not make', () => {
  for (const [mode, who] of [
    [0o1777, 'anyone'],
    [0o775, 'its group'],
  ] as const) {
    it(`mode ${mode.toString(8)}: refused with exit 2, left exactly as it was, nothing written in it`, async () => {
      const box = await sandbox();
      const data = theirs(box, 'data', mode);
      const viaEnv = await runCli(['jobs', 'list'], { env: { ...box.env, HIRE_DATA_DIR: data } });
      expectRefused(viaEnv, data, 'HIRE_DATA_DIR');
      expect(viaEnv.stderr).toContain(`can be written by ${who} (mode ${mode.toString(8).padStart(4, '0')})`);
      const viaFlag = await runCli(['emulator', 'start', '--data-dir', data, '--port', '0'], { env: box.env });
      expectRefused(viaFlag, data, '--data-dir');
      const asJson = await runCli(['jobs', 'list', '--json'], { env: { ...box.env, HIRE_DATA_DIR: data } });
      expect(asJson.code).toBe(2);
      expect(JSON.parse(asJson.stderr)).toMatchObject({ error: { code: 'unsafe_directory' } });
      expect(modeOf(data)).toBe(mode);
      expect(readdirSync(data)).toEqual([]);

      const config = theirs(box, 'config', mode);
      const written = await runCli(['profiles', 'use', 'local'], { env: { ...box.env, HIRE_CONFIG_DIR: config } });
      expectRefused(written, config, 'HIRE_CONFIG_DIR');
      expect(modeOf(config)).toBe(mode);
      expect(readdirSync(config)).toEqual([]);
      // A config file someone else could have written there is not read either.
      writeFileSync(join(config, 'config.json'), '{}', { mode: 0o600 });
      expectRefused(
        await runCli(['jobs', 'list'], { env: { ...box.env, HIRE_CONFIG_DIR: config } }),
        config,
        'HIRE_CONFIG_DIR',
      );
      expect(modeOf(config)).toBe(mode);
    });
  }

  it('mode 755: used, and its mode kept', async () => {
    const box = await sandbox();
    const data = theirs(box, 'data', 0o755);
    const config = theirs(box, 'config', 0o755);
    const env = { ...box.env, HIRE_DATA_DIR: data, HIRE_CONFIG_DIR: config };
    const listed = await runCli(['jobs', 'list', '--json'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect((await runCli(['-p', 'local-sandbox', 'jobs', 'list'], { env })).code).toBe(0);
    expect((await runCli(['profiles', 'use', 'local'], { env })).code).toBe(0);
    expect(modeOf(data)).toBe(0o755);
    expect(modeOf(config)).toBe(0o755);
    // What hire made inside is its own: the sandbox's dir 0700, files 0600.
    expect(modeOf(join(data, 'sandbox'))).toBe(0o700);
    expect(modeOf(join(data, 'local.key'))).toBe(0o600);
    expect(modeOf(join(config, 'config.json'))).toBe(0o600);
  });

  it('directories hire makes are 0700, parents included', async () => {
    const box = await sandbox();
    const data = join(box.root, 'new', 'deeper', 'data');
    const config = join(box.root, 'new-config');
    const env = { ...box.env, HIRE_DATA_DIR: data, HIRE_CONFIG_DIR: config };
    expect((await runCli(['jobs', 'list'], { env })).code).toBe(0);
    expect((await runCli(['profiles', 'use', 'local'], { env })).code).toBe(0);
    for (const dir of [data, join(box.root, 'new'), join(box.root, 'new', 'deeper'), config])
      expect(modeOf(dir), dir).toBe(0o700);
  });

  it('a file where the directory should be: exit 2 naming it', async () => {
    const box = await sandbox();
    const file = join(box.root, 'a-file');
    writeFileSync(file, '');
    const result = await runCli(['jobs', 'list'], { env: { ...box.env, HIRE_DATA_DIR: file } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`The data directory ${file} is not a directory.`);
  });
});
