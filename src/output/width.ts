// How many terminal columns text takes, and where it may be cut: the one measure for laying out and
// drawing (docs/output.md "Display width"). A grapheme cluster (what a person sees as one character:
// a ZWJ family, a flag, e + combining accent) is cut never, and measured as modern terminals draw
// it, by the rules of string-width 8 (its source, MIT, is the reference these rules follow):
//   - nothing visible (controls, format and default-ignorable characters, lone marks): 0;
//   - an emoji sequence (RGI emoji, ZWJ sequences of pictographs, keycaps): 2;
//   - modern Hangul jamo L+V(+T) as one syllable: 2;
//   - otherwise the East Asian Width of its first visible code point (wide or fullwidth 2, else 1),
//     plus that of spacing marks and halfwidth/fullwidth forms after it.
// Intl.Segmenter finds the clusters, but it is slow (and its cost grows with the square of the
// string's length in one call): only runs where characters may join are given to it, a window at a
// time, and every other character is a cluster by itself, measured from a table filled as it is used.
import { eastAsianWidth } from 'get-east-asian-width';

/** One grapheme cluster of a text: `text.slice(start, end)`, `width` columns wide. */
export interface Cluster {
  start: number;
  end: number;
  width: number;
}

const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/**
 * The Unicode property patterns, made at the first text that is not printable ASCII: each takes up
 * to a millisecond to build, which a command that prints only ASCII never spends.
 */
function patterns() {
  return {
    /**
     * A code point that can join its neighbour into one cluster (UAX #29: Extend, ZWJ, SpacingMark,
     * Prepend, Regional_Indicator, Hangul jamo L/V/T, controls) or is default-ignorable: measured
     * with its cluster. Every other code point is a cluster by itself when its neighbours are not these.
     */
    joining:
      /[^\p{Grapheme_Base}]|[\p{Mc}\p{Regional_Indicator}\p{Emoji_Modifier}\p{Default_Ignorable_Code_Point}\u0d4e\u0e33\u0eb3\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]/u,
    /** Spacing marks, prepended marks and letters, jamo, Indic conjunct linkers (InCB=Linker), CR, LF. */
    segmented:
      // Each mark listed is matched alone, as one code point: none is meant to combine here.
      // eslint-disable-next-line no-misleading-character-class
      /[\p{Mc}\r\n\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d\u0d4e\u0e33\u0eb3\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u{110bd}\u{110cd}\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]/u,
    extend: /[\p{Grapheme_Extend}\p{Emoji_Modifier}]/u,
    regional: /\p{Regional_Indicator}/u,
    control: /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]|(?=\p{Cn})\p{Default_Ignorable_Code_Point}/u,
    pictograph: /\p{Extended_Pictographic}/u,
    pictographs: /\p{Extended_Pictographic}/gu,
    /** A visible character: not a control, format, default-ignorable, non-spacing or enclosing mark, or surrogate. */
    visible:
      /[^\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Nonspacing_Mark}\p{Enclosing_Mark}\p{Surrogate}]/u,
    spacingMark: /\p{Spacing_Mark}/u,
    /** What every emoji sequence holds: VS16, a keycap, ZWJ, a skin tone, a regional indicator or a tag. */
    sequence: /\ufe0f|\u20e3|\u200d|[\u{1f3fb}-\u{1f3ff}]|[\u{1f1e6}-\u{1f1ff}]|[\u{e0020}-\u{e007f}]/u,
  };
}

let made: ReturnType<typeof patterns> | undefined;
const unicode = () => (made ??= patterns());

/** The class of a code point in the tables: its width (0–2) when it stands alone, or JOINS. */
const JOINS = 3;
const UNKNOWN = 255;
let bmp: Uint8Array | undefined;
const astral = new Map<number, number>();

function classOf(code: number): number {
  if (code >= 0x20 && code < 0x7f) return 1;
  if (code <= 0xffff) {
    bmp ??= new Uint8Array(0x10000).fill(UNKNOWN);
    let kind = bmp[code]!;
    if (kind === UNKNOWN) bmp[code] = kind = classify(code);
    return kind;
  }
  let kind = astral.get(code);
  if (kind === undefined) remember(astral, code, (kind = classify(code)));
  return kind;
}

/** Tables of code points met, emptied when they hold many (text from a server may hold every code point). */
function remember(table: Map<number, number>, code: number, kind: number): void {
  if (table.size >= 0x10000) table.clear();
  table.set(code, kind);
}

function classify(code: number): number {
  const char = String.fromCodePoint(code);
  // Standing alone, a code point that does not join is visible, and if an emoji, East Asian wide.
  return unicode().joining.test(char) ? JOINS : eastAsianWidth(code);
}

/** The code point that ends just before `index` (a surrogate pair read whole). */
function codeBefore(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2)!;
  }
  return low;
}

/** True when `index` is a cluster boundary without segmenting: the text's ends, or between two lone-standing code points. */
function plainBoundary(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return true;
  return classOf(codeBefore(text, index)) !== JOINS && classOf(text.codePointAt(index)!) !== JOINS;
}

// Where a cluster that joins ends, by hand for what text mostly holds (a letter and its accents,
// an emoji with its variation selector or skin tone, ZWJ sequences, flags: UAX #29 rules GB9, GB11,
// GB12/13), by Intl.Segmenter for the rest (spacing marks, prepended marks, Hangul jamo, Indic
// conjuncts, CR LF).
const OTHER = 0;
const PICTOGRAPH = 1;
const EXTEND = 2;
const ZWJ = 3;
const REGIONAL = 4;
const CONTROL = 5;
const SEGMENTED = 6;
const breaks = new Map<number, number>();

function breakOf(code: number): number {
  let kind = breaks.get(code);
  if (kind === undefined) {
    const char = String.fromCodePoint(code);
    const { segmented, extend, regional, control, pictograph } = unicode();
    kind =
      code === 0x200d
        ? ZWJ
        : segmented.test(char)
          ? SEGMENTED
          : extend.test(char)
            ? EXTEND
            : regional.test(char)
              ? REGIONAL
              : control.test(char)
                ? CONTROL
                : pictograph.test(char)
                  ? PICTOGRAPH
                  : OTHER;
    remember(breaks, code, kind);
  }
  return kind;
}

/** The end of the cluster that starts at `start` (a boundary), or -1 when it takes Intl.Segmenter to tell. */
function joinedEnd(text: string, start: number): number {
  const first = text.codePointAt(start)!;
  const kind = breakOf(first);
  let at = start + (first > 0xffff ? 2 : 1);
  if (kind === SEGMENTED) return -1;
  if (kind === CONTROL) return at;
  let pictograph = kind === PICTOGRAPH;
  if (kind === REGIONAL && at < text.length && breakOf(text.codePointAt(at)!) === REGIONAL) at += 2;
  while (at < text.length) {
    const code = text.codePointAt(at)!;
    const next = breakOf(code);
    if (next === EXTEND) at += code > 0xffff ? 2 : 1;
    else if (next === ZWJ) {
      at += 1;
      const after = at < text.length ? text.codePointAt(at)! : 0;
      pictograph = pictograph && breakOf(after) === PICTOGRAPH;
      if (pictograph) at += after > 0xffff ? 2 : 1;
    } else if (next === SEGMENTED) return -1;
    else return at;
  }
  return at;
}

let segmenter: Intl.Segmenter | undefined;
const WINDOW = 256;

/**
 * The clusters of a run where characters join, from `start` (a cluster boundary): by hand when it
 * can, else segmented a window at a time, the window's last cluster kept only when the window ends
 * at a boundary (a cluster longer than the window doubles it). At least one cluster.
 */
function joinedClusters(text: string, start: number): Cluster[] {
  const end = joinedEnd(text, start);
  if (end > 0) return [{ start, end, width: clusterWidth(text.slice(start, end)) }];
  segmenter ??= new Intl.Segmenter();
  for (let size = WINDOW; ; size *= 2) {
    const end = Math.min(text.length, start + size);
    const clusters: Cluster[] = [];
    for (const { segment, index } of segmenter.segment(text.slice(start, end))) {
      clusters.push({ start: start + index, end: start + index + segment.length, width: clusterWidth(segment) });
    }
    if (plainBoundary(text, end)) return clusters;
    clusters.pop();
    if (clusters.length > 0) return clusters;
  }
}

/** The grapheme clusters of `text` from `start` (which must be a cluster boundary), in order. */
export function* clusters(text: string, start = 0): Generator<Cluster, void, undefined> {
  let at = start;
  while (at < text.length) {
    const code = text.codePointAt(at)!;
    const next = at + (code > 0xffff ? 2 : 1);
    const kind = classOf(code);
    if (kind !== JOINS && (next >= text.length || classOf(text.codePointAt(next)!) !== JOINS)) {
      yield { start: at, end: next, width: kind };
      at = next;
      continue;
    }
    for (const cluster of joinedClusters(text, at)) {
      yield cluster;
      at = cluster.end;
    }
  }
}

/** Where the grapheme cluster that starts at `start` (a cluster boundary) ends. */
export function clusterEnd(text: string, start: number): number {
  for (const cluster of clusters(text, start)) return cluster.end;
  return start;
}

/** Display width: the columns a terminal takes to draw `text` (one line, made inert). Linear in its length. */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  let at = 0;
  while (at < text.length) {
    const code = text.codePointAt(at)!;
    const next = at + (code > 0xffff ? 2 : 1);
    const kind = classOf(code);
    if (kind !== JOINS && (next >= text.length || classOf(text.codePointAt(next)!) !== JOINS)) {
      width += kind;
      at = next;
      continue;
    }
    for (const cluster of joinedClusters(text, at)) {
      width += cluster.width;
      at = cluster.end;
    }
  }
  return width;
}

// ---------------------------------------------------------------------------------------------
// One cluster's width (the rules above; string-width 8's, which test/unit/width.test.ts compares).

let rgiEmoji: RegExp | undefined;
const KEYCAP = /^[\d#*]\u20e3$/;
/** No emoji sequence is longer (the longest, tag flags and families with skin tones, are about 30). */
const LONGEST_EMOJI = 50;

/** Widths of the clusters met (a text repeats few): emptied when it holds many. */
const known = new Map<string, number>();

function clusterWidth(cluster: string): number {
  let width = known.get(cluster);
  if (width === undefined) {
    if (known.size >= 4096) known.clear();
    known.set(cluster, (width = measure(cluster)));
  }
  return width;
}

function measure(cluster: string): number {
  const { visible: visibleChar, sequence, pictographs, spacingMark } = unicode();
  const at = cluster.search(visibleChar);
  if (at < 0) return 0;
  // A single code point that is an emoji is East Asian wide: only a sequence needs the emoji tests.
  if (cluster.length <= LONGEST_EMOJI && sequence.test(cluster)) {
    // The `v` flag (sequence properties) is newer than the compiler's target; Node 20 has it.
    // Built at the first emoji sequence met: it takes about 10 ms.
    rgiEmoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v');
    if (rgiEmoji.test(cluster) || KEYCAP.test(cluster)) return 2;
    if (cluster.includes('\u200d') && (cluster.match(pictographs)?.length ?? 0) >= 2) return 2;
  }
  const visible = at === 0 ? cluster : cluster.slice(at);
  const hangul = hangulWidth(visible);
  if (hangul !== undefined) return hangul;
  let width = 0;
  let first = true;
  for (const char of visible) {
    const code = char.codePointAt(0)!;
    if (first) width += eastAsianWidth(code);
    else if (spacingMark.test(char) || (code >= 0xff00 && code <= 0xffef)) width += eastAsianWidth(code);
    first = false;
  }
  return width;
}

const isLeadingJamo = (code: number) => (code >= 0x1100 && code <= 0x115f) || (code >= 0xa960 && code <= 0xa97c);
const isVowelJamo = (code: number) => (code >= 0x1160 && code <= 0x11a7) || (code >= 0xd7b0 && code <= 0xd7c6);
const isTrailingJamo = (code: number) => (code >= 0x11a8 && code <= 0x11ff) || (code >= 0xd7cb && code <= 0xd7fb);
const isJamo = (code: number) => isLeadingJamo(code) || isVowelJamo(code) || isTrailingJamo(code);

/** A cluster that starts with Hangul jamo: each L+V(+T) a syllable of 2, other jamo their own width; undefined otherwise. */
function hangulWidth(visible: string): number | undefined {
  const first = visible.codePointAt(0)!;
  if (!isJamo(first)) return undefined;
  const codes: number[] = [];
  const visibleChar = unicode().visible;
  for (const char of visible) if (visibleChar.test(char)) codes.push(char.codePointAt(0)!);
  let width = 0;
  for (let index = 0; index < codes.length; index++) {
    const code = codes[index]!;
    if (!isJamo(code)) {
      for (const rest of codes.slice(index)) width += eastAsianWidth(rest);
      return width;
    }
    if (isLeadingJamo(code) && index + 1 < codes.length && isVowelJamo(codes[index + 1]!)) {
      width += 2;
      index += index + 2 < codes.length && isTrailingJamo(codes[index + 2]!) ? 2 : 1;
      continue;
    }
    width += eastAsianWidth(code);
  }
  return width;
}
