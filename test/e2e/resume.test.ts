// Resumable exports with the built binary, stdout appended to a file as `>> FILE` makes it (issue
// 18's proof): an export of 3,000 candidates killed mid-way (SIGKILL, and Ctrl-C's SIGINT) and run
// again gives every candidate exactly once in the file, ndjson and csv. "Mid-way" is a place: a
// proxy holds pages from the 11th on, and the process is stopped once the file has 10 pages.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, waitExit, waitFor, type Exit, type Spawned } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { beforeSandboxRemoval, sandbox, type Sandbox } from '../helpers/env.js';
import { gateProxy } from '../helpers/gate-proxy.js';

type Obj = Record<string, unknown>;

/** `hire ARGS >> output` (or `> output`: flags 'w'), stderr collected. */
function hireAppending(
  box: Sandbox,
  args: string[],
  env: Record<string, string>,
  output: string,
  flags: 'a' | 'w' = 'a',
): Spawned {
  const fd = openSync(output, flags);
  const child = spawn(process.execPath, ['bin/hire.js', ...args], {
    cwd: ROOT,
    env: { ...box.env, ...env },
    stdio: ['ignore', fd, 'pipe'],
  });
  closeSync(fd);
  beforeSandboxRemoval(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  let exit: Exit | undefined;
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve((exit = { code, signal })));
  });
  return {
    child,
    exited,
    get stdout() {
      return readFileSync(output, 'utf8');
    },
    get stderr() {
      return stderr;
    },
    get exit() {
      return exit;
    },
  };
}

async function candidates(emu: TestEmulator, count: number): Promise<Obj[]> {
  const job = await emu.call('POST', '/jobs', { body: { title: 'Busy', description: DESCRIPTION, publish: true } });
  expect(job.status).toBe(201);
  const simulated = await fetch(`${emu.origin}/_emulator/simulate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ job_id: job.json.data.id, applications: count }),
  });
  expect(simulated.status).toBe(201);
  const all: Obj[] = [];
  for (let page = 1; all.length < count; page++) {
    const answer = await emu.call('GET', `/candidates?sort=created_at,id&per_page=100&page=${page}`);
    all.push(...(answer.json.data as Obj[]));
  }
  return all;
}

const lineCount = (text: string) => text.split('\n').length - 1;

describe('hire … --all --resume STATE >> FILE, stopped and run again', () => {
  it.each([
    ['SIGKILL', 'ndjson'],
    ['SIGINT', 'csv'],
  ] as const)('%s mid-way, -o %s: every candidate exactly once in the file', async (signal, format) => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const expected = await candidates(emu, 3000);
    const proxy = await gateProxy(emu.apiUrl, 11);
    const env = { HIRE_BASE_URL: proxy.apiUrl, HIRE_API_KEY: emu.key };
    const state = join(box.root, 'export.state');
    const output = join(box.root, `candidates.${format}`);
    writeFileSync(output, '');
    const args = ['candidates', 'list', '--all', '-o', format, '--fields', 'id,name,status', '--resume', state];
    const lines = format === 'csv' ? 1001 : 1000; // 10 pages (and the header)

    const first = hireAppending(box, args, env, output);
    await waitFor(first, `10 pages in ${output}`, () => lineCount(first.stdout) >= lines && proxy.held > 0);
    first.child.kill(signal);
    const stopped = await waitExit(first, 'the first run');
    if (signal === 'SIGKILL') expect(stopped.signal).toBe('SIGKILL');
    else {
      expect(stopped.code, first.stderr).toBe(130);
      expect(first.stderr).toContain('Interrupted: 1000 of 3000 candidates written.');
    }
    proxy.open();

    const second = hireAppending(box, args, env, output);
    const done = await waitExit(second, 'the resumed run');
    expect(done.code, second.stderr).toBe(0);
    // -o ndjson is machine output: on success nothing on stderr but the warnings document (docs/output.md
    // "Warnings"): after a SIGKILL, that the lock left behind was taken over; a CSV export says it is complete.
    if (format === 'ndjson') {
      const warnings = signal === 'SIGKILL' ? [expect.objectContaining({ code: 'export_resume' })] : undefined;
      expect(
        second.stderr === '' ? undefined : (JSON.parse(second.stderr) as { warnings: unknown[] }).warnings,
      ).toEqual(warnings);
    } else expect(second.stderr).toContain('Export complete: 3000 candidates written in all');

    const text = readFileSync(output, 'utf8');
    if (format === 'ndjson') {
      expect(text).toBe(
        expected
          .map(
            (candidate) => `${JSON.stringify({ id: candidate.id, name: candidate.name, status: candidate.status })}\n`,
          )
          .join(''),
      );
    } else {
      expect(text).toBe(
        [
          'id,name,status',
          ...expected.map(
            (candidate) => `${String(candidate.id)},${String(candidate.name)},${String(candidate.status)}`,
          ),
        ]
          .map((line) => `${line}\r\n`)
          .join(''),
      );
    }

    const again = hireAppending(box, args, env, output);
    expect((await waitExit(again, 'a run after the end')).code, again.stderr).toBe(0);
    if (format === 'ndjson') expect(again.stderr).toBe('');
    else expect(again.stderr).toContain('is complete (3000 candidates): nothing more to write.');
    expect(readFileSync(output, 'utf8')).toBe(text);

    // The same command with `>` once the export is complete: the shell has emptied the file, and
    // the run says so with exit 2 (as it would mid-way), not "nothing more to write" with exit 0.
    const stateBefore = readFileSync(state, 'utf8');
    const truncating = hireAppending(box, args, env, output, 'w');
    expect((await waitExit(truncating, 'a run after the end, with >')).code, truncating.stderr).toBe(2);
    expect(truncating.stderr).toContain(`the export in ${state} is complete, but stdout is not the file it wrote`);
    expect(truncating.stderr).not.toContain('nothing more to write');
    expect(readFileSync(state, 'utf8')).toBe(stateBefore);
  });
});
