// The README's commands, run as written (through bash, with `hire` being the built binary), so
// that the README stays true.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The fenced `sh` blocks of the README, in order, as lists of command lines. */
function shellBlocks(): string[][] {
  return [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) =>
    match[1]!
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  );
}

function bash(box: Sandbox, line: string, cwd: string) {
  const script = `hire() { "${process.execPath}" "${join(ROOT, 'bin', 'hire.js')}" "$@"; }\n${line}`;
  return spawnSync('bash', ['-c', script], { cwd, env: box.env, encoding: 'utf8', timeout: 20_000 });
}

describe('README', () => {
  const [quickStart, check, jobs, emulator] = shellBlocks();

  it('has the quick start, the test command, the jobs and the emulator examples', () => {
    expect(quickStart).toHaveLength(1);
    expect(check).toEqual(['npm ci && npm run check']);
    expect(jobs!.length).toBeGreaterThanOrEqual(4);
    expect(emulator!.length).toBeGreaterThanOrEqual(2);
  });

  it('its test command is the one .ci/run runs', () => {
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    for (const step of check![0]!.split(' && ')) expect(ci).toMatch(new RegExp(`^${step}$`, 'm'));
  });

  it('quick start: creates a job on the local emulator and lists it, with no account or config', async () => {
    const box = await sandbox();
    const [install, build, ...rest] = quickStart![0]!.split(' && ');
    expect([install, build]).toEqual(['npm ci', 'npm run build']); // done by the suite's setup
    const result = bash(box, rest.join(' && '), ROOT);
    expect(result.stderr).toContain('Using the local emulator');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^job_\w+\tBackend Engineer\tactive\t/m);
  });

  it('every jobs example runs', async () => {
    const box = await sandbox();
    writeFileSync(join(box.root, 'role.md'), `# Backend Engineer\n\n${DESCRIPTION}\n`);
    writeFileSync(join(box.root, 'job.yaml'), `title: Data Engineer\ndescription: ${DESCRIPTION}\nskills: [sql]\n`);
    writeFileSync(join(box.root, 'job.json'), JSON.stringify({ title: 'Analyst', description: DESCRIPTION }));
    for (const line of jobs!) {
      const result = bash(box, line, box.root);
      expect({ line, status: result.status, stderr: result.stderr }).toMatchObject({ status: 0 });
    }
  });

  it('every emulator example starts a server that stops on SIGTERM', async () => {
    const box = await sandbox();
    for (const line of emulator!) {
      // Port 4010 may be taken on a developer's machine: any free port stands in for the default.
      const command = line.replace(/\s+#.*$/, '').replace(/--port \d+/, '').concat(' --port 0');
      const child = spawn('bash', ['-c', `hire() { exec "${process.execPath}" "${join(ROOT, 'bin', 'hire.js')}" "$@"; }\n${command}`], {
        cwd: box.root,
        env: box.env,
      });
      let stderr = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "listening" from ${command}: ${stderr}`)), 10_000);
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes('Emulator listening on')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const code = await new Promise<number | null>((resolve) => {
        child.once('exit', (exitCode) => resolve(exitCode));
        child.kill('SIGTERM');
      });
      expect({ command, code }).toEqual({ command, code: 0 });
    }
  });
});
