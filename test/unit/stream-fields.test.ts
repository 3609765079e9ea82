// Stream lines laid out from fields (docs/output.md "Stream lines"): joined while they fit, broken
// between fields, never inside one; a field wider than the width stands alone, whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/cells.js';
import { layoutFields, streamLine, streamWidth, visibleWidth, words } from '../../src/output/fields.js';
import type { IO } from '../../src/context.js';
import { runs } from '../helpers/properties.js';

const ID = 'req_2f8c1d0e9b7a4c3e';
const URL = 'http://127.0.0.1:4010/api/v1/candidates?job_id=job_tBkyQ8mZ3x&status=review';

describe('layoutFields', () => {
  it('without a width (no terminal) is one line, the fields joined by their gaps, as piped output always was', () => {
    expect(layoutFields(['12:00:01', 'GET   ', { text: '200', gap: ' ' }, URL, ID], undefined)).toEqual([
      `12:00:01  GET    200  ${URL}  ${ID}`,
    ]);
  });

  it('breaks between fields and goes on under the indent; the URL and the id stay whole', () => {
    const lines = layoutFields(['12:00:01', 'GET', '200', URL, ID], 80, { indent: 4 });
    expect(lines).toEqual(['12:00:01  GET  200', `    ${URL}`, `    ${ID}`]);
    expect(layoutFields(['12:00:01', 'GET', '200', URL, ID], 100, { indent: 4 })).toEqual([
      `12:00:01  GET  200  ${URL}`,
      `    ${ID}`,
    ]);
  });

  it('a field wider than the width stands alone on its line, at the left edge, whole', () => {
    const long = `http://127.0.0.1:4010/api/v1/jobs?q=${'x'.repeat(100)}`;
    expect(layoutFields(['12:00:01', long, ID], 60, { indent: 4 })).toEqual(['12:00:01', long, `    ${ID}`]);
  });

  it('a field that fits the width but not after the indent starts at the left edge', () => {
    const field = 'y'.repeat(59);
    expect(layoutFields(['a', field], 60, { indent: 4 })).toEqual(['a', field]);
  });

  it('measures what shows: colour codes take no columns, wide characters two', () => {
    const red = '\u001b[31m404\u001b[39m';
    expect(visibleWidth(red)).toBe(3);
    expect(layoutFields(['12345', red], 10)).toEqual([`12345  ${red}`]);
    expect(layoutFields(['12345', '日本'], 10)).toEqual(['12345', '  日本']);
    expect(layoutFields(['1234', '日本'], 10)).toEqual(['1234  日本']);
  });

  it("padding that aligned a field after another is dropped at a line's start and end", () => {
    expect(layoutFields(['GET   ', '   12.5 ms'], 9, { indent: 2 })).toEqual(['GET', '  12.5 ms']);
  });

  it('words: prose wraps between words, a `command` in backticks stays one field', () => {
    const text = 'No answer yet: `hire events get evt_abc123` shows it when it comes.';
    const lines = layoutFields(words(text), 30);
    expect(lines).toEqual(['No answer yet:', '  `hire events get evt_abc123`', '  shows it when it comes.']);
    expect(streamLine(words(text), undefined)).toBe(text);
  });

  it('property: every field whole in one line, in order; no line wider than the width unless it is one field wider than it', () => {
    const text = fc.stringMatching(/^[a-zA-Z0-9_:/?&=.\-日é]{1,40}$/);
    const field = fc.record({ text, gap: fc.constantFrom(' ', '  ', ' | ') });
    fc.assert(
      fc.property(
        fc.array(field, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 8, max: 120 }),
        fc.integer({ min: 0, max: 12 }),
        (fields, width, indent) => {
          const lines = layoutFields(fields, width, { indent });
          // Each field in order: found whole in a line at or after where the one before was found.
          let at = { line: 0, column: 0 };
          for (const { text: value } of fields) {
            let found: typeof at | undefined;
            for (let line = at.line; line < lines.length && !found; line += 1) {
              const column = lines[line]!.indexOf(value, line === at.line ? at.column : 0);
              if (column >= 0) found = { line, column: column + value.length };
            }
            expect(found, `${value} in ${JSON.stringify(lines)}`).toBeDefined();
            at = found!;
          }
          for (const line of lines) {
            if (displayWidth(line) <= width) continue;
            // Only a field wider than the width, alone: the line is exactly that field.
            expect(
              fields.some((item) => item.text === line && displayWidth(item.text) > width),
              line,
            ).toBe(true);
          }
          // Nothing is lost or added but gaps, indents and line breaks.
          expect(lines.join('').replace(/ \| /g, '').replace(/ /g, '')).toBe(fields.map((item) => item.text).join(''));
        },
      ),
      { seed: Number.parseInt(process.env.FC_SEED ?? '', 10) || 28, numRuns: runs(2_000) },
    );
  });
});

describe('streamWidth', () => {
  const io = (tty: boolean, columns?: number, stderrColumns?: number) =>
    ({ isStdoutTTY: tty, isStderrTTY: tty, columns, stderrColumns }) as IO;
  it("is the terminal's width, 80 at a terminal of unknown width, none when piped", () => {
    expect(streamWidth(io(true, 100), 'stdout')).toBe(100);
    expect(streamWidth(io(true, undefined), 'stdout')).toBe(80);
    expect(streamWidth(io(true, 100, 60), 'stderr')).toBe(60);
    expect(streamWidth(io(false, 100), 'stdout')).toBeUndefined();
    expect(streamWidth(io(false, 100), 'stderr')).toBeUndefined();
  });
});
