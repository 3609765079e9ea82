// The npm package as users get it (`npm i -g hire`, `npx hire`): packed from a copy of the checkout
// that has no dist/ (as a fresh clone), which `npm pack` must build first; installed globally
// into a prefix of the test's own; run from an empty directory on the embedded emulator. And as a
// library: a project that installed the tarball imports 'hire', lists a test emulator's jobs, and
// type-checks the typed example against the shipped declarations.
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';

/** What a fresh clone has that packing reads (dist/ is not among them). */
const CHECKOUT = [
  'package.json',
  'LICENSE',
  'ARCHITECTURE.md',
  'docs',
  'package-lock.json',
  'README.md',
  'tsconfig.json',
  'tsconfig.lib.json',
  'bin',
  'src',
  'scripts',
  'completions',
  'man',
];

function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }) {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.error) throw result.error;
  return result;
}

/** The variables through which this machine reaches the registry (certificates, proxies, registry). */
function machineNpmEnv(): Record<string, string> {
  const names = Object.keys(process.env).filter((name) =>
    /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|HTTPS?_PROXY|NO_PROXY|npm_config_registry|NPM_CONFIG_REGISTRY)$/i.test(
      name,
    ),
  );
  return Object.fromEntries(names.map((name) => [name, process.env[name]!]));
}

/** Node on a script, asynchronously: the emulator answers from this process. */
function node(
  cwd: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ error: Error | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, env, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ error, stdout, stderr }),
    );
  });
}

/**
 * The library as shipped reads like a library: no line of its code over 400 characters (not
 * minified), and each file's source map in the package, every source in it carried inside.
 */
function checkShippedLibrary(packageDir: string, files: string[]): void {
  const code = files.filter((file) => file.startsWith('dist/lib/') && file.endsWith('.js'));
  expect(code.length).toBeGreaterThan(0);
  for (const file of code) {
    const text = readFileSync(join(packageDir, file), 'utf8');
    const long = text.split('\n').filter((line) => line.length > 400);
    expect(long.map((line) => `${file}: ${line.slice(0, 80)}…`)).toEqual([]);
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
    expect(mapName, file).toBeDefined();
    const map = join(dirname(file), mapName!);
    expect(files, file).toContain(map);
    const { sources, sourcesContent } = JSON.parse(readFileSync(join(packageDir, map), 'utf8')) as {
      sources: string[];
      sourcesContent?: (string | null)[];
    };
    const missing = sources.flatMap((source, index) => (typeof sourcesContent?.[index] === 'string' ? [] : [source]));
    expect(missing, map).toEqual([]);
    // hire's own sources; a dependency's code is left as the readable JavaScript it is in dist/lib.
    expect(
      sources.filter((source) => source.includes('node_modules/')),
      map,
    ).toEqual([]);
  }
}

/** Every relative link of the README as packed names a file of the package (a folder: a file under it). */
function checkReadmeLinks(readme: string, files: string[]): void {
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  const relative = links.filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link) && !link.startsWith('#'));
  expect(relative.length).toBeGreaterThan(0);
  const broken = relative.filter((link) => {
    const path = link.split('#')[0]!;
    return path.endsWith('/') ? !files.some((file) => file.startsWith(path)) : !files.includes(path);
  });
  expect(broken).toEqual([]);
}

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('the npm package', () => {
  it('npm pack builds dist/ and ships only what runs; the installed hire works from an empty directory', async () => {
    const box = await sandbox();
    const clone = join(box.root, 'clone');
    mkdirSync(clone);
    for (const name of CHECKOUT) cpSync(join(ROOT, name), join(clone, name), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
    // npm with a cache of the test's own, writing nowhere else; the machine's npm settings (registry,
    // certificates), which --prefix would otherwise look for under the new prefix.
    const globalconfig = run('npm', ['config', 'get', 'globalconfig'], {
      cwd: ROOT,
      env: { ...box.env, ...machineNpmEnv() },
    }).stdout.trim();
    const npmEnv = {
      ...box.env,
      ...machineNpmEnv(),
      npm_config_globalconfig: globalconfig,
      npm_config_cache: join(box.root, 'npm-cache'),
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
    };

    const packed = run('npm', ['pack', '--json', '--pack-destination', box.root], { cwd: clone, env: npmEnv });
    expect(packed.status, packed.stderr).toBe(0);
    const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[]; size: number }[];
    const files = info!.files.map((file) => file.path).sort();
    expect(files).toContain('dist/cli.js');
    expect(files).toContain('dist/version.js');
    expect(files).toContain('bin/hire.js');
    expect(files).toContain('completions/hire.bash');
    expect(files).toContain('man/hire.1');
    expect(files).toContain('man/hire-jobs-create.1');
    expect(files.some((file) => file.startsWith('dist/chunks/'))).toBe(true);
    expect(files).toContain('dist/lib/index.js');
    expect(files).toContain('dist/lib/types/lib/index.d.ts');
    expect(files).toContain('LICENSE');
    // The CLI's maps stay out; the library's are shipped (ARCHITECTURE.md "What the package ships").
    expect(files.filter((file) => /^(src|test|scripts|\.ci)\/|^tsconfig/.test(file))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.map') && !file.startsWith('dist/lib/'))).toEqual([]);
    expect(files).toContain('dist/lib/index.js.map');

    const prefix = join(box.root, 'prefix');
    const installed = run(
      'npm',
      ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', join(box.root, info!.filename)],
      {
        cwd: box.root,
        env: npmEnv,
      },
    );
    expect(installed.status, installed.stderr).toBe(0);
    const packageDir = join(prefix, 'lib', 'node_modules', 'hire');
    checkShippedLibrary(packageDir, files);
    checkReadmeLinks(readFileSync(join(packageDir, 'README.md'), 'utf8'), files);
    // Only what cannot be bundled is installed: the SQLite binding and what it loads with.
    const modules = readdirSync(join(prefix, 'lib', 'node_modules', 'hire', 'node_modules')).sort();
    console.log(
      `npm package: ${files.length} files, ${info!.size} bytes packed; installed beside it: ${modules.join(', ')}`,
    );
    for (const bundled of ['commander', 'undici', 'zod', 'chalk', 'conf', 'ora', 'yaml', 'vitest', 'typescript'])
      expect(modules).not.toContain(bundled);

    // The man pages are linked where `man` looks under the prefix (share/man/man1), and render.
    const { man } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { man: string[] };
    const manDir = join(prefix, 'share', 'man', 'man1');
    expect(readdirSync(manDir).sort()).toEqual(man.map((file) => file.replace(/^man\//, '')).sort());
    const manEnv = {
      ...box.env,
      MANPATH: join(prefix, 'share', 'man'),
      MANPAGER: 'cat',
      PAGER: 'cat',
      MANWIDTH: '80',
      LANG: 'C.UTF-8',
    };
    const page = run('man', ['hire-jobs-create'], { cwd: box.root, env: manEnv });
    expect(page.status, page.stderr).toBe(0);
    expect(page.stdout).toMatch(/^NAME\n\s+hire-jobs-create - create a job posting/m);
    expect(page.stdout).toContain('--question-type <type>');
    const root = run('man', ['hire'], { cwd: box.root, env: manEnv });
    expect(root.status, root.stderr).toBe(0);
    expect(root.stdout).toContain('hire-jobs-create(1)');

    const empty = join(box.root, 'empty');
    mkdirSync(empty);
    const hire = (...args: string[]) =>
      run(join(prefix, 'bin', 'hire'), args, {
        cwd: empty,
        env: { ...box.env, PATH: `${join(prefix, 'bin')}:${box.env.PATH}` },
      });
    const { version } = JSON.parse(
      run('node', ['-p', 'JSON.stringify(require("./package.json"))'], { cwd: ROOT, env: box.env }).stdout,
    ) as { version: string };

    const versionRun = hire('--version');
    expect(versionRun.status, versionRun.stderr).toBe(0);
    expect(versionRun.stdout.trim()).toBe(version);
    const help = hire('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('jobs');
    // -v: under --json the notice that names the emulator is written only then (README "Output").
    const created = hire(
      'jobs',
      'create',
      '--title',
      'Packaged Engineer',
      '--description',
      DESCRIPTION,
      '--json',
      '-v',
    );
    expect(created.status, created.stderr).toBe(0);
    const job = JSON.parse(created.stdout) as { id: string; title: string };
    expect(job.title).toBe('Packaged Engineer');
    expect(created.stderr).toContain('Using the local emulator in-process');
    const listed = hire('jobs', 'list', '--json');
    expect(listed.status, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { id: string }[]).map((item) => item.id)).toEqual([job.id]);

    // The library, from a project that installed the tarball.
    const project = join(box.root, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-hire', private: true, type: 'module' }));
    const local = run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', join(box.root, info!.filename)],
      { cwd: project, env: npmEnv },
    );
    expect(local.status, local.stderr).toBe(0);
    const emulator = await testEmulator(join(box.root, 'emulator-data'));
    const made = await emulator.call('POST', '/jobs', {
      body: { title: 'Listed by the library', description: DESCRIPTION },
    });
    expect(made.status).toBe(201);
    writeFileSync(
      join(project, 'list.mjs'),
      "import { HiringClient, HireError } from 'hire';\n" +
        'const client = new HiringClient({ baseUrl: process.env.HIRE_BASE_URL, apiKey: process.env.HIRE_API_KEY });\n' +
        'const jobs = await client.jobs.list();\n' +
        'console.log(JSON.stringify({ ids: jobs.map((item) => item.id), hireError: typeof HireError }));\n' +
        'await client.close();\n',
    );
    const listedByLibrary = await node(project, ['list.mjs'], {
      ...box.env,
      HIRE_BASE_URL: emulator.apiUrl,
      HIRE_API_KEY: emulator.key,
    });
    expect(listedByLibrary.error, listedByLibrary.stderr).toBeNull();
    expect(JSON.parse(listedByLibrary.stdout)).toEqual({ ids: [made.json.data.id], hireError: 'function' });

    // The README's library program, as written, on the same emulator (fromEnv: HIRE_BASE_URL, HIRE_API_KEY).
    const readmePrograms = [...README.matchAll(/^```js\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
    expect(readmePrograms.length).toBeGreaterThan(0);
    for (const [index, program] of readmePrograms.entries()) {
      writeFileSync(join(project, `readme-${index}.mjs`), program);
      const ran = await node(project, [`readme-${index}.mjs`], {
        ...box.env,
        HIRE_BASE_URL: emulator.apiUrl,
        HIRE_API_KEY: emulator.key,
      });
      expect(ran.error, ran.stderr).toBeNull();
      const active = (await emulator.call('GET', '/jobs?status=active')).json.data as { id: string; title: string }[];
      expect(active.length).toBeGreaterThan(0);
      expect(ran.stdout.trim().split('\n')).toEqual(active.map((job) => `${job.id}  ${job.title}`));
    }
    // A client made without its base URL: one line that names the option, as the error's message,
    // and no line of the shipped code longer than a terminal's few widths.
    writeFileSync(
      join(project, 'unset.mjs'),
      "import { HiringClient } from 'hire';\nnew HiringClient({ baseUrl: process.env.HIRE_BASE_URL, apiKey: 'hk_test_x' });\n",
    );
    const unset = await node(project, ['unset.mjs'], box.env);
    expect(unset.error).not.toBeNull();
    expect(unset.stderr).toMatch(
      /^UsageError: HiringClient: baseUrl is required \(got undefined\); .*HIRE_BASE_URL\.$/m,
    );
    expect(unset.stderr.split('\n').filter((line) => line.length > 400)).toEqual([]);

    // The typed example and the README's programs against the shipped declarations, as a strict
    // NodeNext project checks them (no skipLibCheck; the programs as JavaScript, checkJs).
    cpSync(join(ROOT, 'test', 'fixtures', 'library-example.ts'), join(project, 'example.ts'));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          allowJs: true,
          checkJs: true,
          noEmit: true,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        files: ['example.ts', ...readmePrograms.map((_, index) => `readme-${index}.mjs`)],
      }),
    );
    const checked = run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], {
      cwd: project,
      env: box.env,
    });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);

    // And without Node's types (a folder of the project, so 'hire' resolves as installed): the
    // declarations name no Buffer, NodeJS or DOM type.
    const bare = join(project, 'bare');
    mkdirSync(bare);
    cpSync(join(ROOT, 'test', 'fixtures', 'library-without-node.ts'), join(bare, 'example.ts'));
    writeFileSync(
      join(bare, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022'],
          noEmit: true,
          types: [],
        },
        files: ['example.ts'],
      }),
    );
    const bareChecked = run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', bare], {
      cwd: bare,
      env: box.env,
    });
    expect(bareChecked.status, bareChecked.stdout + bareChecked.stderr).toBe(0);
  }, 300_000);
});
