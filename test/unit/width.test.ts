// One display width (docs/output.md "Display width"): displayWidth agrees with string-width 8 (the
// reference) on a corpus of every kind of character, text is cut only between grapheme clusters
// (Intl.Segmenter's, the reference), and a drawn table keeps every line the same width and every
// word the layout placed.
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { attemptLine } from '../../src/commands/events/attempts.js';
import { JOB_LIST_COLUMNS } from '../../src/commands/jobs/columns.js';
import { drawBox } from '../../src/output/box.js';
import { displayWidth, truncate } from '../../src/output/cells.js';
import { hardWrap, wrapProse, wrapWords } from '../../src/output/fit.js';
import type { Output } from '../../src/output/output.js';
import { createPainter } from '../../src/output/paint.js';
import { printList, printRecord } from '../../src/output/render.js';
import { clusters } from '../../src/output/width.js';
import { properties } from '../helpers/properties.js';

const { property } = properties('display width', 20_261_126);

const FAMILY = '👨\u200d👩\u200d👧\u200d👦';
const CORPUS: Record<string, string[]> = {
  ascii: ['', 'a', 'Senior Recruiter', 'job_tBky8fQ2', '~!@#$%^&*()_+{}|:"<>?'],
  'east asian wide': ['漢字', 'かなカナ', '한국어', '中文（全角）', 'ｈｅｌｌｏ', '𠀋𡈽'],
  'halfwidth forms': ['ｶﾀｶﾅ', 'ｶﾞｷﾞ', 'ﾊﾟ'],
  'emoji presentation': ['☕', '✅', '⌚', '🙂', '🚀🚀', '⭐'],
  'text presentation': ['❤', '☺', '✔', '©', '™', '↔'],
  'variation selectors': ['❤\ufe0f', '☺\ufe0f', '✔\ufe0f', '☕\ufe0e', '❤\ufe0e', '#\ufe0f\u20e3', '1\u20e3'],
  'zwj sequences': [FAMILY, '👩\u200d💻', '🏳\ufe0f\u200d🌈', '🧑\u200d🤝\u200d🧑', '👁\u200d🗨', '🐕\u200d🦺'],
  'skin tones': ['👍🏽', '👋🏿', '🧑🏻\u200d🚀', '👩🏾\u200d🤝\u200d👨🏻', '🏽', 'a🏽'],
  flags: ['🇯🇵', '🇫🇷🇩🇪', '🇺', '🇯🇵🇯', '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}'],
  combining: [
    'e\u0301',
    'cafe\u0301',
    'n\u0303o\u0308',
    'a\u0300\u0301\u0302\u0303',
    '\u0301',
    'Z\u0351\u0352\u0353\u0354',
  ],
  'zero width': ['a\u200bb', 'a\u200cb', 'a\u200db', '\u2060x', '\ufeffx', 'soft\u00adhyphen', '\u034f', 'x\u{e0001}'],
  controls: ['a\u0000b', 'tab\there', '\u001b', '\u007f', 'a\u0085b'],
  'scripts with marks': [
    'नमस्ते',
    'क्षि',
    'ধন্যবাদ',
    'กำ',
    'ສຳ',
    'مرحبا',
    '\u0600\u0661',
    'ᄀ\u1161\u11a8',
    'ᄀᄀ\u1161',
    '각',
  ],
  ambiguous: ['±', '§', 'α', 'Ω', '…', '→'],
  mixed: [
    'Tea ☕☕☕ ✅',
    `Onboarding ${FAMILY} team — café, naïve, 漢字 and 🇯🇵 👍🏽`,
    `${'Ünïcödé ☕ 漢 👩\u200d💻 e\u0301 🇫🇷 '.repeat(200)}end`,
    'Platform Engineer (Kubernetes / Go) — Zürich 🇨🇭, hybrid',
  ],
};

/** Where Intl.Segmenter (the reference) puts grapheme cluster boundaries, the ends included. */
function boundaries(text: string): number[] {
  const out = [...new Intl.Segmenter().segment(text)].map(({ index }) => index);
  return [...out, text.length];
}

function ours(text: string): number[] {
  const out = [...clusters(text)].map(({ start }) => start);
  return [...out, text.length];
}

describe('displayWidth against string-width 8', () => {
  for (const [kind, texts] of Object.entries(CORPUS)) {
    it(`${kind}: the same widths and the same grapheme clusters`, () => {
      for (const text of texts) {
        expect({ text, width: displayWidth(text) }).toEqual({ text, width: stringWidth(text) });
        expect({ text, clusters: ours(text) }).toEqual({ text, clusters: boundaries(text) });
      }
    });
  }

  it('measures what the issue found: ☕ and ✅ as 2, a ZWJ family as 2, a flag as 2', () => {
    expect(displayWidth('☕')).toBe(2);
    expect(displayWidth('✅')).toBe(2);
    expect(displayWidth(FAMILY)).toBe(2);
    expect(displayWidth('🇯🇵')).toBe(2);
    expect(displayWidth('Tea ☕☕☕ ✅')).toBe(13);
  });

  it('measures a long text in windows the same as whole (clusters across every window edge)', () => {
    // Runs the segmenter must handle (spacing marks, jamo) longer than its window, beside emoji.
    const long = `${'क्षि'.repeat(300)}${'ᄀ\u1161'.repeat(300)}${'e\u0301'.repeat(300)}${FAMILY.repeat(100)}`;
    expect(displayWidth(long)).toBe(stringWidth(long));
    expect(ours(long)).toEqual(boundaries(long));
    const oneCluster = `e${'\u0301'.repeat(5_000)}x`;
    expect(ours(oneCluster)).toEqual([0, 5_001, 5_002]);
  });
});

/** Pieces that random text is made of: every kind above, and the break characters wrapping looks for. */
const PIECES = [
  // Controls are escaped before display (inert): ESC here would start what string-width strips as ANSI.
  ...Object.values(CORPUS)
    .flat()
    .filter((text) => text.length > 0 && text.length < 40 && !text.includes('\u001b')),
  ' ',
  ' ',
  ' ',
  '.',
  '-',
  '/',
  '_',
  'word',
  'x',
  '\u0301',
  '\u200d',
  '\ufe0f',
  '🏽',
  '🇯',
  '🇵',
  '\u094d',
  'ᅡ',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((pieces) => pieces.join(''));

/** True when `line` is found in `source` from `from`, starting and ending at cluster boundaries; returns where it ends. */
function placed(source: string, cuts: Set<number>, line: string, from: number): number {
  const at = source.indexOf(line, from);
  expect(at, `${JSON.stringify(line)} in ${JSON.stringify(source)}`).toBeGreaterThanOrEqual(0);
  expect(cuts.has(at) && cuts.has(at + line.length), `${JSON.stringify(line)} cut inside a cluster`).toBe(true);
  return at + line.length;
}

describe('cutting between grapheme clusters', () => {
  it('displayWidth agrees with string-width on random mixtures', async () => {
    await property('width', text, 500, async (value) => {
      expect(displayWidth(value)).toBe(stringWidth(value));
      expect(ours(value)).toEqual(boundaries(value));
    });
  });

  it('displayWidth agrees with string-width on any code points (but ESC and CSI, which string-width reads as ANSI)', async () => {
    const any = fc.string({ unit: 'binary', maxLength: 12 }).map((value) => value.replace(/[\u001b\u009b]/g, ''));
    await property('any code points', any, 2_000, async (value) => {
      expect(displayWidth(value)).toBe(stringWidth(value));
      expect(ours(value)).toEqual(boundaries(value));
    });
  });

  it('truncate keeps whole clusters within the width', async () => {
    await property('truncate', fc.tuple(text, fc.integer({ min: 1, max: 30 })), 500, async ([value, width]) => {
      const cut = truncate(value, width);
      expect(stringWidth(cut)).toBeLessThanOrEqual(width);
      if (cut === value) return;
      expect(cut.endsWith('…')).toBe(true);
      const kept = cut.slice(0, -1);
      expect(value.startsWith(kept)).toBe(true);
      expect(new Set(boundaries(value)).has(kept.length)).toBe(true);
    });
  });

  it('hardWrap loses nothing and breaks only between clusters', async () => {
    await property('hardWrap', fc.tuple(text, fc.integer({ min: 1, max: 30 })), 500, async ([value, width]) => {
      const lines = hardWrap(value, width);
      expect(lines.join('')).toBe(value);
      const cuts = new Set(boundaries(value));
      let at = 0;
      for (const line of lines) {
        at = placed(value, cuts, line, at);
        // Wider than the width only when one cluster is (a wide character in one column).
        if (stringWidth(line) > width) expect(boundaries(line)).toHaveLength(2);
      }
    });
  });

  it('wrapWords and wrapProse break only between clusters, within the width', async () => {
    await property('wrapWords', fc.tuple(text, fc.integer({ min: 2, max: 30 })), 500, async ([value, width]) => {
      const cuts = new Set(boundaries(value));
      for (const lines of [wrapWords(value, width), wrapWords(value, width, 2), wrapProse(value, width)]) {
        let at = 0;
        for (const line of lines) {
          const shown = line.endsWith('…') && !value.includes(line) ? line.slice(0, -1) : line;
          if (shown !== '') at = placed(value, cuts, shown, at);
          if (stringWidth(line) > width) expect(boundaries(shown)).toHaveLength(2);
        }
      }
    });
  });

  it("a receiver's answer is cut to 60 characters as a person counts them, an emoji whole", () => {
    const line = attemptLine({ number: 1, response_status: 500, response_body: `${'a'.repeat(59)}${FAMILY}${FAMILY}` });
    expect(line).toContain(`"${'a'.repeat(59)}${FAMILY}…"`);
  });

  it('a drawn box has every line as wide as the others', async () => {
    const rows = fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 5 });
    await property('drawBox', fc.tuple(rows, fc.integer({ min: 2, max: 20 })), 200, async ([cells, width]) => {
      const drawn = drawBox([width, width], cells).split('\n');
      for (const line of drawn) expect(stringWidth(line)).toBe(2 * width + 7);
    });
  });
});

function output(columns: number): Output & { text(): string } {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return {
    stdout,
    stderr: new PassThrough(),
    isStdoutTTY: true,
    isStderrTTY: false,
    columns,
    format: 'table',
    fields: undefined,
    csvRaw: false,
    quiet: false,
    now: () => Date.parse('2026-06-15T12:00:00Z'),
    painter: async () => createPainter(0),
    text: () => text,
  };
}

const TITLES = [
  'Tea ☕☕☕ ✅',
  `Family ${FAMILY} benefits lead`,
  'Thumbs 👍🏽 up 🇯🇵 Tokyo office',
  '採用担当 リクルーター 東京',
  'Cafe\u0301 manager, e\u0301quipe',
  'Zero\u200bwidth\u200d joiner\u2060 test',
];
const JOBS = TITLES.map((title, index) => ({
  id: `job_${index}abcdefghij`,
  title,
  status: 'published',
  department: 'Ops',
  location: { type: 'remote' },
  candidate_count: index,
  created_at: '2026-06-14T12:00:00Z',
}));

/** The content width of each column of a drawn table, read from its top border. */
function columnWidths(top: string): number[] {
  return top
    .slice(1, -1)
    .split('┬')
    .map((rule) => rule.length - 2);
}

describe('drawn tables with wide, joined and zero-width characters', () => {
  it.each([42, 60, 80, 120])(
    'at %i columns: lines of one width, the titles as the layout placed them',
    async (columns) => {
      const out = output(columns);
      await printList(out, JOBS, JOB_LIST_COLUMNS);
      const lines = out
        .text()
        .split('\n')
        .filter((line) => line !== '');
      const width = stringWidth(lines[0]!);
      expect(width).toBeLessThanOrEqual(columns);
      for (const line of lines) {
        expect({ line, width: stringWidth(line) }).toEqual({ line, width });
        expect(line).toMatch(/^[│┌└].*[│┐┘]$/);
      }
      // The title column's cells, as drawn, are the lines the layout made for its width: none cut again.
      const titleWidth = columnWidths(lines[0]!)[1]!;
      const drawn = lines.slice(2, -1).map((line) => line.split('│')[2]!.slice(1).trimEnd());
      const placed = TITLES.flatMap((title) => wrapWords(title, titleWidth, 2));
      expect(drawn.filter((cell) => cell !== '')).toEqual(placed.filter((cell) => cell !== ''));
      if (columns >= 80) {
        const shown = drawn.join(' ');
        expect(shown).not.toContain('…');
        for (const word of TITLES.flatMap((title) => title.split(' '))) expect(shown).toContain(word);
      }
    },
  );

  it('the issue: "Tea ☕☕☕ ✅" in a 42-column pane is drawn whole', async () => {
    const out = output(42);
    await printList(out, [{ title: TITLES[0], status: 'published' }], [{ key: 'title', lines: 2 }, { key: 'status' }]);
    expect(out.text()).toContain('│ Tea ☕☕☕ ✅ │');
  });

  it.each([42, 80])('a record at %i columns keeps every word and one width', async (columns) => {
    const out = output(columns);
    const title = `${TITLES.join(' ')} last`;
    await printRecord(out, { id: 'job_1', title }, [{ key: 'id' }, { key: 'title' }]);
    const lines = out
      .text()
      .split('\n')
      .filter((line) => line !== '');
    for (const line of lines) expect(stringWidth(line)).toBe(columns);
    const shown = lines
      .slice(1, -1)
      .map((line) => line.split('│')[2]!.trim())
      .join(' ');
    for (const word of title.split(' ')) expect(shown).toContain(word);
    expect(shown.endsWith('last')).toBe(true);
  });
});
