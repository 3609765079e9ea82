// Issue 19's new code attacked as a hostile server, file or user would (docs/output.md "Text from outside"): text from
// outside reaches a person escaped; bad input is a clear message (exit 2), never a stack trace,
// a hang or lost data.
import { describe, expect, it } from 'vitest';
import { json, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { reply, serve, type Handler } from '../helpers/scripted-server.js';
import { displayWidth, widest } from '../../src/output/cells.js';
import { hardWrap, wrapWords } from '../../src/output/fit.js';
import { COUNTRY_CODES, CURRENCY_CODES, normaliseCode } from '../../src/domain/codes.js';

type Rec = Record<string, any>;
const ESC = '\u001b';
const KEY = 'hk_test_abcdefghijklmnopqrstuvwx';
/** A terminal escape, an OSC 8 link, a C1 CSI and a bidi override: none may reach a screen raw. */
const HOSTILE = `${ESC}[31mred${ESC}]8;;http://evil${ESC}\\x\u009b2J\u202etxt`;
/** Control characters that drive a terminal (ESC, C1, bidi), whatever our own colours add (TAB separates piped cells). */
const rawControls = (text: string) =>
  text.replace(/\u001b\[[0-9;]*m/g, '').match(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g) ??
  [];

const listMeta = (count: number) => ({ current_page: 1, per_page: 100, total_pages: 1, total_count: count });

/** A platform answering /jobs, /analytics and /deliveries as the test says. */
async function platform(parts: {
  jobs?: unknown;
  analytics?: unknown;
  deliveries?: unknown;
  headers?: Record<string, string>;
}) {
  const server = await serve((req, res) => {
    const path = new URL(req.url ?? '', 'http://x').pathname;
    const body = path.endsWith('/jobs') ? parts.jobs : path.endsWith('/analytics') ? parts.analytics : parts.deliveries;
    if (body === undefined)
      return reply(404, { error: { code: 'not_found', message: 'No such route.' } })(req, res, '');
    return reply(200, body, parts.headers ?? {})(req, res, '');
  });
  const box = await sandbox();
  return {
    server,
    env: { ...box.env, HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY, HIRE_MAX_RETRIES: '0' },
  };
}

describe('hire status against a hostile server', () => {
  it('ids, titles and event ids with terminal escapes are inert everywhere, the Next: hints included', async () => {
    const id = `job_${HOSTILE}`;
    const { env } = await platform({
      jobs: { data: [{ id, title: HOSTILE, status: 'active', candidate_count: 3 }], meta: listMeta(1) },
      analytics: { data: { candidates: { by_job: { [id]: { new: 1, review: 2 } } } } },
      deliveries: {
        data: [
          {
            event_id: `evt_${HOSTILE}`,
            event_type: HOSTILE,
            url: `http://h/${HOSTILE}`,
            attempts: [{ response_status: null, error: HOSTILE }],
          },
        ],
        meta: listMeta(1),
      },
      headers: { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '50' },
    });
    const screen = await runCli(['status'], { env, tty: true, columns: 200 });
    expect(screen.code, screen.stderr).toBe(0);
    // Hostile ids are made inert, then quoted for a shell (docs/output.md "Suggested commands").
    expect(screen.stdout).toContain("Next: `hire candidates list --job 'job_");
    expect(screen.stdout).toContain("Next: `hire events get 'evt_");
    expect(rawControls(screen.stdout)).toEqual([]);
    const piped = await runCli(['status'], { env });
    expect(rawControls(piped.stdout)).toEqual([]);
    const report = await runCli(['status', '--json'], { env });
    expect(rawControls(report.stdout)).toEqual([]);
  });

  it('wrong types: ids as objects, attempts a number or a string, by_job an array or with __proto__ keys', async () => {
    for (const [byJob, attempts] of [
      [[{ new: 1 }], 5],
      [JSON.parse('{"__proto__": {"new": 7, "review": 7}, "constructor": {"new": 1}}'), 'oops'],
      [{ job_1: { new: 'many', review: { $gt: 0 } } }, { length: 3 }],
      [{ job_1: 'x' }, [null, 7, 'x']],
    ] as const) {
      const { env } = await platform({
        jobs: {
          data: [
            { id: 'job_1', title: 'A' },
            { id: { nested: true }, title: 42 },
            { id: '__proto__', title: null },
            { id: 'constructor', title: [] },
          ],
          meta: listMeta(4),
        },
        analytics: { data: { candidates: { by_job: byJob } } },
        deliveries: { data: [{ event_id: 17, url: 5, attempts }], meta: listMeta(1) },
      });
      for (const argv of [['status'], ['status', '--json']]) {
        const result = await runCli(argv, { env, tty: argv.length === 1, columns: 80 });
        expect(result.stderr).not.toMatch(/TypeError|at .*\.ts:\d+/);
        expect(result.code, result.stderr).toBe(0);
      }
      const report = json<Rec>(await runCli(['status', '--json'], { env }));
      // The report's counts are numbers or null, whatever the server sent.
      for (const job of report.open_jobs.jobs) {
        for (const key of ['new', 'review', 'candidates'])
          expect(job[key] === null || typeof job[key] === 'number', `${key}: ${JSON.stringify(job[key])}`).toBe(true);
      }
      expect(({} as Rec).new).toBeUndefined();
    }
  });

  it('a total_count that is a string, negative or huge, and absurd rate-limit headers', async () => {
    for (const [meta, headers] of [
      [
        { ...listMeta(1), total_count: '12' },
        { 'x-ratelimit-limit': 'NaN', 'x-ratelimit-remaining': '-5', 'x-ratelimit-reset': '1e300' },
      ],
      [
        { ...listMeta(1), total_count: -3 },
        { 'x-ratelimit-limit': '-1', 'x-ratelimit-remaining': '1e400', 'x-ratelimit-reset': '-99999999999' },
      ],
      [
        { ...listMeta(1), total_count: 1e308 },
        { 'x-ratelimit-limit': 'abc', 'x-ratelimit-remaining': '0x10', 'x-ratelimit-reset': 'Infinity' },
      ],
    ] as const) {
      const { env } = await platform({
        jobs: { data: [{ id: 'job_1', title: 'A' }], meta },
        analytics: { data: {} },
        deliveries: { data: [], meta: listMeta(0) },
        headers,
      });
      const screen = await runCli(['status'], { env, tty: true, columns: 80 });
      expect(screen.code, screen.stderr).toBe(0);
      expect(screen.stdout).not.toMatch(/NaN|Infinity|e\+\d/);
      expect(screen.stdout).toMatch(/Open jobs\u001b?\[?[0-9;]*m?: \d/);
      expect(screen.stdout).not.toMatch(/Open jobs[^\n]*: -/);
      const report = json<Rec>(await runCli(['status', '--json'], { env }));
      expect(Number.isInteger(report.open_jobs.total) && report.open_jobs.total >= 1).toBe(true);
      // --json believes the headers as far as the screen does: no NaN (null in JSON), no negative count.
      const { limit, remaining, reset } = (report.rate_limit ?? { limit: null, remaining: 0, reset: null }) as {
        limit: number | null;
        remaining: number;
        reset: number | null;
      };
      expect(limit === null || (Number.isInteger(limit) && limit > 0)).toBe(true);
      expect(Number.isInteger(remaining) && remaining >= 0).toBe(true);
      expect(reset === null || Number.isSafeInteger(reset)).toBe(true);
    }
  });

  it('an answer cut short is a network error with a message, not a hang or a stack trace', async () => {
    const cut: Handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"data": [{"id": "job_1"');
      setImmediate(() => res.socket?.destroy());
    };
    const server = await serve(cut);
    const box = await sandbox();
    const env = { ...box.env, HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY, HIRE_MAX_RETRIES: '0' };
    const result = await runCli(['status'], { env, tty: true, columns: 80 });
    expect(result.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(result.code).not.toBe(0);
    expect(result.stderr.length).toBeGreaterThan(0);
  });
});

describe('fitting huge values from a server', () => {
  it('an id of a megabyte is hard-wrapped whole, in one pass (it took minutes, a line at a time)', () => {
    const id = `job_${'x'.repeat(1_000_000)}字`;
    const lines = hardWrap(id, 20);
    expect(lines.join('')).toBe(id);
    expect(lines.every((line) => displayWidth(line) <= 20)).toBe(true);
    expect(hardWrap('字字', 1)).toEqual(['字', '字']);
    expect(hardWrap('', 5)).toEqual(['']);
  }, 30_000);

  it('a title of two megabytes wraps between words in one pass (the key/value view; it took minutes)', () => {
    const title = 'Senior engineer, payments. '.repeat(80_000);
    const lines = wrapWords(title, 60);
    expect(lines.every((line) => displayWidth(line) <= 60)).toBe(true);
    // Only the spaces where lines break are gone: every word is kept, in order.
    expect(lines.join(' ').trimEnd()).toBe(title.trimEnd());
    expect(wrapWords('job.created', 6)).toEqual(['job.', 'create', 'd']);
    expect(wrapWords('job.created', 6, 2)).toEqual(['job.', 'creat…']);
  }, 30_000);

  it('widest() measures 200,000 cells (Math.max(...cells) overflowed the stack)', () => {
    expect(widest(Array.from({ length: 200_000 }, (_, index) => (index === 7 ? '字字字' : 'ab')))).toBe(6);
    expect(widest([])).toBe(0);
  });
});

describe('country and currency codes: Unicode case mapping is no way in', () => {
  it('ı, ſ, ß and ligatures are not upper-cased into valid codes; ASCII and Unicode spaces still are handled', () => {
    for (const tricky of ['ıd', 'ın', 'ſe', 'ß', 'ﬆ'])
      expect(COUNTRY_CODES.has(normaliseCode(tricky)), tricky).toBe(false);
    for (const tricky of ['uſd', 'uſD', 'ＵＳＤ'])
      expect(CURRENCY_CODES.has(normaliseCode(tricky)), tricky).toBe(false);
    expect(normaliseCode('\u00a0 us\u3000')).toBe('US');
    expect(normaliseCode(' eur\t')).toBe('EUR');
  });
});

describe('hire api at a terminal, a hostile body', () => {
  it('a 10 MB string is pretty-printed (the tokeniser overflowed its regex stack), escapes kept inert', async () => {
    const big = 'x'.repeat(10_000_000);
    const server = await serve(reply(200, `{"data": {"note": "${big}", "evil": "\\u001b[31m\u009b\u202e"}}`));
    const box = await sandbox();
    const env = { ...box.env, HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY };
    const result = await runCli(['api', '/jobs/job_1'], { env, tty: true, columns: 80 });
    expect(result.stderr).not.toMatch(/RangeError|unexpected failure/);
    expect(result.code, result.stderr.slice(0, 500)).toBe(0);
    expect(result.stdout).toContain(big);
    expect(rawControls(result.stdout)).toEqual([]);
  }, 60_000);
});

describe('nested --fields that try to reach the prototype', () => {
  it('__proto__.polluted, constructor.prototype, a..b, ".", 500 dots: a message or nothing, never a polluted Object', async () => {
    const box = await sandbox();
    const { testEmulator } = await import('../helpers/emulator.js');
    const emulator = await testEmulator(box.dataDir);
    const env = { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key };
    for (const fields of [
      '__proto__.polluted',
      'constructor.prototype',
      'id,a..b',
      '.',
      '.'.repeat(500),
      'location.__proto__.x',
      'id,location.city.toString',
    ]) {
      for (const format of [['--json'], ['-o', 'csv'], []]) {
        const result = await runCli(['jobs', 'list', '--fields', fields, ...format], {
          env,
          tty: format.length === 0,
          columns: 80,
        });
        expect(result.stderr).not.toMatch(/TypeError|RangeError|unexpected failure|at .*\.ts:\d+/);
        expect([0, 2], `${fields} ${format.join(' ')}: ${result.stderr}`).toContain(result.code);
        if (result.code === 2) expect(result.stderr).toContain('field');
      }
    }
    expect(({} as Rec).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('x');
  }, 60_000);
});

describe('jobs import: the failures file may not eat the file being imported', () => {
  it('--failures-file naming the CSV itself, a symlink to it, or "-": exit 2 naming the flag, the CSV unchanged, nothing sent', async () => {
    const { readFileSync, symlinkSync, writeFileSync, existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    const box = await sandbox();
    const { testEmulator } = await import('../helpers/emulator.js');
    const emulator = await testEmulator(box.dataDir);
    const env = { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key };
    const { DESCRIPTION } = await import('../helpers/cli.js');
    const csv = join(box.root, 'jobs.csv');
    const source = `title,description\r\nBackend Engineer,"${DESCRIPTION}"\r\n,missing title\r\n`;
    writeFileSync(csv, source);
    const link = join(box.root, 'link.csv');
    symlinkSync(csv, link);
    for (const target of [csv, link, '-']) {
      const result = await runCli(['jobs', 'import', csv, '--skip-invalid', '--failures-file', target], { env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('--failures-file');
      expect(readFileSync(csv, 'utf8')).toBe(source);
    }
    expect(existsSync(join(box.root, '-'))).toBe(false);
    expect(json<Rec[]>(await runCli(['jobs', 'list', '--json'], { env }))).toEqual([]);
    // Another name still works: the created row is gone from it, the invalid one kept.
    const other = join(box.root, 'left.ndjson');
    const ok = await runCli(['jobs', 'import', csv, '--skip-invalid', '--failures-file', other], { env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(readFileSync(other, 'utf8').trim().split('\n')).toHaveLength(1);
  }, 60_000);
});

describe('relative times of bogus timestamps from a server', () => {
  it('a day that does not exist, trailing junk or a bad month is shown as sent, not as another date', async () => {
    const { relativeTime } = await import('../../src/output/time.js');
    const now = Date.parse('2026-11-24T12:00:00Z');
    for (const bogus of [
      '2024-02-30',
      '2023-02-29T10:00:00Z',
      '1970-01-01junk',
      '2024-13-01',
      '2026-11-24T12:00:00+99:00',
      '+275760-09-13T00:00:00Z',
      'soon',
    ]) {
      expect(relativeTime(bogus, now), bogus).toBe(bogus);
    }
    expect(relativeTime('2024-02-29T10:00:00Z', now)).toBe('Feb 29 2024');
    expect(relativeTime('2026-11-24T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('2026-11-24T11:59:59.999999999Z', now)).toBe('just now');
  });
});

describe('hire api --paginate --slurp, hostile pages', () => {
  it('a page of 200,000 items is merged (pushing them as arguments overflowed the stack); a page that is no envelope is a clear failure', async () => {
    const data = Array.from({ length: 200_000 }, (_, index) => ({ id: index }));
    const server = await serve(
      reply(200, { data, meta: { ...listMeta(200_001), total_pages: 2 } }),
      reply(200, { data: [{ id: 'last' }], meta: { ...listMeta(200_001), total_pages: 2, current_page: 2 } }),
    );
    const box = await sandbox();
    const env = { ...box.env, HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY };
    const result = await runCli(['api', '/jobs', '--paginate', '--slurp'], { env });
    expect(result.stderr).not.toMatch(/RangeError|unexpected failure/);
    expect(result.code, result.stderr.slice(0, 300)).toBe(0);
    const merged = json<unknown[]>(result);
    expect(merged).toHaveLength(200_001);
    expect(merged.at(-1)).toEqual({ id: 'last' });

    const odd = await serve(
      reply(200, { data: [{ id: 1 }], meta: { ...listMeta(2), total_pages: 2 } }),
      reply(200, '[1, 2, "\u001b[31m"]'),
    );
    const oddResult = await runCli(['api', '/jobs', '--paginate', '--slurp'], {
      env: { ...env, HIRE_BASE_URL: `${odd.origin}/api/v1` },
    });
    expect(oddResult.code).toBe(1);
    expect(oddResult.stderr).toContain('--slurp needs JSON pages with `data`');
    expect(oddResult.stdout).toBe('');
  }, 60_000);
});

describe('a server that claims a billion pages', () => {
  it('lists --all and api --paginate stop at the first empty page', async () => {
    const items = (page: number) => (page <= 2 ? [{ id: `job_${page}`, title: `Job ${page}`, status: 'active' }] : []);
    const server = await serve((req, res) => {
      const page = Number(new URL(req.url ?? '', 'http://x').searchParams.get('page') ?? 1);
      reply(200, {
        data: items(page),
        meta: { current_page: page, per_page: 1, total_pages: 1_000_000_000, total_count: 1_000_000_000 },
      })(req, res, '');
    });
    const box = await sandbox();
    const env = { ...box.env, HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY };
    const listed = await runCli(['jobs', 'list', '--all', '--json', '-q'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(json<Rec[]>(listed).map((job) => job.id)).toEqual(['job_1', 'job_2']);
    // Pages fetched together may run a few past the end; never on towards the billion.
    expect(server.requests.length).toBeLessThan(10);

    const before = server.requests.length;
    const raw = await runCli(['api', '/jobs', '--paginate', '--slurp', '-q'], { env });
    expect(raw.code, raw.stderr).toBe(0);
    expect((JSON.parse(raw.stdout) as Rec[]).map((job) => job.id)).toEqual(['job_1', 'job_2']);
    expect(server.requests.length - before).toBe(3);
  });
});

describe('a list too long to draw at a terminal', () => {
  it('200,000 rows are printed plain with a note, not drawn (cli-table3 overflowed); fewer are drawn', async () => {
    const { printList, MAX_DRAWN_ROWS } = await import('../../src/output/render.js');
    const { captureIO } = await import('../helpers/cli.js');
    const { Context } = await import('../../src/context.js');
    const rows = Array.from({ length: 200_000 }, (_, index) => ({ id: `job_${index}`, status: 'active' }));
    const { io, stdout, stderr } = captureIO({ tty: true, columns: 80 });
    const ctx = new Context(io, {});
    await printList(ctx.output, rows, [
      { key: 'id', keepWhole: true },
      { key: 'status', status: true },
    ]);
    const lines = stdout().split('\n');
    expect(lines).toHaveLength(200_001);
    expect(lines[0]).toMatch(/^job_0\t/);
    expect(stdout()).not.toContain('│');
    expect(stderr()).toContain('200,000 rows are more than a drawn table holds: printed as plain rows');

    const few = captureIO({ tty: true, columns: 80 });
    await printList(new Context(few.io, {}).output, rows.slice(0, MAX_DRAWN_ROWS), [{ key: 'id', keepWhole: true }]);
    expect(few.stdout()).toContain('│ job_9999');
  });
});
