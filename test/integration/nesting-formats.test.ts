// Every output format writes a value of any nesting (docs/output.md "Formats"): a server's value
// nested thousands of levels deep, or thousands wide, in any field of a job is written whole — as the
// JSON value under json and ndjson, as its JSON text in a csv cell and a piped table's cell — and a
// drawn table is drawn; never "unexpected failure" (`jobs list -o csv` on a title nested 5,000 deep
// overflowed the call stack: the list cell of a job's CSV wrote it with JSON.stringify). A property
// over every -o format (OUTPUT_FORMATS: a format added there must say here what it writes), through
// main() in-process against a scripted loopback server.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../../src/output/formats.js';
import { captureIO } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { properties } from '../helpers/properties.js';
import { serve } from '../helpers/scripted-server.js';

const { property } = properties('nesting in every format', 20_261_128);
const KEY = ['hk', 'test', 'nesting_formats_Qm3Tz8'].join('_');

/** The job fields a value is put in: CSV list columns (title, description), a nested one, and one hire does not know. */
const FIELDS = ['title', 'description', 'location', 'status', 'extra'] as const;

/** Fields a table shows as their value's text (no formatter of their own). */
const TEXT_FIELDS: readonly string[] = ['title', 'description', 'extra'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value `depth` levels deep, built by a loop (a recursive builder would overflow where the test means to go). */
function deepValue(depth: number, object: boolean, leaf: Json): Json {
  let value: Json = leaf;
  for (let level = 0; level < depth; level++) value = object ? { a: value } : [value];
  return value;
}

/** Text written as it is (a bracket, a comma, a key) among the values still to write. */
class Raw {
  constructor(readonly text: string) {}
}

/** JSON text for the server, by a loop too (JSON.stringify recurses). */
function toText(root: Json): string {
  const out: string[] = [];
  const stack: (Json | Raw)[] = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item instanceof Raw) {
      out.push(item.text);
      continue;
    }
    if (item === null || typeof item !== 'object') {
      out.push(JSON.stringify(item));
      continue;
    }
    const entries: [string | undefined, Json][] = Array.isArray(item)
      ? item.map((inner): [undefined, Json] => [undefined, inner])
      : Object.entries(item);
    out.push(Array.isArray(item) ? '[' : '{');
    stack.push(new Raw(Array.isArray(item) ? ']' : '}'));
    for (let at = entries.length - 1; at >= 0; at--) {
      const [key, inner] = entries[at]!;
      stack.push(inner);
      stack.push(new Raw(`${at > 0 ? ',' : ''}${key === undefined ? '' : `${JSON.stringify(key)}:`}`));
    }
  }
  return out.join('');
}

/** Whether two parsed JSON values are the same, by a loop. */
function sameJson(a: unknown, b: unknown): boolean {
  const pending: [unknown, unknown][] = [[a, b]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [x, y] = next;
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') {
      if (x !== y) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const xKeys = Object.keys(x);
    const yKeys = Object.keys(y);
    if (xKeys.length !== yKeys.length) return false;
    for (const key of xKeys) {
      if (!Object.hasOwn(y, key)) return false;
      pending.push([(x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

/** RFC 4180 rows (quoted fields, doubled quotes, CRLF). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      at++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const leaf = fc.oneof(
  fc.integer(),
  fc.constantFrom(null, true, 'a, "quoted" one', 'line\nbreak', '=1+1', 'tab\there', 'bidi \u202e'),
);
/** Deep: arrays or objects, from a few levels to far past what recursion survives. */
const deep = fc
  .record({ depth: fc.constantFrom(2, 65, 1_000, 5_000, 12_000), object: fc.boolean(), leaf })
  .map(({ depth, object, leaf: inner }) => deepValue(depth, object, inner));
/** Wide: many items or keys at one level, each a small nested value. */
const wide = fc
  .record({ width: fc.constantFrom(50, 2_000, 20_000), object: fc.boolean(), leaf })
  .map(({ width, object, leaf: inner }): Json => {
    const items = Array.from({ length: width }, (_, index): Json => ({ n: index, v: [inner] }));
    return object ? Object.fromEntries(items.map((item, index) => [`k${index}`, item])) : items;
  });
/** Both at once: a wide value with a deep one among its items. */
const mixed = fc
  .tuple(deep, wide)
  .map(([down, across]): Json =>
    Array.isArray(across) ? [...across.slice(0, 100), down] : { ...(across as Record<string, Json>), deep: down },
  );
const nested = fc.oneof(deep, wide, mixed);

/** A mode per -o format, the table twice: at a terminal (drawn) and piped (tab-separated). */
type Mode = { format: OutputFormat; terminal: boolean };
const MODES: Mode[] = OUTPUT_FORMATS.flatMap((format): Mode[] =>
  format === 'table'
    ? [
        { format, terminal: true },
        { format, terminal: false },
      ]
    : [{ format, terminal: false }],
);

interface Server {
  env: Record<string, string>;
  set(body: string): void;
}

async function jobServer(): Promise<Server> {
  let job = '{}';
  const server = await serve((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      path.endsWith('/jobs')
        ? `{"data":[${job}],"meta":{"current_page":1,"per_page":100,"total_pages":1,"total_count":1}}`
        : `{"data":${job}}`,
    );
  });
  return { env: { HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY }, set: (body) => (job = body) };
}

async function hire(box: Sandbox, server: Server, argv: string[], mode: Mode) {
  const format = mode.format === 'table' ? [] : ['-o', mode.format];
  const all = [...argv, ...format, '--max-retries', '0', '--no-input'];
  const captured = captureIO({ argv: all, tty: mode.terminal, columns: 100 });
  const code = await main(all, captured.io, { ...box.env, NO_COLOR: '1', ...server.env });
  return { code, stdout: captured.stdout(), stderr: captured.stderr(), argv: all };
}

/**
 * What each format is documented to write of `value` in `field` (docs/output.md "Formats"), checked
 * on its output: json and ndjson the value itself, csv and a piped table its JSON text in the cell
 * (a piped table's text escaped as a terminal needs, which JSON reads as the same value), a drawn
 * table the job's id whole.
 */
function expectWritten(mode: Mode, stdout: string, field: string, value: Json, list: boolean): void {
  const shown = `${mode.format}${mode.terminal ? ' at a terminal' : ''}: ${stdout.slice(0, 300)}`;
  switch (mode.format) {
    case 'json': {
      const parsed = JSON.parse(stdout) as Record<string, unknown> | Record<string, unknown>[];
      const job = Array.isArray(parsed) ? parsed[0]! : parsed;
      expect(Array.isArray(parsed), shown).toBe(list);
      expect(job.id, shown).toBe('job_1');
      expect(sameJson(job[field], value), shown).toBe(true);
      return;
    }
    case 'ndjson': {
      const lines = stdout.split('\n').filter((line) => line !== '');
      expect(lines, shown).toHaveLength(1);
      const job = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(sameJson(job[field], value), shown).toBe(true);
      return;
    }
    case 'csv': {
      const rows = csvRows(stdout);
      expect(rows[0], shown).toEqual(['id', field]);
      expect(rows[1]![0], shown).toBe('job_1');
      expect(sameJson(JSON.parse(rows[1]![1]!), value), shown).toBe(true);
      return;
    }
    case 'table': {
      if (mode.terminal) {
        expect(stdout, shown).toContain('job_1');
        return;
      }
      // Piped: one row a record, `id<TAB>value` for a list; `key<TAB>value` lines for one record.
      const lines = stdout.split('\n').filter((line) => line !== '');
      const cells = list
        ? lines[0]!.split('\t')
        : lines.map((line) => line.split('\t')).find((row) => row[0] === field)!;
      if (list) expect(cells[0], shown).toBe('job_1');
      expect(cells, shown).toHaveLength(2);
      // A field the table formats (a location, a status) shows what its formatter makes of the value;
      // text fields and fields hire does not know show the value's JSON text.
      if (TEXT_FIELDS.includes(field)) expect(sameJson(JSON.parse(cells[1]!), value), shown).toBe(true);
      return;
    }
    default: {
      const unknown: never = mode.format;
      throw new Error(`-o ${String(unknown)} has no documented result for a nested value here: add it`);
    }
  }
}

describe('a value of any nesting, in every output format', () => {
  it('the example: jobs list -o csv, a title nested 5,000 deep, is written whole (no unexpected failure)', async () => {
    const box = await sandbox();
    const server = await jobServer();
    const title = deepValue(5_000, false, 1);
    server.set(`{"id":"job_1","title":${toText(title)},"status":"active"}`);
    const run = await hire(box, server, ['jobs', 'list'], { format: 'csv', terminal: false });
    expect(run.stderr).not.toMatch(/unexpected failure/);
    expect(run.code, run.stderr).toBe(0);
    const rows = csvRows(run.stdout);
    const column = rows[0]!.indexOf('title');
    expect(rows[1]![0]).toBe('job_1');
    expect(sameJson(JSON.parse(rows[1]![column]!), title)).toBe(true);
  });

  it('every -o format, deep and wide values in any field, jobs list and jobs get', { timeout: 600_000 }, async () => {
    const box = await sandbox();
    const server = await jobServer();
    await property(
      'deep and wide values, every format',
      fc.record({
        value: nested,
        field: fc.constantFrom(...FIELDS),
        mode: fc.constantFrom(...MODES),
        list: fc.boolean(),
      }),
      120,
      async ({ value, field, mode, list }) => {
        const job =
          field === 'status' ? { id: 'job_1', title: 'Role' } : { id: 'job_1', title: 'Role', status: 'active' };
        server.set(`${JSON.stringify(job).slice(0, -1)},"${field}":${toText(value)}}`);
        const argv = list ? ['jobs', 'list'] : ['jobs', 'get', 'job_1'];
        const run = await hire(box, server, [...argv, '--fields', `id,${field}`], mode);
        const shown = `hire ${run.argv.join(' ')} → exit ${run.code}\nstderr: ${run.stderr.slice(0, 1000)}`;
        expect(run.stderr, shown).not.toMatch(/unexpected failure|Maximum call stack/);
        expect(run.code, shown).toBe(0);
        expectWritten(mode, run.stdout, field, value, list);
      },
      { endOnFailure: true },
    );
  });
});
