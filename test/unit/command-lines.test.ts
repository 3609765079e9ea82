// How a suggested command is laid out (src/output/command-lines.ts, docs/output.md "Suggested
// commands"): whole when it fits; else on lines of at most the width, broken only between
// arguments and continued with ` \`, so that a shell reads the lines as the same words. The words
// are quoted by the builder (src/commands/suggest.ts) so that a shell reads back each value as given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellWord } from '../../src/commands/suggest.js';
import { commandLines, markMovedCommands, movedCommandLines } from '../../src/output/command-lines.js';
import { wrapProse } from '../../src/output/fit.js';
import { displayWidth } from '../../src/output/width.js';
import { properties } from '../helpers/properties.js';
import { shellWords } from '../helpers/shell-words.js';

const { property } = properties('command lines', 20_261_128);

/** Words as a suggestion may hold them: plain flags and ids, and values with blanks, quotes, `$` and wide characters. */
const word = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_-]{0,30}$/),
  fc.stringMatching(/^--[a-z][a-z-]{0,20}$/),
  fc
    .string({ unit: 'grapheme', minLength: 0, maxLength: 40 })
    .filter((text) => !/[\u0000-\u001f\u007f-\u009f]/.test(text)),
  fc.constantFrom("it's", 'a b', '$HOME', '`x`', '東京 ☕', '#not-a-comment', '-5', '*', ''),
);

const argv = fc.array(word, { minLength: 0, maxLength: 12 }).map((rest) => ['hire', ...rest]);

describe('the layout of a suggested command', () => {
  it('any command at any width of 20 or more reads back as the same words, on lines within the width', async () => {
    await property(
      'lines re-join to the argv',
      fc.tuple(argv, fc.integer({ min: 20, max: 200 })),
      2_000,
      async ([words, width]) => {
        const command = words.map(shellWord).join(' ');
        const lines = commandLines(command, width);
        expect(shellWords(lines.join('\n'))).toEqual(words);
        // Each line but the last is continued; a line wider than the width holds one word alone.
        lines.forEach((line, index) => {
          expect(line.endsWith(' \\')).toBe(index < lines.length - 1);
          if (displayWidth(line) > width) expect(shellWords(line).length, line).toBe(1);
        });
        if (displayWidth(command) <= width) expect(lines).toEqual([command]);
      },
    );
  });

  it('keeps a flag with its value and indents the lines after the first', () => {
    const command =
      'hire webhooks add --url https://example.com/hooks --event application.received --profile local-sandbox';
    expect(commandLines(command, 60)).toEqual([
      'hire webhooks add --url https://example.com/hooks \\',
      '  --event application.received --profile local-sandbox',
    ]);
    expect(commandLines(command, 40)).toEqual([
      'hire webhooks add \\',
      '  --url https://example.com/hooks \\',
      '  --event application.received \\',
      '  --profile local-sandbox',
    ]);
    expect(commandLines(command, command.length)).toEqual([command]);
  });

  it('a word wider than the width stands alone on its line, whole', () => {
    const url = `https://example.com/${'a'.repeat(60)}`;
    expect(commandLines(`hire webhooks add --url ${url}`, 30)).toEqual(['hire webhooks add --url \\', `  ${url}`]);
  });
});

describe('the quoting of a suggestion', () => {
  it('leaves plain words as they are and quotes the rest for a POSIX shell', () => {
    expect(shellWord('cand_1')).toBe('cand_1');
    expect(shellWord('https://example.com/a?b=c')).toBe("'https://example.com/a?b=c'");
    expect(shellWord('my job.yaml')).toBe("'my job.yaml'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord('')).toBe("''");
    for (const value of ['$HOME', '`id`', 'a;b', "'", '*', '~', '#x'])
      expect(shellWords(`hire x ${shellWord(value)}`)).toEqual(['hire', 'x', value]);
  });
});

describe('a command in prose', () => {
  const hint =
    'Next: `hire candidates list --job job_12345678 --status new --profile local-sandbox`: 3 new applications.';

  it('stays inside the line, in its backquotes, when it fits', () => {
    expect(wrapProse(hint, 100)).toEqual([
      'Next: `hire candidates list --job job_12345678 --status new --profile local-sandbox`: 3 new',
      'applications.',
    ]);
  });

  it('wider than the line, stands on lines of its own without backquotes, continued with ` \\`', () => {
    const lines = wrapProse(hint, 50);
    expect(lines).toEqual([
      'Next:',
      'hire candidates list --job job_12345678 \\',
      '  --status new --profile local-sandbox',
      ': 3 new applications.',
    ]);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(50);
    expect(shellWords(lines.slice(1, 3).join('\n'))).toEqual([
      'hire',
      'candidates',
      'list',
      '--job',
      'job_12345678',
      '--status',
      'new',
      '--profile',
      'local-sandbox',
    ]);
  });
});

describe('commands a table cell cannot hold', () => {
  it('are replaced by marks, and shown under the table as comments and commands', () => {
    const moved: string[] = [];
    const note = 'one at a time: `hire candidates move cand_1 --status screening` first.';
    expect(markMovedCommands(note, () => true, moved)).toBe(note);
    expect(moved).toEqual([]);
    expect(markMovedCommands(note, () => false, moved)).toBe('one at a time: [1] first.');
    expect(markMovedCommands('`hire jobs get job_1`, then `hire jobs list`', () => false, moved)).toBe('[2], then [3]');
    expect(movedCommandLines(moved, 30)).toEqual([
      '# [1]',
      'hire candidates move cand_1 \\',
      '  --status screening',
      '# [2]',
      'hire jobs get job_1',
      '# [3]',
      'hire jobs list',
    ]);
  });
});

describe('the words of a command as written', () => {
  it('splits at spaces outside quotes and after no backslash', async () => {
    const { commandWords } = await import('../../src/output/command-lines.js');
    expect(commandWords("hire x 'a b' 'it'\\''s' c\\ d  e")).toEqual([
      'hire',
      'x',
      "'a b'",
      "'it'\\''s'",
      'c\\ d',
      'e',
    ]);
  });
});
