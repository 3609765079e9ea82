// Next steps after the commands a person runs on the way to the first candidates (docs/output.md
// "Next steps"): `jobs publish` (where candidates apply, and on the emulator `emulator simulate`),
// `emulator simulate`, `emulator keys create` (`auth login --with-key`), `candidates get`,
// `webhooks add` and `jobs import`. Worded by the one builder, so they carry `--profile NAME` on a
// profile that is not the default; shown at a terminal only, never under --json or -q, nor piped.
// Through main() against the in-process emulator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { shellWords } from '../helpers/shell-words.js';

type Rec = Record<string, any>;

async function ok<T = Rec>(box: Sandbox, argv: string[]): Promise<T> {
  const result = await runCli([...argv, '--json'], { env: box.env });
  if (result.code !== 0) throw new Error(`hire ${argv.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return json<T>(result);
}

/** At a terminal of `columns`; fails with the output unless it exits 0. */
async function atTerminal(box: Sandbox, argv: string[], columns = 120): Promise<RunResult> {
  const result = await runCli(argv, { env: box.env, tty: true, columns });
  expect(result.code, `hire ${argv.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

/** The commands under `Next steps:` on stderr, each as the words a shell reads from its line(s). */
function nextSteps(stderr: string): string[][] {
  const after = stderr.split('Next steps:\n')[1];
  if (after === undefined) return [];
  const lines = after.split('\n');
  const steps: string[][] = [];
  for (let index = 0; index < lines.length && lines[index]!.startsWith('  hire '); index++) {
    let text = lines[index]!;
    while (text.endsWith(' \\')) text += `\n${lines[++index]!}`;
    steps.push(shellWords(text));
  }
  return steps;
}

/** A draft job, on the given profile (`-p`) or the default one. */
async function draft(box: Sandbox, profile: string[] = []): Promise<Rec> {
  return ok(box, ['jobs', 'create', ...profile, '--title', 'Backend Engineer', '--description', DESCRIPTION]);
}

describe('next steps at a terminal', () => {
  it('jobs publish: where candidates apply, `emulator simulate` on the emulator, and the candidates', async () => {
    const box = await sandbox();
    const job = await draft(box);
    const { stderr } = await atTerminal(box, ['jobs', 'publish', job.id]);
    const published = await ok(box, ['jobs', 'get', job.id]);
    expect(stderr).toContain(`Candidates apply at ${published.application_url}`);
    expect(nextSteps(stderr)).toEqual([
      ['hire', 'emulator', 'simulate', '--job', job.id, '--applications', '10'],
      ['hire', 'candidates', 'list', '--job', job.id],
    ]);
  });

  it('on a profile that is not the default, every step names it', async () => {
    const box = await sandbox();
    const job = await draft(box, ['-p', 'local-sandbox']);
    const { stderr } = await atTerminal(box, ['jobs', 'publish', job.id, '-p', 'local-sandbox']);
    const steps = nextSteps(stderr);
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step.slice(-2)).toEqual(['--profile', 'local-sandbox']);
  });

  it('emulator simulate: the candidates and the funnel of the job', async () => {
    const box = await sandbox();
    const job = await draft(box);
    await ok(box, ['jobs', 'publish', job.id]);
    const { stdout, stderr } = await atTerminal(box, ['emulator', 'simulate', '--job', job.id, '--applications', '3']);
    expect(stdout).toContain(`3 candidates applied to ${job.id}`);
    expect(nextSteps(stderr)).toEqual([
      ['hire', 'candidates', 'list', '--job', job.id],
      ['hire', 'analytics', '--job', job.id],
    ]);
  });

  it("emulator keys create: how to store the key in a profile of its own, at the emulator's address", async () => {
    const box = await sandbox();
    const { stderr } = await atTerminal(box, ['emulator', 'keys', 'create', '--level', 'read', '-p', 'local-sandbox']);
    expect(stderr).toContain('Save the key now: it is shown only this once.');
    // Not the profile in use: its admin key, which the emulator commands need, would be replaced.
    expect(nextSteps(stderr)).toEqual([
      [
        'hire',
        'auth',
        'login',
        '--profile',
        'local-sandbox-read',
        '--base-url',
        expect.stringMatching(/\/sandbox\/api\/v1$/),
      ],
    ]);
    const named = await atTerminal(box, ['emulator', 'keys', 'create', '--name', 'my dashboards']);
    expect(nextSteps(named.stderr)[0]?.slice(0, 5)).toEqual([
      'hire',
      'auth',
      'login',
      '--profile',
      'local-my-dashboards',
    ]);
  });

  it('candidates get: the moves open from its status, and the other candidates of its job', async () => {
    const box = await sandbox();
    const job = await draft(box);
    await ok(box, ['jobs', 'publish', job.id]);
    await ok(box, ['emulator', 'simulate', '--job', job.id, '--applications', '1', '--seed', '4']);
    const [candidate] = await ok<Rec[]>(box, ['candidates', 'list', '--status', 'new']);
    const { stderr } = await atTerminal(box, ['candidates', 'get', candidate!.id]);
    expect(nextSteps(stderr)).toEqual([
      ['hire', 'candidates', 'move', candidate!.id, '--status', 'screening'],
      ['hire', 'candidates', 'move', candidate!.id, '--status', 'rejected'],
      ['hire', 'candidates', 'list', '--job', job.id],
    ]);
  });

  it('webhooks add: its deliveries and the events', async () => {
    const box = await sandbox();
    const { stdout, stderr } = await atTerminal(box, [
      'webhooks',
      'add',
      '--url',
      'https://example.com/hooks',
      '--event',
      'application.received',
    ]);
    const id = /wh_[A-Za-z0-9]+/.exec(stdout)![0];
    expect(nextSteps(stderr)).toEqual([
      ['hire', 'webhooks', 'deliveries', id],
      ['hire', 'events', 'list'],
    ]);
  });

  it('jobs import: the jobs, and the first one made', async () => {
    const box = await sandbox();
    const file = join(box.root, 'jobs.csv');
    writeFileSync(file, `title,description\nFirst Imported,"${DESCRIPTION}"\nSecond Imported,"${DESCRIPTION}"\n`);
    const { stderr } = await atTerminal(box, ['jobs', 'import', file]);
    const jobs = await ok<Rec[]>(box, ['jobs', 'list']);
    const first = jobs.find((job) => job.title === 'First Imported')!;
    expect(nextSteps(stderr)).toEqual([
      ['hire', 'jobs', 'list'],
      ['hire', 'jobs', 'get', first.id],
    ]);
  });
});

describe('next steps are for people only', () => {
  it('not under --json, -q, or with stderr not a terminal; stdout is the same data', async () => {
    const box = await sandbox();
    const job = await draft(box);
    const published = await runCli(['jobs', 'publish', job.id, '--json'], { env: box.env, tty: true });
    expect(published.code).toBe(0);
    expect(JSON.parse(published.stdout).id).toBe(job.id);
    expect(published.stdout + published.stderr).not.toContain('Next steps');
    const quiet = await runCli(['emulator', 'simulate', '--job', job.id, '--applications', '1', '-q'], {
      env: box.env,
      tty: true,
    });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain('Next steps');
    const piped = await runCli(['emulator', 'keys', 'create'], { env: box.env });
    expect(piped.code).toBe(0);
    expect(piped.stderr).not.toContain('Next steps');
    expect(piped.stderr).toContain('Save the key now: it is shown only this once.');
  });
});

describe('a narrow terminal', () => {
  it('lays a step wider than the terminal out on lines continued with ` \\`, each within the width', async () => {
    const box = await sandbox();
    const job = await draft(box, ['-p', 'local-sandbox']);
    const { stderr } = await atTerminal(box, ['jobs', 'publish', job.id, '-p', 'local-sandbox'], 40);
    const steps = nextSteps(stderr);
    expect(steps[0]).toEqual([
      'hire',
      'emulator',
      'simulate',
      '--job',
      job.id,
      '--applications',
      '10',
      '--profile',
      'local-sandbox',
    ]);
    const stepLines = stderr
      .split('Next steps:\n')[1]!
      .split('\n')
      .filter((line) => line.startsWith('  '));
    expect(stepLines.some((line) => line.endsWith(' \\'))).toBe(true);
    for (const line of stepLines) expect(line.length, line).toBeLessThanOrEqual(40);
  });
});

describe('emulator profiles get emulator hints, not a dashboard', () => {
  it('a sandbox key given to the production emulator profile at auth login points to `hire emulator keys`', async () => {
    const box = await sandbox();
    const made = await ok(box, ['emulator', 'keys', 'create', '--level', 'read', '-p', 'local-sandbox']);
    const result = await runCli(['auth', 'login', '--profile', 'local', '--with-key'], {
      env: box.env,
      stdin: `${made.key}\n`,
    });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).not.toContain('dashboard');
    expect(result.stderr).toContain('`hire emulator keys list --profile local`');
    expect(result.stderr).toContain('`hire emulator keys create --profile local`');
  });

  it('a stored emulator key that cannot be sent is to be stored again as `emulator keys create` printed it', async () => {
    const { checkKeySendable } = await import('../../src/api/api-key.js');
    expect(() => checkKeySendable('hk_test_a\nb', { profile: 'local', emulator: true })).toThrow(
      expect.objectContaining({ hint: expect.stringContaining('as `hire emulator keys create` printed it') }),
    );
    expect(() => checkKeySendable('hk_a\nb', { profile: 'prod' })).toThrow(
      expect.objectContaining({ hint: expect.stringContaining('as the dashboard shows it') }),
    );
  });
});
