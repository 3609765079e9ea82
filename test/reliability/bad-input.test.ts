// Bad input, property-based (fast-check): thousands of generated job inputs, flags and files.
// The CLI's local validation and the emulator's validation give the same verdict for every input
// (one schema, src/domain/job.ts); invalid input exits 2 naming the field, valid input is created;
// nothing crashes. Malformed JSON/YAML/CSV files, binary garbage on stdin, huge strings, and
// unicode and control characters in every text field (table output stays inert: no terminal
// escape reaches stdout from server data).
//
// Every property runs a fixed number of times from a fixed seed; FC_SEED=N replays another.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { stringify as toYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { longName } from '../../src/commands/define.js';
import { JOB_INPUT_FLAGS } from '../../src/commands/jobs/job-flags.js';
import { validateJobInput } from '../../src/domain/job-schema.js';
import {
  COUNTRY_CODES,
  CURRENCY_CODES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  LOCATION_TYPES,
  QUESTION_TYPES,
  SALARY_PERIODS,
  DESCRIPTION_MAX_CHARS,
} from '../../src/domain/vocabulary.js';
import { inert } from '../../src/output/cells.js';
import { csvRow } from '../../src/output/render.js';
import { DESCRIPTION, captureIO, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { properties } from '../helpers/properties.js';

const { property } = properties('bad input', 20_261_122);

// ---------------------------------------------------------------------------------------------
// Values

/** Control characters and terminal escapes: C0, C1, DEL, CSI/OSC sequences, bidi, separators. */
const NASTY = [
  '\u0000',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\u000b',
  '\f',
  '\r',
  '\u001b',
  '\u001b[31m',
  '\u001b[2J\u001b[H',
  '\u001b]0;pwned\u0007',
  '\u001b]8;;https://evil.example\u001b\\',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009b',
  '\u009b31m',
  '\u009d',
  '\u200b',
  '\u200d',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\ud800',
  '\udfff',
];
const EMOJI = ['😀', '👩‍💻', '🇩🇪', '🧑🏽‍🚀', 'é', 'e\u0301', '中文', '𝔘𝔫𝔦', 'ﷺ', 'ᄀ', '\u0301'];
const WHITESPACE = [' ', '\t', '\n', '\r', '\u000b', '\f', '\u00a0', '\u1680', '\u2003', '\u2028', '\u3000', '\ufeff'];
const ODD_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '1e3',
  '0x10',
  'null',
  'true',
  '{}',
  '[]',
  '--',
  '-x',
  '=',
  'undefined',
  '__proto__',
];

const whitespaceOnly = fc.string({ unit: fc.constantFrom(...WHITESPACE), minLength: 1, maxLength: 6 });
/** Any text: printable, any code point, graphemes, controls and emoji, whitespace only, odd. */
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom(...NASTY, ...EMOJI, 'a', ' ') }),
  whitespaceOnly,
  fc.constantFrom(...ODD_STRINGS),
);
/** Text with something other than whitespace in it (what `nonEmptyText` accepts). */
const nonBlank = fc
  .tuple(fc.constantFrom('a', 'Z', '7', 'é', '😀', '中', '\u001b', '\u0000'), anyText)
  .map(([head, tail]) => head + tail);

const keyText = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'title', 'min', 'type'),
);
/** A value of a type no field takes (and some that one field takes: the property decides). */
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
  fc.constant({}),
  fc.dictionary(keyText, fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), { maxKeys: 2 }),
);
/** Numbers in and out of every range, non-integers, huge ones, and numbers as text. */
const numberish = fc.oneof(
  fc.integer({ min: -2, max: 2_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    -1,
    0,
    -0,
    4,
    5,
    5.5,
    20,
    21,
    299,
    300,
    300.5,
    1800,
    1801,
    1e21,
    2 ** 53,
    2 ** 53 + 2,
    Number.MIN_VALUE,
    -1e-9,
  ),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '12', ' 12 ', '1e3', '0x10', '', '5.0', 'ten', '300'),
);
const textField = fc.oneof(
  { weight: 4, arbitrary: nonBlank },
  { weight: 1, arbitrary: anyText },
  { weight: 1, arbitrary: wrongType },
);
const enumField = (values: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...values) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...values.map((value) => value.toUpperCase()),
        ...values.map((value) => ` ${value}`),
        '',
        'other',
      ),
    },
    { weight: 1, arbitrary: wrongType },
  );

/** One code point from anywhere, or one of the awkward ones. */
const codePoint = fc.oneof(
  fc.constantFrom('a', 'é', '😀', '中', '\u001b', '\u0000', '-', '\n', ' '),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
/** 98–102 code points, padded with whitespace that trimming removes: around the minimum of 100. */
const nearMinimum = fc
  .tuple(
    fc.constantFrom('', ' ', '\n\t', '\u00a0'),
    fc.integer({ min: 98, max: 102 }).chain((count) => fc.array(codePoint, { minLength: count, maxLength: count })),
    fc.constantFrom('', ' ', '\n'),
  )
  .map(([before, points, after]) => before + points.join('') + after);
/** 49–101 emoji: twice as many UTF-16 units as code points. */
const emojiDescription = fc.integer({ min: 49, max: 101 }).map((count) => '😀'.repeat(count));
const validDescription = fc.oneof(
  fc.constant(DESCRIPTION),
  fc.string({ unit: fc.constantFrom(...NASTY, ...EMOJI, 'a'), maxLength: 20 }).map((tail) => DESCRIPTION + tail),
  fc.integer({ min: 100, max: 110 }).map((count) => '😀'.repeat(count)),
);
const description = fc.oneof(
  { weight: 3, arbitrary: validDescription },
  { weight: 4, arbitrary: nearMinimum },
  { weight: 1, arbitrary: emojiDescription },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 95, maxLength: 200 }) },
  { weight: 1, arbitrary: anyText },
  { weight: 1, arbitrary: wrongType },
);

// Codes in any case and with spaces around are valid: they are normalised (`us` → `US`).
const anyCase = (codes: ReadonlySet<string>) =>
  fc
    .tuple(fc.constantFrom(...codes), fc.constantFrom('', ' '), fc.boolean())
    .map(([code, pad, lower]) => pad + (lower ? code.toLowerCase() : code) + pad);
const validCountry = anyCase(COUNTRY_CODES);
const validCurrency = anyCase(CURRENCY_CODES);
const country = fc.oneof(
  validCountry,
  fc.constantFrom('us', 'XX', 'UK', 'USA', '', ' US', 'US ', 'EU', 'ZZ', '🇺🇸', 'D'),
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 2, maxLength: 2 }),
  wrongType,
);
const validLocation = fc.oneof(
  fc.record(
    { type: fc.constant('remote'), city: nonBlank, state: nonBlank, country: validCountry },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constantFrom('hybrid', 'onsite'), city: nonBlank, state: nonBlank, country: validCountry },
    { requiredKeys: ['type', 'city', 'state'] },
  ),
);
const location = fc.oneof(
  fc.record({ type: enumField(LOCATION_TYPES), city: textField, state: textField, country }, { requiredKeys: [] }),
  wrongType,
);

const amount = fc.oneof(fc.integer({ min: 0, max: 500_000 }), fc.double({ min: 0, max: 1e7, noNaN: true }));
const validSalary = fc
  .record(
    { min: amount, max: amount, currency: validCurrency, period: fc.constantFrom(...SALARY_PERIODS) },
    { requiredKeys: [] },
  )
  .map((salary) =>
    salary.min !== undefined && salary.max !== undefined && salary.min > salary.max
      ? { ...salary, min: salary.max, max: salary.min }
      : salary,
  );
const salary = fc.oneof(
  fc.record(
    { min: numberish, max: numberish, currency: textField, period: enumField(SALARY_PERIODS) },
    { requiredKeys: [] },
  ),
  // min > max
  fc
    .tuple(amount, amount)
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => ({ min: Math.max(a, b), max: Math.min(a, b) })),
  wrongType,
);

const flagValue = fc.oneof(
  { weight: 3, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 1, 0, null, 'yes') },
);
const validAssessment = fc.record(
  {
    auto_generate: fc.boolean(),
    question_count: fc.integer({ min: 5, max: 20 }),
    time_limit: fc.integer({ min: 300, max: 1800 }),
    proctoring: fc.boolean(),
    question_types: fc.array(fc.constantFrom(...QUESTION_TYPES), { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const assessment = fc.oneof(
  fc.record(
    {
      auto_generate: flagValue,
      question_count: numberish,
      time_limit: numberish,
      proctoring: flagValue,
      question_types: fc.oneof(fc.array(enumField(QUESTION_TYPES), { maxLength: 4 }), wrongType),
    },
    { requiredKeys: [] },
  ),
  wrongType,
);

const validList = fc.array(nonBlank, { maxLength: 4 });
const list = fc.oneof(
  fc.array(
    fc.oneof(
      { weight: 3, arbitrary: nonBlank },
      { weight: 1, arbitrary: fc.constantFrom('', '  ', '\t\n') },
      { weight: 1, arbitrary: wrongType },
    ),
    {
      minLength: 1,
      maxLength: 4,
    },
  ),
  fc.constant([]),
  wrongType,
  anyText,
);

const validJob = fc.record(
  {
    title: nonBlank,
    department: nonBlank,
    location: validLocation,
    description: validDescription,
    requirements: validList,
    skills: validList,
    experience_level: fc.constantFrom(...EXPERIENCE_LEVELS),
    employment_type: fc.constantFrom(...EMPLOYMENT_TYPES),
    salary: validSalary,
    assessment_config: validAssessment,
    publish: fc.boolean(),
  },
  { requiredKeys: ['title', 'description'] },
);

/** Mixed values, valid and not, for every field of a job input. */
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  title: fc.oneof(textField, whitespaceOnly),
  department: fc.oneof(textField, whitespaceOnly),
  location,
  description,
  requirements: list,
  skills: list,
  experience_level: enumField(EXPERIENCE_LEVELS),
  employment_type: enumField(EMPLOYMENT_TYPES),
  salary,
  assessment_config: assessment,
  publish: flagValue,
};
const NESTED_VALUES: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
  location: {
    type: enumField(LOCATION_TYPES),
    city: fc.oneof(textField, whitespaceOnly),
    state: fc.oneof(textField, whitespaceOnly),
    country,
  },
  salary: {
    min: numberish,
    max: numberish,
    currency: fc.oneof(validCurrency, fc.constantFrom('EURO', 'XAU', 'US$'), textField, whitespaceOnly),
    period: enumField(SALARY_PERIODS),
  },
  assessment_config: {
    auto_generate: flagValue,
    question_count: numberish,
    time_limit: numberish,
    proctoring: flagValue,
    question_types: fc.oneof(
      fc.array(fc.oneof(enumField(QUESTION_TYPES), fc.constantFrom('', ' ')), { maxLength: 4 }),
      wrongType,
    ),
  },
};
const unknownKey = fc.oneof(
  fc.constantFrom(
    'foo',
    'Title',
    'title ',
    'TITLE',
    'status',
    'id',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '',
    'location.city',
    'descripción',
    '\u0000',
    '\u001b[31m',
    '😀',
  ),
  fc.string({ maxLength: 8 }),
);

type Mutation =
  | { op: 'set'; field: string; value: unknown }
  | { op: 'delete'; field: string }
  | { op: 'nested'; at: string; key: string; value: unknown }
  | { op: 'unknown'; at: string; key: string; value: unknown }
  | { op: 'root'; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.oneof(
      ...Object.entries(FIELD_VALUES).map(([field, value]) =>
        value.map((v): Mutation => ({ op: 'set', field, value: v })),
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...Object.keys(FIELD_VALUES)).map((field): Mutation => ({ op: 'delete', field })),
  },
  {
    weight: 4,
    arbitrary: fc.oneof(
      ...Object.entries(NESTED_VALUES).flatMap(([at, fields]) =>
        Object.entries(fields).map(([key, value]) => value.map((v): Mutation => ({ op: 'nested', at, key, value: v }))),
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('', 'location', 'salary', 'assessment_config'), unknownKey, fc.oneof(anyText, wrongType))
      .map(([at, key, value]): Mutation => ({ op: 'unknown', at, key, value })),
  },
  { weight: 1, arbitrary: fc.oneof(wrongType, anyText).map((value): Mutation => ({ op: 'root', value })) },
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Sets an own property, `__proto__` included (as JSON.parse does). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy that keeps own `__proto__` keys and -0 (generated values are never changed). */
function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) put(out, key, clone(value[key]));
    return out;
  }
  return value;
}

function applyMutations(base: Record<string, unknown>, mutations: readonly Mutation[]): unknown {
  let input: unknown = clone(base);
  for (const change of mutations) {
    if (change.op === 'root') {
      input = clone(change.value);
      continue;
    }
    if (!isObject(input)) input = {};
    const job = input as Record<string, unknown>;
    if (change.op === 'set') put(job, change.field, clone(change.value));
    else if (change.op === 'delete') delete job[change.field];
    else {
      let parent = job;
      if (change.at !== '') {
        if (!isObject(job[change.at])) put(job, change.at, {});
        parent = job[change.at] as Record<string, unknown>;
      }
      put(parent, change.key, clone(change.value));
    }
  }
  return input;
}

/** Job inputs: a valid job with up to three changes, each valid or not. */
const jobInput = fc
  .tuple(validJob, fc.array(mutation, { maxLength: 3 }))
  .map(([base, mutations]) => applyMutations(base as Record<string, unknown>, mutations));

// ---------------------------------------------------------------------------------------------
// Helpers

async function setup(): Promise<{ root: string; emulator: TestEmulator; env: Record<string, string> }> {
  const box = await sandbox();
  const emulator = await testEmulator(box.dataDir);
  return { root: box.root, emulator, env: { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key } };
}

/** POST /jobs with fetch and the local key; the body is always the JSON text of the input. */
async function postJob(emulator: TestEmulator, input: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${emulator.apiUrl}/jobs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** main() with stdin holding exactly these bytes (runCli's stdin is a string). */
async function runWithStdin(argv: string[], bytes: Uint8Array, env: Record<string, string>): Promise<RunResult> {
  const captured = captureIO({});
  const io = { ...captured.io, stdin: Readable.from([Buffer.from(bytes)]) };
  const code = await main(argv, io, env);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

const STACK_FRAME = /^\s+at .+(:\d+:\d+\)?|\(native\)|\(<anonymous>\))$/m;

/** What every run must hold: a documented exit code, no crash report, no stack trace. */
function expectNoCrash(result: RunResult, allowed: readonly number[] = [0, 2]): void {
  const report = `exit ${result.code}\nstderr: ${result.stderr.slice(0, 2_000)}`;
  expect(allowed, report).toContain(result.code);
  expect(result.stderr, report).not.toMatch(/unexpected failure/i);
  expect(result.stderr, report).not.toMatch(STACK_FRAME);
  if (result.code !== 0) expect(result.stderr.trim(), report).not.toBe('');
}

/** The `error` of the envelope printed on stderr with --json. */
function errorEnvelope(stderr: string): { code: string; message: string; details?: Record<string, string> } {
  // Notices and per-row reports may come first (stderr is also for those); the envelope ends it.
  const start = stderr.startsWith('{') ? 0 : stderr.indexOf('\n{') + 1;
  const parsed = JSON.parse(stderr.slice(start)) as {
    error: { code: string; message: string; details?: Record<string, string> };
  };
  return parsed.error;
}

const sorted = (keys: Iterable<string>) => [...keys].sort();

/** Characters that must never reach a terminal from data: C0, DEL, C1, separators, bidi controls. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

function controlsIn(stdout: string, allowed: readonly string[]): string[] {
  return [...stdout]
    .filter((char) => CONTROL.test(char) && !allowed.includes(char))
    .map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
}

/** How a value should read in a table cell: every control escaped, as text. */
function escaped(text: string): string {
  return toWellFormed(text).replace(new RegExp(CONTROL.source, 'gu'), (char) =>
    char === '\n'
      ? '\\n'
      : char === '\t'
        ? '\\t'
        : char === '\r'
          ? '\\r'
          : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Lone surrogates as a UTF-8 stream writes them: U+FFFD. */
const toWellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

let files = 0;
function writeTemp(root: string, name: string, content: string | Uint8Array): string {
  const path = join(root, `${++files}-${name}`);
  writeFileSync(path, content);
  return path;
}

// ---------------------------------------------------------------------------------------------

describe('generated job inputs: one schema, one verdict', () => {
  it('validateJobInput and POST /jobs on the emulator agree on 2,000 inputs, field for field', async () => {
    const { emulator } = await setup();
    let valid = 0;
    let invalid = 0;
    await property('local and emulator verdicts', jobInput, 2_000, async (input) => {
      const local = validateJobInput(input);
      const response = await postJob(emulator, input);
      const report = `local: ${JSON.stringify(local)}\nemulator: ${response.status} ${JSON.stringify(response.body)}`;
      if (local.ok) {
        valid++;
        expect(response.status, report).toBe(201);
        expect(response.body.data.title, report).toBe(local.value.title);
        expect(response.body.data.description, report).toBe(local.value.description);
        // Codes are stored as normalised, by the emulator as locally.
        expect(response.body.data.location?.country, report).toBe(local.value.location?.country);
        expect(response.body.data.salary?.currency, report).toBe(local.value.salary?.currency);
      } else {
        invalid++;
        expect(response.status, report).toBe(400);
        expect(response.body.error.code, report).toBe('validation_error');
        expect(sorted(Object.keys(response.body.error.details)), report).toEqual(sorted(Object.keys(local.errors)));
        expect(response.body.error.details, report).toEqual(local.errors);
      }
    });
    // Both verdicts are well represented, or the property says little.
    expect(valid).toBeGreaterThan(300);
    expect(invalid).toBeGreaterThan(300);
  }, 60_000);

  it('every refusal names at least one field, locally and from the emulator', async () => {
    const { emulator } = await setup();
    await property('refusals name a field', jobInput, 2_000, async (input) => {
      const local = validateJobInput(input);
      if (local.ok) return;
      // The emulator is asked only about the inputs it matters for (keys that Object.prototype also has), to stay fast.
      const asked = isObject(input) && Object.keys(input).some((key) => key in Object.prototype);
      const details = asked
        ? ((await postJob(emulator, input)).body.error.details as Record<string, string>)
        : undefined;
      const report = `input: ${JSON.stringify(input)}\nlocal errors: ${JSON.stringify(local.errors)}\nemulator details: ${JSON.stringify(details)}`;
      expect(Object.keys(local.errors), report).not.toEqual([]);
      if (details) expect(Object.keys(details), report).not.toEqual([]);
    });
  });

  it('hire jobs create --from-file: exit 0 and created when valid, exit 2 naming every invalid field when not', async () => {
    const { root, emulator, env } = await setup();
    await property('jobs create --from-file', fc.tuple(jobInput, fc.boolean()), 300, async ([input, asJson]) => {
      const file = writeTemp(root, 'job.json', JSON.stringify(input));
      const result = await runCli(['jobs', 'create', '--from-file', file, ...(asJson ? ['--json'] : [])], { env });
      const local = validateJobInput(input);
      const report = `exit ${result.code}\nlocal: ${JSON.stringify(local)}\nstdout: ${result.stdout.slice(0, 500)}\nstderr: ${result.stderr.slice(0, 2_000)}`;
      expectNoCrash(result);
      if (local.ok) {
        expect(result.code, report).toBe(0);
        if (asJson) {
          const job = JSON.parse(result.stdout) as { id: string; title: string; description: string };
          expect(job.title, report).toBe(local.value.title);
          expect(job.description, report).toBe(local.value.description);
          expect((await emulator.call('GET', `/jobs/${job.id}`)).status, report).toBe(200);
        } else {
          const id = /job_[A-Za-z0-9]+/.exec(result.stdout)?.[0];
          expect(id, report).toBeDefined();
          expect((await emulator.call('GET', `/jobs/${id}`)).status, report).toBe(200);
        }
        return;
      }
      expect(result.code, report).toBe(2);
      if (!isObject(input)) {
        // Not a job at all: the file is named, whatever the field.
        expect(result.stderr, report).toContain(file);
        return;
      }
      const fields = Object.keys(local.errors);
      if (asJson) {
        const error = errorEnvelope(result.stderr);
        expect(error.code, report).toBe('validation_error');
        expect(sorted(Object.keys(error.details ?? {})), report).toEqual(sorted(fields));
      } else {
        // Named as shown to a person: inert (docs/output.md "Text from outside", a key may hold a terminal escape).
        for (const field of fields) expect(result.stderr, report).toContain(inert(field));
        expect(result.stderr, report).toContain(file);
      }
    });
  }, 60_000);
});

describe('generated flags for jobs create', () => {
  const VALUE_FLAGS = [
    ...Object.entries(JOB_INPUT_FLAGS)
      .filter(([, flag]) => flag.kind !== 'boolean')
      .map(([key, flag]) => longName(key, flag)),
    '--from-file',
  ];
  const SWITCHES = [
    '--no-auto-generate',
    '--auto-generate',
    '--proctoring',
    '--publish',
    '--dry-run',
    '--interactive',
    '--json',
    '--quiet',
  ];
  const huge = fc
    .constantFrom(100_000, 200_000)
    .chain((size) => fc.constantFrom('x', 'é', '😀', '\u001b').map((char) => char.repeat(size)));
  const oddValue = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '--',
        '-x',
        '',
        '=',
        '-',
        '-1',
        '--title',
        '--json',
        ',',
        ' , ',
        'NaN',
        'Infinity',
        '1e3',
        '0x10',
        '5',
        '20',
        '300',
        '100000',
        ' 7 ',
        'remote',
        'onsite',
        'hybrid',
        'senior',
        'full_time',
        'yearly',
        'scenario',
        'scenario,essay',
        'US',
        'de',
      ),
    },
    { weight: 3, arbitrary: anyText },
    { weight: 1, arbitrary: huge },
  );
  /** Values a flag takes, for a fair share of runs that create a job. */
  const PLAUSIBLE: Record<string, readonly string[]> = {
    '--department': ['Platform', 'Ünïcødé 😀'],
    '--location-type': [...LOCATION_TYPES],
    '--city': ['Berlin', '東京'],
    '--state': ['BE', 'CA'],
    '--country': ['DE', 'US', 'us'],
    '--requirement': ['5+ years of Go', 'On-call, shared fairly'],
    '--skill': ['go', 'go,sql', ',,', 'rust, ,zig'],
    '--experience-level': [...EXPERIENCE_LEVELS],
    '--employment-type': [...EMPLOYMENT_TYPES],
    '--salary-min': ['0', '90000', '1e5', ' 100 '],
    '--salary-max': ['120000', '99.5'],
    '--salary-currency': ['EUR', 'usd', '€', 'EURO'],
    '--salary-period': [...SALARY_PERIODS],
    '--question-count': ['5', '12', '20'],
    '--time-limit': ['300', '900', '1800'],
    '--question-type': ['scenario', 'ranksort,multiple_choice'],
  };
  const flagWithValue = fc
    .constantFrom(...VALUE_FLAGS)
    .chain((flag) =>
      fc.tuple(
        fc.constant(flag),
        PLAUSIBLE[flag]
          ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PLAUSIBLE[flag]) }, { weight: 1, arbitrary: oddValue })
          : oddValue,
        fc.boolean(),
      ),
    );
  const flagVector = fc
    .record({
      title: fc.option(
        fc.oneof(
          { weight: 4, arbitrary: fc.constant('Backend Engineer') },
          { weight: 1, arbitrary: nonBlank },
          { weight: 1, arbitrary: oddValue },
        ),
        {
          nil: undefined,
          freq: 8,
        },
      ),
      description: fc.option(
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(DESCRIPTION) },
          { weight: 1, arbitrary: nearMinimum },
          { weight: 1, arbitrary: oddValue },
        ),
        { nil: undefined, freq: 8 },
      ),
      others: fc.array(
        fc.oneof(
          { weight: 4, arbitrary: flagWithValue },
          { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...SWITCHES), fc.constant(''), fc.constant(false)) },
        ),
        { maxLength: 5 },
      ),
      stray: fc.option(fc.constantFrom('extra', '--bogus', '-z', '--', '-', '--title'), { nil: undefined, freq: 8 }),
    })
    .map(({ title, description, others, stray }) => {
      const argv: string[] = [];
      const add = (flag: string, value: string, joined: boolean) =>
        joined ? argv.push(`${flag}=${value}`) : argv.push(flag, value);
      if (title !== undefined) add('--title', title, false);
      if (description !== undefined) add('--description', description, false);
      for (const [flag, value, joined] of others) {
        if (SWITCHES.includes(flag)) argv.push(flag);
        else add(flag, value, joined);
      }
      if (stray !== undefined) argv.push(stray);
      return argv;
    });

  it('exit 0 or 2, never 1, never a stack trace, and a message on 2', async () => {
    const { env } = await setup();
    let created = 0;
    await property('jobs create flags', flagVector, 400, async (flags) => {
      const result = await runCli(['jobs', 'create', ...flags], { env });
      expectNoCrash(result);
      if (result.code === 0) {
        created++;
        expect(result.stdout.trim()).not.toBe('');
      }
    });
    expect(created).toBeGreaterThan(10);
  }, 60_000);
});

describe('malformed files and stdin', () => {
  /** Text made of the pieces of JSON, YAML and CSV syntax, and controls. */
  const syntaxSoup = fc
    .array(
      fc.constantFrom(
        '{',
        '}',
        '[',
        ']',
        ':',
        ',',
        '"',
        "'",
        '\n',
        '\r\n',
        '-',
        ' ',
        '  ',
        'a',
        'title',
        'description',
        '\u0000',
        '\ufeff',
        '#',
        '&a',
        '*a',
        '!!binary',
        '!!set',
        '!!map',
        '? ',
        '|',
        '>',
        '%YAML 1.2',
        '---',
        '...',
        '@',
        '`',
        '\\',
        '\\u',
        'null',
        '1e999',
        '__proto__',
        ';',
        '😀',
        '\u001b',
      ),
      { maxLength: 80 },
    )
    .map((parts) => Buffer.from(parts.join('')));
  const garbage = fc.oneof(fc.uint8Array({ maxLength: 2_048 }), syntaxSoup);

  it('random bytes in --from-file: exit 2 naming the file', async () => {
    const { root, env } = await setup();
    await property(
      'garbage --from-file',
      fc.tuple(garbage, fc.constantFrom('.json', '.yaml', '.yml', '.txt', '')),
      150,
      async ([bytes, ext]) => {
        const file = writeTemp(root, `garbage${ext}`, bytes);
        const result = await runCli(['jobs', 'create', '--from-file', file], { env });
        expectNoCrash(result, [2]);
        expect(result.stderr).toContain(file);
      },
    );
  });

  it('random bytes in jobs import FILE: exit 2 naming the file or its rows, nothing sent', async () => {
    const { root, env, emulator } = await setup();
    await property(
      'garbage jobs import',
      fc.tuple(garbage, fc.constantFrom('.csv', '.json', '.ndjson', '.jsonl', '.txt', '')),
      150,
      async ([bytes, ext]) => {
        const file = writeTemp(root, `garbage${ext}`, bytes);
        const result = await runCli(['jobs', 'import', file], { env });
        expectNoCrash(result, [2]);
        expect(
          result.stderr.includes(file) || /rows? (is|are) not valid; nothing was sent/.test(result.stderr),
          result.stderr,
        ).toBe(true);
      },
    );
    expect((await emulator.call('GET', '/jobs')).json.data).toEqual([]);
  });

  it('binary garbage on stdin: --from-file - and jobs import - exit 2 naming stdin', async () => {
    const { env, emulator } = await setup();
    await property(
      'garbage on stdin',
      fc.tuple(garbage, fc.boolean(), fc.boolean()),
      150,
      async ([bytes, importing, asJson]) => {
        const argv = importing ? ['jobs', 'import', '-'] : ['jobs', 'create', '--from-file', '-'];
        const result = await runWithStdin([...argv, ...(asJson ? ['--json'] : [])], bytes, env);
        expectNoCrash(result, [2]);
        // `--from-file -` names stdin as the user wrote it (the parse errors say `stdin`); an import
        // that reads as rows names the rows that are not valid.
        const names = importing ? /stdin|rows? (is|are) not valid; nothing was sent/ : /stdin|--from-file -:/;
        if (asJson) {
          // The error envelope ends stderr; with the fields in its details, it needs no more.
          const error = errorEnvelope(result.stderr);
          expect(names.test(result.stderr) || Object.keys(error.details ?? {}).length > 0, result.stderr).toBe(true);
        } else expect(result.stderr).toMatch(names);
      },
    );
    expect((await emulator.call('GET', '/jobs')).json.data).toEqual([]);
  });

  const CSV_COLUMNS = [
    'title',
    'description',
    'department',
    'location.type',
    'location.city',
    'location.state',
    'location.country',
    'requirements',
    'skills',
    'experience_level',
    'employment_type',
    'salary.min',
    'salary.max',
    'salary.currency',
    'salary.period',
    'assessment_config.question_count',
    'assessment_config.time_limit',
    'assessment_config.question_types',
    'publish',
  ];
  function csvOf(jobs: Record<string, unknown>[]): string {
    const cell = (job: Record<string, unknown>, column: string): string => {
      const value = column.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), job);
      if (value === undefined || value === null) return '';
      if (Array.isArray(value)) return value.join(';');
      return String(value);
    };
    return (
      [csvRow(CSV_COLUMNS), ...jobs.map((job) => csvRow(CSV_COLUMNS.map((column) => cell(job, column))))].join('\n') +
      '\n'
    );
  }

  type Edit = { at: number; remove: number; insert: string };
  const edit = fc.record({
    at: fc.nat(),
    remove: fc.nat({ max: 5 }),
    insert: fc.oneof(
      fc.constant(''),
      fc.string({ unit: 'binary', maxLength: 3 }),
      fc.constantFrom('"', '{', ',', '\n', ':', '- ', '\u0000'),
    ),
  });
  const damaged = fc.record({
    jobs: fc.array(validJob, { minLength: 1, maxLength: 3 }),
    format: fc.constantFrom('json', 'yaml', 'csv', 'json-array'),
    cut: fc.option(fc.nat(), { nil: undefined }),
    edits: fc.array(edit, { maxLength: 3 }),
  });
  function damage(text: string, cut: number | undefined, edits: readonly Edit[]): string {
    let out = cut === undefined ? text : text.slice(0, cut % Math.max(1, text.length));
    for (const { at, remove, insert } of edits) {
      const position = at % (out.length + 1);
      out = out.slice(0, position) + insert + out.slice(position + remove);
    }
    return out;
  }

  it('truncated and garbled JSON, YAML and CSV: exit 0 with the job created, or 2 naming the file', async () => {
    const { root, env } = await setup();
    let refused = 0;
    await property('damaged files', damaged, 200, async ({ jobs, format, cut, edits }) => {
      const first = jobs[0] as Record<string, unknown>;
      const whole =
        format === 'json'
          ? JSON.stringify(first, null, 2)
          : format === 'yaml'
            ? toYaml(first)
            : format === 'csv'
              ? csvOf(jobs)
              : JSON.stringify(jobs);
      const text = damage(whole, cut, edits);
      const ext = format === 'yaml' ? '.yaml' : format === 'csv' ? '.csv' : '.json';
      const file = writeTemp(root, `damaged${ext}`, text);
      const argv =
        format === 'json' || format === 'yaml' ? ['jobs', 'create', '--from-file', file] : ['jobs', 'import', file];
      const result = await runCli(argv, { env });
      const report = `${format} exit ${result.code}\n${JSON.stringify(text).slice(0, 1_000)}\nstderr: ${result.stderr.slice(0, 1_000)}`;
      expectNoCrash(result);
      if (result.code === 0) {
        expect(result.stdout, report).toMatch(/job_[A-Za-z0-9]+/);
        return;
      }
      refused++;
      if (argv[1] === 'create') expect(result.stderr, report).toContain(file);
      else
        expect(
          result.stderr.includes(file) || /rows? (is|are) not valid; nothing was sent/.test(result.stderr),
          report,
        ).toBe(true);
      // A JSON object cut short, and nothing else, is never valid JSON.
      if (format === 'json' && cut !== undefined && edits.length === 0 && text.length < whole.length) {
        expect(result.stderr, report).toMatch(/not valid JSON/);
      }
    });
    expect(refused).toBeGreaterThan(20);
  }, 60_000);

  /** Runs each case and lists what went wrong with any of them, so one report shows every case. */
  async function everyCase(
    cases: readonly { name: string; argv: string[]; names: string[] }[],
    env: Record<string, string>,
    probe?: string,
  ): Promise<string[]> {
    const problems: string[] = [];
    for (const { name, argv, names } of cases) {
      const result = await runCli(argv, { env });
      const problem = (what: string) =>
        problems.push(`${name}: ${what} (exit ${result.code}; stderr: ${JSON.stringify(result.stderr.slice(0, 300))})`);
      if (probe !== undefined && Object.prototype.hasOwnProperty.call(Object.prototype, probe)) {
        problem(`Object.prototype.${probe} was set`);
        delete (Object.prototype as Record<string, unknown>)[probe];
      }
      if (result.code !== 2) problem('exit code is not 2');
      if (/unexpected failure/i.test(result.stderr) || STACK_FRAME.test(result.stderr)) problem('crash report');
      for (const text of names)
        if (!result.stderr.includes(text)) problem(`stderr does not name ${JSON.stringify(text)}`);
    }
    return problems;
  }

  it('__proto__ and other Object.prototype names as keys: unknown fields, named, never a change to Object.prototype', async () => {
    const { root, env } = await setup();
    const probe = 'hirePollutionProbe';
    const job = `"title":"T","description":${JSON.stringify(DESCRIPTION)}`;
    const csv = (header: string) =>
      writeTemp(root, 'proto.csv', `${header},title,description\nyes,Backend Engineer,"${DESCRIPTION}"\n`);
    const cases = [
      { name: 'CSV header __proto__.x', argv: ['jobs', 'import', csv(`__proto__.${probe}`)], names: ['__proto__'] },
      {
        name: 'CSV header location.__proto__.x',
        argv: ['jobs', 'import', csv(`location.__proto__.${probe}`)],
        names: ['__proto__'],
      },
      {
        name: 'CSV header constructor.prototype.x',
        argv: ['jobs', 'import', csv(`constructor.prototype.${probe}`)],
        names: ['constructor'],
      },
      {
        name: 'JSON key __proto__',
        argv: [
          'jobs',
          'create',
          '--from-file',
          writeTemp(root, 'proto.json', `{${job},"__proto__":{"${probe}":"yes"}}`),
        ],
        names: ['__proto__'],
      },
      {
        name: 'YAML key __proto__',
        argv: [
          'jobs',
          'create',
          '--from-file',
          writeTemp(
            root,
            'proto.yaml',
            `title: T\ndescription: ${JSON.stringify(DESCRIPTION)}\n__proto__:\n  ${probe}: yes\n`,
          ),
        ],
        names: ['__proto__'],
      },
      {
        name: 'JSON array key __proto__',
        argv: ['jobs', 'import', writeTemp(root, 'proto-array.json', `[{${job},"__proto__":{"${probe}":"yes"}}]`)],
        names: ['__proto__'],
      },
      ...['toString', 'constructor', 'hasOwnProperty', 'valueOf'].map((key) => ({
        name: `JSON key ${key}`,
        argv: ['jobs', 'create', '--from-file', writeTemp(root, `${key}.json`, `{${job},"${key}":1}`)],
        names: [key],
      })),
    ];
    try {
      expect(await everyCase(cases, env, probe)).toEqual([]);
    } finally {
      delete (Object.prototype as Record<string, unknown>)[probe];
    }
  });

  it('YAML and JSON corner cases: aliases, alias bombs, cycles, tags, deep nesting, odd roots: exit 2 naming the file', async () => {
    const { root, env } = await setup();
    const job = `title: T\ndescription: ${JSON.stringify(DESCRIPTION)}\n`;
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefg'
        .split('')
        .map((name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefg'[index]}`).join(', ')}]`),
    ].join('\n');
    const files: [string, string, string][] = [
      ['an unknown alias', 'alias.yaml', '*a\n'],
      ['an unknown alias in a field', 'alias-field.yaml', `${job}department: *dept\n`],
      ['an alias bomb', 'bomb.yaml', `${job}${bomb}\n`],
      ['a cycle', 'cycle.yaml', `${job}requirements: &r [*r]\n`],
      [
        'a YAML 1.1 timestamp',
        'date.yaml',
        `%YAML 1.1\n---\ntitle: 2001-01-01\ndescription: ${JSON.stringify(DESCRIPTION)}\n`,
      ],
      ['a !!binary title', 'binary.yaml', `title: !!binary aGk=\ndescription: ${JSON.stringify(DESCRIPTION)}\n`],
      ['a collection as a key', 'key.yaml', `${job}? [a]\n: b\n`],
      ['a duplicate key', 'dup.yaml', `${job}title: U\n`],
      ['deeply nested YAML', 'deep.yaml', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
      ['deeply nested JSON', 'deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
      [
        'a deeply nested field',
        'deep-field.json',
        `{"title":"T","description":${JSON.stringify(DESCRIPTION)},"location":{"type":"onsite","city":${'['.repeat(50_000)}${']'.repeat(50_000)},"state":"BE"}}`,
      ],
      ['an empty file', 'empty.json', ''],
      ['a byte-order mark only', 'bom.yaml', '\ufeff'],
      ['a null root', 'null.json', 'null'],
      ['an array root', 'array.yaml', '- title: T\n'],
      ['a string root', 'string.json', '"job"'],
      ['a number root', 'number.yaml', '42'],
      ['NUL bytes', 'nul.yaml', '\u0000\u0000title: T'],
    ];
    const cases = files.map(([name, file, text]) => {
      const path = writeTemp(root, file, text);
      return { name, argv: ['jobs', 'create', '--from-file', path], names: [path] };
    });
    expect(await everyCase(cases, env)).toEqual([]);
  });

  it('an alias bomb inside a known field is refused for its aliases, before any field is checked', async () => {
    const { root, env, emulator } = await setup();
    // 9^7 ≈ 4.8 million strings once expanded, all under `requirements`.
    const levels = [
      '&a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefg'.split('').map((name, index) => `&${name} [${Array(9).fill(`*${'abcdefg'[index]}`).join(', ')}]`),
    ];
    const path = writeTemp(
      root,
      'bomb-field.yaml',
      `title: T\ndescription: ${JSON.stringify(DESCRIPTION)}\nrequirements: [${levels.join(', ')}]\n`,
    );
    const result = await runCli(['jobs', 'create', '--from-file', path], { env });
    expectNoCrash(result, [2]);
    expect(result.stderr).toContain(`--from-file ${path}: not valid YAML or JSON (Excessive alias count`);
    expect((await emulator.call('GET', '/jobs')).json.data).toEqual([]);
  });
});

describe('huge strings', () => {
  it('a 200 KB title and the longest description are valid, sent and accepted; a longer description exits 2 unsent; a 1.5 MB title gets 413 and exit 2', async () => {
    const { root, env, emulator } = await setup();
    const title = 'Títle 😀 '.repeat(20_480).slice(0, 200 * 1024);
    expect(validateJobInput({ title, description: DESCRIPTION }).ok).toBe(true);
    const byFlags = await runCli(['jobs', 'create', '--title', title, '--description', DESCRIPTION, '--json'], { env });
    expectNoCrash(byFlags, [0]);
    const first = JSON.parse(byFlags.stdout) as { id: string; title: string };
    expect(first.title).toBe(title);

    // DESCRIPTION_MAX_CHARS characters (code points: the emoji counts once), not one more.
    const description = [...`Ünïcödé 😀 ${DESCRIPTION} ${'Lorem ipsum dolor sit amet. '.repeat(1_000)}`]
      .slice(0, DESCRIPTION_MAX_CHARS)
      .join('');
    expect(validateJobInput({ title: 'Big description', description }).ok).toBe(true);
    const file = writeTemp(root, 'big.json', JSON.stringify({ title: 'Big description', description }));
    const byFile = await runCli(['jobs', 'create', '--from-file', file, '--json'], { env });
    expectNoCrash(byFile, [0]);
    const second = JSON.parse(byFile.stdout) as { id: string; description: string };
    expect(second.description).toBe(description);
    expect((await emulator.call('GET', `/jobs/${second.id}`)).json.data.description).toBe(description);
    const longer = writeTemp(
      root,
      'longer.json',
      JSON.stringify({ title: 'Too long', description: `${description}x` }),
    );
    const unsent = await runCli(['jobs', 'create', '--from-file', longer, '--json'], { env });
    expectNoCrash(unsent, [2]);
    expect(unsent.stderr).toContain('description');
    expect(unsent.stderr).toContain(`at most ${DESCRIPTION_MAX_CHARS.toLocaleString('en-US')} characters`);

    const tooBig = 'x'.repeat(1_500_000);
    expect(validateJobInput({ title: tooBig, description: DESCRIPTION }).ok).toBe(true);
    const refused = await runCli(['jobs', 'create', '--title', tooBig, '--description', DESCRIPTION, '--json'], {
      env,
    });
    expectNoCrash(refused, [2]);
    expect(errorEnvelope(refused.stderr).code).toBe('payload_too_large');
    const human = await runCli(['jobs', 'create', '--title', tooBig, '--description', DESCRIPTION], { env });
    expectNoCrash(human, [2]);
    expect(human.stderr).toMatch(/exceeds 1048576 bytes.*payload_too_large, HTTP 413/);
    // The request was sent (the server answered), and nothing was made of it.
    expect(human.stderr).toMatch(/Request ID: req_/);
    expect(human.stderr).toContain('shorten the longest fields');
    expect((await emulator.call('GET', '/jobs')).json.data).toHaveLength(2);
  });
});

describe('unicode and control characters in every text field', () => {
  const nasty = fc
    .tuple(
      fc.constantFrom('a', 'É', '😀', '中', 'ﷺ'),
      fc.array(fc.oneof(fc.constantFrom(...NASTY, ...EMOJI), fc.string({ unit: 'binary', maxLength: 3 })), {
        minLength: 1,
        maxLength: 6,
      }),
    )
    .map(([head, parts]) => head + parts.join(''));
  const nastyJob = fc
    .record({
      title: nasty,
      department: nasty,
      city: nasty,
      state: nasty,
      requirements: fc.array(nasty, { minLength: 1, maxLength: 3 }),
      skills: fc.array(nasty, { minLength: 1, maxLength: 3 }),
      description: nasty,
      mode: fc.constantFrom('json', 'tty', 'piped'),
    })
    .map(({ mode, ...v }) => ({
      mode,
      job: {
        title: v.title,
        department: v.department,
        location: { type: 'onsite', city: v.city, state: v.state, country: 'DE' },
        requirements: v.requirements,
        skills: v.skills,
        salary: { min: 1, max: 2, currency: 'EUR', period: 'yearly' },
        description: `${v.description} ${DESCRIPTION}`,
      },
    }));

  it('are stored and printed back exactly with --json, and only ever escaped in tables at a terminal and piped', async () => {
    const { root, env } = await setup();
    const created: { id: string; job: Record<string, any> }[] = [];
    const checkTable = (result: RunResult, piped: boolean, what: string) => {
      expectNoCrash(result, [0]);
      expect(
        controlsIn(result.stdout, piped ? ['\n', '\t'] : ['\n']),
        `${what}: control characters on stdout:\n${JSON.stringify(result.stdout)}`,
      ).toEqual([]);
    };
    await property('control characters in tables', nastyJob, 30, async ({ job, mode }) => {
      expect(validateJobInput(job).ok).toBe(true);
      const file = writeTemp(root, 'nasty.json', JSON.stringify(job));
      const made = await runCli(
        ['jobs', 'create', '--from-file', file, '--no-color', ...(mode === 'json' ? ['--json'] : [])],
        { env, tty: mode === 'tty' },
      );
      expectNoCrash(made, [0]);
      if (mode !== 'json') checkTable(made, mode === 'piped', 'jobs create');
      const id =
        mode === 'json' ? (JSON.parse(made.stdout) as { id: string }).id : /job_[A-Za-z0-9]{20}/.exec(made.stdout)?.[0];
      expect(id).toBeDefined();
      created.push({ id: id!, job });

      const asJson = await runCli(['jobs', 'get', id!, '--json'], { env });
      expectNoCrash(asJson, [0]);
      expect(JSON.parse(asJson.stdout)).toMatchObject(job);

      const atTerminal = await runCli(['jobs', 'get', id!, '--no-color'], { env, tty: true });
      checkTable(atTerminal, false, 'jobs get at a terminal');
      const piped = await runCli(['jobs', 'get', id!], { env });
      checkTable(piped, true, 'jobs get piped');
      // Piped, nothing is cut: each value is there whole, escaped.
      expect(piped.stdout).toContain(`title\t${escaped(job.title)}\n`);
      expect(piped.stdout).toContain(`department\t${escaped(job.department)}\n`);
      for (const value of [job.location.city, job.location.state, ...job.requirements, ...job.skills]) {
        expect(piped.stdout).toContain(escaped(value));
      }
    });

    const all = await runCli(['jobs', 'list', '--all', '--json'], { env });
    expectNoCrash(all, [0]);
    const listed = new Map((JSON.parse(all.stdout) as Record<string, any>[]).map((job) => [job.id as string, job]));
    for (const { id, job } of created) expect(listed.get(id)).toMatchObject(job);
    checkTable(
      await runCli(['jobs', 'list', '--all', '--no-color'], { env, tty: true }),
      false,
      'jobs list at a terminal',
    );
    checkTable(
      await runCli(['jobs', 'list', '--all', '--no-color'], { env, tty: true, columns: 400 }),
      false,
      'jobs list at a wide terminal',
    );
    const pipedList = await runCli(['jobs', 'list', '--all'], { env });
    checkTable(pipedList, true, 'jobs list piped');
    for (const { job } of created) expect(pipedList.stdout).toContain(`\t${escaped(job.title)}\t`);
  }, 60_000);
});
