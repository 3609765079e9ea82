// Resumable exports (issue 18, "Resumable everywhere"): `list --all --resume STATE` stopped by
// Ctrl-C mid-way and run again prints only what is missing, so that the outputs appended give
// every record exactly once, in the stable order created_at,id; a changed total is reported; a
// different query is refused; a page written but not recorded (a kill) is cut back from an
// appended file. In-process (main) against the emulator, through a proxy that holds pages from a
// given one on, so that "mid-way" is a place in the list, not a moment.
import {
  closeSync,
  createWriteStream,
  existsSync,
  openSync,
  readFileSync,
  appendFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { DESCRIPTION, captureIO, runCli } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { gateProxy as gateBefore, type GateProxy } from '../helpers/gate-proxy.js';

type Obj = Record<string, unknown>;

const gateProxy = (emu: TestEmulator, holdFrom: number) => gateBefore(emu.apiUrl, holdFrom);

async function until(what: string, probe: () => boolean): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function withCandidates(box: Sandbox, count: number): Promise<{ emu: TestEmulator; jobId: string }> {
  const emu = await testEmulator(box.dataDir);
  const job = await emu.call('POST', '/jobs', { body: { title: 'Busy', description: DESCRIPTION, publish: true } });
  expect(job.status).toBe(201);
  await simulate(emu, job.json.data.id, count);
  return { emu, jobId: job.json.data.id };
}

async function simulate(emu: TestEmulator, jobId: string, applications: number): Promise<void> {
  const response = await fetch(`${emu.origin}/_emulator/simulate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ job_id: jobId, applications }),
  });
  expect(response.status).toBe(201);
}

/** Every record of a list in the stable order, read straight from the emulator. */
async function everything(emu: TestEmulator, path: string): Promise<Obj[]> {
  const all: Obj[] = [];
  for (let page = 1; ; page++) {
    const answer = await emu.call('GET', `${path}?sort=created_at,id&per_page=100&page=${page}`);
    expect(answer.status).toBe(200);
    all.push(...(answer.json.data as Obj[]));
    if (page >= answer.json.meta.total_pages) return all;
  }
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');
const idsOf = (ndjson: string) => lines(ndjson).map((line) => (JSON.parse(line) as { id: string }).id);

/** Runs `argv` in-process until stdout has `atLeast` lines and the proxy holds a page, then sends Ctrl-C. */
async function interrupted(
  argv: string[],
  env: Record<string, string>,
  proxy: GateProxy,
  atLeast: number,
  stdout?: { stream: Writable; path: string },
) {
  const captured = captureIO({ argv });
  const io = stdout ? { ...captured.io, stdout: stdout.stream } : captured.io;
  const running = main(argv, io, env);
  const written = () => (stdout ? readFileSync(stdout.path, 'utf8') : captured.stdout());
  await until(`${atLeast} lines and a held page`, () => lines(written()).length >= atLeast && proxy.held > 0);
  captured.signals.emit('signal', 'SIGINT');
  const code = await running;
  proxy.open();
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

function envFor(box: Sandbox, emu: TestEmulator, apiUrl: string): Record<string, string> {
  return { ...box.env, HIRE_BASE_URL: apiUrl, HIRE_API_KEY: emu.key };
}

describe('list --all --resume STATE', () => {
  it('ndjson: stopped by Ctrl-C after 10 pages, resumed after 40 more candidates applied: every candidate exactly once, the change reported; a third run prints nothing', async () => {
    const box = await sandbox();
    const { emu, jobId } = await withCandidates(box, 3000);
    const proxy = await gateProxy(emu, 11);
    const env = envFor(box, emu, proxy.apiUrl);
    const state = join(box.root, 'export.state');
    const argv = ['candidates', 'list', '--all', '-o', 'ndjson', '--resume', state, '-v'];

    const first = await interrupted(argv, env, proxy, 1000);
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain(
      'Interrupted: 1000 of 3000 candidates written. To continue, run the same command again, appending (>>).',
    );
    expect(lines(first.stdout)).toHaveLength(1000);
    expect(JSON.parse(readFileSync(state, 'utf8'))).toMatchObject({
      state: 'stopped',
      pages: 10,
      items: 1000,
      total_count: 3000,
    });

    await simulate(emu, jobId, 40);
    const second = await runCli(argv, { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(
      'The list has changed since the export was last run: 3000 candidates then, 3040 now; those added since are written at the end',
    );
    expect(second.stderr).toContain('Export complete: 3040 candidates written in all');

    const expected = await everything(emu, '/candidates');
    expect(expected).toHaveLength(3040);
    const ids = idsOf(first.stdout + second.stdout);
    expect(new Set(ids).size).toBe(3040);
    expect(ids).toEqual(expected.map((candidate) => candidate.id));
    expect(first.stdout + second.stdout).toBe(expected.map((candidate) => `${JSON.stringify(candidate)}\n`).join(''));

    const third = await runCli(argv, { env });
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toBe('');
    expect(third.stderr).toContain(`The export in ${state} is complete (3040 candidates): nothing more to write.`);
  });

  it('csv with --fields: the header only on the first run, the rows of both runs the whole list once', async () => {
    const box = await sandbox();
    const { emu } = await withCandidates(box, 1200);
    const proxy = await gateProxy(emu, 5);
    const env = envFor(box, emu, proxy.apiUrl);
    const state = join(box.root, 'export.state');
    const argv = ['candidates', 'list', '--all', '-o', 'csv', '--fields', 'name,status', '--resume', state];

    const first = await interrupted(argv, env, proxy, 401);
    expect(first.code, first.stderr).toBe(130);
    const second = await runCli(argv, { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.startsWith('name,status')).toBe(false);

    const expected = await everything(emu, '/candidates');
    const rows = (first.stdout + second.stdout).split('\r\n').filter((line) => line !== '');
    expect(rows).toEqual([
      'name,status',
      ...expected.map((candidate) => `${String(candidate.name)},${String(candidate.status)}`),
    ]);
    expect(first.stdout.split('\r\n').filter((line) => line !== '')).toHaveLength(401);
  });

  it('jobs removed before the resume point: the export steps back and still writes every job exactly once', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    for (let n = 1; n <= 30; n++) {
      const job = await emu.call('POST', '/jobs', { body: { title: `Role ${n}`, description: DESCRIPTION } });
      expect(job.status).toBe(201);
    }
    const proxy = await gateProxy(emu, 4);
    const env = envFor(box, emu, proxy.apiUrl);
    const state = join(box.root, 'jobs.state');
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
    const before = await everything(emu, '/jobs');

    const first = await interrupted(argv, env, proxy, 15);
    expect(first.code, first.stderr).toBe(130);
    const written = idsOf(first.stdout);
    expect(written).toEqual(before.slice(0, 15).map((job) => job.id));
    // Seven of those written go: later jobs move up by more than a page.
    for (const id of written.slice(3, 10)) expect((await emu.call('DELETE', `/jobs/${id}`)).status).toBe(204);

    const second = await runCli(argv, { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('30 jobs then, 23 now');
    expect(idsOf(second.stdout)).toEqual(before.slice(15).map((job) => job.id));
    expect(lines(second.stdout).map((line) => Object.keys(JSON.parse(line) as Obj))).toEqual(
      Array(15).fill(['id', 'title']),
    );
  });

  it('refuses a resumed run with another query or format (exit 2, naming what differs), writing nothing', async () => {
    const box = await sandbox();
    const { emu } = await withCandidates(box, 300);
    const proxy = await gateProxy(emu, 2);
    const env = envFor(box, emu, proxy.apiUrl);
    const state = join(box.root, 'export.state');
    const first = await interrupted(
      ['candidates', 'list', '--all', '--status', 'new', '-o', 'ndjson', '--resume', state],
      env,
      proxy,
      100,
    );
    expect(first.code, first.stderr).toBe(130);
    const saved = readFileSync(state, 'utf8');

    const cases: [string[], string][] = [
      [['--status', 'review', '-o', 'ndjson'], 'filter status: new there, review here'],
      [['--status', 'new', '-o', 'csv'], '--output: ndjson there, csv here'],
      [['--status', 'new', '-o', 'ndjson', '--per-page', '50'], '--per-page: 100 there, 50 here'],
      [['--status', 'new', '-o', 'ndjson', '--score-min', '50'], 'filter score_min: none there, 50 here'],
    ];
    for (const [flags, difference] of cases) {
      const result = await runCli(['candidates', 'list', '--all', ...flags, '--resume', state], { env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`records a different export (${difference})`);
    }
    expect(readFileSync(state, 'utf8')).toBe(saved);
  });

  it('events --since 1h: a later run reads the time as the first did, so it is the same export; --since 2h is another', async () => {
    const box = await sandbox();
    const { emu } = await withCandidates(box, 30);
    const env = envFor(box, emu, emu.apiUrl);
    const state = join(box.root, 'events.state');
    const argv = [
      'events',
      'list',
      '--since',
      '1h',
      '--all',
      '-o',
      'ndjson',
      '--fields',
      'id,type',
      '--resume',
      state,
      '-v',
    ];
    const first = await runCli(argv, { env });
    expect(first.code, first.stderr).toBe(0);
    expect(lines(first.stdout).length).toBeGreaterThanOrEqual(61); // job.created, and two events per application
    const again = await runCli(argv, { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('is complete');
    const other = await runCli(
      argv.map((word) => (word === '1h' ? '2h' : word)),
      { env },
    );
    expect(other.code, other.stderr).toBe(2);
    expect(other.stderr).toContain('filter created_after:');
  });

  it.each([
    [['--resume', 'S'], '--resume continues a long export: add --all (or --limit N).'],
    [['--all', '--page', '2', '--resume', 'S'], '--resume keeps its own place in the list: leave out --page.'],
    [['--all', '--sort', '-created_at', '--resume', 'S'], '--resume exports in the stable order created_at,id'],
    [['--all', '--json', '--resume', 'S'], '--resume writes page by page: use -o ndjson or -o csv'],
  ])('refuses %j before reading anything (exit 2)', async (flags, message) => {
    const box = await sandbox();
    const state = join(box.root, 'S');
    const result = await runCli(['jobs', 'list', ...flags.map((flag) => (flag === 'S' ? state : flag))], {
      env: { ...box.env, HIRE_API_KEY: 'hk_unused_0123456789abcdef' },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(message);
    expect(existsSync(state)).toBe(false);
  });

  it('refuses a state file that is not one, and leaves it as it was', async () => {
    const box = await sandbox();
    const state = join(box.root, 'notes.txt');
    writeFileSync(state, 'my notes\n');
    const result = await runCli(['jobs', 'list', '--all', '-o', 'ndjson', '--resume', state], {
      env: { ...box.env, HIRE_API_KEY: 'hk_unused_0123456789abcdef' },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`--resume: ${state} is not an export state written by hire`);
    expect(readFileSync(state, 'utf8')).toBe('my notes\n');
  });

  it('--limit across runs: the two runs together write exactly N items', async () => {
    const box = await sandbox();
    const { emu } = await withCandidates(box, 500);
    const proxy = await gateProxy(emu, 3);
    const env = envFor(box, emu, proxy.apiUrl);
    const state = join(box.root, 'export.state');
    const argv = ['candidates', 'list', '--limit', '250', '--per-page', '40', '-o', 'ndjson', '--resume', state];
    const first = await interrupted(argv, env, proxy, 80);
    expect(first.code, first.stderr).toBe(130);
    const second = await runCli(argv, { env });
    expect(second.code, second.stderr).toBe(0);
    const expected = await everything(emu, '/candidates');
    expect(idsOf(first.stdout + second.stdout)).toEqual(expected.slice(0, 250).map((candidate) => candidate.id));
  });
});

describe('--resume with stdout appended to a file', () => {
  /** stdout as the shell's `>> FILE` (or `> FILE`) makes it: a file descriptor with those open flags. */
  function fileStdout(path: string, flags: 'a' | 'w' | 'r+') {
    const fd = openSync(path, flags);
    const stream = createWriteStream(path, { fd, autoClose: false });
    return { stream, path, close: () => closeSync(fd) };
  }

  it('a page written but not recorded (a run killed mid-page) is cut from the file before the export goes on', async () => {
    const box = await sandbox();
    const { emu } = await withCandidates(box, 600);
    const proxy = await gateProxy(emu, 4);
    const env = envFor(box, emu, proxy.apiUrl);
    const state = join(box.root, 'export.state');
    const output = join(box.root, 'candidates.ndjson');
    writeFileSync(output, '');
    const argv = ['candidates', 'list', '--all', '-o', 'ndjson', '--resume', state, '-v'];

    const stdout1 = fileStdout(output, 'a');
    const first = await interrupted(argv, env, proxy, 300, stdout1);
    stdout1.close();
    expect(first.code, first.stderr).toBe(130);
    const recorded = JSON.parse(readFileSync(state, 'utf8')) as { output: { bytes: number } };
    expect(recorded.output.bytes).toBe(readFileSync(output).length);
    // What a kill between writing a page and recording it leaves: part of the next page.
    appendFileSync(output, '{"id":"cand_half_a_page",');

    const stdout2 = fileStdout(output, 'a');
    const captured = captureIO({ argv });
    const code = await main(argv, { ...captured.io, stdout: stdout2.stream }, env);
    stdout2.close();
    expect(code, captured.stderr()).toBe(0);
    expect(captured.stderr()).toContain('Removed 25 bytes after the last recorded page');
    const expected = await everything(emu, '/candidates');
    expect(readFileSync(output, 'utf8')).toBe(expected.map((candidate) => `${JSON.stringify(candidate)}\n`).join(''));
  });

  it('refuses to go on into the export file truncated (`>` instead of `>>`) or not opened for appending', async () => {
    const box = await sandbox();
    const { emu } = await withCandidates(box, 300);
    const proxy = await gateProxy(emu, 2);
    const env = envFor(box, emu, proxy.apiUrl);
    const state = join(box.root, 'export.state');
    const output = join(box.root, 'candidates.ndjson');
    writeFileSync(output, '');
    const argv = ['candidates', 'list', '--all', '-o', 'ndjson', '--resume', state];
    const stdout1 = fileStdout(output, 'a');
    const first = await interrupted(argv, env, proxy, 100, stdout1);
    stdout1.close();
    expect(first.code, first.stderr).toBe(130);
    const firstRun = readFileSync(output, 'utf8');

    for (const [flags, message] of [
      ['r+', 'not opened for appending'],
      ['w', 'fewer than the'],
    ] as const) {
      const stdout = fileStdout(output, flags);
      const captured = captureIO({ argv });
      const code = await main(argv, { ...captured.io, stdout: stdout.stream }, env);
      stdout.close();
      expect(code, captured.stderr()).toBe(2);
      expect(captured.stderr()).toContain(message);
      if (flags === 'r+') expect(readFileSync(output, 'utf8')).toBe(firstRun);
    }
  });
});
