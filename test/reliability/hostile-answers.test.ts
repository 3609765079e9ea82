// No server answer ends in "unexpected failure" (issue 25, item 7): generated hostile 200 answers —
// wrong types in every field, objects where text goes (`{"toString":1}` as a title), nesting to
// 10,000 levels, huge arrays, `__proto__`/`constructor` keys, absurd list meta — are fed from a
// scripted loopback server through every output path: lists as a table at a terminal and piped,
// --json, ndjson and csv; the detail views (`jobs get`, `candidates get`, `assessments get`);
// `hire status`; `hire analytics`. Each run must end in output (exit 0) or in exit 1 naming the
// invalid response; never "unexpected failure", never a stack trace.
//
// Property-based (fast-check) through main() in-process; a fixed seed (FC_SEED=N replays another),
// and the number of inputs tried printed when the file ends.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { captureIO } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { properties } from '../helpers/properties.js';
import { serve } from '../helpers/scripted-server.js';

const { property } = properties('hostile answers', 20_261_126);
const KEY = 'hk_test_hostile_answers_Lp4Rt8Wq2Zx6';
const COMMON = ['--max-retries', '0', '--no-input'];

// ---------------------------------------------------------------------------------------------
// Hostile JSON, generated as text (so that nesting can be 10,000 deep and `__proto__` a real key)

const FIELDS = [
  'id',
  'title',
  'name',
  'email',
  'phone',
  'status',
  'score',
  'created_at',
  'updated_at',
  'applied_at',
  'published_at',
  'description',
  'department',
  'location',
  'salary',
  'salary_range',
  'employment_type',
  'candidate_count',
  'job_id',
  'candidate_id',
  'assessment_config',
  'assessment',
  'questions',
  'answers',
  'attempts',
  'event_id',
  'event_type',
  'url',
  'response_status',
  'error',
  'type',
  'city',
  'country',
  'remote',
  'min',
  'max',
  'currency',
  'resume_url',
  'notes',
  'tags',
];
const STRANGE_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'prototype',
  'hasOwnProperty',
  '',
  ' ',
  'a.b',
  '0',
];
const ANALYTICS_KEYS = [
  'filters',
  'jobs',
  'candidates',
  'assessments',
  'funnel',
  'total',
  'by_status',
  'by_job',
  'average_score',
  'assessed',
  'generated',
  'count',
  'new',
  'review',
  'job_id',
  'from',
  'to',
];
const META_KEYS = ['request_id', 'current_page', 'per_page', 'total_pages', 'total_count'];

const key = (names: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 2, arbitrary: fc.constantFrom(...STRANGE_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );

/** Nesting that recursion would choke on: arrays or objects, `depth` levels. */
const deep = fc
  .record({ depth: fc.constantFrom(50, 1_000, 5_000, 10_000), object: fc.boolean() })
  .map(({ depth, object }) =>
    object ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`,
  );
const number = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.constantFrom('1e308', '-1e308', '1e999', '-0', '0.1', '9007199254740993', '-1', '1e-320'),
);
const text = fc.oneof(
  fc.string({ maxLength: 30 }).map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '""',
    '"\\u001b[31mred"',
    '"\\ud800"',
    '"2026-13-45T99:99:99Z"',
    '"not a date"',
    '"=cmd|/c calc!A1"',
    '"active"',
    '"review"',
    '"https://x.example/a"',
  ),
);
/** Rare per value (a case holds dozens of values): about every other case has something deep or huge. */
const leaf = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      'null',
      'true',
      'false',
      '{}',
      '[]',
      '{"toString":1}',
      '{"toString":{},"valueOf":{}}',
      '{"__proto__":{"polluted":1}}',
      '[null]',
      '[{}]',
    ),
  },
  { weight: 10, arbitrary: number },
  { weight: 10, arbitrary: text },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.constantFrom(20_000, 100_000).map((length) => `[${Array(length).fill('1').join(',')}]`) },
);
const { value } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(key(FIELDS), tie('value')), { maxLength: 5 }).map(object),
  ),
}));

function object(entries: [string, string][]): string {
  return `{${entries.map(([name, inner]) => `${JSON.stringify(name)}:${inner}`).join(',')}}`;
}

/** A record: mostly the fields a command shows, each with a hostile value. */
const record = fc.array(fc.tuple(key(FIELDS), value), { minLength: 1, maxLength: 10 }).map(object);
const meta = fc.oneof(
  fc
    .record({
      current_page: fc.integer({ min: -2, max: 3 }),
      per_page: fc.integer({ min: -1, max: 200 }),
      total_pages: fc.oneof(fc.integer({ min: -1, max: 3 }), fc.constant(1e9)),
      total_count: fc.integer({ min: -5, max: 1e9 }),
    })
    .map((fields) => JSON.stringify(fields)),
  fc.array(fc.tuple(fc.constantFrom(...META_KEYS, ...STRANGE_KEYS), value), { maxLength: 5 }).map(object),
  value,
);
/** A list answer: a page of hostile records, or `data` that is no list at all. */
const listBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.array(record, { maxLength: 4 }), meta)
      .map(([items, pageMeta]) => `{"data":[${items.join(',')}],"meta":${pageMeta}}`),
  },
  { weight: 1, arbitrary: value.map((data) => `{"data":${data}}`) },
);
const detailBody = fc.oneof(
  { weight: 4, arbitrary: record.map((data) => `{"data":${data}}`) },
  { weight: 1, arbitrary: value.map((data) => `{"data":${data}}`) },
);
const analyticsBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(key(ANALYTICS_KEYS), value), { maxLength: 8 })
      .map((entries) => `{"data":${object(entries)}}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom('jobs', 'candidates', 'assessments', 'funnel', 'filters'),
          fc.array(fc.tuple(key(ANALYTICS_KEYS), value), { maxLength: 4 }).map(object),
        ),
        { maxLength: 5 },
      )
      .map((entries) => `{"data":${object(entries)}}`),
  },
  { weight: 1, arbitrary: value.map((data) => `{"data":${data}}`) },
);

interface Answers {
  list: string;
  detail: string;
  analytics: string;
}
/** Only the answers a command reads are generated; the others are left plain. */
const PLAIN = { list: '{"data":[]}', detail: '{"data":{}}', analytics: '{"data":{}}' };
const answersFor = (generated: Partial<Record<keyof Answers, fc.Arbitrary<string>>>): fc.Arbitrary<Answers> =>
  fc.record({
    list: generated.list ?? fc.constant(PLAIN.list),
    detail: generated.detail ?? fc.constant(PLAIN.detail),
    analytics: generated.analytics ?? fc.constant(PLAIN.analytics),
  });

// ---------------------------------------------------------------------------------------------
// The output paths

type Mode = 'terminal' | 'piped' | 'json' | 'ndjson' | 'csv';

const LISTS = [
  ['jobs', 'list'],
  ['candidates', 'list'],
  ['assessments', 'list'],
  ['webhooks', 'list'],
  ['events', 'list'],
];
const DETAILS = [
  ['jobs', 'get', 'job_1'],
  ['candidates', 'get', 'cand_1'],
  ['assessments', 'get', 'asmt_1'],
];

interface Path {
  argv: readonly string[];
  mode: Mode;
}

/** Sometimes --fields, nested paths included (picked out of whatever the server sent). */
const withFields = (argv: fc.Arbitrary<string[]>) =>
  fc
    .tuple(
      argv,
      fc.option(
        fc.constantFrom('id,title', 'title,location.city,salary.min', 'status,__proto__,constructor.name', 'a.b.c,id'),
        { nil: undefined },
      ),
    )
    .map(([words, fields]) => (fields === undefined ? words : [...words, '--fields', fields]));
const listPaths = fc.record({
  argv: withFields(fc.constantFrom(...LISTS)),
  mode: fc.constantFrom<Mode>('terminal', 'piped', 'json', 'ndjson', 'csv'),
});
const detailPaths = fc.record({
  argv: withFields(fc.constantFrom(...DETAILS)),
  mode: fc.constantFrom<Mode>('terminal', 'piped', 'json', 'ndjson', 'csv'),
});
const statusPaths = fc.record({
  argv: fc.constant(['status']),
  mode: fc.constantFrom<Mode>('terminal', 'piped', 'json', 'ndjson'),
});
const analyticsPaths = fc.record({
  argv: fc.constant(['analytics']),
  mode: fc.constantFrom<Mode>('terminal', 'piped', 'json', 'ndjson', 'csv'),
});

interface Server {
  env: Record<string, string>;
  set(answers: Answers): void;
}

/** One scripted server answering each path with the current case's body (runs are sequential). */
async function hostileServer(): Promise<Server> {
  let current: Answers = PLAIN;
  const server = await serve((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = /\/analytics$/.test(path)
      ? current.analytics
      : /\/(jobs|candidates|assessments|webhooks|deliveries|events)$/.test(path)
        ? current.list
        : current.detail;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  return { env: { HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY }, set: (next) => (current = next) };
}

async function hire(
  box: Sandbox,
  server: Server,
  path: Path,
): Promise<{ code: number; stdout: string; stderr: string; argv: string[] }> {
  const format =
    path.mode === 'json' ? ['--json'] : path.mode === 'ndjson' || path.mode === 'csv' ? ['-o', path.mode] : [];
  const argv = [...path.argv, ...COMMON, ...format];
  const captured = captureIO({ argv, tty: path.mode === 'terminal', columns: 100 });
  const code = await main(argv, captured.io, { ...box.env, NO_COLOR: '1', ...server.env });
  return { code, stdout: captured.stdout(), stderr: captured.stderr(), argv };
}

/** Output and exit 0, or exit 1 naming the invalid response; never an unexpected failure or a stack trace. */
function expectHandled(run: { code: number; stdout: string; stderr: string; argv: string[] }, sent: Answers): void {
  const shown = `hire ${run.argv.join(' ')} → exit ${run.code}\nstderr: ${run.stderr.slice(0, 2000)}\nanswers: ${JSON.stringify(sent).slice(0, 3000)}`;
  expect(run.stderr, shown).not.toMatch(/unexpected failure/);
  expect(run.stderr + run.stdout, shown).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect([0, 1], shown).toContain(run.code);
  if (run.code === 1)
    expect(run.stderr + run.stdout, shown).toMatch(/invalid_response|does not have|not valid JSON|invalid response/);
}

const RUNS = { lists: 150, details: 90, status: 60, analytics: 70 };

describe('hostile answers end in output or exit 1 naming the invalid response', () => {
  const cases: [string, fc.Arbitrary<Path>, fc.Arbitrary<Answers>, number][] = [
    [
      'lists (table at a terminal and piped, --json, ndjson, csv)',
      listPaths,
      answersFor({ list: listBody }),
      RUNS.lists,
    ],
    [
      'detail views (jobs get, candidates get, assessments get)',
      detailPaths,
      answersFor({ detail: detailBody }),
      RUNS.details,
    ],
    ['hire status', statusPaths, answersFor({ list: listBody, analytics: analyticsBody }), RUNS.status],
    ['hire analytics (every format)', analyticsPaths, answersFor({ analytics: analyticsBody }), RUNS.analytics],
  ];
  // The bound is for a stuck run only (a busy machine takes longer; nothing here is timed).
  it.each(cases)('%s', { timeout: 600_000 }, async (name, paths, answers, runs) => {
    const box = await sandbox();
    const server = await hostileServer();
    await property(
      name,
      fc.tuple(paths, answers),
      runs,
      async ([path, sent]) => {
        server.set(sent);
        expectHandled(await hire(box, server, path), sent);
      },
      { endOnFailure: true },
    );
  });

  it.each([
    ['status', 'terminal'],
    ['status', 'piped'],
    ['jobs list', 'terminal'],
    ['jobs list', 'csv'],
  ] as const)(
    'the examples of the issue: a title {"toString":1} and a value 10,000 deep, %s (%s)',
    async (command, mode) => {
      const box = await sandbox();
      const server = await hostileServer();
      const nested = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      const job = `{"id":"job_1","title":{"toString":1},"status":${nested},"candidate_count":{"valueOf":{}},"created_at":{"toString":1}}`;
      const sent = {
        list: `{"data":[${job}],"meta":{"current_page":1,"per_page":100,"total_pages":1,"total_count":1}}`,
        detail: `{"data":${job}}`,
        analytics: `{"data":{"candidates":{"by_job":{"job_1":{"new":{"toString":1}}}},"funnel":[{"status":{"toString":1},"count":${nested}}]}}`,
      };
      server.set(sent);
      const run = await hire(box, server, { argv: command.split(' '), mode });
      expectHandled(run, sent);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('job_1');
    },
  );

  it.each([
    ['jobs list', 'list'],
    ['jobs get job_1', 'detail'],
  ] as const)(
    'an id 10,000 levels deep (20,000 characters, never cut) is drawn at a terminal, every character of it: %s',
    async (command, answer) => {
      const box = await sandbox();
      const server = await hostileServer();
      const id = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      const job = `{"id":${id},"title":"Backend","status":"active"}`;
      const sent = { ...PLAIN, [answer]: answer === 'list' ? `{"data":[${job}]}` : `{"data":${job}}` };
      server.set(sent);
      const run = await hire(box, server, { argv: command.split(' '), mode: 'terminal' });
      expectHandled(run, sent);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.match(/[[\]]/g)).toHaveLength(20_000);
    },
  );
});
