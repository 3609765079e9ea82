// CSV formula injection (issue 15 item 4; docs/output.md "CSV"): `-o csv`
// prefixes with `'` every text cell that starts with = + - @, TAB or CR, so that a spreadsheet
// opening the file runs no formula; `--csv-raw` writes cells as they are. Numbers from JSON are
// data, not text a sender wrote, and stay as they are. Quoting stays RFC 4180.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { reply, serve } from '../helpers/scripted-server.js';

/** Titles a hostile sender could give, each with what -o csv must write for it. */
const TITLES: [title: string, safe: string, raw: string][] = [
  [`=cmd|' /C calc'!A0`, `'=cmd|' /C calc'!A0`, `=cmd|' /C calc'!A0`],
  ['+SUM(1,2)', `"'+SUM(1,2)"`, '"+SUM(1,2)"'],
  ['-2+3', `'-2+3`, '-2+3'],
  ['@SUM(A1)', `'@SUM(A1)`, '@SUM(A1)'],
  ['\tHYPERLINK', `'\tHYPERLINK`, '\tHYPERLINK'],
  ['\r=1+1', `"'\r=1+1"`, '"\r=1+1"'],
  ['Plain "quoted", safe', '"Plain ""quoted"", safe"', '"Plain ""quoted"", safe"'],
  ['Mid=1+1 is fine', 'Mid=1+1 is fine', 'Mid=1+1 is fine'],
];

async function emulatorWithJobs(): Promise<{
  env: Record<string, string>;
  emulator: TestEmulator;
  ids: Map<string, string>;
}> {
  const box = await sandbox();
  const emulator = await testEmulator(box.dataDir);
  const ids = new Map<string, string>();
  for (const [title] of TITLES) {
    const answer = await emulator.call('POST', '/jobs', { body: { title, description: DESCRIPTION } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    expect(answer.json.data.title).toBe(title);
    ids.set(title, answer.json.data.id as string);
  }
  return { env: { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key }, emulator, ids };
}

/** The CSV rows expected for `--fields id,title`, header first, the rest in sorted order. */
function expected(ids: Map<string, string>, which: 'safe' | 'raw'): string[] {
  return [
    'id,title',
    ...TITLES.map(([title, safe, raw]) => `${ids.get(title)},${which === 'safe' ? safe : raw}`).sort(),
  ];
}

/** CSV text as its rows (each ends with CRLF; a CR inside a quoted cell is not followed by LF here). */
function rows(csv: string): string[] {
  expect(csv.endsWith('\r\n')).toBe(true);
  const [header, ...rest] = csv.slice(0, -2).split('\r\n');
  return [header!, ...rest.sort()];
}

describe('-o csv neutralises formula cells', () => {
  it('lists (every page with --all): each dangerous cell gets a leading quote, the rest stay RFC 4180', async () => {
    const { env, ids } = await emulatorWithJobs();
    // Three pages, streamed one by one: the rule holds on every page, not just the first.
    const result = await runCli(['jobs', 'list', '--all', '--per-page', '3', '--fields', 'id,title', '-o', 'csv'], {
      env,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(rows(result.stdout)).toEqual(expected(ids, 'safe'));
  });

  it('--csv-raw writes every cell exactly as received', async () => {
    const { env, ids } = await emulatorWithJobs();
    const result = await runCli(
      ['jobs', 'list', '--all', '--per-page', '3', '--fields', 'id,title', '-o', 'csv', '--csv-raw'],
      { env },
    );
    expect(result.code).toBe(0);
    expect(rows(result.stdout)).toEqual(expected(ids, 'raw'));
  });

  it('one record (jobs get) too, with and without --csv-raw', async () => {
    const { env, ids } = await emulatorWithJobs();
    const id = ids.get('+SUM(1,2)')!;
    const safe = await runCli(['jobs', 'get', id, '--fields', 'id,title', '-o', 'csv'], { env });
    expect(safe.code).toBe(0);
    expect(safe.stdout).toBe(`id,title\r\n${id},"'+SUM(1,2)"\r\n`);
    const raw = await runCli(['jobs', 'get', id, '--fields', 'id,title', '-o', 'csv', '--csv-raw'], { env });
    expect(raw.stdout).toBe(`id,title\r\n${id},"+SUM(1,2)"\r\n`);
  });

  it('leaves JSON numbers alone (a negative score is data) but prefixes text that looks like one', async () => {
    const candidate = {
      id: 'cand_1',
      name: '-5',
      status: 'new',
      score: -5,
      job_id: 'job_1',
      applied_at: '2026-01-02T03:04:05.000Z',
    };
    const other = {
      id: 'cand_2',
      name: '@home',
      status: 'new',
      score: null,
      job_id: 'job_1',
      applied_at: '2026-01-02T03:04:05.000Z',
      tags: ['=x'],
    };
    const server = await serve(
      reply(200, {
        data: [candidate, other],
        meta: { request_id: 'req_1', current_page: 1, per_page: 20, total_pages: 1, total_count: 2 },
      }),
    );
    const box = await sandbox();
    const env = { ...box.env, HIRE_BASE_URL: server.origin, HIRE_API_KEY: 'hk_test_csvinjection0000000000' };
    const result = await runCli(['candidates', 'list', '--fields', 'name,score,tags', '-o', 'csv'], { env });
    expect(result.code).toBe(0);
    // Nested values are JSON text, which starts with [ or {: nothing to neutralise.
    expect(result.stdout).toBe(`name,score,tags\r\n'-5,-5,\r\n'@home,,"[""=x""]"\r\n`);
  });

  it('is named in the help (global options: `hire help options`)', async () => {
    const box = await sandbox();
    const help = await runCli(['help', 'options'], { env: box.env });
    expect(help.stdout.replace(/\s+/g, ' ')).toMatch(/--csv-raw .*as they are/);
  });
});
