// `jobs list -o csv` imports again unchanged (issue 19): export from one emulator, import into a
// fresh one, export again; the CSVs agree but for the server's columns, and so do the jobs field
// for field. Hostile values included: commas, quotes and newlines, cells starting with = + - @ TAB
// (the CSV-injection guard's `'` is undone on import), text that itself starts with `'=`, list
// items holding `;` or starting with `[`, Unicode.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { JOB_CSV_INPUT_FIELDS } from '../../src/commands/jobs/columns.js';
import { beforeGuard, listCell, readListCell, unguard } from '../../src/importing/csv-cells.js';
import { SERVER_FIELDS } from '../../src/importing/rows.js';
import { DESCRIPTION, runCli } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';

type Obj = Record<string, any>;

const HOSTILE_DESCRIPTION = `=SUM(A1:A9) starts it, "quoted", with, commas;\r\nCRLF line\nLF line\rCR alone, 😀 and ünïcødé. ${DESCRIPTION}`;

/** Jobs with every field, hostile text in every text field, and jobs with almost nothing. */
const JOBS: Obj[] = [
  {
    title: '=HYPERLINK("http://evil.example","click")',
    department: "'=already quoted",
    description: HOSTILE_DESCRIPTION,
    location: { type: 'hybrid', city: 'São Paulo, "SP"', state: '-SP', country: 'br' },
    requirements: ['=1+1', 'Two, with a comma', '@mention', "'+quoted plus"],
    skills: ['C;C++', ' padded ', '[legacy] COBOL'],
    experience_level: 'senior',
    employment_type: 'contract',
    salary: { min: 1000.5, max: 2000.25, currency: 'brl', period: 'monthly' },
    assessment_config: {
      auto_generate: false,
      question_count: 7,
      time_limit: 900,
      proctoring: true,
      question_types: ['scenario', 'ranksort'],
    },
    publish: true,
  },
  {
    title: '+Plus\tTab',
    department: '\tTabbed',
    description: `\t${DESCRIPTION}`,
    location: { type: 'onsite', city: '@City', state: "''-twice", country: 'DE' },
    requirements: ['[not json', 'x'],
    skills: ['go'],
    salary: { currency: 'EUR' },
  },
  { title: '-Minus', description: `  ${DESCRIPTION}  `, location: { type: 'remote' }, skills: ['["a"]'] },
  { title: 'Minimal', description: DESCRIPTION },
];

const withoutServerFields = (job: Obj) =>
  Object.fromEntries(Object.entries(job).filter(([key]) => !SERVER_FIELDS.includes(key)));

async function emulatorBox(box: Sandbox, name: string) {
  const emulator = await testEmulator(join(box.root, name));
  return { emulator, env: { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key } };
}

async function exported(env: Record<string, string>, extra: string[] = []): Promise<string> {
  const result = await runCli(['jobs', 'list', '--all', '--sort', 'title', '-o', 'csv', ...extra], { env });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

async function listed(env: Record<string, string>): Promise<Obj[]> {
  const result = await runCli(['jobs', 'list', '--all', '--sort', 'title', '--json'], { env });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Obj[];
}

/** The CSV's records without the server's columns. */
function inputColumns(csv: string): Record<string, string>[] {
  const records = parse<Record<string, string>>(csv, { columns: true });
  return records.map((record) =>
    Object.fromEntries(Object.entries(record).filter(([column]) => !SERVER_FIELDS.includes(column))),
  );
}

describe('CSV cells for import', () => {
  it.each([
    [['go', 'sql'], 'go;sql'],
    [['C;C++', 'go'], '["C;C++","go"]'],
    [[' padded '], '[" padded "]'],
    [['[legacy] COBOL'], '["[legacy] COBOL"]'],
    [[], '[]'],
  ])('listCell(%j) is %j and reads back', (items, cell) => {
    expect(listCell(items)).toBe(cell);
    expect(readListCell(cell)).toEqual(items);
  });

  it.each(['=x', "'=x", "''=x", '+1', "'", "'a", 'plain', '\tx', "'\tx", '-', "'@"])(
    '%j survives the guard: written, guarded, read back',
    (text) => {
      // The writer's guard (output/render.ts): a `'` before = + - @ TAB CR.
      const written = beforeGuard(text);
      const guarded = /^[=+\-@\t\r]/.test(written) ? `'${written}` : written;
      expect(unguard(guarded)).toBe(text);
      // --csv-raw writes no guard: still read back exactly.
      expect(unguard(written)).toBe(text);
    },
  );
});

describe('jobs list -o csv → jobs import', () => {
  it('an export imports into a fresh emulator as the same jobs, and exports again as the same CSV but for the server columns', async () => {
    const box = await sandbox();
    const from = await emulatorBox(box, 'from');
    for (const job of JOBS) expect((await from.emulator.call('POST', '/jobs', { body: job })).status).toBe(201);
    const first = await exported(from.env);
    // Every input field has its own column, in import's names.
    expect(first.split('\r\n')[0]!.split(',')).toEqual([
      'id',
      'status',
      ...JOB_CSV_INPUT_FIELDS,
      ...SERVER_FIELDS.filter((field) => field !== 'id' && field !== 'status'),
    ]);
    // The guard is there for a spreadsheet: no cell starts with = + - @.
    for (const record of parse(first, { columns: false }))
      for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t]/);

    const to = await emulatorBox(box, 'to');
    const file = join(box.root, 'jobs.csv');
    writeFileSync(file, first);
    const imported = await runCli(['jobs', 'import', file], { env: to.env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain(
      'Left out what the server sets (id, status, assessment_id, application_url, candidate_count, created_at, updated_at)',
    );
    expect(imported.stderr).toContain('4 rows: 4 created.');

    const second = await exported(to.env);
    expect(inputColumns(second)).toEqual(inputColumns(first));
    const [before, after] = [await listed(from.env), await listed(to.env)];
    expect(after.map(withoutServerFields)).toEqual(before.map(withoutServerFields));
    // What was sent is what was stored: codes as normalised, text exactly.
    expect(after.find((job) => job.title === JOBS[0]!.title)).toMatchObject({
      description: HOSTILE_DESCRIPTION,
      location: { country: 'BR' },
      salary: { currency: 'BRL' },
    });
    expect(after.find((job) => job.title === '-Minus')).toMatchObject({
      description: `  ${DESCRIPTION}  `,
      skills: ['["a"]'],
    });
    expect(after.find((job) => job.title === 'Minimal')).not.toHaveProperty('location');
    // The status is the server's: an active job comes back a draft.
    expect(before.find((job) => job.title === JOBS[0]!.title)?.status).toBe('active');
    expect(after.every((job) => job.status === 'draft')).toBe(true);
  });

  it('with --csv-raw (no guard) the round trip is exact too, and so it is through -o ndjson', async () => {
    const box = await sandbox();
    const from = await emulatorBox(box, 'from');
    for (const job of JOBS) expect((await from.emulator.call('POST', '/jobs', { body: job })).status).toBe(201);
    const raw = await exported(from.env, ['--csv-raw']);
    expect(raw).toContain(',"=HYPERLINK(');

    const to = await emulatorBox(box, 'to');
    writeFileSync(join(box.root, 'raw.csv'), raw);
    expect((await runCli(['jobs', 'import', join(box.root, 'raw.csv')], { env: to.env })).code).toBe(0);
    expect((await listed(to.env)).map(withoutServerFields)).toEqual((await listed(from.env)).map(withoutServerFields));

    const again = await emulatorBox(box, 'again');
    const ndjson = await runCli(['jobs', 'list', '--all', '-o', 'ndjson'], { env: from.env });
    writeFileSync(join(box.root, 'jobs.ndjson'), ndjson.stdout);
    expect((await runCli(['jobs', 'import', join(box.root, 'jobs.ndjson')], { env: again.env })).code).toBe(0);
    expect((await listed(again.env)).map(withoutServerFields)).toEqual(
      (await listed(from.env)).map(withoutServerFields),
    );
  });

  it('--fields picks and orders import columns; jobs get -o csv has the same columns as the list', async () => {
    const box = await sandbox();
    const from = await emulatorBox(box, 'from');
    const made = (await from.emulator.call('POST', '/jobs', { body: JOBS[0] })).json.data as Obj;
    const picked = await exported(from.env, ['--fields', 'skills,title,requirements']);
    expect(picked).toBe(
      `skills,title,requirements\r\n"[""C;C++"","" padded "",""[legacy] COBOL""]","'=HYPERLINK(""http://evil.example"",""click"")","'=1+1;Two, with a comma;@mention;'+quoted plus"\r\n`,
    );
    const one = await runCli(['jobs', 'get', made.id, '-o', 'csv'], { env: from.env });
    expect(one.stdout).toBe(await exported(from.env));
  });
});
