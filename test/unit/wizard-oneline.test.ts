// Lines pasted into a one-line question of the wizard (src/wizard/oneline.ts): their line breaks
// become spaces in the read itself, before Node's keypress decoder makes keys of it.
import { describe, expect, it } from 'vitest';
import { joinPastedLines } from '../../src/wizard/oneline.js';

/** One read after another, as the prompt sees them: the text each became, and whether a paste is open. */
function reads(...chunks: string[]): { texts: string[]; pasting: boolean } {
  let pasting = false;
  const texts = chunks.map((chunk) => {
    const bytes = Buffer.from(chunk, 'utf8');
    pasting = joinPastedLines(bytes, pasting);
    return bytes.toString('utf8');
  });
  return { texts, pasting };
}

const START = '\x1b[200~';
const END = '\x1b[201~';

describe('line breaks of a paste into a one-line question', () => {
  it('Enter typed by hand (a read of its own, or ending the read) still answers', () => {
    expect(reads('\r', 'US\r', 'é\n').texts).toEqual(['\r', 'US\r', 'é\n']);
  });

  it('unmarked: the breaks with more of the read after them become spaces; the last answers', () => {
    expect(reads('Line 1: we speak\rLine 2: 東京\r\nLine 3\r').texts).toEqual([
      'Line 1: we speak Line 2: 東京  Line 3\r',
    ]);
  });

  it('marked (bracketed paste): every break inside the marks becomes a space, across reads too', () => {
    const { texts, pasting } = reads(`${START}DE\rFR\r`, `IT\r`, `ES\r${END}`, '\r');
    expect(texts).toEqual([`${START}DE FR `, 'IT ', `ES ${END}`, '\r']);
    expect(pasting).toBe(false);
    expect(reads(`${START}DE\r`).pasting).toBe(true);
  });

  it('other keys and escape sequences are left as they are', () => {
    const keys = '\x1b[A\x1b[D\x7fab\x15';
    expect(reads(keys).texts).toEqual([keys]);
  });
});
