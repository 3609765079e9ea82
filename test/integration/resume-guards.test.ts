// `--resume` against the attacks of issue 25 (item 6): an output file that is not the export's own
// although it has its device and inode (rm + a new file reusing the inode; here the file rewritten in
// place, which keeps the inode for certain) is refused and never cut; a damaged, foreign or absurd
// state file and an unwritable state path end in exit 2 naming the file and what is wrong; a second
// run on the same state file is refused while the first runs, and a lock left by a dead process is
// taken over, saying so. In-process (main) against the emulator, through a proxy that holds pages,
// so that "mid-way" is a place in the list.
import { spawnSync } from 'node:child_process';
import { closeSync, createWriteStream, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { DESCRIPTION, captureIO, runCli } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { gateProxy, type GateProxy } from '../helpers/gate-proxy.js';

type Obj = Record<string, unknown>;

async function until(what: string, probe: () => boolean): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

/** stdout as the shell's `>> FILE` makes it. */
function appending(path: string) {
  const fd = openSync(path, 'a');
  const stream = createWriteStream(path, { fd, autoClose: false });
  return { stream, close: () => closeSync(fd) };
}

interface Setup {
  box: Sandbox;
  emu: TestEmulator;
  proxy: GateProxy;
  env: Record<string, string>;
  state: string;
  output: string;
  argv: string[];
}

/** 30 jobs, 5 a page; pages from the 4th on are held until the proxy is opened. */
async function setup(): Promise<Setup> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir);
  for (let n = 1; n <= 30; n++)
    expect((await emu.call('POST', '/jobs', { body: { title: `Role ${n}`, description: DESCRIPTION } })).status).toBe(
      201,
    );
  const proxy = await gateProxy(emu.apiUrl, 4);
  const state = join(box.root, 'jobs.state');
  const output = join(box.root, 'jobs.ndjson');
  writeFileSync(output, '');
  const argv = [
    'jobs',
    'list',
    '--all',
    '--per-page',
    '5',
    '-o',
    'ndjson',
    '--fields',
    'id,title',
    '--resume',
    state,
    '-v',
  ];
  return {
    box,
    emu,
    proxy,
    env: { ...box.env, HIRE_BASE_URL: proxy.apiUrl, HIRE_API_KEY: emu.key },
    state,
    output,
    argv,
  };
}

/** Starts the export appending to the output; resolves once 3 pages are written and the 4th is held. */
async function startHeld(
  s: Setup,
): Promise<{ finish: () => Promise<{ code: number; stderr: string }>; interrupt: () => void }> {
  const out = appending(s.output);
  const captured = captureIO({ argv: s.argv });
  const running = main(s.argv, { ...captured.io, stdout: out.stream }, s.env);
  await until(
    '3 pages written and the 4th held',
    () => lines(readFileSync(s.output, 'utf8')).length >= 15 && s.proxy.held > 0,
  );
  return {
    interrupt: () => captured.signals.emit('signal', 'SIGINT'),
    finish: async () => {
      const code = await running;
      out.close();
      return { code, stderr: captured.stderr() };
    },
  };
}

/** A first run stopped by Ctrl-C after 3 pages: the state says stopped, the output holds 15 jobs. */
async function stoppedExport(s: Setup): Promise<void> {
  const run = await startHeld(s);
  run.interrupt();
  const { code, stderr } = await run.finish();
  expect(code, stderr).toBe(130);
  s.proxy.open();
}

async function resumeInto(s: Setup, argv = s.argv): Promise<{ code: number; stderr: string }> {
  const out = appending(s.output);
  const captured = captureIO({ argv });
  const code = await main(argv, { ...captured.io, stdout: out.stream }, s.env);
  out.close();
  return { code, stderr: captured.stderr() };
}

describe("--resume proves the output is the export's own file before cutting it", () => {
  it('the file replaced under the same inode by another, longer one: refused (exit 2), not cut by a byte', async () => {
    const s = await setup();
    await stoppedExport(s);
    const recorded = JSON.parse(readFileSync(s.state, 'utf8')) as { output: { bytes: number } };
    expect(recorded.output.bytes).toBe(readFileSync(s.output).length);
    // Another file under the name and inode (what rm + a new file gave on ext4 in 19 of 20 trials),
    // longer than the recorded size: the old code cut it back to that size.
    const unrelated = `${'precious unrelated data\n'.repeat(Math.ceil(recorded.output.bytes / 24) + 10)}`;
    writeFileSync(s.output, unrelated);
    const stateBefore = readFileSync(s.state, 'utf8');

    const resumed = await resumeInto(s);
    expect(resumed.code, resumed.stderr).toBe(2);
    expect(resumed.stderr).toContain("is not the export's file");
    expect(resumed.stderr).not.toContain('Removed');
    expect(readFileSync(s.output, 'utf8')).toBe(unrelated);
    expect(readFileSync(s.state, 'utf8')).toBe(stateBefore);
  });

  it("the same size, other bytes: refused too (nothing is appended to a file that is not the export's)", async () => {
    const s = await setup();
    await stoppedExport(s);
    const bytes = readFileSync(s.output).length;
    const unrelated = 'x'.repeat(bytes - 1) + '\n';
    writeFileSync(s.output, unrelated);
    const resumed = await resumeInto(s);
    expect(resumed.code, resumed.stderr).toBe(2);
    expect(resumed.stderr).toContain("is not the export's file");
    expect(readFileSync(s.output, 'utf8')).toBe(unrelated);
  });

  it('its own file with half a page after the recorded size: cut back, and the export completes', async () => {
    const s = await setup();
    await stoppedExport(s);
    writeFileSync(s.output, '{"id":"job_half_a_page",', { flag: 'a' });
    const resumed = await resumeInto(s);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('Removed 24 bytes after the last recorded page');
    const ids = lines(readFileSync(s.output, 'utf8')).map((line) => (JSON.parse(line) as Obj).id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    const state = JSON.parse(readFileSync(s.state, 'utf8')) as { output: { bytes: number; sha256: string } };
    expect(state.output.bytes).toBe(readFileSync(s.output).length);
    const { createHash } = await import('node:crypto');
    expect(state.output.sha256).toBe(createHash('sha256').update(readFileSync(s.output)).digest('hex'));
  });
});

describe('--resume refuses a state file it cannot trust (exit 2, naming the file and what is wrong)', () => {
  const damage: [string, (state: Obj) => unknown, string][] = [
    ['pages "abc"', (state) => ({ ...state, pages: 'abc' }), 'pages'],
    ['items "abc"', (state) => ({ ...state, items: 'abc' }), 'items'],
    [
      'a negative output size',
      (state) => ({ ...state, output: { ...(state.output as Obj), bytes: -5 } }),
      'output.bytes',
    ],
    ['a million pages', (state) => ({ ...state, pages: 1_000_000 }), 'pages'],
    ['per_page 0', (state) => ({ ...state, export: { ...(state.export as Obj), per_page: 0 } }), 'export.per_page'],
    [
      'a digest that is no digest',
      (state) => ({ ...state, output: { ...(state.output as Obj), sha256: 'abc' } }),
      'output.sha256',
    ],
    ['a key hire never writes', (state) => ({ ...state, extra: true }), 'extra'],
    ['a foreign JSON document', () => ({ hello: 'world' }), 'is not an export state'],
    ['an array', () => [1, 2, 3], 'is not an export state'],
    ['text that is not JSON', () => 'abc', 'is not an export state'],
    [
      'a __proto__ filter',
      (state) => JSON.stringify(state).replace('"filters":{}', '"filters":{"__proto__":"x"}'),
      '__proto__',
    ],
    ['version 1 (no digest)', (state) => ({ ...state, version: 1 }), 'state version 1'],
    ['items beyond its --limit', (state) => ({ ...state, export: { ...(state.export as Obj), limit: 3 } }), 'items'],
  ];

  it.each(damage)('%s', async (_name, change, named) => {
    const s = await setup();
    await stoppedExport(s);
    const changed = change(JSON.parse(readFileSync(s.state, 'utf8')) as Obj);
    const text = typeof changed === 'string' ? changed : JSON.stringify(changed);
    writeFileSync(s.state, text);
    const before = readFileSync(s.output, 'utf8');
    const resumed = await resumeInto(s);
    expect(resumed.code, resumed.stderr).toBe(2);
    expect(resumed.stderr).toContain(`--resume: ${s.state}`);
    expect(resumed.stderr).toContain(named);
    if (process.env.SHOW_MESSAGES) console.log(resumed.stderr);
    expect(resumed.stderr).not.toMatch(/unexpected failure|\n\s+at /);
    expect(readFileSync(s.output, 'utf8')).toBe(before);
    expect(readFileSync(s.state, 'utf8')).toBe(text);
  });

  it.each([
    ['in a directory that does not exist', (root: string) => join(root, 'missing', 'export.state')],
    ['under a regular file', (root: string) => join(root, 'plain-file', 'export.state')],
    ['a directory', (root: string) => join(root, 'a-directory')],
  ])('a state path %s: exit 2 naming it, nothing written to stdout', async (_name, pathIn) => {
    const box = await sandbox();
    writeFileSync(join(box.root, 'plain-file'), 'x');
    mkdirSync(join(box.root, 'a-directory'));
    const state = pathIn(box.root);
    const emu = await testEmulator(box.dataDir);
    const result = await runCli(['jobs', 'list', '--all', '-o', 'ndjson', '--resume', state], {
      env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`--resume: `);
    expect(result.stderr).toContain(state);
    expect(result.stderr).not.toMatch(/unexpected failure|\n\s+at /);
    expect(result.stdout).toBe('');
  });
});

describe('finding the place again', () => {
  it.each([1, 14])('a recorded page count of %i (far from the place): every job exactly once', async (pages) => {
    const s = await setup();
    await stoppedExport(s);
    const state = JSON.parse(readFileSync(s.state, 'utf8')) as Obj;
    writeFileSync(s.state, JSON.stringify({ ...state, pages }));
    const resumed = await resumeInto(s);
    expect(resumed.code, resumed.stderr).toBe(0);
    const ids = lines(readFileSync(s.output, 'utf8')).map((line) => (JSON.parse(line) as Obj).id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});

describe('one run at a time on a state file', () => {
  it('a second run while the first is at work is refused (exit 2, naming the pid); the first completes', async () => {
    const s = await setup();
    const first = await startHeld(s);
    const lock = `${s.state}.lock`;
    expect(existsSync(lock)).toBe(true);
    const outputBefore = readFileSync(s.output, 'utf8');
    const stateBefore = readFileSync(s.state, 'utf8');

    const second = await resumeInto(s);
    expect(second.code, second.stderr).toBe(2);
    expect(second.stderr).toContain(`--resume: ${s.state} is in use by another run (pid ${process.pid})`);
    expect(readFileSync(s.output, 'utf8')).toBe(outputBefore);
    expect(readFileSync(s.state, 'utf8')).toBe(stateBefore);

    s.proxy.open();
    const done = await first.finish();
    expect(done.code, done.stderr).toBe(0);
    expect(lines(readFileSync(s.output, 'utf8'))).toHaveLength(30);
    expect(existsSync(lock)).toBe(false);
  });

  it('a lock left by a process that is gone is taken over, and said', async () => {
    const s = await setup();
    s.proxy.open();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${s.state}.lock`, `${dead}\n`);
    const run = await resumeInto(s);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`took over the lock ${s.state}.lock left by pid ${dead}, which is no longer running`);
    expect(lines(readFileSync(s.output, 'utf8'))).toHaveLength(30);
    expect(existsSync(`${s.state}.lock`)).toBe(false);
  });

  it('a lock file that names no process is refused, not taken over (exit 2)', async () => {
    const s = await setup();
    s.proxy.open();
    writeFileSync(`${s.state}.lock`, 'garbage');
    const run = await resumeInto(s);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${s.state}.lock`);
    expect(readFileSync(s.output, 'utf8')).toBe('');
  });
});

describe('one paging loop', () => {
  it('shared/list.ts and shared/resume.ts do not import each other', () => {
    const source = (name: string) =>
      readFileSync(new URL(`../../src/commands/shared/${name}`, import.meta.url), 'utf8');
    expect(source('resume.ts')).not.toMatch(/from '\.\/list\.js'|import\('\.\/list\.js'\)/);
    expect(source('list.ts')).not.toMatch(/from '\.\/resume\.js'/);
  });
});
