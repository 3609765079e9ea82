// The pictures at a terminal (docs/output.md "Charts"): `hire analytics`' funnel bars and score
// histogram, and `hire status`'s applications per day, against a standing emulator whose request
// log shows which requests they cost. Piped and --json output are proved unchanged by the tests of
// those commands (cli-commands.test.ts, status.test.ts).
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { dayStarts } from '../../src/services/applications-per-day.js';
import { sparkline } from '../../src/output/charts.js';
import { displayWidth } from '../../src/output/cells.js';

type Rec = Record<string, any>;

const ANSI = /\u001b\[[0-9;]*m/g;
const plain = (text: string) => text.replace(ANSI, '');
const DAY_MS = 86_400_000;

interface World {
  box: Sandbox;
  emulator: TestEmulator;
  env: Record<string, string>;
  /** Moves the emulator's clock (applications made then are dated then). */
  setOffset(ms: number): void;
}

async function world(): Promise<World> {
  const box = await sandbox();
  let offset = 0;
  const emulator = await testEmulator(box.dataDir, { now: () => new Date(Date.now() + offset) });
  return {
    box,
    emulator,
    env: { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key },
    setOffset: (ms) => (offset = ms),
  };
}

const cli = (w: World, argv: string[], options: { tty?: boolean; columns?: number; env?: Rec } = {}) =>
  runCli(argv, { ...options, env: { ...w.env, ...options.env } });

async function ok<T = Rec>(w: World, argv: string[]): Promise<T> {
  const result = await cli(w, [...argv, '--json']);
  if (result.code !== 0) throw new Error(`hire ${argv.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return json<T>(result);
}

const publish = (w: World, title: string): Promise<Rec> =>
  ok(w, ['jobs', 'create', '--title', title, '--description', DESCRIPTION, '--publish']);

const simulate = (w: World, job: string, applications: number, seed: number, extra = ['--advance']) =>
  ok(w, [
    'emulator',
    'simulate',
    '--job',
    job,
    '--applications',
    String(applications),
    '--seed',
    String(seed),
    ...extra,
  ]);

/** The API requests the emulator answered after `after` (method and path), and where its log ends. */
async function requestLog(w: World, after = 0): Promise<{ made: string[]; last: number }> {
  const answer = await fetch(`${w.emulator.origin}/_emulator/requests?after=${after}`, {
    headers: { authorization: `Bearer ${w.emulator.key}` },
  });
  const { data, meta } = (await answer.json()) as { data: Rec[]; meta: { last: number } };
  return { made: data.map((entry) => `${entry.method} ${String(entry.path)}`), last: meta.last };
}

/** The rows under a heading, up to the next blank line. */
function section(stdout: string, heading: RegExp): string[] {
  const lines = plain(stdout).split('\n');
  const start = lines.findIndex((line) => heading.test(line));
  expect(start, stdout).toBeGreaterThanOrEqual(0);
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** A bar row read back: its label, how many eighths its bar shows, and the words after it. */
function readRow(row: string): { label: string; eighths: number; after: string[] } {
  const match = /^ {2}(\S+) +([▏▎▍▌▋▊▉█]*) *(.*)$/.exec(row);
  expect(match, row).not.toBeNull();
  const eighths = [...match![2]!].reduce((sum, char) => sum + (char === '█' ? 8 : '▏▎▍▌▋▊▉'.indexOf(char) + 1), 0);
  return { label: match![1]!, eighths, after: match![3]!.trim().split(/\s+/) };
}

function expectFits(result: RunResult, width: number): void {
  for (const line of plain(result.stdout).split('\n'))
    expect(displayWidth(line), `${line}\n\n${result.stdout}`).toBeLessThanOrEqual(width);
}

const PIPELINE = ['new', 'screening', 'review', 'interview', 'offer', 'hired'];

describe('hire analytics at a terminal', () => {
  it('draws the funnel as bars with counts and shares, and the scores in ten bands (one page of scores)', async () => {
    const w = await world();
    const job = await publish(w, 'Backend Engineer');
    await simulate(w, job.id, 60, 5);
    const everyone = await ok<Rec[]>(w, ['candidates', 'list', '--job', job.id, '--all']);
    const scores = everyone.map((item) => item.score).filter((score): score is number => score !== null);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores.length).toBeLessThanOrEqual(100);
    const { last } = await requestLog(w);

    for (const columns of [80, 60]) {
      const result = await cli(w, ['analytics', '--job', job.id], { tty: true, columns });
      expect(result.code, result.stderr).toBe(0);
      expectFits(result, columns);
      const funnel = section(result.stdout, /^Funnel/).map(readRow);
      const reached = PIPELINE.map(
        (_status, index) =>
          everyone.filter((item) => (item.status === 'rejected' ? 0 : PIPELINE.indexOf(item.status)) >= index).length,
      );
      expect(funnel.map((row) => row.label)).toEqual(PIPELINE);
      funnel.forEach((row, index) => {
        expect(row.after[0]).toBe(String(reached[index]));
        if (index > 0) expect(row.after[1]).toBe(`${Math.round((reached[index]! / reached[index - 1]!) * 100)}%`);
      });
      // The first stage is the largest: its bar is full; the others are shorter or as long.
      const full = funnel[0]!.eighths;
      expect(full).toBeGreaterThanOrEqual(8 * 8);
      for (const row of funnel.slice(1)) expect(row.eighths).toBeLessThanOrEqual(full);

      const histogram = section(result.stdout, /^Scores \(\d+ assessed\)/).map(readRow);
      expect(plain(result.stdout)).toContain(`Scores (${scores.length} assessed)`);
      expect(histogram.map((row) => row.label)).toEqual([
        '0–9',
        '10–19',
        '20–29',
        '30–39',
        '40–49',
        '50–59',
        '60–69',
        '70–79',
        '80–89',
        '90–100',
      ]);
      const bands = histogram.map(
        (_, band) => scores.filter((score) => Math.min(9, Math.floor(score / 10)) === band).length,
      );
      expect(histogram.map((row) => Number(row.after[0]))).toEqual(bands);
      histogram.forEach((row, band) =>
        bands[band] === 0 ? expect(row.eighths).toBe(0) : expect(row.eighths).toBeGreaterThan(0),
      );
    }
    // Per run: the analytics and one page of scores.
    const { made } = await requestLog(w, last);
    expect(made.filter((request) => request.includes('/candidates'))).toHaveLength(2);
    expect(made.filter((request) => request.includes('/candidates'))[0]).toMatch(/score_min=0/);
  });

  it('more assessed than a page: the bands are counted by score_min, ten requests whatever the number', async () => {
    const w = await world();
    const job = await publish(w, 'Data Engineer');
    await simulate(w, job.id, 130, 8, ['--complete-assessments']);
    const everyone = await ok<Rec[]>(w, ['candidates', 'list', '--all']);
    const scores = everyone.map((item) => item.score as number);
    const { last } = await requestLog(w);
    const result = await cli(w, ['analytics'], { tty: true, columns: 80 });
    expect(result.code, result.stderr).toBe(0);
    const histogram = section(result.stdout, /^Scores/).map(readRow);
    const bands = histogram.map(
      (_, band) => scores.filter((score) => Math.min(9, Math.floor(score / 10)) === band).length,
    );
    expect(histogram.map((row) => Number(row.after[0]))).toEqual(bands);
    expect(plain(result.stdout)).toContain('Scores (130 assessed)');
    const { made } = await requestLog(w, last);
    const lists = made.filter((request) => request.startsWith('GET /api/v1/candidates'));
    expect(lists).toHaveLength(10);
    expect(lists.filter((request) => /per_page=1(&|$)/.test(request))).toHaveLength(9);
  });

  it('with --from the histogram is not drawn and says why; without colour under NO_COLOR', async () => {
    const w = await world();
    const job = await publish(w, 'Backend Engineer');
    await simulate(w, job.id, 20, 3);
    const result = await cli(w, ['analytics', '--from', '2000-01-01'], {
      tty: true,
      columns: 80,
      env: { NO_COLOR: '1' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(ANSI);
    expect(result.stdout).toMatch(/^Funnel/m);
    expect(result.stdout).toContain('Scores       not drawn with --from or --to (no date filter on candidates)');
    const coloured = await cli(w, ['analytics'], { tty: true, columns: 80 });
    expect(coloured.stdout).toContain('\u001b[36m█');
  });

  it('a terminal too narrow for a bar gets the funnel in words', async () => {
    const w = await world();
    const job = await publish(w, 'Backend Engineer');
    await simulate(w, job.id, 20, 3);
    const result = await cli(w, ['analytics', '--job', job.id], { tty: true, columns: 24 });
    expect(result.code, result.stderr).toBe(0);
    expect(plain(result.stdout)).toMatch(/^ {2}Funnel {7}new \d+/m);
  });
});

describe('hire status at a terminal', () => {
  it('applications per day over 14 days as a sparkline with its scale, from one more request', async () => {
    const w = await world();
    const job = await publish(w, 'Backend Engineer');
    w.setOffset(-3 * DAY_MS);
    await simulate(w, job.id, 5, 1);
    w.setOffset(-20 * DAY_MS);
    await simulate(w, job.id, 4, 2);
    w.setOffset(0);
    await simulate(w, job.id, 7, 3);
    const everyone = await ok<Rec[]>(w, ['candidates', 'list', '--all']);
    const starts = dayStarts(new Date(), 14);
    const counts = starts.slice(0, 14).map(
      (start, day) =>
        everyone.filter((item) => {
          const at = Date.parse(item.applied_at);
          return at >= start.getTime() && at < starts[day + 1]!.getTime();
        }).length,
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12);
    const { last } = await requestLog(w);

    for (const columns of [80, 60]) {
      const result = await cli(w, ['status'], { tty: true, columns });
      expect(result.code, result.stderr).toBe(0);
      const text = plain(result.stdout);
      // The section fits (the suggested command above it is another rule's: docs/output.md).
      for (const line of section(result.stdout, /^Applications/))
        expect(displayWidth(line), text).toBeLessThanOrEqual(columns);
      expect(text).toContain('Applications: 12 in the last 14 days, at most 7 a day');
      expect(text).toContain(`\n  ${sparkline(counts)}\n`);
      expect(sparkline(counts).endsWith('█')).toBe(true);
      const first = starts[0]!.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
      expect(text).toContain(`\n  ${first.padEnd(9)}today\n`);
    }
    const { made } = await requestLog(w, last);
    expect(made.filter((request) => request.startsWith('GET /api/v1/candidates'))).toEqual([
      'GET /api/v1/candidates?sort=-applied_at&fields=applied_at&per_page=100',
      'GET /api/v1/candidates?sort=-applied_at&fields=applied_at&per_page=100',
    ]);
    // Piped, nothing more is asked (status.test.ts: three requests).
    const { last: before } = await requestLog(w);
    expect((await cli(w, ['status'])).code).toBe(0);
    expect((await requestLog(w, before)).made).toHaveLength(3);
  });

  it('more than a page of applications: the days the page does not cover are counted by the analytics', async () => {
    const w = await world();
    const job = await publish(w, 'Backend Engineer');
    w.setOffset(-2 * DAY_MS);
    await simulate(w, job.id, 6, 4, []);
    w.setOffset(0);
    await simulate(w, job.id, 120, 5, []);
    const { last } = await requestLog(w);
    const result = await cli(w, ['status'], { tty: true, columns: 80 });
    expect(result.code, result.stderr).toBe(0);
    const text = plain(result.stdout);
    expect(text).toContain('Applications: 126 in the last 14 days, at most 120 a day');
    const spark = /\n {2}([▁▂▃▄▅▆▇█]{14})\n/.exec(text)?.[1];
    expect(spark?.endsWith('█'), text).toBe(true);
    expect([...spark!].filter((char) => char !== '▁')).toHaveLength(2);
    const { made } = await requestLog(w, last);
    expect(made.filter((request) => request.startsWith('GET /api/v1/candidates'))).toHaveLength(1);
    // The per-job counts, and one a day for the 14 days (today's page is not all of today).
    expect(made.filter((request) => request.startsWith('GET /api/v1/analytics'))).toHaveLength(15);
  });
});
