// hire jobs import FILE (issue "Bulk work"), through main() against the emulator (in-process or
// standing) and small scripted servers on loopback: CSV / NDJSON / JSON / stdin input, row
// validation before anything is sent, the per-row report, the failures file, re-run safety with
// content-derived Idempotency-Keys (also after Ctrl-C), 429s, --concurrency, the progress line,
// and the streaming of `--all -o ndjson|csv` lists.
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { rowIdempotencyKey } from '../../src/services/import.js';
import type { JobInput } from '../../src/domain/job.js';
import { DESCRIPTION, captureIO, json, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { forward, listen, readBody, relay } from '../helpers/scripted-server.js';

type Obj = Record<string, any>;

interface ReportRow {
  row: number;
  line: number | null;
  status: 'created' | 'existing' | 'failed' | 'invalid' | 'not_sent' | 'not_attempted';
  id: string | null;
  title: string | null;
  error: string | null;
  details?: Record<string, string>;
}

const REPORT_KEYS = ['row', 'line', 'status', 'id', 'title', 'error'];
const SCRIPTED_KEY = 'hk_test_import_scripted_0123456789abcdef';

// ---------------------------------------------------------------------------------------------
// Servers: scripted ones and a forwarding proxy in front of a standing emulator

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function titleOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { title?: unknown };
    return typeof parsed.title === 'string' ? parsed.title : undefined;
  } catch {
    return undefined;
  }
}

interface ScriptedJobs {
  /** http://127.0.0.1:PORT/api/v1 */
  apiUrl: string;
  posts: { body: Obj; key: string | undefined; status: number }[];
  requests: number;
  maxInFlight: number;
}

/**
 * POST /api/v1/jobs answered 201 with the job (500 when `fail` says so), each after `delayMs`.
 * With `holdUntilInFlight`, no answer but the first is sent until that many requests have been in
 * flight at once (then it no longer holds): a client that may send N at once is seen to, however
 * slow the machine. The first is answered at once: bulk work sends one request until an answer
 * tells it the key's budget.
 */
async function scriptedJobs(
  options: { delayMs?: number; fail?: (title: string) => boolean; holdUntilInFlight?: number } = {},
): Promise<ScriptedJobs> {
  const state: ScriptedJobs = { apiUrl: '', posts: [], requests: 0, maxInFlight: 0 };
  let inFlight = 0;
  let made = 0;
  let reached = (options.holdUntilInFlight ?? 0) <= 1;
  const held: (() => void)[] = [];
  const server = createServer((req, res) => {
    state.requests += 1;
    const first = state.requests === 1;
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    if (!reached && inFlight >= options.holdUntilInFlight!) {
      reached = true;
      for (const answer of held.splice(0)) answer();
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = () =>
        setTimeout(() => {
          inFlight -= 1;
          const raw = Buffer.concat(chunks).toString('utf8');
          let status: number;
          let payload: unknown;
          if (req.method === 'POST' && req.url === '/api/v1/jobs') {
            const body = JSON.parse(raw) as Obj;
            if (options.fail?.(String(body.title))) {
              status = 500;
              payload = {
                error: { code: 'internal_error', message: 'Something broke.' },
                meta: { request_id: 'req_fail' },
              };
            } else {
              status = 201;
              const { publish, ...fields } = body;
              payload = {
                data: { id: `job_scripted${++made}`, status: publish ? 'active' : 'draft', ...fields },
                meta: { request_id: `req_${made}`, assessment_generation_time: 1 },
              };
            }
            state.posts.push({ body, key: header(req.headers['idempotency-key']), status });
          } else {
            status = 404;
            payload = { error: { code: 'not_found', message: 'No such endpoint.' } };
          }
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(payload));
        }, options.delayMs ?? 0);
      if (reached || first) answer();
      else held.push(answer);
    });
  });
  state.apiUrl = `${await listen(server)}/api/v1`;
  return state;
}

interface ProxyEntry {
  method: string;
  key: string | undefined;
  title: string | undefined;
  status: number;
  /** Answered by the proxy itself, never reaching the emulator. */
  canned: boolean;
}

/**
 * A forwarding proxy in front of an emulator: each POST waits `postDelayMs` before it is
 * forwarded, and `answer` may answer the n-th POST itself instead.
 */
async function forwardingProxy(
  upstream: string,
  options: {
    postDelayMs?: number;
    answer?: (post: number, title: string | undefined) => { status: number; body: unknown } | undefined;
    /** Forwards the n-th POST, then hangs up instead of relaying the answer. */
    loseAnswer?: (post: number) => boolean;
  } = {},
): Promise<{ apiUrl: string; log: ProxyEntry[] }> {
  const target = new URL(upstream);
  const log: ProxyEntry[] = [];
  let posts = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const entry = {
        method: req.method ?? '',
        key: header(req.headers['idempotency-key']),
        title: titleOf(body.toString('utf8')),
      };
      let loseAnswer = false;
      if (req.method === 'POST') {
        posts += 1;
        const canned = options.answer?.(posts, entry.title);
        loseAnswer = options.loseAnswer?.(posts) ?? false;
        if (canned) {
          log.push({ ...entry, status: canned.status, canned: true });
          res.writeHead(canned.status, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(canned.body));
          return;
        }
        if (options.postDelayMs) await sleep(options.postDelayMs);
      }
      const forwarded = await forward(req, body, target);
      log.push({ ...entry, status: forwarded.answer.statusCode ?? 0, canned: false });
      if (loseAnswer) {
        req.socket.destroy();
        return;
      }
      relay(res, forwarded);
    })();
  });
  return { apiUrl: `${await listen(server)}${target.pathname}`, log };
}

// ---------------------------------------------------------------------------------------------
// Files, runs and checks

function put(box: Sandbox, name: string, text: string): string {
  const path = join(box.root, name);
  writeFileSync(path, text);
  return path;
}

const ndjson = (rows: readonly unknown[]) => `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;

/** A failures file's rows as jobs: each must say why it was left over (`_import_errors`), which is left out here. */
function readNdjson(path: string): Obj[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const { _import_errors: reasons, ...job } = JSON.parse(line) as Obj;
      expect(
        Array.isArray(reasons) &&
          reasons.length > 0 &&
          reasons.every((reason) => typeof reason === 'string' && reason !== ''),
        line,
      ).toBe(true);
      return job;
    });
}

function report(result: RunResult): ReportRow[] {
  const rows = json<ReportRow[]>(result);
  expect(Array.isArray(rows)).toBe(true);
  for (const row of rows) {
    expect(Object.keys(row)).toEqual(expect.arrayContaining(REPORT_KEYS));
    if (row.status !== 'invalid') expect(Object.keys(row).sort()).toEqual([...REPORT_KEYS].sort());
  }
  expect(rows.map((row) => row.row)).toEqual(rows.map((_, index) => index + 1));
  return rows;
}

/** Every job of the emulator on the box's data dir, through `jobs list --json --all`. */
async function listJobs(env: Record<string, string>): Promise<Obj[]> {
  const result = await runCli(['jobs', 'list', '--json', '--all'], { env });
  expect(result.code, result.stderr).toBe(0);
  return json<Obj[]>(result);
}

const INPUT_FIELDS = [
  'department',
  'location',
  'description',
  'requirements',
  'skills',
  'experience_level',
  'employment_type',
  'salary',
] as const;

/** The jobs are exactly the rows, field for field (one job per title). */
function expectJobsMatch(jobs: Obj[], rows: Obj[]): void {
  expect(jobs).toHaveLength(rows.length);
  for (const row of rows) {
    const matching = jobs.filter((job) => job.title === row.title);
    expect(matching, `jobs titled ${row.title}`).toHaveLength(1);
    const job = matching[0]!;
    for (const field of INPUT_FIELDS) expect(job[field], `${row.title}: ${field}`).toEqual(row[field]);
    expect(job.status, `${row.title}: status`).toBe(row.publish === true ? 'active' : 'draft');
    if (row.assessment_config)
      expect(job.assessment_config, `${row.title}: assessment_config`).toMatchObject(row.assessment_config);
    expect(job.id).toMatch(/^job_/);
  }
}

function jobRows(count: number, prefix = 'Role'): Obj[] {
  return Array.from({ length: count }, (_, index) => ({
    title: `${prefix} ${String(index + 1).padStart(2, '0')}`,
    description: DESCRIPTION,
    skills: ['go', `skill-${index + 1}`],
    ...(index % 2 === 0 ? { publish: true } : {}),
  }));
}

async function emulatorEnv(box: Sandbox, emu: TestEmulator, apiUrl = emu.apiUrl): Promise<Record<string, string>> {
  return { ...box.env, HIRE_BASE_URL: apiUrl, HIRE_API_KEY: emu.key };
}

// ---------------------------------------------------------------------------------------------
// Reading CSV, NDJSON, JSON and stdin

/** DESCRIPTION holds commas: quoted, as a CSV cell. */
const CSV_DESCRIPTION = `"${DESCRIPTION}"`;

const LONG_DESCRIPTION = `Line one, with a comma.\nLine two says "hello", and more.\n${DESCRIPTION}`;

const CSV_HEADER = [
  'title',
  'description',
  'department',
  'location.type',
  'location.city',
  'location.state',
  'location.country',
  'skills',
  'requirements',
  'experience_level',
  'employment_type',
  'salary.min',
  'salary.max',
  'salary.currency',
  'salary.period',
  'assessment_config.question_count',
  'assessment_config.time_limit',
  'assessment_config.proctoring',
  'assessment_config.auto_generate',
  'assessment_config.question_types',
  'publish',
].join(',');

/** A BOM, a header, a record spanning three lines, empty cells, `;` lists and every boolean spelling. */
const CSV_TEXT =
  '\uFEFF' +
  `${CSV_HEADER}\n` +
  `"Backend Engineer, Platform","Line one, with a comma.\nLine two says ""hello"", and more.\n${DESCRIPTION}",Platform,hybrid,Berlin,BE,DE,go; sql;kubernetes,"5+ years of backend work;On-call, shared fairly",senior,full_time,90000,120000,EUR,yearly,12,900,yes,true,scenario;multiple_choice,1\n` +
  `Data Analyst,${CSV_DESCRIPTION},,remote,,,,,,,,,,,,,,no,false,,0\n` +
  `Support Lead,${CSV_DESCRIPTION},Support,onsite,Austin,TX,US,zendesk,,lead,part_time,30.5,45,USD,hourly,5,300,TRUE,No,ranksort,Yes\n` +
  '\n';

const CSV_ROWS: Obj[] = [
  {
    title: 'Backend Engineer, Platform',
    description: LONG_DESCRIPTION,
    department: 'Platform',
    location: { type: 'hybrid', city: 'Berlin', state: 'BE', country: 'DE' },
    skills: ['go', 'sql', 'kubernetes'],
    requirements: ['5+ years of backend work', 'On-call, shared fairly'],
    experience_level: 'senior',
    employment_type: 'full_time',
    salary: { min: 90000, max: 120000, currency: 'EUR', period: 'yearly' },
    assessment_config: {
      question_count: 12,
      time_limit: 900,
      proctoring: true,
      auto_generate: true,
      question_types: ['scenario', 'multiple_choice'],
    },
    publish: true,
  },
  {
    title: 'Data Analyst',
    description: DESCRIPTION,
    location: { type: 'remote' },
    assessment_config: { proctoring: false, auto_generate: false },
    publish: false,
  },
  {
    title: 'Support Lead',
    description: DESCRIPTION,
    department: 'Support',
    location: { type: 'onsite', city: 'Austin', state: 'TX', country: 'US' },
    skills: ['zendesk'],
    experience_level: 'lead',
    employment_type: 'part_time',
    salary: { min: 30.5, max: 45, currency: 'USD', period: 'hourly' },
    assessment_config: {
      question_count: 5,
      time_limit: 300,
      proctoring: true,
      auto_generate: false,
      question_types: ['ranksort'],
    },
    publish: true,
  },
];

describe('jobs import: reading the file', () => {
  it('imports CSV (BOM, quoted commas and newlines, nested columns, ; lists, booleans, numbers, empty cells) field for field', async () => {
    const box = await sandbox();
    const file = put(box, 'jobs.csv', CSV_TEXT);
    const result = await runCli(['jobs', 'import', file, '--json', '-v'], { env: box.env });
    expect(result.code, result.stderr).toBe(0);
    const rows = report(result);
    expect(rows.map((row) => [row.row, row.status, row.title, row.error])).toEqual([
      [1, 'created', 'Backend Engineer, Platform', null],
      [2, 'created', 'Data Analyst', null],
      [3, 'created', 'Support Lead', null],
    ]);
    // Row 1 spans lines 2-4 (its description holds two newlines): rows 2 and 3 are on lines 5 and 6.
    expect(rows.slice(1).map((row) => row.line)).toEqual([5, 6]);
    expect(result.stderr).toContain('3 rows: 3 created.');
    expect(existsSync(join(box.root, 'jobs.failed.ndjson'))).toBe(false);

    const jobs = await listJobs(box.env);
    expectJobsMatch(jobs, CSV_ROWS);
    // The ids of the report are the jobs made.
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(jobs.map((job) => job.id)));
    const backend = jobs.find((job) => job.title === 'Backend Engineer, Platform')!;
    expect(backend.description).toBe(LONG_DESCRIPTION);
    // Empty cells are no value at all, not empty strings.
    const analyst = jobs.find((job) => job.title === 'Data Analyst')!;
    for (const field of ['department', 'skills', 'requirements', 'salary', 'experience_level'])
      expect(analyst).not.toHaveProperty(field);
  });

  it('names the line a multi-line CSV record starts on', async () => {
    const box = await sandbox();
    // Row 1 is valid; row 2 starts on line 3 and spans three lines; row 3 is on line 6.
    const text =
      'title,description,salary.min\n' +
      `Fine,${CSV_DESCRIPTION},1\n` +
      `Spread,"first line\nsecond line\nthird line",2\n` +
      'Short,tiny,3\n';
    const file = put(box, 'lines.csv', text);
    const result = await runCli(['jobs', 'import', file], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('row 3 (line 6): description: must be at least 100 characters (got 4)');
    expect(result.stderr).toMatch(/row 2 \(line 3\): description: must be at least 100 characters \(got \d+\)/);
  });

  it('imports NDJSON, skipping blank lines, and reports each row with its line', async () => {
    const box = await sandbox();
    const rows = [
      {
        title: 'Site Reliability',
        description: DESCRIPTION,
        location: { type: 'remote', country: 'GB' },
        salary: { min: 1, currency: 'GBP' },
      },
      { title: 'Mobile Engineer', description: DESCRIPTION, skills: ['swift', 'kotlin'], publish: true },
      {
        title: 'Designer',
        description: DESCRIPTION,
        assessment_config: { question_count: 20, question_types: ['scenario'] },
      },
    ];
    const text = `\n${JSON.stringify(rows[0])}\n\n   \n${JSON.stringify(rows[1])}\r\n${JSON.stringify(rows[2])}\n\n`;
    const file = put(box, 'jobs.ndjson', text);
    const result = await runCli(['jobs', 'import', file, '--json'], { env: box.env });
    expect(result.code, result.stderr).toBe(0);
    expect(report(result).map((row) => [row.row, row.line, row.status, row.title])).toEqual([
      [1, 2, 'created', 'Site Reliability'],
      [2, 5, 'created', 'Mobile Engineer'],
      [3, 6, 'created', 'Designer'],
    ]);
    expectJobsMatch(await listJobs(box.env), rows);
  });

  it('imports a JSON array (no lines), and reads - from stdin in any of the three formats', async () => {
    const box = await sandbox();
    const arrayRows = [
      { title: 'Array One', description: DESCRIPTION, department: 'Sales' },
      { title: 'Array Two', description: DESCRIPTION, requirements: ['Travel'], publish: true },
    ];
    const file = put(box, 'jobs.json', JSON.stringify(arrayRows, null, 2));
    const fromFile = await runCli(['jobs', 'import', file, '--json'], { env: box.env });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(report(fromFile).map((row) => [row.row, row.line, row.status, row.title])).toEqual([
      [1, null, 'created', 'Array One'],
      [2, null, 'created', 'Array Two'],
    ]);

    const stdinNdjson = [{ title: 'Stdin Lines', description: DESCRIPTION, skills: ['a', 'b'] }];
    const a = await runCli(['jobs', 'import', '-', '--json'], { env: box.env, stdin: ndjson(stdinNdjson) });
    expect(a.code, a.stderr).toBe(0);
    expect(report(a).map((row) => [row.line, row.status, row.title])).toEqual([[1, 'created', 'Stdin Lines']]);

    const stdinArray = [{ title: 'Stdin Array', description: DESCRIPTION, publish: true }];
    const b = await runCli(['jobs', 'import', '-', '--json'], {
      env: box.env,
      stdin: `  ${JSON.stringify(stdinArray)}`,
    });
    expect(b.code, b.stderr).toBe(0);
    expect(report(b).map((row) => [row.line, row.status, row.title])).toEqual([[null, 'created', 'Stdin Array']]);

    const stdinCsv = [{ title: 'Stdin Csv', description: DESCRIPTION, skills: ['x', 'y'], salary: { max: 10 } }];
    const c = await runCli(['jobs', 'import', '-', '--json'], {
      env: box.env,
      stdin: `title,description,skills,salary.max\nStdin Csv,${CSV_DESCRIPTION},x;y,10\n`,
    });
    expect(c.code, c.stderr).toBe(0);
    expect(report(c).map((row) => [row.line, row.status, row.title])).toEqual([[2, 'created', 'Stdin Csv']]);

    expectJobsMatch(await listJobs(box.env), [...arrayRows, ...stdinNdjson, ...stdinArray, ...stdinCsv]);
  });

  it('--format overrides detection from the file name; an unknown --format is a usage error', async () => {
    const box = await sandbox();
    const rows = [
      { title: 'Override One', description: DESCRIPTION },
      { title: 'Override Two', description: DESCRIPTION, skills: ['z'] },
    ];
    const file = put(box, 'actually-lines.json', ndjson(rows));
    const detected = await runCli(['jobs', 'import', file], { env: box.env });
    expect(detected.code).toBe(2);
    expect(detected.stderr).toContain(`${file}: not valid JSON`);
    expect(await listJobs(box.env)).toEqual([]);

    const forced = await runCli(['jobs', 'import', file, '--format', 'ndjson', '--json'], { env: box.env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(report(forced).map((row) => row.status)).toEqual(['created', 'created']);

    const csvNamedNdjson = put(box, 'table.ndjson', `title,description\nOverride Three,${CSV_DESCRIPTION}\n`);
    const asCsv = await runCli(['jobs', 'import', csvNamedNdjson, '--format', 'csv', '--json'], { env: box.env });
    expect(asCsv.code, asCsv.stderr).toBe(0);
    expect(report(asCsv).map((row) => [row.status, row.title])).toEqual([['created', 'Override Three']]);

    const empty = await runCli(['jobs', 'import', put(box, 'empty.csv', 'title,description\n')], { env: box.env });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('empty.csv holds no jobs');

    const bogus = await runCli(['jobs', 'import', file, '--format', 'xml'], { env: box.env });
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain('--format must be one of csv, ndjson, json');

    expectJobsMatch(await listJobs(box.env), [...rows, { title: 'Override Three', description: DESCRIPTION }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Invalid rows

describe('jobs import: invalid rows', () => {
  it('names every bad field of a row at once, the cross-field rules too (issue 28)', async () => {
    const box = await sandbox();
    const text =
      'title,description,location.type,location.country,salary.min,salary.max,salary.currency\n' +
      `Hybrid,${CSV_DESCRIPTION},hybrid,Portugal,,,\n` +
      `Paid,${CSV_DESCRIPTION},remote,,10,5,EURO\n`;
    const file = put(box, 'cross.csv', text);
    const result = await runCli(['jobs', 'import', file], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('row 1 (line 2): ');
    expect(result.stderr).toContain('location.country: "Portugal" is not an ISO 3166-1 alpha-2');
    expect(result.stderr).toContain('location.city: is required when location.type is hybrid');
    expect(result.stderr).toContain('location.state: is required when location.type is hybrid');
    expect(result.stderr).toContain('row 2 (line 3): ');
    expect(result.stderr).toContain('salary.currency: "EURO" is not an ISO 4217 currency code');
    expect(result.stderr).toContain('salary.max: must not be less than salary.min (10)');
    expect(await listJobs(box.env)).toEqual([]);
  });

  it('sends nothing when a CSV row is invalid (exit 2), naming row, line, field and the schema message', async () => {
    const box = await sandbox();
    const text =
      'title,description,salary.min,publish,assessment_config.question_count,location.type,location.city\n' +
      `Good,${CSV_DESCRIPTION},100,yes,,remote,\n` +
      `Cheap,${CSV_DESCRIPTION},abc,maybe,,,\n` +
      `Short,too short,,,50,hybrid,\n`;
    const file = put(box, 'bad.csv', text);
    const result = await runCli(['jobs', 'import', file], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('row 2 (line 3): ');
    expect(result.stderr).toContain('salary.min: must be a number');
    expect(result.stderr).toContain('publish: must be true or false');
    expect(result.stderr).toContain('row 3 (line 4): ');
    expect(result.stderr).toContain('description: must be at least 100 characters (got 9)');
    expect(result.stderr).toContain('assessment_config.question_count: must be a whole number from 5 to 20');
    expect(result.stderr).toContain('location.city: is required when location.type is hybrid');
    expect(result.stderr).toContain('location.state: is required when location.type is hybrid');
    expect(result.stderr).not.toContain('row 1 (');
    expect(result.stderr).toContain('2 of 3 rows are not valid; nothing was sent.');
    expect(result.stderr).toContain('--skip-invalid');
    expect(existsSync(join(box.root, 'bad.failed.ndjson'))).toBe(false);
    expect(await listJobs(box.env)).toEqual([]);

    // With --json, stderr is one JSON error envelope, the rows in its details: nothing else.
    const json = await runCli(['jobs', 'import', file, '--json'], { env: box.env });
    expect(json.code).toBe(2);
    expect(json.stdout).toBe('');
    const envelope = JSON.parse(json.stderr) as {
      error: { code: string; message: string; details: Record<string, string> };
    };
    expect(envelope.error.code).toBe('validation_error');
    expect(envelope.error.message).toBe('2 of 3 rows are not valid; nothing was sent.');
    expect(Object.keys(envelope.error.details)).toEqual(['row 2 (line 3)', 'row 3 (line 4)']);
    expect(envelope.error.details['row 3 (line 4)']).toContain('description: must be at least 100 characters (got 9)');
  });

  it('an unknown CSV column is "is not a known field", nested ones too', async () => {
    const box = await sandbox();
    const file = put(box, 'unknown.csv', `title,description,colour,location.zip\nTeal,${CSV_DESCRIPTION},teal,10115\n`);
    const result = await runCli(['jobs', 'import', file], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('row 1 (line 2): ');
    expect(result.stderr).toContain('colour: is not a known field');
    expect(result.stderr).toContain('location.zip: is not a known field');
    expect(await listJobs(box.env)).toEqual([]);
  });

  it('a malformed NDJSON line and a non-object are invalid rows; in a JSON array, a non-object element is too', async () => {
    const box = await sandbox();
    const good = { title: 'Good', description: DESCRIPTION };
    const lines = `${JSON.stringify(good)}\n{"title": "Broken", \n[1, 2]\n"just text"\n${JSON.stringify({ ...good, title: 'Also good', colour: 'red' })}\n`;
    const result = await runCli(['jobs', 'import', put(box, 'mixed.ndjson', lines)], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/row 2 \(line 2\): is not valid JSON \(/);
    expect(result.stderr).toContain('row 3 (line 3): is not a JSON object');
    expect(result.stderr).toContain('row 4 (line 4): is not a JSON object');
    expect(result.stderr).toContain('row 5 (line 5): colour: is not a known field');
    expect(result.stderr).toContain('4 of 5 rows are not valid; nothing was sent.');

    const array = await runCli(
      ['jobs', 'import', put(box, 'mixed.json', JSON.stringify([good, 42, null, { title: 'No description' }]))],
      { env: box.env },
    );
    expect(array.code).toBe(2);
    expect(array.stderr).toContain('row 2: is not a JSON object');
    expect(array.stderr).toContain('row 3: is not a JSON object');
    expect(array.stderr).toContain('row 4: description: is required');
    expect(array.stderr).not.toContain('row 1');
    expect(await listJobs(box.env)).toEqual([]);
  });

  it('--skip-invalid imports the rest, reports the invalid rows and writes them to the failures file', async () => {
    const box = await sandbox();
    const good = [
      { title: 'Kept One', description: DESCRIPTION, skills: ['go'] },
      { title: 'Kept Two', description: DESCRIPTION, publish: true },
    ];
    const bad = { title: 'Bad salary', description: DESCRIPTION, salary: { min: 10, max: 5 } };
    const text = `${JSON.stringify(good[0])}\n${JSON.stringify(bad)}\n{not json\n${JSON.stringify(good[1])}\n`;
    const file = put(box, 'some.ndjson', text);
    const result = await runCli(['jobs', 'import', file, '--skip-invalid', '--json', '-v'], { env: box.env });
    expect(result.code, result.stderr).toBe(0);
    const rows = report(result);
    expect(rows.map((row) => [row.row, row.line, row.status, row.title])).toEqual([
      [1, 1, 'created', 'Kept One'],
      [2, 2, 'invalid', 'Bad salary'],
      [3, 3, 'invalid', null],
      [4, 4, 'created', 'Kept Two'],
    ]);
    expect(rows[1]!.error).toBe('salary.max: must not be less than salary.min (10)');
    expect(rows[1]!.id).toBeNull();
    expect(rows[2]!.error).toMatch(/^is not valid JSON \(/);
    expect(rows[0]!.id).toMatch(/^job_/);

    const failures = join(box.root, 'some.failed.ndjson');
    expect(result.stderr).toContain(failures);
    expect(result.stderr).toContain('2 created, 2 invalid, skipped');
    const written = readFileSync(failures, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(written).toHaveLength(2);
    expect(JSON.parse(written[0]!)).toEqual({
      ...bad,
      _import_errors: ['salary.max: must not be less than salary.min (10)'],
    });
    expect(written[1]).toBe('{not json');
    expectJobsMatch(await listJobs(box.env), good);
  });
});

// ---------------------------------------------------------------------------------------------
// The report

describe('jobs import --json report', () => {
  it('one object per row in row order: created, existing, invalid and failed', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const already = { title: 'Already there', description: DESCRIPTION, skills: ['sql'] };
    const first = await runCli(['jobs', 'import', put(box, 'first.ndjson', ndjson([already])), '--json'], {
      env: await emulatorEnv(box, emu),
    });
    expect(first.code, first.stderr).toBe(0);
    const existingId = report(first)[0]!.id;
    expect(existingId).toMatch(/^job_/);

    // The proxy answers 500 for the row titled "… fail …"; everything else reaches the emulator.
    const rows = [
      already,
      { title: 'Brand new', description: DESCRIPTION },
      { title: 'Invalid', description: 'short' },
      { title: 'This will fail', description: DESCRIPTION },
    ];
    const proxy = await forwardingProxy(emu.apiUrl, {
      answer: (_post, title) =>
        title?.includes('fail')
          ? { status: 500, body: { error: { code: 'internal_error', message: 'Something broke.' } } }
          : undefined,
    });
    const result = await runCli(
      ['jobs', 'import', put(box, 'report.ndjson', ndjson(rows)), '--skip-invalid', '--max-retries', '0', '--json'],
      {
        env: await emulatorEnv(box, emu, proxy.apiUrl),
      },
    );
    expect(result.code).toBe(1);
    expect(proxy.log.filter((entry) => entry.method === 'POST').map((entry) => [entry.title, entry.status])).toEqual(
      expect.arrayContaining([
        ['Already there', 201],
        ['Brand new', 201],
        ['This will fail', 500],
      ]),
    );
    expect(proxy.log.filter((entry) => entry.method === 'POST')).toHaveLength(3);
    const out = report(result);
    expect(out).toHaveLength(4);
    expect(out.map((row) => [row.row, row.line, row.status, row.title])).toEqual([
      [1, 1, 'existing', 'Already there'],
      [2, 2, 'created', 'Brand new'],
      [3, 3, 'invalid', 'Invalid'],
      [4, 4, 'failed', 'This will fail'],
    ]);
    expect(out[0]!.id).toBe(existingId);
    expect(out[0]!.error).toBeNull();
    expect(out[1]!.id).toMatch(/^job_/);
    expect(out[1]!.id).not.toBe(existingId);
    expect(out[2]!).toMatchObject({ id: null, error: 'description: must be at least 100 characters (got 5)' });
    expect(out[3]!.id).toBeNull();
    expect(out[3]!.error).toContain('Something broke');
    expect(out[3]!.error).toContain('internal_error');
    const titles = emu.store
      .all<{ id: string; title: string }>('jobs')
      .map((job) => job.title)
      .sort();
    expect(titles).toEqual(['Already there', 'Brand new']);
    expect(result.stderr).toContain(
      '4 rows: 1 created, 1 already there (imported before), 1 failed, 1 invalid, skipped.',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Safe to run again

describe('jobs import: safe to run again', () => {
  it('a second run of a 30-row file creates nothing: all 30 "existing", 30 jobs on the emulator', async () => {
    const box = await sandbox();
    const rows = jobRows(30);
    const file = put(box, 'season.ndjson', ndjson(rows));
    const first = await runCli(['jobs', 'import', file, '--json'], { env: box.env });
    expect(first.code, first.stderr).toBe(0);
    const created = report(first);
    expect(created.map((row) => row.status)).toEqual(Array(30).fill('created'));

    const second = await runCli(['jobs', 'import', file, '--json', '-v'], { env: box.env });
    expect(second.code, second.stderr).toBe(0);
    const again = report(second);
    expect(again.map((row) => row.status)).toEqual(Array(30).fill('existing'));
    // The replayed answers name the jobs of the first run.
    expect(again.map((row) => row.id)).toEqual(created.map((row) => row.id));
    expect(second.stderr).toContain('30 rows: 0 created, 30 already there (imported before).');

    // The key comes from the content, not the file: the same rows as a JSON array are there too.
    const asArray = await runCli(['jobs', 'import', put(box, 'season.json', JSON.stringify(rows)), '--json'], {
      env: box.env,
    });
    expect(asArray.code, asArray.stderr).toBe(0);
    expect(report(asArray).map((row) => row.status)).toEqual(Array(30).fill('existing'));

    const jobs = await listJobs(box.env);
    expect(jobs).toHaveLength(30);
    expectJobsMatch(jobs, rows);

    // Nor from the order of the keys, nested ones included: the same rows, keys reversed.
    const reversed = (value: unknown): unknown =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([key, item]) => [key, reversed(item)]),
          )
        : value;
    const shuffled = rows.map((row) => reversed(row));
    expect(Object.keys(shuffled[0] as object)).not.toEqual(Object.keys(rows[0]!));
    const reordered = await runCli(['jobs', 'import', put(box, 'reordered.ndjson', ndjson(shuffled)), '--json'], {
      env: box.env,
    });
    expect(reordered.code, reordered.stderr).toBe(0);
    expect(report(reordered).map((row) => row.status)).toEqual(Array(30).fill('existing'));
    expect(await listJobs(box.env)).toHaveLength(30);

    // Nested objects too, and a different value is a different key.
    const nested = {
      title: 'T',
      description: DESCRIPTION,
      location: { type: 'hybrid', city: 'Berlin', country: 'DE' },
    } as JobInput;
    const nestedReversed = reversed(nested) as JobInput;
    expect(rowIdempotencyKey(nestedReversed)).toBe(rowIdempotencyKey(nested));
    expect(rowIdempotencyKey({ ...nested, location: { ...nested.location!, city: 'Bonn' } })).not.toBe(
      rowIdempotencyKey(nested),
    );
  });

  it('Ctrl-C stops sending, waits for the rows in flight, exits 130; importing the file again makes no duplicates', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const proxy = await forwardingProxy(emu.origin + '/api/v1', { postDelayMs: 100 });
    const rows = jobRows(30, 'Interrupted');
    const file = put(box, 'big.ndjson', ndjson(rows));

    const signals = new EventEmitter();
    const io = captureIO({ signals });
    const running = main(
      ['jobs', 'import', file, '--concurrency', '2', '--json', '-v'],
      io.io,
      await emulatorEnv(box, emu, proxy.apiUrl),
    );
    const deadline = Date.now() + 45_000;
    while (emu.store.all('jobs').length < 3) {
      if (Date.now() > deadline) throw new Error(`no jobs were created; stderr:\n${io.stderr()}`);
      await sleep(5);
    }
    signals.emit('signal', 'SIGINT');
    const code = await running;
    expect(code, io.stderr()).toBe(130);
    expect(io.stderr()).toContain('Stopping');

    const out = report({ code, stdout: io.stdout(), stderr: io.stderr() });
    expect(out).toHaveLength(30);
    const made = emu.store.all<{ id: string; title: string }>('jobs');
    const k = made.length;
    expect(k).toBeGreaterThanOrEqual(3);
    expect(k).toBeLessThan(30);
    // The rows sent were all waited for: the first k rows are created, the rest were not sent.
    expect(out.map((row) => row.status)).toEqual([...Array(k).fill('created'), ...Array(30 - k).fill('not_sent')]);
    expect(new Set(made.map((job) => job.title))).toEqual(new Set(rows.slice(0, k).map((row) => row.title)));
    for (const row of out.slice(k)) expect(row).toMatchObject({ id: null, title: rows[row.row - 1]!.title });
    // Nothing was sent after Ctrl-C beyond the rows in flight.
    expect(proxy.log.filter((entry) => entry.method === 'POST')).toHaveLength(k);

    const failures = join(box.root, 'big.failed.ndjson');
    expect(io.stderr()).toContain(`${30 - k} not sent`);
    expect(readNdjson(failures)).toEqual(rows.slice(k));

    // The ORIGINAL file again, straight to the emulator.
    const rerun = await runCli(['jobs', 'import', file, '--json'], { env: await emulatorEnv(box, emu) });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(report(rerun).map((row) => row.status)).toEqual([
      ...Array(k).fill('existing'),
      ...Array(30 - k).fill('created'),
    ]);
    const jobs = emu.store.all<Obj & { id: string }>('jobs');
    expect(jobs).toHaveLength(30);
    expectJobsMatch(jobs, rows);
  });
});

// ---------------------------------------------------------------------------------------------
// Failures file

describe('jobs import: the failures file', () => {
  it('rows that failed go to FILE.failed.ndjson, which imports on the emulator', async () => {
    const box = await sandbox();
    const server = await scriptedJobs({ fail: (title) => title.includes('fail') });
    const rows = [
      { title: 'Works', description: DESCRIPTION },
      {
        title: 'Will fail first',
        description: DESCRIPTION,
        location: { type: 'onsite', city: 'Paris', state: 'IDF', country: 'FR' },
        publish: true,
      },
      { title: 'Works too', description: DESCRIPTION },
      { title: 'Will fail second', description: DESCRIPTION, salary: { min: 10, max: 20 }, skills: ['rust'] },
    ];
    const file = put(box, 'batch.ndjson', ndjson(rows));
    const result = await runCli(['jobs', 'import', file, '--max-retries', '0', '--json'], {
      env: { ...box.env, HIRE_BASE_URL: server.apiUrl, HIRE_API_KEY: SCRIPTED_KEY },
    });
    expect(result.code).toBe(1);
    expect(report(result).map((row) => row.status)).toEqual(['created', 'failed', 'created', 'failed']);
    expect(server.posts.filter((post) => post.status === 500)).toHaveLength(2);
    const failures = join(box.root, 'batch.failed.ndjson');
    expect(result.stderr).toContain(`The rows left over are in ${failures}`);
    expect(readNdjson(failures)).toEqual([rows[1], rows[3]]);

    const again = await runCli(['jobs', 'import', failures, '--json'], { env: box.env });
    expect(again.code, again.stderr).toBe(0);
    expect(report(again).map((row) => [row.status, row.title])).toEqual([
      ['created', 'Will fail first'],
      ['created', 'Will fail second'],
    ]);
    expectJobsMatch(await listJobs(box.env), [rows[1]!, rows[3]!]);
  });

  it('--failures-file names the file; failed CSV rows are written as typed NDJSON that imports again', async () => {
    const box = await sandbox();
    const server = await scriptedJobs({ fail: (title) => title.includes('fail') });
    const text =
      'title,description,skills,salary.min,salary.max,publish,assessment_config.question_count,assessment_config.proctoring\n' +
      `CSV ok,${CSV_DESCRIPTION},go,1,2,no,6,no\n` +
      `CSV fail,"${DESCRIPTION}, with a comma",go;sql,100,200.5,yes,7,1\n`;
    const file = put(box, 'batch.csv', text);
    const custom = join(box.root, 'left-over.ndjson');
    const result = await runCli(['jobs', 'import', file, '--max-retries', '0', '--failures-file', custom], {
      env: { ...box.env, HIRE_BASE_URL: server.apiUrl, HIRE_API_KEY: SCRIPTED_KEY },
    });
    expect(result.code).toBe(1);
    expect(existsSync(join(box.root, 'batch.failed.ndjson'))).toBe(false);
    const expected = {
      title: 'CSV fail',
      description: `${DESCRIPTION}, with a comma`,
      skills: ['go', 'sql'],
      salary: { min: 100, max: 200.5 },
      publish: true,
      assessment_config: { question_count: 7, proctoring: true },
    };
    expect(readNdjson(custom)).toEqual([expected]);
    // What was sent for it is what the file holds.
    expect(server.posts.find((post) => post.status === 500)!.body).toEqual(expected);

    const again = await runCli(['jobs', 'import', custom, '--json'], { env: box.env });
    expect(again.code, again.stderr).toBe(0);
    expect(report(again).map((row) => row.status)).toEqual(['created']);
    expectJobsMatch(await listJobs(box.env), [expected]);
  });
});

// ---------------------------------------------------------------------------------------------
// 429, concurrency, progress

describe('jobs import: the rules of bulk work (src/services/bulk.ts)', () => {
  it('a key that may not write: the first row goes alone and is refused, the rest are not attempted, exit 3', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const created = await fetch(`${emu.origin}/_emulator/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'read', name: 'reader' }),
    });
    expect(created.status).toBe(201);
    const readKey = ((await created.json()) as { data: { key: string } }).data.key;
    const log = async (after: number) =>
      (
        await fetch(`${emu.origin}/_emulator/requests?after=${after}`, {
          headers: { authorization: `Bearer ${emu.key}` },
        })
      ).json() as Promise<{ data: { method: string; path: string; status: number }[]; meta: { last: number } }>;
    const before = (await log(0)).meta.last;
    const rows = jobRows(6, 'Refused');
    const file = put(box, 'refused.ndjson', ndjson(rows));

    const result = await runCli(['jobs', 'import', file, '--concurrency', '4', '--json'], {
      env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: readKey },
    });
    expect(result.code, result.stderr).toBe(3);
    const rowsReported = report(result);
    expect(rowsReported.map((row) => row.status)).toEqual(['failed', ...Array(5).fill('not_attempted')]);
    expect(rowsReported[1]!.error).toBe('not attempted: the key was refused (forbidden) for row 1');
    const envelope = JSON.parse(result.stderr.slice(result.stderr.indexOf('{'))) as {
      error: { code: string; message: string };
    };
    expect(envelope.error.code).toBe('forbidden');
    expect(envelope.error.message).toContain('6 rows: 0 created, 1 failed, 5 not attempted (the key was refused).');
    // One POST, refused: no other row was sent.
    const posts = (await log(before)).data.filter((entry) => entry.method === 'POST');
    expect(posts.map((entry) => [entry.path, entry.status])).toEqual([['/api/v1/jobs', 403]]);
    // Every row is left over, to import again with a key that may write.
    expect(readNdjson(join(box.root, 'refused.failed.ndjson'))).toEqual(rows);
    const again = await runCli(['jobs', 'import', join(box.root, 'refused.failed.ndjson'), '--json'], {
      env: await emulatorEnv(box, emu),
    });
    expect(again.code, again.stderr).toBe(0);
    expect(report(again).map((row) => row.status)).toEqual(Array(6).fill('created'));
  });
});

describe('jobs import: rate limits, concurrency and progress', () => {
  it('a row whose first answer was lost and whose retry was replayed is "created" by this run; a second run says "existing"', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const proxy = await forwardingProxy(emu.apiUrl, { loseAnswer: (post) => post === 1 || post === 3 });
    const file = put(box, 'lost.ndjson', ndjson(jobRows(3, 'Lost')));
    const env = await emulatorEnv(box, emu, proxy.apiUrl);

    const first = await runCli(['jobs', 'import', file, '--concurrency', '1', '--max-retries', '3', '--json', '-v'], {
      env,
    });
    expect(first.code, first.stderr).toBe(0);
    expect(report(first).map((row) => row.status)).toEqual(['created', 'created', 'created']);
    const posts = proxy.log.filter((entry) => entry.method === 'POST');
    expect(posts.map((entry) => entry.status)).toEqual([201, 201, 201, 201, 201]);
    expect(emu.store.all('jobs')).toHaveLength(3);
    expect(first.stderr).toContain('3 rows: 3 created.');

    const again = await runCli(['jobs', 'import', file, '--json'], { env });
    expect(report(again).map((row) => row.status)).toEqual(['existing', 'existing', 'existing']);
    expect(emu.store.all('jobs')).toHaveLength(3);
  });

  it('honours 429 during an import: waits retry_after, retries with the same key, creates every row once', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const proxy = await forwardingProxy(emu.apiUrl, {
      answer: (post) =>
        post <= 5
          ? {
              status: 429,
              body: { error: { code: 'rate_limited', message: 'Too many requests.', status: 429 }, retry_after: 0 },
            }
          : undefined,
    });
    const rows = jobRows(10, 'Limited');
    const result = await runCli(
      ['jobs', 'import', put(box, 'limited.ndjson', ndjson(rows)), '--max-retries', '5', '--json', '-v'],
      {
        env: await emulatorEnv(box, emu, proxy.apiUrl),
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(report(result).map((row) => row.status)).toEqual(Array(10).fill('created'));
    // Bulk work waits for the limit as the server asks (docs/api-choices.md §6).
    // retry_after 0 is waited as a second (a server answering 429 at once for ever is not hammered).
    expect(result.stderr).toContain('rate limited (429): waiting 0:01 before trying again.');
    const posts = proxy.log.filter((entry) => entry.method === 'POST');
    expect(posts.filter((entry) => entry.canned)).toHaveLength(5);
    expect(posts).toHaveLength(15);
    // Each limited request came again with its Idempotency-Key, and reached the emulator.
    const forwardedKeys = new Set(posts.filter((entry) => !entry.canned).map((entry) => entry.key));
    expect(forwardedKeys.size).toBe(10);
    for (const entry of posts.filter((item) => item.canned)) expect(forwardedKeys.has(entry.key)).toBe(true);
    for (const key of forwardedKeys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expectJobsMatch(emu.store.all<Obj & { id: string }>('jobs'), rows);
  });

  it('--concurrency N bounds the POSTs in flight and reaches N; 0 and 101 are usage errors', async () => {
    const box = await sandbox();
    // The answers after the first are held until 3 POSTs are in flight: reaching 3 does not depend
    // on how fast they come (an import that never sends 3 at once is never answered, and fails).
    const server = await scriptedJobs({ delayMs: 40, holdUntilInFlight: 3 });
    const env = { ...box.env, HIRE_BASE_URL: server.apiUrl, HIRE_API_KEY: SCRIPTED_KEY };
    const file = put(box, 'many.ndjson', ndjson(jobRows(12, 'Parallel')));

    const three = await runCli(['jobs', 'import', file, '--concurrency', '3', '--json'], { env });
    expect(three.code, three.stderr).toBe(0);
    expect(server.posts).toHaveLength(12);
    expect(server.maxInFlight).toBe(3);

    server.maxInFlight = 0;
    const one = await runCli(['jobs', 'import', file, '--concurrency', '1'], { env });
    expect(one.code, one.stderr).toBe(0);
    expect(server.posts).toHaveLength(24);
    expect(server.maxInFlight).toBe(1);

    for (const bad of ['0', '101', 'two']) {
      const result = await runCli(['jobs', 'import', file, '--concurrency', bad], { env });
      expect(result.code, `--concurrency ${bad}`).toBe(2);
      expect(result.stderr).toContain('--concurrency');
    }
    expect(server.requests).toBe(24);
  });

  it('draws a progress line on stderr at a terminal (done/total, rate, ETA, failures); none when piped or --quiet', async () => {
    const box = await sandbox();
    const server = await scriptedJobs({ fail: (title) => title === 'Bar 03' });
    const env = { ...box.env, HIRE_BASE_URL: server.apiUrl, HIRE_API_KEY: SCRIPTED_KEY };
    const file = put(box, 'bar.ndjson', ndjson(jobRows(6, 'Bar')));

    const tty = await runCli(['jobs', 'import', file, '--max-retries', '0'], { env, tty: true });
    expect(tty.code).toBe(1);
    expect(tty.stderr).toContain('Importing [');
    expect(tty.stderr).toContain('/s');
    expect(tty.stderr).toMatch(/Importing \[[=> ]{24}\] 6\/6 +\d+(\.\d)?\/s +ETA 0s +1 failed/);
    expect(tty.stdout).not.toContain('Importing [');

    const piped = await runCli(['jobs', 'import', file, '--max-retries', '0'], { env });
    expect(piped.code).toBe(1);
    expect(piped.stderr).not.toContain('Importing [');
    expect(piped.stderr).not.toContain('\r');
    expect(piped.stderr).toContain('6 rows: 5 created, 1 failed.');

    const quiet = await runCli(['jobs', 'import', file, '--max-retries', '0', '--quiet'], { env, tty: true });
    expect(quiet.stderr).not.toContain('Importing [');
  });
});

// ---------------------------------------------------------------------------------------------
// Streaming lists

describe('--all streaming of lists', () => {
  it('candidates list --all -o ndjson / -o csv print the pages concatenated, in order, once each', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const job = await emu.call('POST', '/jobs', { body: { title: 'Busy', description: DESCRIPTION, publish: true } });
    expect(job.status).toBe(201);
    const simulated = await fetch(`${emu.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: job.json.data.id, applications: 250, advance: true }),
    });
    expect(simulated.status).toBe(201);

    const pages: Obj[][] = [];
    for (const page of [1, 2, 3]) {
      const answer = await emu.call('GET', `/candidates?page=${page}&per_page=100`);
      expect(answer.status).toBe(200);
      pages.push(answer.json.data as Obj[]);
    }
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50]);
    const all = pages.flat();
    expect(new Set(all.map((candidate) => candidate.id)).size).toBe(250);

    const env = await emulatorEnv(box, emu);
    const nd = await runCli(['candidates', 'list', '--all', '-o', 'ndjson'], { env });
    expect(nd.code, nd.stderr).toBe(0);
    expect(nd.stdout).toBe(all.map((candidate) => `${JSON.stringify(candidate)}\n`).join(''));

    const quote = (value: unknown) => {
      const text =
        value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    };
    const keys = ['id', 'name', 'email', 'status', 'score', 'job_id', 'applied_at', 'created_at', 'updated_at', 'note'];
    const csv = await runCli(['candidates', 'list', '--all', '-o', 'csv'], { env });
    expect(csv.code, csv.stderr).toBe(0);
    const expectedCsv = [keys.join(','), ...all.map((candidate) => keys.map((key) => quote(candidate[key])).join(','))]
      .map((line) => `${line}\r\n`)
      .join('');
    expect(csv.stdout).toBe(expectedCsv);
  });
});
