// Inert text (issue 15, item 1; docs/output.md "Text from outside"): the escaping functions, and the sinks that show text
// to a person (notices, warnings, traces, the wizard's summary, progress) escaping what they quote
// while keeping the newlines and colours of hire's own messages.
import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/commands/parse.js';
import { Context } from '../../src/context.js';
import { inert, inertJson, inertLines } from '../../src/output/cells.js';
import { progressBar } from '../../src/output/progress.js';
import { describeJob } from '../../src/wizard/summary.js';
import { DESCRIPTION, captureIO } from '../helpers/cli.js';
import { runs } from '../helpers/properties.js';

const SEED = Number.parseInt(process.env.FC_SEED ?? '', 10) || 20_261_215;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const anyText = fc.string({
  unit: fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
  maxLength: 60,
});

describe('inert, inertLines, inertJson', () => {
  it('escape C0, DEL, C1, line separators and bidi controls; leave other text alone', () => {
    expect(inert('a\u001b[31mb\u0000c\u007f\u009b\u0085\u2028\u2029\u202a\u202e\u2066\u2069\td\r\ne')).toBe(
      'a\\u001b[31mb\\u0000c\\u007f\\u009b\\u0085\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069\\td\\r\\ne',
    );
    expect(inert('Ünïcödé 中文 😀 e\u0301 \u200b')).toBe('Ünïcödé 中文 😀 e\u0301 \u200b');
    expect(inertLines('line one\u001b]0;PWN\u0007\nline two\r')).toBe('line one\\u001b]0;PWN\\u0007\nline two\\r');
  });

  it('leave no control character in any text, and change no text that has none (property)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(CONTROL.test(inert(text))).toBe(false);
        expect(CONTROL.test(inertLines(text).replace(/\n/g, ''))).toBe(false);
        expect(inertLines(text).split('\n')).toHaveLength(text.split('\n').length);
        if (!CONTROL.test(text)) expect(inert(text)).toBe(text);
        expect(inert(inert(text))).toBe(inert(text));
      }),
      { numRuns: runs(500), seed: SEED },
    );
  });

  it('inertJson is JSON that parses to the same value, with no raw control character (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), anyText, fc.constantFrom(undefined, 2), (value, text, indent) => {
        for (const item of [value, { [text]: text, list: [text, value] }]) {
          const json = inertJson(item, indent);
          expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(item)));
          expect(CONTROL.test(json.replace(/\n/g, ''))).toBe(false);
        }
      }),
      { numRuns: runs(500), seed: SEED },
    );
    expect(inertJson({ title: 'a\u009b2J\u202e\u007f\u001b' })).toBe('{"title":"a\\u009b2J\\u202e\\u007f\\u001b"}');
  });
});

describe('the sinks for people', () => {
  function context(options: { verbose?: boolean; tty?: boolean } = {}) {
    const captured = captureIO({ tty: options.tty ?? false, signals: new EventEmitter() });
    const ctx = new Context(captured.io, {});
    ctx.applySettings(options.verbose ? { verbose: true } : {}, parseSettings);
    return { ctx, stderr: captured.stderr };
  }

  it('notice and warn escape what they quote, keep the newlines of our own message, and colour after escaping', () => {
    const { ctx, stderr } = context();
    ctx.messages.notice('Retrying: Server said \u001b[2J\u009b31m\u202e.\nSecond line of ours.');
    ctx.messages.warn('API version deprecated. It will be removed after Tue\u0085\u001b]0;PWN\u0007.');
    ctx.messages.notice('GET /jobs/\u001b[31m → 404', (text) => `<dim>${text}</dim>`);
    expect(stderr()).toBe(
      'Retrying: Server said \\u001b[2J\\u009b31m\\u202e.\nSecond line of ours.\n' +
        'Warning: API version deprecated. It will be removed after Tue\\u0085\\u001b]0;PWN\\u0007.\n' +
        '<dim>GET /jobs/\\u001b[31m → 404</dim>\n',
    );
  });

  it('a --verbose trace line stays one line, whatever the response body holds', () => {
    const { ctx, stderr } = context({ verbose: true });
    ctx.messages.trace('< {"data":\n"\u001b[2J"}');
    expect(stderr()).toBe('< {"data":\\n"\\u001b[2J"}\n');
  });

  it('the progress line escapes its label; its own redraw codes stay', () => {
    const { ctx, stderr } = context({ tty: true });
    const progress = progressBar(ctx.output, 1, 'Importing \u001b]0;PWN\u0007');
    progress.tick(true);
    progress.done();
    expect(stderr()).toContain('\r\u001b[2KImporting \\u001b]0;PWN\\u0007 [');
    expect(
      stderr()
        .replace(/\r\u001b\[2K/g, '')
        .replace(/\n$/, ''),
    ).not.toMatch(CONTROL);
  });

  it("the wizard's summary shows values from a file inert, one line each", () => {
    const summary = describeJob({
      title: 'Engineer\u001b[2J\nFake: line',
      description: `\u202eevil\u001b]0;PWN\u0007 ${DESCRIPTION}`,
      department: 'R&D\u009b31m',
      skills: ['Go\u0000', 'SQL\u2028'],
      location: { type: 'onsite', city: 'Berlin\u0007', state: 'BE', country: 'DE' },
      publish: false,
    });
    expect(summary).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    expect(summary).toContain('Engineer\\u001b[2J\\nFake: line');
    expect(summary).not.toMatch(/^Fake/m);
    expect(summary).toContain('\\u202eevil\\u001b]0;PWN\\u0007');
    expect(summary).toContain('R&D\\u009b31m');
    expect(summary).toContain('Go\\u0000, SQL\\u2028');
    expect(summary).toContain('Berlin\\u0007');
  });
});
