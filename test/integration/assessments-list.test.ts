// `hire assessments list` through main() against the in-process emulator, and the emulator's
// assumed GET /assessments (the spec's list envelope and parameters, filter job_id) over HTTP.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli, type RunResult } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

type Rec = Record<string, any>;

async function cli(box: Sandbox, argv: string[], options: { tty?: boolean } = {}): Promise<RunResult> {
  return runCli(argv, { env: box.env, ...(options.tty !== undefined ? { tty: options.tty, columns: 80 } : {}) });
}

async function ok<T = Rec>(box: Sandbox, argv: string[]): Promise<T> {
  const result = await cli(box, [...argv, '--json']);
  if (result.code !== 0) throw new Error(`hire ${argv.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return json<T>(result);
}

/** Two jobs (each made with its assessment), two more assessments for the first, one from a title: five. */
async function world(): Promise<{ box: Sandbox; jobA: Rec; jobB: Rec; newestFirst: string[] }> {
  const box = await sandbox();
  const jobA = await ok(box, ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION]);
  const jobB = await ok(box, ['jobs', 'create', '--title', 'Data Engineer', '--description', DESCRIPTION]);
  const second = await ok(box, ['assessments', 'create', '--job', jobA.id, '--question-count', '5']);
  const third = await ok(box, ['assessments', 'create', '--job', jobA.id, '--question-count', '20']);
  const titled = await ok(box, ['assessments', 'create', '--data', '{"title":"SRE"}', '--question-count', '7']);
  return { box, jobA, jobB, newestFirst: [titled.id, third.id, second.id, jobB.assessment_id, jobA.assessment_id] };
}

const ids = (items: Rec[]) => items.map((item) => item.id);

describe('assessments list', () => {
  it("--json lists every assessment newest first, whole records; --job keeps one job's", async () => {
    const { box, jobA, jobB, newestFirst } = await world();
    const all = await ok<Rec[]>(box, ['assessments', 'list']);
    expect(ids(all)).toEqual(newestFirst);
    expect(all[0]).toMatchObject({ job_id: null, question_count: 7, status: 'ready' });
    expect(all[0]!.questions).toHaveLength(7);
    expect(await ok(box, ['assessments', 'get', all[1]!.id])).toEqual(all[1]);

    const forA = await ok<Rec[]>(box, ['assessments', 'list', '--job', jobA.id]);
    expect(ids(forA)).toEqual([newestFirst[1], newestFirst[2], jobA.assessment_id]);
    expect(new Set(forA.map((item) => item.job_id))).toEqual(new Set([jobA.id]));
    expect(ids(await ok<Rec[]>(box, ['assessments', 'list', '--job', jobB.id]))).toEqual([jobB.assessment_id]);
    // The standard flags: --sort and --filter on any field, --fields picking keys.
    const sorted = await ok<Rec[]>(box, [
      'assessments',
      'list',
      '--sort=-question_count',
      '--fields',
      'id,question_count',
    ]);
    expect(sorted.map((item) => item.question_count)).toEqual([20, 10, 10, 7, 5]);
    expect(Object.keys(sorted[0]!)).toEqual(['id', 'question_count']);
    expect(ids(await ok<Rec[]>(box, ['assessments', 'list', '--filter', 'question_count=5']))).toEqual([
      newestFirst[2],
    ]);
  });

  it('pages: --page/--per-page one page, --all every page, --limit stops early', async () => {
    const { box, newestFirst } = await world();
    expect(ids(await ok<Rec[]>(box, ['assessments', 'list', '--per-page', '2']))).toEqual(newestFirst.slice(0, 2));
    expect(ids(await ok<Rec[]>(box, ['assessments', 'list', '--per-page', '2', '--page', '2']))).toEqual(
      newestFirst.slice(2, 4),
    );
    expect(ids(await ok<Rec[]>(box, ['assessments', 'list', '--per-page', '2', '--page', '3']))).toEqual(
      newestFirst.slice(4),
    );
    expect(ids(await ok<Rec[]>(box, ['assessments', 'list', '--per-page', '2', '--all']))).toEqual(newestFirst);
    expect(ids(await ok<Rec[]>(box, ['assessments', 'list', '--per-page', '2', '--limit', '3']))).toEqual(
      newestFirst.slice(0, 3),
    );
    const ndjson = await cli(box, ['assessments', 'list', '--all', '--per-page', '2', '-o', 'ndjson']);
    expect(
      ndjson.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(newestFirst);

    // At a terminal: the rows fit 80 columns, and the next step is named.
    const drawn = await cli(box, ['assessments', 'list', '--per-page', '2', '--no-color'], { tty: true });
    expect(drawn.code).toBe(0);
    expect(drawn.stdout).toMatch(/│ ID\s+│ JOB\s+│ STATUS\s+│ QUESTIONS\s+│/);
    for (const line of drawn.stdout.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(drawn.stderr).toContain('Page 1 of 3 (5 assessments). Next: --page 2, or --all.');
  });

  it('piped: one tab-separated row per assessment, no header; an empty list prints nothing', async () => {
    const { box, jobA, newestFirst } = await world();
    const piped = await cli(box, ['assessments', 'list', '--job', jobA.id]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(
      [
        `${newestFirst[1]}\t${jobA.id}\tready\t20`,
        `${newestFirst[2]}\t${jobA.id}\tready\t5`,
        `${jobA.assessment_id}\t${jobA.id}\tready\t10`,
      ].join('\n') + '\n',
    );
    const empty = await sandbox();
    const none = await cli(empty, ['assessments', 'list'], { tty: true });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No assessments found.');
  });

  it('an unknown job is exit 4; bad flags are exit 2 naming the flag, before any request', async () => {
    const { box } = await world();
    const unknown = await cli(box, ['assessments', 'list', '--job', 'job_missing']);
    expect(unknown.code).toBe(4);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('No job with id job_missing. (not_found, HTTP 404)');
    const cases: [string[], string][] = [
      [['--per-page', '0'], '--per-page'],
      [['--page', 'two'], '--page'],
      [['--limit', '-1'], '--limit'],
      [['--job'], '--job'],
      [['--status', 'ready'], '--status'],
      [['--filter', 'question_count'], '--filter takes key=value'],
    ];
    for (const [flags, named] of cases) {
      const result = await cli(box, ['assessments', 'list', ...flags]);
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stderr, flags.join(' ')).toContain(named);
      expect(result.stdout).toBe('');
    }
    // The server's checks: 400 validation_error is exit 2 as well, naming the parameter.
    const sort = await cli(box, ['assessments', 'list', '--sort', 'difficulty']);
    expect(sort.code).toBe(2);
    expect(sort.stderr).toContain('cannot sort by difficulty');
    // --per-page past the API's 100 is refused before sending (its declared max), naming the flag.
    const perPage = await cli(box, ['assessments', 'list', '--per-page', '101']);
    expect(perPage.code).toBe(2);
    expect(perPage.stderr).toContain('--per-page must be a whole number from 1 to 100 (got "101")');
  });
});

describe('GET /assessments (emulator)', () => {
  it('answers the list envelope with page meta, filters by job_id, and 404s a job_id naming no job', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const job = await emulator.call('POST', '/jobs', { body: { title: 'Backend Engineer', description: DESCRIPTION } });
    await emulator.call('POST', '/assessments', { body: { job_id: job.json.data.id } });
    await emulator.call('POST', '/assessments', { body: { title: 'SRE' } });
    const page = await emulator.call('GET', '/assessments?per_page=2&page=1');
    expect(page.status).toBe(200);
    expect(page.json.meta).toMatchObject({ current_page: 1, per_page: 2, total_pages: 2, total_count: 3 });
    expect(page.json.meta.request_id).toEqual(expect.any(String));
    expect(page.json.data).toHaveLength(2);
    const forJob = await emulator.call('GET', `/assessments?job_id=${job.json.data.id}`);
    expect(forJob.json.data.map((item: Rec) => item.job_id)).toEqual([job.json.data.id, job.json.data.id]);
    expect(forJob.json.meta.total_count).toBe(2);
    const missing = await emulator.call('GET', '/assessments?job_id=job_missing');
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('not_found');
    const bad = await emulator.call('GET', '/assessments?per_page=500');
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.per_page).toContain('from 1 to 100');
  });
});
