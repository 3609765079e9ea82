// Drawn tables fit the terminal: the layout, how cells shorten, relative times, nested --fields.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { JOB_LIST_COLUMNS } from '../../src/commands/jobs/columns.js';
import { KEY_COLUMNS } from '../../src/commands/emulator/keys/columns.js';
import { PROFILE_COLUMNS } from '../../src/commands/profiles/describe.js';
import { WEBHOOK_DETAIL_COLUMNS, WEBHOOK_LIST_COLUMNS } from '../../src/commands/webhooks/columns.js';
import { displayWidth } from '../../src/output/cells.js';
import { layoutColumns, tableWidth, wrapProse, wrapWords, type ColumnNeeds } from '../../src/output/fit.js';
import type { Output } from '../../src/output/output.js';
import { createPainter } from '../../src/output/paint.js';
import { printList, printRecord, type Column } from '../../src/output/render.js';
import { relativeTime } from '../../src/output/time.js';

const NOW = Date.parse('2026-06-15T12:00:00Z');

function output(
  options: { columns?: number; fields?: string[]; format?: Output['format']; tty?: boolean } = {},
): Output & { text(): string; errors(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let text = '';
  let errors = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return {
    stdout,
    stderr,
    isStdoutTTY: options.tty ?? true,
    isStderrTTY: options.tty ?? true,
    columns: options.columns,
    format: options.format ?? 'table',
    fields: options.fields,
    csvRaw: false,
    quiet: false,
    now: () => NOW,
    painter: async () => createPainter(0),
    text: () => text,
    errors: () => errors,
  };
}

const need = (natural: number, more: Partial<ColumnNeeds> = {}): ColumnNeeds => ({
  natural,
  whole: false,
  least: 0,
  want: 8,
  header: 2,
  ...more,
});

describe('layoutColumns', () => {
  it('keeps natural widths when they fit', () => {
    const layout = layoutColumns([need(10), need(40), need(5)], 80);
    expect(layout.widths).toEqual([10, 40, 5]);
    expect(tableWidth(layout.widths)).toBeLessThanOrEqual(80);
  });

  it('shares what is left, narrowest first, and never shrinks a whole column', () => {
    const layout = layoutColumns([need(24, { whole: true }), need(60), need(50)], 80);
    expect(layout.widths[0]).toBe(24);
    expect(tableWidth(layout.widths)).toBe(80);
    expect(Math.abs(layout.widths[1]! - layout.widths[2]!)).toBeLessThanOrEqual(1);
  });

  it('hides droppable columns, highest rank first, before shrinking below what a column wants', () => {
    const columns = [need(24, { whole: true }), need(50, { want: 30 }), need(20, { drop: 1 }), need(20, { drop: 2 })];
    const layout = layoutColumns(columns, 80);
    expect(layout.shown).toEqual([0, 1, 2]);
    expect(tableWidth(layout.widths)).toBeLessThanOrEqual(80);
    expect(layoutColumns(columns, 60).shown).toEqual([0, 1]);
  });

  it('shows a record per block rather than break an id when the ids alone are wider than the terminal', () => {
    const layout = layoutColumns([need(30, { whole: true }), need(30, { whole: true })], 40);
    expect(layout.stacked).toBe(true);
    expect(layout.shown).toEqual([0, 1]);
    expect(layoutColumns([need(30, { whole: true }), need(30, { whole: true })], 80).stacked).toBe(false);
  });

  it('never squeezes a text column below its longest short word, nor hides a kept column: blocks instead', () => {
    // A URL of 79 columns, an environment whose words are 10 wide, a default marker.
    const columns = [need(13, { whole: true }), need(21, { word: 10, keep: true }), need(79, { whole: true })];
    const wide = layoutColumns([...columns, need(7, { word: 3 })], 120);
    expect(wide.stacked).toBe(false);
    expect(wide.widths[1]).toBeGreaterThanOrEqual(10);
    // Too narrow for the environment's words beside the URL: blocks, every column in them.
    const narrow = layoutColumns([...columns, need(7, { word: 3 })], 110);
    expect(narrow.stacked).toBe(true);
    expect(narrow.shown).toEqual([0, 1, 2, 3]);
    // Without `keep` the environment would be hidden rather than shown.
    expect(layoutColumns([columns[0]!, need(21, { word: 10 }), columns[2]!], 110).shown).toEqual([0, 2]);
    // A word longer than 16 columns does not hold its column open: it may break, as prose does.
    const long = layoutColumns([need(40, { whole: true }), need(30, { word: 30 })], 60);
    expect(long.stacked).toBe(false);
    expect(long.widths[1]).toBeLessThan(30);
  });
});

describe('cells', () => {
  // URLs were cut in their path with `…` (fitUrl) until issue 28: a cut URL cannot be copied, so a
  // URL is now never cut (docs/output.md "Values a person copies").
  it('never cuts or breaks a URL in prose: one longer than the line has a line of its own', () => {
    const url = 'https://hooks.example.com:8443/very/long/path';
    expect(wrapWords(`see ${url} now`, 34)).toEqual(['see', url, 'now']);
    expect(wrapWords(`see ${url} now`, 60)).toEqual([`see ${url} now`]);
    // In a drawn table's text cell (keep false) the box holds no longer line: it breaks as a word.
    expect(wrapWords(url, 34, 3, false).every((line) => displayWidth(line) <= 34)).toBe(true);
  });

  it('wraps words onto at most the lines given, ending with …', () => {
    expect(wrapWords('Senior Backend Engineer, Payments', 16, 2)).toEqual(['Senior Backend', 'Engineer, Payme…']);
    expect(wrapWords('Designer', 16, 2)).toEqual(['Designer']);
    expect(wrapWords('abcdefghij', 4, 3)).toEqual(['abcd', 'efgh', 'ij']);
    // A word without spaces breaks at its joints, not inside a part: ids and kinds stay readable.
    expect(wrapWords('job.created', 10, 2)).toEqual(['job.', 'created']);
    expect(wrapWords('local-sandbox', 10, 2)).toEqual(['local-', 'sandbox']);
    expect(wrapWords('candidate.statusChanged', 10, 2)).toEqual(['candidate.', 'statusCha…']);
  });

  it('wrapProse breaks prose between words, never inside a `command`', () => {
    expect(
      wrapProse('Next: `hire events get evt_1` shows every attempt; `hire events resend evt_1` sends it.', 40),
    ).toEqual(['Next: `hire events get evt_1` shows', 'every attempt;', '`hire events resend evt_1` sends it.']);
    // A command longer than the line stands on lines of its own, continued with ` \\`: no word is lost.
    expect(wrapProse('run `hire candidates move cand_1 --status screening` now', 20).join('\n')).toBe(
      'run\nhire candidates \\\n  move cand_1 \\\n  --status screening\nnow',
    );
  });
});

describe('relativeTime', () => {
  it.each([
    ['2026-06-15T11:59:30Z', 'just now'],
    ['2026-06-15T11:57:00Z', '3 min ago'],
    ['2026-06-15T11:00:00Z', '1 hour ago'],
    ['2026-06-15T02:00:00Z', '10 hours ago'],
    ['2026-06-14T11:00:00Z', 'yesterday'],
    ['2026-06-13T12:00:00Z', '2 days ago'],
    ['2026-05-20T12:00:00Z', '26 days ago'],
    ['2026-03-03T12:00:00Z', 'Mar 3'],
    ['2025-11-24T12:00:00Z', 'Nov 24 2025'],
    ['2026-06-15T12:05:00Z', 'in 5 min'],
    ['2026-06-18T12:00:00Z', 'in 3 days'],
    ['not a date', 'not a date'],
    ['', ''],
  ])('%s → %s', (iso, shown) => {
    expect(relativeTime(iso, NOW)).toBe(shown);
  });
});

const JOBS = [
  {
    id: 'job_52tSBDjMjdYQ9Wd8QEKi',
    title: 'Senior Backend Engineer, Payments Platform (Berlin)',
    status: 'active',
    department: 'Engineering',
    location: { type: 'hybrid', city: 'Berlin', state: 'Berlin', country: 'DE' },
    candidate_count: 12345,
    created_at: '2026-06-13T12:00:00.000Z',
  },
  {
    id: 'job_BwIdjkBuazd4Zyvkejlr',
    title: 'Designer',
    status: 'draft',
    department: null,
    location: null,
    candidate_count: 0,
    created_at: '2026-06-15T11:58:00.000Z',
  },
];

function drawnLines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

describe('drawn tables', () => {
  it.each([40, 60, 80, 100, 120, 200])('jobs fit %i columns, ids whole, borders intact', async (columns) => {
    const out = output({ columns });
    await printList(out, JOBS, JOB_LIST_COLUMNS);
    const lines = drawnLines(out.text());
    const width = displayWidth(lines[0]!);
    expect(width).toBeLessThanOrEqual(columns);
    for (const line of lines) {
      expect(displayWidth(line)).toBe(width);
      expect(line).toMatch(/^[│┌└].*[│┐┘]$/);
    }
    for (const job of JOBS) expect(out.text()).toContain(job.id);
  });

  it('at 80 columns: the title on two lines, dates relative, the hidden columns named on stderr', async () => {
    const out = output({ columns: 80 });
    await printList(out, JOBS, JOB_LIST_COLUMNS);
    expect(out.text()).toMatch(/│ Senior Backend +│/);
    expect(out.text()).toContain('CANDS');
    expect(out.errors()).toMatch(/Hidden at this width: DEPARTMENT, CREATED/);
    const wide = output({ columns: 170 });
    await printList(wide, JOBS, JOB_LIST_COLUMNS);
    expect(wide.text()).toMatch(/│ 2 days ago +│\n/);
    expect(wide.text()).toMatch(/│ 2 min ago +│\n/);
    expect(wide.text()).toContain('CANDIDATES');
    expect(wide.errors()).toBe('');
  });

  it('--fields columns are never hidden, and nested paths select nested values', async () => {
    const out = output({ columns: 80, fields: ['id', 'location.city', 'department', 'created_at'] });
    await printList(out, JOBS, JOB_LIST_COLUMNS);
    expect(out.text()).toMatch(/│ ID +│ LOCATION\.CITY +│ DEPARTMENT +│ CREATED +│/);
    expect(out.text()).toMatch(/│ job_52tSBDjMjdYQ9Wd8QEKi │ Berlin +│ Engineering +│ 2 days ago +│/);
    expect(out.errors()).toBe('');
  });

  it('nested --fields in json, ndjson, csv and piped rows', async () => {
    const fields = ['id', 'location.city', 'location.country'];
    const json = output({ fields, format: 'json' });
    await printList(json, JOBS, JOB_LIST_COLUMNS);
    expect(JSON.parse(json.text())).toEqual([
      { id: JOBS[0]!.id, location: { city: 'Berlin', country: 'DE' } },
      { id: JOBS[1]!.id },
    ]);
    const ndjson = output({ fields, format: 'ndjson' });
    await printList(ndjson, JOBS, JOB_LIST_COLUMNS);
    expect(ndjson.text().split('\n')[0]).toBe(`{"id":"${JOBS[0]!.id}","location":{"city":"Berlin","country":"DE"}}`);
    const csv = output({ fields, format: 'csv' });
    await printList(csv, JOBS, JOB_LIST_COLUMNS);
    expect(csv.text()).toBe(`id,location.city,location.country\r\n${JOBS[0]!.id},Berlin,DE\r\n${JOBS[1]!.id},,\r\n`);
    const piped = output({ fields, tty: false });
    await printList(piped, JOBS, JOB_LIST_COLUMNS);
    expect(piped.text()).toBe(`${JOBS[0]!.id}\tBerlin\tDE\n${JOBS[1]!.id}\t\t\n`);
  });

  it('piped tables stay full and tab-separated, with ISO times', async () => {
    const out = output({ columns: 40, tty: false });
    await printList(out, JOBS, JOB_LIST_COLUMNS);
    expect(out.text().split('\n')[0]).toBe(
      `${JOBS[0]!.id}\tSenior Backend Engineer, Payments Platform (Berlin)\tactive\tEngineering\thybrid (Berlin, Berlin, DE)\t12345\t2026-06-13T12:00:00.000Z`,
    );
  });

  it('keys: dates relative, a cut timestamp never shown', async () => {
    const keys = [
      {
        id: 'key_local',
        name: 'local profile',
        masked: 'hk_…SxIq',
        level: 'admin',
        tier: 'enterprise',
        created_at: '2026-06-12T12:00:00.000Z',
        expires_at: null,
        revoked_at: null,
        last_used_at: '2026-06-15T11:57:00.000Z',
      },
    ];
    const out = output({ columns: 80 });
    await printList(out, keys, KEY_COLUMNS);
    expect(out.text()).toMatch(/│ key_local +│ .*│ 3 days ago +│ +│ 3 min ago +│/);
    for (const line of drawnLines(out.text())) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  // Until issue 28 the URL was broken across the box's lines (a value cut onto lines cannot be
  // copied); now a record whose URL does not fit the value column is shown as `key  value` lines.
  it('a key/value record keeps a URL longer than its value column whole, on a line of its own', async () => {
    const columns: Column[] = [{ key: 'id' }, { key: 'application_url' }];
    const record = { id: 'job_52tSBDjMjdYQ9Wd8QEKi', application_url: `http://127.0.0.1:4010/apply/${'x'.repeat(80)}` };
    for (const width of [30, 80]) {
      const out = output({ columns: width });
      await printRecord(out, record, columns);
      const lines = drawnLines(out.text());
      expect(lines).toContain(record.application_url);
      // Beside its label when it fits there (80), else on the next line, whole (30).
      if (width === 80) expect(lines[0]).toMatch(/^id +job_52tSBDjMjdYQ9Wd8QEKi$/);
      else expect(lines.slice(0, 2)).toEqual(['id', 'job_52tSBDjMjdYQ9Wd8QEKi']);
    }
    const wide = output({ columns: 200 });
    await printRecord(wide, record, columns);
    expect(wide.text()).toMatch(new RegExp(`│ ${record.application_url.replace(/[.]/g, '\\.')} +│`));
  });

  it('a key/value record wraps text between words, not inside one', async () => {
    const record = {
      id: 'job_52tSBDjMjdYQ9Wd8QEKi',
      title: 'Senior Backend Engineer, Payments Platform and Infrastructure',
    };
    const out = output({ columns: 50 });
    await printRecord(out, record, [{ key: 'id', keepWhole: true }, { key: 'title' }]);
    const values = drawnLines(out.text())
      .map((line) => (line.split('│')[2] ?? '').trim())
      .filter(Boolean);
    expect(values).toEqual([
      'job_52tSBDjMjdYQ9Wd8QEKi',
      'Senior Backend Engineer, Payments',
      'Platform and Infrastructure',
    ]);
  });

  it("a profile's environment is never hidden or split, at any width", async () => {
    const profile = (name: string, environment: string, emulator: boolean, url: string, isDefault = false) => ({
      name,
      environment,
      emulator,
      base_url: url,
      key: emulator ? '(emulator key)' : 'hk_…1234',
      default: isDefault,
    });
    const rows = [
      profile('local', 'production', true, 'http://127.0.0.1:4010/api/v1', true),
      profile('local-sandbox', 'sandbox', true, 'http://127.0.0.1:4010/sandbox/api/v1'),
      profile(
        'acme',
        'sandbox',
        false,
        'http://127.0.0.1:4099/tenants/acme-international-holdings-europe/sandbox/api/v1',
      ),
    ];
    for (const columns of [40, 60, 80, 100, 110, 120, 140]) {
      const out = output({ columns });
      await printList(out, rows, PROFILE_COLUMNS);
      const text = out.text();
      expect(out.errors(), `${columns}\n${out.errors()}`).not.toMatch(/Hidden.*ENV/);
      for (const word of ['production', '(emulator)', 'sandbox', 'local-sandbox'])
        expect(text, `${columns}\n${text}`).toMatch(new RegExp(`(^|[ │])${word.replace(/[()]/g, '\\$&')}( |$)`, 'm'));
      expect(text, `${columns}\n${text}`).not.toMatch(/produc(?!tion)|emul…/);
    }
  });

  it('event kinds wrap between kinds, never inside one or cut, in lists and in a record', async () => {
    const kinds = ['application.created', 'interview.scheduled', 'candidate.statusChanged', 'offer.extended'];
    const hooks = [
      { id: 'wh_rx1IF3LyZmmG5abG0STV', url: 'https://hooks.example-company.com/hiring/receive', events: kinds },
      { id: 'wh_15c7MyGBtfzjRfkdGbUh', url: 'https://example.com/hooks/short', events: kinds.slice(1) },
    ].map((hook) => ({ ...hook, status: 'active', created_at: '2026-06-15T11:00:00Z', secret: 'whsec_x' }));
    const check = (text: string, label: string) => {
      expect(text, label).not.toContain('…');
      for (const kind of kinds) expect(text, `${label}\n${text}`).toMatch(new RegExp(`(^|[ │])${kind}(,| |$)`, 'm'));
    };
    for (const columns of [40, 60, 80, 100, 120, 140]) {
      for (const fields of [undefined, ['id', 'events', 'status']]) {
        const out = output({ columns, fields });
        await printList(out, hooks, WEBHOOK_LIST_COLUMNS);
        if (!/EVENTS/.test(out.errors())) check(out.text(), `list at ${columns}, --fields ${fields?.join(',')}`);
      }
      const one = output({ columns });
      await printRecord(one, hooks[0]!, WEBHOOK_DETAIL_COLUMNS);
      check(one.text(), `record at ${columns}`);
    }
    // At 120 columns the kinds are shown (the creation time gives way first).
    const wide = output({ columns: 120 });
    await printList(wide, hooks, WEBHOOK_LIST_COLUMNS);
    expect(wide.errors()).not.toMatch(/EVENTS/);
  });
});
