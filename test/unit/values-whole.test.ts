// Values a person copies stay whole (docs/output.md "Values a person copies"): ids, URLs, email
// addresses and `hire …` commands in tables, key/value views, prose and the wizard's summary, at
// 40, 60, 80 and 120 columns, and for random tables at random widths (fast-check).
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANDIDATE_DETAIL_COLUMNS, CANDIDATE_LIST_COLUMNS } from '../../src/commands/candidates/columns.js';
import { JOB_DETAIL_COLUMNS } from '../../src/commands/jobs/columns.js';
import { WEBHOOK_DETAIL_COLUMNS, WEBHOOK_LIST_COLUMNS } from '../../src/commands/webhooks/columns.js';
import { displayWidth } from '../../src/output/cells.js';
import { markdownLines, wrapWords as wrapProseLines } from '../../src/output/detail.js';
import { copyKind, layoutColumns, wrapProse, wrapWords } from '../../src/output/fit.js';
import type { Output } from '../../src/output/output.js';
import { PLAIN_PAINTER, createPainter } from '../../src/output/paint.js';
import { printList, printRecord, type Column } from '../../src/output/render.js';
import { describeJob } from '../../src/wizard/summary.js';
import { properties } from '../helpers/properties.js';

const { property } = properties('values whole', 20_261_126);
const NOW = Date.parse('2026-11-26T12:00:00Z');
const WIDTHS = [40, 60, 80, 120];

function output(columns: number, fields?: string[]): Output & { text(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let text = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  stderr.resume();
  return {
    stdout,
    stderr,
    isStdoutTTY: true,
    isStderrTTY: true,
    columns,
    format: 'table',
    fields,
    csvRaw: false,
    quiet: false,
    now: () => NOW,
    painter: async () => createPainter(0),
    text: () => text,
  };
}

const JOB_ID = 'job_tBkyQ3mZ8VwX2pLr7NcD';
const APPLICATION_URL = `http://127.0.0.1:41234/sandbox/apply/${JOB_ID}`;
const HOOK_URL =
  'https://hooks.example-company.com:8443/integrations/hiring/webhooks/v2/receive/lisbon-office?token=abcdefghijklmnopqrstuvwxyz0123456789&mode=strict';
const EMAIL = 'maria.joao.fernandes-oliveira@recruiting.example-company.com';

/** Every line of the output that holds `value` whole (a contiguous substring of one line). */
const holding = (text: string, value: string) => text.split('\n').filter((line) => line.includes(value));

/**
 * Each line is within `width`, unless it is one copyable value (an id, URL, email address or
 * command) that has the line to itself: only the terminal wraps it.
 */
function expectWithin(text: string, width: number): void {
  for (const line of text.split('\n'))
    if (displayWidth(line) > width)
      expect(copyKind(line.trim()), `a line wider than ${width}:\n${line}\n\n${text}`).not.toBe(undefined);
}

describe('prose wraps between words, copyable words whole', () => {
  const prose = `Apply at ${APPLICATION_URL} (job ${JOB_ID}), hooks go to ${HOOK_URL}; questions to <${EMAIL}>. Run \`hire candidates list --job ${JOB_ID} --status review\` after. Fluent Portuguese and English.`;

  it.each(WIDTHS)('at %i columns', (width) => {
    const lines = wrapWords(prose, width);
    const text = lines.join('\n');
    const command = `hire candidates list --job ${JOB_ID} --status review`;
    // Each value is whole on one line (the job id also inside the URL and the command).
    for (const value of [APPLICATION_URL, HOOK_URL, EMAIL])
      expect(holding(text, value), `${value} at ${width}:\n${text}`).toHaveLength(1);
    expect(holding(text, `${JOB_ID}),`), text).toHaveLength(1);
    // The command is whole on one line when it fits; wider, on lines of its own that a shell reads as it.
    const joined = text.replace(/ \\\n {2}/g, ' ');
    expect(holding(joined, command), `${command} at ${width}:\n${text}`).toHaveLength(1);
    if (displayWidth(`\`${command}\``) <= width) expect(holding(text, command)).toHaveLength(1);
    else expect(joined.split('\n')).toContain(command);
    expectWithin(text, width);
    // Nothing lost or added but the spaces where lines break (and, around a command on lines of its own, its backquotes).
    const shown = displayWidth(`\`${command}\``) <= width ? prose : prose.replace(`\`${command}\``, command);
    expect(joined.split('\n').join(' ')).toBe(shown);
    // Words are never split: each line's words are words of the text.
    const words = new Set(shown.split(' '));
    for (const line of joined.split('\n'))
      for (const word of line.split(' ')) expect(words.has(word), `${word} at ${width}`).toBe(true);
  });

  it('a word longer than the whole line breaks, but not a URL, email address, id or command', () => {
    expect(wrapWords('abcdefghij xy', 4)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
    expect(wrapWords(`go ${HOOK_URL} now`, 40)).toEqual(['go', HOOK_URL, 'now']);
    expect(wrapWords(`mail ${EMAIL}, now`, 30)).toEqual(['mail', `${EMAIL},`, 'now']);
    expect(wrapWords(`id ${JOB_ID}.`, 10)).toEqual(['id', `${JOB_ID}.`]);
    // A command wider than the line: on lines of its own, broken between arguments, continued with ` \\`.
    expect(wrapProse('run `hire candidates move cand_1 --status screening` now', 20)).toEqual([
      'run',
      'hire candidates \\',
      '  move cand_1 \\',
      '  --status screening',
      'now',
    ]);
    // The detail views' wrapper (paragraphs, runs of spaces) keeps them whole too.
    expect(wrapProseLines(`Apply:  ${APPLICATION_URL}\nThanks`, 30)).toEqual(['Apply:', APPLICATION_URL, 'Thanks']);
  });

  it('what counts as copyable', () => {
    expect(copyKind(APPLICATION_URL)).toBe('url');
    expect(copyKind(`(${HOOK_URL}).`)).toBe('url');
    expect(copyKind(`<${EMAIL}>,`)).toBe('email');
    expect(copyKind('cand_0JSsUx1Cm85jjO3S5N2d')).toBe('id');
    expect(copyKind('`hire jobs get job_1`')).toBe('command');
    for (const word of ['Portuguese', 'payments-platform', 'a.b', '@home', 'ends@', '`ls -l`'])
      expect(copyKind(word)).toBe(undefined);
  });
});

describe('tables keep ids, URLs and email addresses whole', () => {
  const hooks = [
    {
      id: 'wh_qCmqUmwB68NRzeaPeQjW',
      url: HOOK_URL,
      events: ['application.created'],
      status: 'active',
      created_at: '2026-11-26T11:00:00Z',
    },
    {
      id: 'wh_Zp3kLmN0qR5sT7uV9wXy',
      url: 'https://example.com/h',
      events: ['job.created', 'job.updated'],
      status: 'paused',
      created_at: '2026-11-25T11:00:00Z',
    },
  ];
  const candidates = [
    {
      id: 'cand_0JSsUx1Cm85jjO3S5N2d',
      name: 'Maria João Fernandes Oliveira',
      email: EMAIL,
      status: 'review',
      score: 81,
      job_id: JOB_ID,
      applied_at: '2026-11-26T11:00:00Z',
    },
    {
      id: 'cand_JhloMgm6K89CtnfjW7uE',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'new',
      score: null,
      job_id: JOB_ID,
      applied_at: '2026-11-26T11:30:00Z',
    },
  ];

  it.each(WIDTHS)(
    'webhooks list at %i columns: the long URL whole, the table drawn or a record a block',
    async (width) => {
      const out = output(width);
      await printList(out, hooks, WEBHOOK_LIST_COLUMNS);
      for (const hook of hooks)
        for (const value of [hook.id, hook.url]) expect(holding(out.text(), value), out.text()).toHaveLength(1);
      expectWithin(out.text(), width);
      expect(out.text()).not.toContain('…');
    },
  );

  it('a URL that fits: the column takes its width and the others give way', async () => {
    const short = hooks.map((hook) => ({ ...hook, url: `https://hooks.example.com/r/${hook.id.slice(3)}` }));
    const out = output(80);
    await printList(out, short, WEBHOOK_LIST_COLUMNS);
    expect(out.text()).toMatch(/^┌/);
    for (const hook of short) expect(out.text()).toContain(`│ ${hook.url} │`);
    // A 70-character URL does not fit beside the id at 80: a record a block, nothing cut.
    const long = hooks.map((hook) => ({ ...hook, url: `https://hooks.example.com:8443/receive/${hook.id}/x` }));
    const narrow = output(80);
    await printList(narrow, long, WEBHOOK_LIST_COLUMNS);
    for (const hook of long) expect(narrow.text()).toContain(`\nURL      ${hook.url}\n`);
  });

  it.each(WIDTHS)('candidates with --fields id,name,email at %i columns', async (width) => {
    const out = output(width, ['id', 'name', 'email']);
    await printList(out, candidates, CANDIDATE_LIST_COLUMNS);
    for (const candidate of candidates)
      for (const value of [candidate.id, candidate.email])
        expect(holding(out.text(), value), out.text()).toHaveLength(1);
    expectWithin(out.text(), width);
  });

  it('a --fields column of URLs only is kept whole too (application_url)', async () => {
    const jobs = [{ id: JOB_ID, title: 'Senior Backend Engineer', application_url: APPLICATION_URL }];
    const out = output(60, ['id', 'title', 'application_url']);
    await printList(out, jobs, []);
    expect(holding(out.text(), APPLICATION_URL)).toHaveLength(1);
  });

  it('layout: whole columns keep their width; stacked only when they cannot', () => {
    const need = (natural: number, whole: boolean) => ({ natural, whole, least: 0, want: 8, header: 3 });
    expect(layoutColumns([need(24, true), need(60, true), need(30, false)], 120)).toMatchObject({
      stacked: false,
      widths: [24, 60, 26],
    });
    // The text column gives way (hidden) so that the whole ones keep their width.
    expect(layoutColumns([need(24, true), need(60, true), need(30, false)], 95)).toMatchObject({
      stacked: false,
      shown: [0, 1],
      widths: [24, 60],
    });
    expect(layoutColumns([need(24, true), need(60, true), need(30, false)], 80).stacked).toBe(true);
    expect(layoutColumns([need(24, true), need(160, true)], 120).stacked).toBe(true);
  });
});

describe('key/value views keep ids, URLs and email addresses whole', () => {
  const job = {
    id: JOB_ID,
    title: 'Senior Recruiter, Iberia (Portuguese and Spanish speaking), Lisbon office',
    status: 'active',
    location: { type: 'onsite', city: 'Lisbon', country: 'PT' },
    skills: ['Portuguese', 'English', 'Spanish'],
    assessment_id: 'asmt_OO2KakgSqPqPOXlsHFbF',
    application_url: APPLICATION_URL,
  };

  it.each(WIDTHS)('jobs get at %i columns', async (width) => {
    const out = output(width);
    await printRecord(out, job, JOB_DETAIL_COLUMNS);
    for (const value of [JOB_ID, APPLICATION_URL, job.assessment_id])
      expect(holding(out.text(), value), out.text()).not.toHaveLength(0);
    for (const word of ['Portuguese', 'Lisbon', 'Recruiter,']) expect(out.text(), out.text()).toContain(word);
    expectWithin(out.text(), width);
  });

  it.each(WIDTHS)('candidates get at %i columns', async (width) => {
    const out = output(width);
    await printRecord(
      out,
      { ...{ id: 'cand_0JSsUx1Cm85jjO3S5N2d', name: 'Maria', email: EMAIL, status: 'new', job_id: JOB_ID } },
      CANDIDATE_DETAIL_COLUMNS,
    );
    for (const value of [EMAIL, JOB_ID, 'cand_0JSsUx1Cm85jjO3S5N2d'])
      expect(holding(out.text(), value), out.text()).toHaveLength(1);
    expectWithin(out.text(), width);
  });

  it.each(WIDTHS)('webhooks add at %i columns: the signing secret, shown once, on one line', async (width) => {
    const out = output(width);
    const secret = 'whsec_d9qb3Gd9FLPLAHUQD0nvaUoH8zj8RPRLNQRR3ai5thU=';
    await printRecord(
      out,
      {
        id: 'wh_0JSsUx1Cm85jjO3S5N2d',
        url: 'https://hooks.example.com/hire',
        events: ['job.created'],
        status: 'active',
        secret,
      },
      WEBHOOK_DETAIL_COLUMNS,
    );
    expect(holding(out.text(), secret), out.text()).toHaveLength(1);
  });
});

describe('detail views: prose and code in a description', () => {
  it.each(WIDTHS)(
    'at %i columns: URLs and email addresses whole, words whole, code with a URL uncut',
    async (width) => {
      const source = [
        `Apply at ${APPLICATION_URL} or write to ${EMAIL}. We speak Portuguese and English in Lisbon.`,
        '',
        `- Webhooks arrive at ${HOOK_URL}`,
        '',
        '```',
        `curl -H "Authorization: Bearer $KEY" ${HOOK_URL}`,
        'echo a-very-long-line-of-code-without-anything-to-copy-in-it-at-all-just-text-and-more-text-here',
        '```',
      ].join('\n');
      const lines = await markdownLines(source, width, PLAIN_PAINTER);
      const text = lines.join('\n');
      for (const value of [APPLICATION_URL, EMAIL, HOOK_URL]) expect(holding(text, value), text).not.toHaveLength(0);
      for (const word of ['Portuguese', 'English', 'Lisbon.']) expect(holding(text, word), text).toHaveLength(1);
      // The code line with a URL is whole; one without such a value is still cut to the width.
      expect(lines.find((line) => line.includes('curl'))).toContain(HOOK_URL);
      if (width < 104) expect(lines.some((line) => line.includes('echo') && line.includes('here'))).toBe(false);
      for (const line of lines.filter(
        (line) => !line.includes(HOOK_URL) && !line.includes(APPLICATION_URL) && !line.includes(EMAIL),
      ))
        expect(displayWidth(line), line).toBeLessThanOrEqual(width);
    },
  );
});

describe("the wizard's summary", () => {
  it.each(WIDTHS)('wraps between words beside the labels at %i columns', (width) => {
    const summary = describeJob(
      {
        title: 'Senior Recruiter, Iberia (Portuguese and Spanish speaking)',
        description: 'We hire recruiters. '.repeat(10),
        location: { type: 'hybrid', city: 'Lisbon', state: 'Lisbon District', country: 'Portugal' },
        requirements: [
          'Fluent Portuguese',
          'Fluent Spanish',
          'Five years of agency or in-house recruiting',
          'Portuguese work permit',
        ],
        skills: ['Portuguese', 'Spanish', 'English', 'sourcing', 'interviewing', 'negotiation', 'employer branding'],
        publish: false,
      },
      width,
    );
    const lines = summary.split('\n');
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
    for (const word of ['Portuguese', 'Lisbon', 'Portugal', 'recruiting', 'interviewing', 'negotiation'])
      expect(summary).toMatch(new RegExp(`\\b${word}\\b`));
    expect(summary).not.toMatch(/Portug\s*\n/);
    // The description's first line is previewed up to a word, never into one.
    expect(summary.replace(/\n {21}/g, ' ')).toContain('We hire recruiters. We hire recruiters.… (');
    // Continuation lines hang under the value, not under the label.
    expect(lines.filter((line) => /^ {21}\S/.test(line)).length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Random tables at random widths: every copyable value appears whole in one line.

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const chunk = (min: number, max: number) =>
  fc.array(alnum, { minLength: min, maxLength: max }).map((chars) => chars.join(''));
const anId = fc
  .tuple(fc.constantFrom('job', 'cand', 'wh', 'evt', 'asmt'), chunk(4, 40))
  .map(([prefix, rest]) => `${prefix}_${rest}`);
const aUrl = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    chunk(1, 20),
    fc.option(fc.integer({ min: 1, max: 65535 })),
    fc.array(chunk(1, 30), { maxLength: 6 }),
    fc.option(chunk(1, 60)),
  )
  .map(
    ([scheme, host, port, path, query]) =>
      `${scheme}://${host}.example${port === null ? '' : `:${port}`}/${path.join('/')}${query === null ? '' : `?q=${query}&x=1`}`,
  );
const anEmail = fc.tuple(chunk(1, 30), chunk(1, 20)).map(([user, domain]) => `${user}@${domain}.example.com`);
const aWord = fc.oneof(
  chunk(1, 14),
  fc.constantFrom('Portuguese', 'Lisbon,', 'and', 'senior', 'payments-platform', 'a/b/c'),
);
const prose = fc.array(aWord, { minLength: 0, maxLength: 12 }).map((words) => words.join(' '));

type Kind = 'id' | 'url' | 'email' | 'prose';
const kinds = fc.array(fc.constantFrom<Kind>('id', 'url', 'email', 'prose'), { minLength: 1, maxLength: 6 });
const valueOf = (kind: Kind) => (kind === 'id' ? anId : kind === 'url' ? aUrl : kind === 'email' ? anEmail : prose);

const table = kinds.chain((columnKinds) =>
  fc.record({
    kinds: fc.constant(columnKinds),
    rows: fc.array(fc.tuple(...columnKinds.map(valueOf)), { minLength: 1, maxLength: 4 }),
    width: fc.integer({ min: 20, max: 200 }),
    drops: fc.array(fc.option(fc.integer({ min: 1, max: 5 })), {
      minLength: columnKinds.length,
      maxLength: columnKinds.length,
    }),
  }),
);

function columnFor(kind: Kind, index: number, drop: number | null): Column {
  const key = `c${index}`;
  const dropping = drop === null ? {} : { drop };
  if (kind === 'id') return { key, keepWhole: true, ...dropping };
  if (kind === 'url') return { key, url: true, ...dropping };
  if (kind === 'email') return { key, email: true, ...dropping };
  return { key, lines: 2, ...dropping };
}

describe('property: copyable values whole at any width', () => {
  it('in lists: every id, URL and email address shown is on one line, whole; drawn lines fit', async () => {
    await property('lists', table, 300, async ({ kinds: columnKinds, rows, width, drops }) => {
      const columns = columnKinds.map((kind, index) => columnFor(kind, index, drops[index]!));
      const records = rows.map((row) => Object.fromEntries(row.map((value, index) => [`c${index}`, value])));
      const out = output(width);
      await printList(out, records, columns);
      const text = out.text();
      const drawn = text.startsWith('┌');
      for (const row of rows)
        row.forEach((value, index) => {
          if (columnKinds[index] === 'prose' || value === '') return;
          // A hidden column (a drawn table hides droppable ones) shows no value at all.
          const header = `C${index}`;
          if (drawn && !text.split('\n')[1]!.includes(` ${header} `)) return;
          expect(holding(text, value).length, `${value} at ${width}:\n${text}`).toBeGreaterThan(0);
        });
      if (drawn) for (const line of text.split('\n')) expect(displayWidth(line), text).toBeLessThanOrEqual(width);
      expectWithin(text, width);
    });
  });

  it('in prose: every URL, email address and id in a text is on one line, whole', async () => {
    const mixed = fc.array(fc.oneof(aWord, anId, aUrl, anEmail), { minLength: 1, maxLength: 20 });
    await property('prose', fc.tuple(mixed, fc.integer({ min: 10, max: 160 })), 300, async ([words, width]) => {
      const lines = wrapWords(words.join(' '), width);
      for (const word of words) {
        const kept = copyKind(word) !== undefined;
        if (kept || displayWidth(word) <= width)
          expect(
            lines.some((line) => line.split(' ').includes(word)),
            `${word} at ${width}:\n${lines.join('\n')}`,
          ).toBe(true);
      }
      for (const line of lines)
        if (displayWidth(line) > width) expect(copyKind(line), `${line} at ${width}`).not.toBe(undefined);
    });
  });
});
