// jobs import (issue 19): the failures file's name as documented (help, README, behaviour), counts
// with the right plural in every message, and --dry-run: the real import's report and exit codes,
// with nothing sent (a scripted server sees no request; the emulator keeps no job) or written.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultFailuresPath } from '../../src/services/import.js';
import { plural, pluralOf, singularOf } from '../../src/output/plural.js';
import { DESCRIPTION, runCli } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { reply, serve } from '../helpers/scripted-server.js';

const README = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
const put = (box: Sandbox, name: string, text: string) => {
  const file = join(box.root, name);
  writeFileSync(file, text);
  return file;
};
const row = (title: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ title, description: DESCRIPTION, ...extra });
const SHORT = 'too short';

describe('plural', () => {
  it.each([
    [0, 'row', '0 rows'],
    [1, 'row', '1 row'],
    [2, 'row', '2 rows'],
    [1, 'delivery', '1 delivery'],
    [3, 'delivery', '3 deliveries'],
    [2, 'key', '2 keys'],
    [2, 'match', '2 matches'],
    [1, 'retry', '1 retry'],
    [2, 'retry', '2 retries'],
  ] as const)('plural(%d, %j) is %j', (count, noun, text) => {
    expect(plural(count, noun)).toBe(text);
    expect(singularOf(pluralOf(noun))).toBe(noun);
  });
});

describe('jobs import: the failures file', () => {
  it.each([
    ['/data/jobs.csv', '/data/jobs.failed.ndjson'],
    ['/data/season.ndjson', '/data/season.failed.ndjson'],
    ['/data/Season.JSONL', '/data/Season.failed.ndjson'],
    ['/data/jobs.json', '/data/jobs.failed.ndjson'],
    ['/data/jobs.failed.ndjson', '/data/jobs.failed.ndjson'],
    ['/data/jobs', '/data/jobs.failed.ndjson'],
    ['/data/jobs.2026.csv', '/data/jobs.2026.failed.ndjson'],
    ['-', 'import-failed.ndjson'],
  ])('%s → %s', (file, failures) => {
    expect(defaultFailuresPath(file)).toBe(failures);
  });

  it('help and README name the rule the command follows', async () => {
    const box = await sandbox();
    const help = await runCli(['jobs', 'import', '--help'], { env: box.env });
    expect(help.stdout).toContain('jobs.csv → jobs.failed.ndjson');
    expect(help.stdout).not.toContain('FILE.failed.ndjson');
    expect(README).toContain('`jobs.csv` → `jobs.failed.ndjson`');
    expect(README).not.toContain('FILE.failed.ndjson');
  });

  it('on -p local-sandbox, the command that imports the rows left over carries --profile local-sandbox', async () => {
    const box = await sandbox();
    const csv = put(box, 'jobs.csv', `title,description\nGood,"${DESCRIPTION}"\nBad,${SHORT}\n`);
    const run = await runCli(['-p', 'local-sandbox', 'jobs', 'import', csv, '--skip-invalid'], { env: box.env });
    expect(run.code, run.stderr).toBe(0);
    const failures = join(box.root, 'jobs.failed.ndjson');
    expect(run.stderr).toContain(
      `The rows left over are in ${failures} (\`hire jobs import ${failures} --profile local-sandbox\`).`,
    );
  });

  it('jobs.csv → jobs.failed.ndjson; importing that file again keeps its name, holding only the rows still left over', async () => {
    const box = await sandbox();
    const csv = put(box, 'jobs.csv', `title,description\nGood,"${DESCRIPTION}"\nBad one,${SHORT}\nBad two,${SHORT}\n`);
    const first = await runCli(['jobs', 'import', csv, '--skip-invalid'], { env: box.env });
    expect(first.code, first.stderr).toBe(0);
    const failures = join(box.root, 'jobs.failed.ndjson');
    expect(first.stderr).toContain(
      `3 rows: 1 created, 2 invalid, skipped. The rows left over are in ${failures} (\`hire jobs import ${failures}\`).`,
    );
    expect(
      readFileSync(failures, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).title),
    ).toEqual(['Bad one', 'Bad two']);
    // Each row carries why it was left over, in a field the next import leaves out.
    expect(JSON.parse(readFileSync(failures, 'utf8').split('\n')[0]!)._import_errors).toEqual([
      'description: must be at least 100 characters (got 9)',
    ]);

    // One row fixed: the second run creates it and leaves the other in the same file.
    writeFileSync(failures, `${row('Bad one')}\n${JSON.stringify({ title: 'Bad two', description: SHORT })}\n`);
    const second = await runCli(['jobs', 'import', failures, '--skip-invalid'], { env: box.env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(
      `2 rows: 1 created, 1 invalid, skipped. The rows left over are in ${failures} (\`hire jobs import ${failures}\`).`,
    );
    expect(readFileSync(failures, 'utf8')).toBe(
      `${JSON.stringify({ title: 'Bad two', description: SHORT, _import_errors: ['description: must be at least 100 characters (got 9)'] })}\n`,
    );
    // Its reasons are no field of the job: not "left out", not refused as unknown.
    expect(second.stderr).not.toContain('Left out');
    expect(second.stderr).not.toContain('_import_errors');
    expect(
      readdirSync(box.root)
        .filter((name) => name.includes('failed'))
        .sort(),
    ).toEqual(['jobs.failed.ndjson']);
  });
});

describe('jobs import: counts read right', () => {
  it('"1 of 1 row is", "1 of 31 rows is", "2 of 31 rows are" not valid; "1 row: 1 created."', async () => {
    const box = await sandbox();
    const one = await runCli(['jobs', 'import', put(box, 'one.ndjson', `${row('Short', { description: SHORT })}\n`)], {
      env: box.env,
    });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('Error: 1 of 1 row is not valid; nothing was sent.');

    const many = (bad: number) =>
      Array.from({ length: 31 }, (_, index) =>
        row(`Role ${index + 1}`, index < bad ? { description: SHORT } : {}),
      ).join('\n');
    const oneOfMany = await runCli(['jobs', 'import', put(box, 'a.ndjson', many(1))], { env: box.env });
    expect(oneOfMany.stderr).toContain('Error: 1 of 31 rows is not valid; nothing was sent.');
    const twoOfMany = await runCli(['jobs', 'import', put(box, 'b.ndjson', many(2))], { env: box.env });
    expect(twoOfMany.stderr).toContain('Error: 2 of 31 rows are not valid; nothing was sent.');

    const single = await runCli(['jobs', 'import', put(box, 'single.ndjson', `${row('Solo')}\n`)], { env: box.env });
    expect(single.code, single.stderr).toBe(0);
    expect(single.stderr).toContain('1 row: 1 created.');
    expect(single.stderr).not.toMatch(/\b1 rows\b/);
  });
});

describe('jobs import --dry-run', () => {
  const FILE = `${row('First')}\n${row('Second', { location: { type: 'remote', country: 'XX' } })}\n${row('Third')}\n`;

  it('prints the report with each row valid or invalid, exits 2 like the real import, and sends no request', async () => {
    const box = await sandbox();
    const server = await serve(reply(500, { error: { code: 'internal_error', message: 'no request was expected' } }));
    const env = {
      ...box.env,
      HIRE_BASE_URL: `${server.origin}/api/v1`,
      HIRE_API_KEY: 'hk_test_dry_run_0123456789abcdef',
    };
    const file = put(box, 'jobs.ndjson', FILE);

    const piped = await runCli(['jobs', 'import', file, '--dry-run'], { env });
    expect(piped.code).toBe(2);
    expect(piped.stdout).toContain('1\tvalid\t\tFirst\t');
    expect(piped.stdout).toContain(
      '2\tinvalid\t\tSecond\tlocation.country: "XX" is not an ISO 3166-1 alpha-2 country code (such as US, DE, GB)',
    );
    expect(piped.stdout).toContain('3\tvalid\t\tThird\t');
    expect(piped.stderr).toContain('Error: 1 of 3 rows is not valid; nothing was sent.');
    // The real import's answer to the same file: the same error and exit code.
    const real = await runCli(['jobs', 'import', file], { env });
    expect(real.code).toBe(2);
    expect(real.stderr).toBe(piped.stderr);

    const json = await runCli(['jobs', 'import', file, '--dry-run', '--json'], { env });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).map((result: { status: string }) => result.status)).toEqual([
      'valid',
      'invalid',
      'valid',
    ]);
    expect(JSON.parse(json.stderr).error.code).toBe('validation_error');

    const skipping = await runCli(['jobs', 'import', file, '--dry-run', '--skip-invalid'], { env });
    expect(skipping.code, skipping.stderr).toBe(0);
    expect(skipping.stderr).toContain(
      'Dry run: 3 rows: 2 valid, 1 invalid (skipped with --skip-invalid); nothing was sent.',
    );

    expect(server.requests).toEqual([]);
    expect(existsSync(join(box.root, 'jobs.failed.ndjson'))).toBe(false);
  });

  it('on the emulator: a valid file is reported valid, exit 0, and no job is made until the real import', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const env = { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key };
    const file = put(box, 'jobs.ndjson', `${row('First')}\n${row('Second')}\n`);
    const dry = await runCli(['jobs', 'import', file, '--dry-run', '--json', '-v'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual([
      { row: 1, line: 1, status: 'valid', id: null, title: 'First', error: null },
      { row: 2, line: 2, status: 'valid', id: null, title: 'Second', error: null },
    ]);
    expect(dry.stderr).toContain('Dry run: 2 rows: 2 valid; nothing was sent.');
    expect((await emulator.call('GET', '/jobs')).json.data).toEqual([]);

    const real = await runCli(['jobs', 'import', file, '--json'], { env });
    expect(real.code, real.stderr).toBe(0);
    expect(JSON.parse(real.stdout).map((result: { status: string }) => result.status)).toEqual(['created', 'created']);
    expect((await emulator.call('GET', '/jobs')).json.data).toHaveLength(2);
  });
});

describe('jobs import: every reason whole', () => {
  it('after the table, at an 80-column terminal, each invalid row with its full reasons, wrapped between words', async () => {
    const box = await sandbox();
    const file = put(
      box,
      'jobs.ndjson',
      [
        row('Fine'),
        row('Onsite without a city', { location: { type: 'onsite', country: 'PT' } }),
        row('Odd codes', {
          location: { type: 'remote', country: 'XX' },
          salary: { min: 10, max: 5, currency: 'ZZZ', period: 'yearly' },
        }),
      ].join('\n'),
    );
    const dry = await runCli(['jobs', 'import', file, '--skip-invalid', '--dry-run'], {
      env: box.env,
      tty: true,
      columns: 80,
    });
    expect(dry.code, dry.stderr).toBe(0);
    // Wrapped lines joined back, every reason is there in full.
    const text = dry.stderr.replace(/\s+/g, ' ');
    const errors = await runCli(['jobs', 'import', file, '--skip-invalid', '--dry-run', '--json'], { env: box.env });
    const report = JSON.parse(errors.stdout) as { row: number; details?: Record<string, string> }[];
    const invalid = report.filter((result) => result.details);
    expect(invalid.length).toBe(2);
    for (const result of invalid) {
      expect(text).toContain(`Row ${result.row} (line ${result.row}), "`);
      for (const [field, message] of Object.entries(result.details!))
        expect(text).toContain(`${field}: ${message}`.replace(/\s+/g, ' '));
    }
    for (const line of dry.stderr.split('\n'))
      expect([...line.replace(/\u001b\[[0-9;]*m/g, '')].length, line).toBeLessThanOrEqual(80);
  });
});
