// The README's library program (its `js` blocks), run as written with node against the emulator:
// from a directory where `hire` resolves to this package (node_modules/hire → the checkout, built),
// as a user's project that installed it does.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...README.matchAll(/^```js\n([\s\S]*?)^```/gm)].map((match) => match[1]!);

describe("the README's library program", () => {
  it('is there, and imports from the package by its name', () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block).toContain("from 'hire'");
  });

  it('runs against the emulator: creates and publishes a job and lists the active ones; a bad key or profile ends in its exit code', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const project = join(box.root, 'project');
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(project, 'node_modules', 'hire'), 'dir');
    for (const [index, block] of blocks.entries()) {
      const file = join(project, `readme-${index}.mjs`);
      writeFileSync(file, block);
      // Asynchronously: the emulator answers from this process.
      const run = (
        key: string,
        variables: Record<string, string> = { HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: key },
      ) =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
          const env = { ...box.env, ...variables };
          execFile(process.execPath, [file], { cwd: project, env, encoding: 'utf8' }, (error, stdout, stderr) => {
            resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
          });
        });
      const ok = await run(emulator.key);
      expect(ok.status, ok.stderr).toBe(0);
      const { json } = await emulator.call('GET', '/jobs?status=active');
      const jobs = json.data as { id: string; title: string }[];
      expect(jobs.length).toBeGreaterThan(0);
      expect(ok.stdout.trim().split('\n')).toEqual(jobs.map((job) => `${job.id}  ${job.title}`));

      const refused = await run('hk_test_wrong_key_0000000000');
      expect(refused.status).toBe(3);
      expect(refused.stderr).toMatch(/^\w+: /);
      expect(refused.stderr).not.toContain('    at ');

      // fromEnv's own refusal (a profile that does not exist) ends the same way: a line, its exit code.
      const unknown = await run('', { HIRE_PROFILE: 'nope' });
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toMatch(/^unknown_profile: Profile "nope" \(from HIRE_PROFILE\) does not exist/);
      expect(unknown.stderr).not.toContain('    at ');
    }
  });
});
