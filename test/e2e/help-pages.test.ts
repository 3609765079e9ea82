// The built binary answers --help from pages the build wrote, and Tab from the completion chunk,
// without loading the CLI: each page must be exactly what the CLI itself prints, for every command,
// and completion the same as in-process.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandTree, type TreeNode } from '../../src/commands/manifest.js';
import { loadManifest, NOUNS, ROOT as ROOT_NODE } from '../../src/program.js';
import { hire } from '../helpers/bin.js';
import { runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

const tree = commandTree(ROOT_NODE, NOUNS, await loadManifest());
const paths: string[][] = [];
const visit = (node: TreeNode): void => {
  paths.push([...node.path]);
  node.children.forEach(visit);
};
visit(tree);

describe('help pages of the built binary', () => {
  it(`are the CLI's own help, for all ${paths.length} commands and nouns, as --help, -h and help WORDS`, async () => {
    const box = await sandbox();
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      const own = await runCli([...path, '--help'], { env: box.env });
      expect(own.code).toBe(0);
      // Every page fits an 80-column terminal: examples and the root's notes too (issue 19).
      for (const line of own.stdout.split('\n'))
        expect([...line].length, `hire ${path.join(' ')} --help:\n${line}`).toBeLessThanOrEqual(80);
      const built = await hire(box, [...path, '--help']);
      expect({ path, code: built.code, stderr: built.stderr, stdout: built.stdout }).toEqual({
        path,
        code: 0,
        stderr: '',
        stdout: own.stdout,
      });
      if (path.length > 0) expect((await hire(box, ['help', ...path])).stdout).toBe(own.stdout);
    }
    expect((await hire(box, [])).stdout).toBe((await runCli(['--help'], { env: box.env })).stdout);
    expect((await hire(box, ['jobs', 'list', '-h'])).stdout).toBe(
      (await runCli(['jobs', 'list', '--help'], { env: box.env })).stdout,
    );
    // The global options page is the CLI's (no page is written for it: `hire options --help` is no command).
    const options = await hire(box, ['help', 'options']);
    expect(options).toMatchObject({
      code: 0,
      stderr: '',
      stdout: (await runCli(['help', 'options'], { env: box.env })).stdout,
    });
    expect((await hire(box, ['options', '--help'])).stdout).toBe(
      (await runCli(['options', '--help'], { env: box.env })).stdout,
    );
  });

  it('leave what is not a plain help request to the CLI: an unknown command, a flag with a value', async () => {
    const box = await sandbox();
    const unknown = await hire(box, ['jbos', 'lst', '--help']);
    expect(unknown.stdout).toBe((await runCli(['jbos', 'lst', '--help'], { env: box.env })).stdout);
    const bad = await hire(box, ['jobs', 'list', '--timeout', 'x', '--help']);
    expect(bad.code).toBe(0);
    expect(bad.stdout.startsWith('Usage: hire jobs list')).toBe(true);
  });

  it('complete at Tab as the CLI does in-process, profile names included', async () => {
    const box = await sandbox();
    mkdirSync(box.env.HIRE_CONFIG_DIR!, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(box.env.HIRE_CONFIG_DIR!, 'config.json'),
      JSON.stringify({ profiles: { prod: { environment: 'production', base_url: 'https://api.example.com/api/v1' } } }),
      { mode: 0o600 },
    );
    for (const words of [
      ['jobs', 'li'],
      ['candidates', 'list', '--status', ''],
      ['--profile', ''],
      ['profiles', 'use', ''],
      ['-'],
      ['emulator', 'keys', ''],
    ]) {
      const own = await runCli(['__complete', '--', ...words], { env: box.env });
      const built = await hire(box, ['__complete', '--', ...words]);
      expect({ words, stdout: built.stdout, stderr: built.stderr, code: built.code }).toEqual({
        words,
        stdout: own.stdout,
        stderr: '',
        code: 0,
      });
      expect(own.stdout).not.toBe('');
    }
    expect((await hire(box, ['__complete', '--', 'profiles', 'use', ''])).stdout).toBe('local\nlocal-sandbox\nprod\n');
  });
});
