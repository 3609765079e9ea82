// Markdown as plain text and word wrapping for detail views (src/output/detail.ts), without colour.
import { describe, expect, it } from 'vitest';
import { hanging, markdownLines, questionLines, wrapWords } from '../../src/output/detail.js';
import { PLAIN_PAINTER } from '../../src/output/paint.js';

describe('wrapWords', () => {
  it.each([
    ['fills lines greedily by words', 'aaa bbb ccc ddd', 7, ['aaa bbb', 'ccc ddd']],
    ['cuts a word longer than the line', 'abcdefghij xy', 4, ['abcd', 'efgh', 'ij', 'xy']],
    ['counts wide characters as two columns', '日本語 ok', 4, ['日本', '語', 'ok']],
    ['starts a new line at \\n and collapses runs of spaces', 'a  b\nc', 10, ['a b', 'c']],
  ])('%s', (_name, text, width, lines) => {
    expect(wrapWords(text, width)).toEqual(lines);
  });

  it('hangs continuation lines under the text after a prefix', () => {
    expect(hanging('10. ', ['one', 'two'])).toEqual(['10. one', '    two']);
  });
});

describe('markdownLines', () => {
  const render = (source: string, width = 40) => markdownLines(source, width, PLAIN_PAINTER);

  it('shows quotes, code, rules, tables, images and ordered lists from their start, without markup', async () => {
    const source = [
      '> quoted *text*',
      '',
      '```js',
      'const x = 1;',
      '```',
      '',
      '---',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '![a logo](logo.png) and `inline code`',
      '',
      '3. third',
      '4. fourth',
    ].join('\n');
    expect(await render(source)).toEqual([
      '│ quoted text',
      '',
      '  const x = 1;',
      '',
      '─'.repeat(20),
      '',
      'a │ b',
      '1 │ 2',
      '',
      '[image: a logo] and inline code',
      '',
      '3. third',
      '4. fourth',
    ]);
  });

  it('decodes entities and then escapes what would drive a terminal; raw HTML stays text', async () => {
    expect(await render('a &amp; b &#x202E; <b>bold</b> \u001b[2J')).toEqual(['a & b \\u202e <b>bold</b> \\u001b[2J']);
  });

  it('a link whose text is its address is shown once; javascript: links are not links', async () => {
    expect(await render('<https://example.com> [x](javascript:alert(1))', 80)).toEqual([
      'https://example.com [x](javascript:alert(1))',
    ]);
  });
});

describe('markdownLines past the nesting markdown-it follows', () => {
  it('a quote 5,000 levels deep is shown as written, escaped, not dropped', async () => {
    const source = `${'>'.repeat(5000)} deep \u001b[31mtext`;
    const lines = await markdownLines(source, 60, PLAIN_PAINTER);
    const text = lines.join('');
    expect(text).toContain('deep');
    expect(text).toContain('text');
    expect(text).not.toContain('\u001b');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60);
  });
});

describe('questionLines', () => {
  it('numbers questions, letters options, marks the answer, and shows what a server sends oddly as text', () => {
    const lines = questionLines(
      [
        { type: 'multiple_choice', prompt: 'Pick one', options: ['yes', 'no'], answer_index: 1 },
        'a bare string',
        { prompt: null },
      ],
      40,
      PLAIN_PAINTER,
    );
    expect(lines).toEqual([
      '1. [multiple choice] Pick one',
      '   a) yes',
      '   b) no ✓',
      '',
      '2. a bare string',
      '',
      '3. ',
    ]);
  });

  it('the answer mark stays with the last word of its option, never alone on a line', () => {
    // "b) " + 34 characters fills the 37 columns: a separate mark would wrap alone.
    const lines = questionLines(
      [
        {
          type: 'multiple_choice',
          prompt: 'Pick',
          options: ['no', 'start small and verify it, then go'],
          answer_index: 1,
        },
      ],
      40,
      PLAIN_PAINTER,
    );
    expect(lines).toEqual([
      '1. [multiple choice] Pick',
      '   a) no',
      '   b) start small and verify it, then',
      '      go ✓',
    ]);
  });
});
