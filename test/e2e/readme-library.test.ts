// The README's library program (its `js` blocks), run as written with node against the emulator:
// from a directory where `hire` resolves to this package (node_modules/hire → the checkout, built),
// as a user's project that installed it does.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...README.matchAll(/^```js\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
const commonjs = [...README.matchAll(/^```cjs\n([\s\S]*?)^```/gm)].map((match) => match[1]!);

/** Runs `command args` in `cwd`, asynchronously (an emulator may answer from this process). */
function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

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

  it("the CommonJS example runs with require('hire') as written (Node 20.19 and newer), against the emulator", async () => {
    expect(commonjs.length).toBe(1);
    expect(commonjs[0]).toContain("require('hire')");
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const made = await emulator.call('POST', '/jobs', {
      body: {
        title: 'Backend Engineer',
        description:
          'We are looking for a backend engineer to design, build and run the services behind our hiring platform.',
        skills: ['go'],
        publish: true,
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const project = join(box.root, 'project');
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(project, 'node_modules', 'hire'), 'dir');
    writeFileSync(join(project, 'jobs.cjs'), commonjs[0]!);
    const ran = await run(process.execPath, ['jobs.cjs'], project, {
      ...box.env,
      HIRE_BASE_URL: emulator.apiUrl,
      HIRE_API_KEY: emulator.key,
    });
    expect(ran.status, ran.stderr).toBe(0);
    // No ExperimentalWarning or anything else: require() of the package is an ordinary one.
    expect(ran.stderr).toBe('');
    expect(ran.stdout.trim()).toBe(`${made.json.data.id}  Backend Engineer`);
  });

  // The README's table of TypeScript settings, each compiled (strict, no skipLibCheck, no @types/node
  // and no DOM lib) against the built declarations, as a project that installed hire compiles them.
  const SETTINGS: { type: 'module' | 'commonjs'; module: string; moduleResolution: string; ok: boolean }[] = [
    { type: 'module', module: 'nodenext', moduleResolution: 'nodenext', ok: true },
    { type: 'module', module: 'node16', moduleResolution: 'node16', ok: true },
    { type: 'module', module: 'esnext', moduleResolution: 'bundler', ok: true },
    { type: 'module', module: 'preserve', moduleResolution: 'bundler', ok: true },
    { type: 'commonjs', module: 'nodenext', moduleResolution: 'nodenext', ok: true },
    { type: 'commonjs', module: 'commonjs', moduleResolution: 'node10', ok: true },
    { type: 'commonjs', module: 'node16', moduleResolution: 'node16', ok: false },
  ];
  it.each(SETTINGS)(
    'TypeScript with a $type project, module $module and moduleResolution $moduleResolution: ok $ok',
    async (setting) => {
      const box = await sandbox();
      const project = join(box.root, 'project');
      mkdirSync(join(project, 'node_modules'), { recursive: true });
      symlinkSync(ROOT, join(project, 'node_modules', 'hire'), 'dir');
      writeFileSync(join(project, 'package.json'), JSON.stringify({ type: setting.type }));
      cpSync(join(ROOT, 'test', 'fixtures', 'library-example.ts'), join(project, 'example.ts'));
      // The example prints with console, which is Node's or the DOM's: declared here, so that the
      // check shows the library's types need neither.
      writeFileSync(
        join(project, 'console.d.ts'),
        'declare const console: { log(...data: unknown[]): void; error(...data: unknown[]): void };\n',
      );
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: setting.module,
            moduleResolution: setting.moduleResolution,
            target: 'es2020',
            lib: ['es2020'],
            types: [],
            noEmit: true,
          },
          files: ['example.ts', 'console.d.ts'],
        }),
      );
      const tsc = await run(
        process.execPath,
        [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project],
        project,
        box.env,
      );
      if (setting.ok) expect(tsc.stdout + tsc.stderr).toBe('');
      else expect(tsc.stdout).toContain('error TS1479');
      expect(tsc.status).toBe(setting.ok ? 0 : 2);
    },
  );
});
