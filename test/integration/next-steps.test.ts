// A refused move says what would work (issue 19): the statuses a candidate may move to from where
// it is, the verb that moves a job from its status; `analytics -o csv` has a CSV form. Through
// main() against the in-process emulator.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { candidateMovesFrom } from '../../src/domain/candidate.js';

type Rec = Record<string, any>;

const cli = (box: Sandbox, argv: string[]): Promise<RunResult> => runCli(argv, { env: box.env });

async function ok<T = Rec>(box: Sandbox, argv: string[]): Promise<T> {
  const result = await cli(box, [...argv, '--json']);
  if (result.code !== 0) throw new Error(`hire ${argv.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return json<T>(result);
}

async function job(box: Sandbox, extra: string[] = []): Promise<Rec> {
  return ok(box, ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION, ...extra]);
}

describe('a refused candidate move names the moves that are allowed', () => {
  it('from each status: the step toward the status asked, as a command', async () => {
    const box = await sandbox();
    const posted = await job(box, ['--publish']);
    await ok(box, ['emulator', 'simulate', '--job', posted.id, '--applications', '40', '--seed', '7', '--advance']);
    const everyone = await ok<Rec[]>(box, ['candidates', 'list', '--all']);
    const seen = new Set<string>();
    const pipeline = ['new', 'screening', 'review', 'interview', 'offer', 'hired'];
    for (const candidate of everyone) {
      if (seen.has(candidate.status)) continue;
      seen.add(candidate.status);
      // A jump of two steps (or any move out of a final status) is refused.
      const target = candidate.status === 'new' ? 'review' : 'new';
      if (candidate.status === 'screening') continue; // one step back from screening is allowed
      const result = await cli(box, ['candidates', 'move', candidate.id, '--status', target]);
      expect(result.code, result.stderr).toBe(1);
      const moves = candidateMovesFrom(candidate.status);
      if (moves.length === 0) {
        expect(result.stderr).toContain(`${candidate.status} is final: the candidate cannot move any more.`);
      } else {
        // Toward the status asked: forward to review from new, back toward new from the others.
        const at = pipeline.indexOf(candidate.status);
        const next = target === 'review' ? pipeline[at + 1] : pipeline[at - 1];
        expect(result.stderr).toContain(`\`hire candidates move ${candidate.id} --status ${next}\` first.`);
        expect(result.stderr).toContain(`From ${candidate.status}, ${target} is `);
      }
    }
    // Both kinds were tried: a status with moves left and a final one.
    expect(
      [...seen].some((status) => candidateMovesFrom(status as never).length > 0),
      [...seen].join(),
    ).toBe(true);
    expect(
      [...seen].some((status) => candidateMovesFrom(status as never).length === 0),
      [...seen].join(),
    ).toBe(true);
  });

  it('the allowed moves follow docs/api-choices.md §3', () => {
    expect(candidateMovesFrom('new')).toEqual(['screening', 'rejected']);
    expect(candidateMovesFrom('review')).toEqual(['screening', 'interview', 'rejected']);
    expect(candidateMovesFrom('offer')).toEqual(['interview', 'hired', 'rejected']);
    expect(candidateMovesFrom('hired')).toEqual([]);
    expect(candidateMovesFrom('rejected')).toEqual([]);
  });

  it('--json keeps the error envelope and the exit code', async () => {
    const box = await sandbox();
    const posted = await job(box, ['--publish']);
    await ok(box, ['emulator', 'simulate', '--job', posted.id, '--applications', '3', '--seed', '3']);
    const [first] = await ok<Rec[]>(box, ['candidates', 'list', '--status', 'new']);
    const result = await cli(box, ['candidates', 'move', first!.id, '--status', 'offer', '--json']);
    expect(result.code).toBe(1);
    // After the "Using the local emulator" line, the error envelope.
    expect(JSON.parse(result.stderr.slice(result.stderr.indexOf('{'))).error.code).toBe('conflict');
  });
});

describe('a refused job verb names the right one', () => {
  it('pausing a draft says to publish it', async () => {
    const box = await sandbox();
    const draft = await job(box);
    const result = await cli(box, ['jobs', 'pause', draft.id]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Job ${draft.id} is draft; it cannot become paused.`);
    expect(result.stderr).toContain(
      `A draft is not live yet: publish it first with \`hire jobs publish ${draft.id}\`; pause works on active jobs.`,
    );
  });

  it('at a narrow terminal the error and its hint wrap between words, a `command` kept whole', async () => {
    const box = await sandbox();
    const draft = await job(box);
    const result = await runCli(['jobs', 'pause', draft.id, '--no-color', '-q'], {
      env: box.env,
      tty: true,
      columns: 60,
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    for (const line of lines) expect([...line].length, result.stderr).toBeLessThanOrEqual(60);
    expect(lines[0]).toMatch(/^Error: Job job_\w+ is draft; it cannot$/);
    expect(result.stderr).toContain(`\`hire jobs publish ${draft.id}\``);
    // The same words as on one line: only line breaks were added, between words.
    expect(result.stderr.replace(/\n/g, ' ')).toContain('A draft is not live yet: publish it first with');
  });

  it('pausing a closed job says reopen', async () => {
    const box = await sandbox();
    const closed = await job(box);
    await ok(box, ['jobs', 'close', closed.id]);
    const result = await cli(box, ['jobs', 'pause', closed.id]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Job ${closed.id} is closed; pause works on active jobs. \`hire jobs reopen ${closed.id}\` is the move from closed.`,
    );
  });
});

describe('analytics -o csv', () => {
  it('one metric,value row per number, the funnel by stage', async () => {
    const box = await sandbox();
    const posted = await job(box, ['--publish']);
    await ok(box, ['emulator', 'simulate', '--job', posted.id, '--applications', '12', '--seed', '5', '--advance']);
    const data = await ok<Rec>(box, ['analytics']);
    const result = await cli(box, ['analytics', '-o', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout.split('\r\n');
    expect(rows.at(-1)).toBe('');
    const table = new Map(rows.slice(1, -1).map((row) => row.split(',') as [string, string]));
    expect(rows[0]).toBe('metric,value');
    expect(table.get('jobs.total')).toBe(String(data.jobs.total));
    expect(table.get('candidates.total')).toBe('12');
    expect(table.get('candidates.by_status.review')).toBe(String(data.candidates.by_status.review));
    for (const step of data.funnel) expect(table.get(`funnel.${step.status}`)).toBe(String(step.count));
    expect([...table.keys()].some((key) => key.startsWith('filters'))).toBe(false);
  });
});

describe('FORCE_COLOR when piped', () => {
  it('colours statuses in piped rows and records as at a terminal; without it, no colour', async () => {
    const box = await sandbox();
    const posted = await job(box, ['--publish']);
    const draft = await job(box);
    const coloured = await runCli(['jobs', 'list'], { env: { ...box.env, FORCE_COLOR: '1' } });
    expect(coloured.code).toBe(0);
    const rows = coloured.stdout.trim().split('\n');
    // Still the piped form: tab-separated, no borders; only the status cell is painted.
    expect(rows.find((row) => row.startsWith(posted.id))).toContain('\t\u001b[32mactive\u001b[39m\t');
    expect(rows.find((row) => row.startsWith(draft.id))).toContain('\t\u001b[2mdraft\u001b[22m\t');
    expect(coloured.stdout).not.toContain('│');
    const record = await runCli(['jobs', 'get', posted.id], { env: { ...box.env, FORCE_COLOR: '1' } });
    expect(record.stdout).toContain('status\t\u001b[32mactive\u001b[39m\n');

    for (const env of [{}, { FORCE_COLOR: '1', NO_COLOR: '1' }, { FORCE_COLOR: '0' }] as Record<string, string>[]) {
      const plain = await runCli(['jobs', 'list'], { env: { ...box.env, ...env } });
      expect(plain.stdout, JSON.stringify(env)).not.toContain('\u001b[');
    }
    const noColour = await runCli(['jobs', 'list', '--no-color'], { env: { ...box.env, FORCE_COLOR: '1' } });
    expect(noColour.stdout).not.toContain('\u001b[');
  });
});
