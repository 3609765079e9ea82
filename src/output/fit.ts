// Fitting a drawn table into the terminal's width: which columns to show, how wide each is, and how
// text wraps (between words; ids, URLs, email addresses and commands never inside: docs/output.md
// "Values a person copies").
import { displayWidth, truncate } from './cells.js';
import { commandLines } from './command-lines.js';
import { clusterEnd, clusters } from './width.js';

/** What the layout needs to know of a column, measured over its header and cells. */
export interface ColumnNeeds {
  /** The widest cell or header. */
  natural: number;
  /** The widest cell or short header: room beyond it only spells the header out, so it comes last. */
  content?: number;
  /** Never shown narrower than its widest cell (ids, URLs, email addresses): never wrapped, never cut. */
  whole: boolean;
  /** Kept whole while the terminal allows (statuses, times), cut only when little room is left. */
  firm?: boolean;
  /** The fewest columns any cell can be shown in without losing what must stay (a URL's host:port). */
  least: number;
  /** The width below which hiding a lower-value column is better than shrinking this one. */
  want: number;
  /** The widest word of its cells: narrower, a word would break inside (docs/output.md "Values a person copies"). */
  word?: number;
  /** The header's shortest form (the short header, when the column has one). */
  header: number;
  /** Hidden at a narrow terminal, highest first; undefined: always shown. */
  drop?: number;
  /** Never hidden, even at a very narrow terminal: the rows are shown a record per block instead (a profile's environment). */
  keep?: boolean;
}

/** The narrowest a text column is shown when the terminal is too narrow for what columns want. */
const RELAXED_FLOOR = 4;
/**
 * A word up to this wide (`production`, `local-sandbox`, `unreachable`) is never split to squeeze a
 * text column: its column is at least that wide, or the table becomes blocks (docs/output.md
 * "Values a person copies").
 */
export const SHORT_WORD = 16;

export interface Layout {
  /** Indices of the columns shown, in order. */
  shown: number[];
  /** Width of each shown column's content (padding and borders not included). */
  widths: number[];
  /**
   * True when even the whole columns cannot have their width: the rows are then shown a record per
   * block instead of as a table, each value whole (docs/output.md "Values a person copies").
   */
  stacked: boolean;
}

/** A drawn row's width: a border before each column, one after the last, a space either side of each cell. */
export function tableWidth(widths: readonly number[]): number {
  return widths.reduce((sum, width) => sum + width, 0) + widths.length * 3 + 1;
}

/**
 * Chooses the columns and widths so that a row is at most `width` columns: first each column's
 * wanted width (hiding droppable columns, highest `drop` first, until they fit), then the spare
 * room is shared out, the narrowest columns first.
 */
export function layoutColumns(columns: readonly ColumnNeeds[], width: number): Layout {
  const shown = columns.map((_, index) => index);
  const budget = () => width - shown.length * 3 - 1;
  const floor = (column: ColumnNeeds, strict: boolean) => {
    if (column.whole || (strict && column.firm)) return column.natural;
    const wanted = strict
      ? Math.max(column.want, column.header, column.least, column.word ?? 0)
      : Math.max(column.least, RELAXED_FLOOR, shortWord(column.word));
    return Math.min(column.content ?? column.natural, column.natural, wanted);
  };
  const total = (strict: boolean) => shown.reduce((sum, index) => sum + floor(columns[index]!, strict), 0);
  while (total(true) > budget()) {
    let victim = -1;
    for (const [position, index] of shown.entries()) {
      const rank = columns[index]!.drop;
      if (rank !== undefined && (victim < 0 || rank > columns[shown[victim]!]!.drop!)) victim = position;
    }
    if (victim < 0 || shown.length === 1) break;
    shown.splice(victim, 1);
  }
  let floors = shown.map((index) => floor(columns[index]!, true));
  if (sum(floors) > budget()) {
    // A very narrow terminal: any column but the whole and kept ones may go, the last first, until the rest fit.
    while (total(false) > budget()) {
      const last = shown.findLastIndex(
        (index, position) => position > 0 && !columns[index]!.whole && !columns[index]!.keep,
      );
      if (last < 0) break;
      shown.splice(last, 1);
    }
    floors = shown.map((index) => floor(columns[index]!, false));
  }
  // Not even the ids, URLs, addresses, kept columns and short words fit: a record per block, every column in it.
  if (sum(floors) > budget()) return { shown: columns.map((_, index) => index), widths: [], stacked: true };
  const room = budget();
  const contents = shown.map((index) =>
    Math.min(columns[index]!.content ?? columns[index]!.natural, columns[index]!.natural),
  );
  const widths = share(
    share(floors, contents, room),
    shown.map((index) => columns[index]!.natural),
    room,
  );
  return { shown, widths, stacked: false };
}

/** A column's widest word when it is short enough to keep whole (0 otherwise: a longer word may break). */
function shortWord(word: number | undefined): number {
  return word !== undefined && word <= SHORT_WORD ? word : 0;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Widens from the floors towards the naturals, one column at a time, the narrowest first. */
function share(floors: readonly number[], naturals: readonly number[], budget: number): number[] {
  const widths = [...floors];
  let spare = budget - sum(widths);
  while (spare > 0) {
    let narrowest = -1;
    for (const [index, width] of widths.entries()) {
      if (width < naturals[index]! && (narrowest < 0 || width < widths[narrowest]!)) narrowest = index;
    }
    if (narrowest < 0) break;
    widths[narrowest]! += 1;
    spare -= 1;
  }
  return widths;
}

/** The scheme, host and port of a URL (what must never be cut), or undefined for other text. */
export function urlAuthority(text: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*/i.exec(text)?.[0];
}

/** What a person copies whole (docs/output.md "Values a person copies"): a URL, an email address, an id, a command. */
export type CopyKind = 'url' | 'email' | 'id' | 'command';

const COPYABLE: readonly [CopyKind, RegExp][] = [
  ['url', /^[a-z][a-z0-9+.-]*:\/\/\S+$/i],
  ['email', /^[^\s@<>()[\]"'`,;]+@[^\s@<>()[\]"'`,;]+\.[a-z0-9-]+$/i],
  // job_…, cand_…, wh_…, evt_…: a lower-case prefix, `_`, then letters and digits.
  ['id', /^[a-z][a-z0-9]{0,11}_[A-Za-z0-9]{3,}$/],
  ['command', /^`hire [^`]*`$/],
];

/**
 * What kind of copyable value a word of prose (or a cell) is, or undefined: punctuation around it
 * (`(https://…).`, `<a@b.c>,`) is not part of the value, but travels with it.
 */
export function copyKind(word: string): CopyKind | undefined {
  // Loops, not regular expressions: `/[.!]+$/` backtracks quadratically over a megabyte of dots.
  let start = 0;
  let end = word.length;
  while (start < end && '(<["\''.includes(word[start]!)) start++;
  while (end > start && ')>]"\'.,;:!?'.includes(word[end - 1]!)) end--;
  const core = word.slice(start, end);
  for (const [kind, pattern] of COPYABLE) if (pattern.test(core)) return kind;
  return undefined;
}

/** The widest copyable word in a text (0 for none): what a cell must hold on one line. */
export function widestCopyable(text: string): number {
  let most = 0;
  for (const word of words(text)) if (copyKind(word.text) !== undefined) most = Math.max(most, displayWidth(word.text));
  return most;
}

interface Word {
  text: string;
  /** Where the word starts in the text, and what came before it (spaces). */
  start: number;
  gap: string;
}

/**
 * The words of a text, split at spaces (not no-break ones), a span in backquotes one word. A space
 * under an accent, a skin tone or a joiner is part of a word (one grapheme cluster).
 */
function* words(text: string): Generator<Word> {
  const pattern = /(?:`[^`]*`|(?:[^ `]| (?=[\p{M}\p{Grapheme_Extend}\p{Emoji_Modifier}\u200d]))+|`)+/gu;
  let end = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    yield { text: match[0], start: match.index, gap: text.slice(end, match.index) };
    end = match.index + match[0].length;
  }
}

/**
 * Text in at most `lines` lines of `width` columns, broken between words (docs/output.md "Values a
 * person copies"): a word is broken only when it is longer than a whole line — after its last `.`,
 * `-`, `/` or `_` where it can, else anywhere — and never when it is a URL, an email address, an id
 * or a `hire …` command: with `keep` (the default) such a word gets a line of its own, whole, even
 * one longer than `width` (only the terminal wraps it). Without `keep` (a drawn table's prose cell,
 * whose box cannot hold a longer line) it breaks as other words do. The last line ends with `…`
 * when the text does not fit in `lines`.
 */
export function wrapWords(text: string, width: number, lines = Number.POSITIVE_INFINITY, keep = true): string[] {
  const out: string[] = [];
  let line = '';
  let used = 0;
  let lineStart = 0;
  // One pass over the words, each measured once: a megabyte-long value from a server must not take minutes.
  const full = () => out.length >= lines - 1;
  const cut = (from: number) => {
    out.push(truncate(text.slice(from).trimEnd(), width));
    return out;
  };
  for (const word of words(text)) {
    const w = displayWidth(word.text);
    if (line !== '' && used + displayWidth(word.gap) + w <= width) {
      line += word.gap + word.text;
      used += displayWidth(word.gap) + w;
      continue;
    }
    if (line !== '') {
      if (full()) return cut(lineStart);
      out.push(line);
    }
    const kind = keep ? copyKind(word.text) : undefined;
    if (kind === 'command' && w > width) {
      // Wider than a line: the command alone on lines of its own, continued with ` \` (command-lines.ts).
      const { before, command, after } = commandParts(word.text);
      if (before !== '') out.push(before);
      out.push(...commandLines(command, width));
      [line, used, lineStart] = [after, displayWidth(after), word.start + word.text.length - after.length];
      // Nothing after it: no line is open (-1) until the next word.
      if (after === '') lineStart = -1;
      continue;
    }
    if (w <= width || kind !== undefined) {
      [line, used, lineStart] = [word.text, w, word.start];
      continue;
    }
    // A word longer than the line: its pieces, the last one open to the words after it.
    for (const [start, end] of breakWord(word.text, width)) {
      const piece = word.text.slice(start, end);
      if (end >= word.text.length) {
        [line, used, lineStart] = [piece, displayWidth(piece), word.start + start];
        break;
      }
      if (full()) return cut(word.start + start);
      out.push(piece.trimEnd());
    }
  }
  if (line !== '' || lineStart >= 0) out.push(line);
  return out;
}

/** A `hire …` word of prose: the punctuation before it, the command inside its backquotes, and what follows it. */
function commandParts(word: string): { before: string; command: string; after: string } {
  const open = word.indexOf('`');
  const close = word.lastIndexOf('`');
  return { before: word.slice(0, open), command: word.slice(open + 1, close), after: word.slice(close + 1) };
}

/**
 * A word (spaces only inside a span in backquotes) as pieces of `width` columns, each its start and
 * end, cut only between grapheme clusters: broken after a space, else a `.`, `-`, `/` or `_`
 * ("job." "created"), else anywhere.
 */
function breakWord(word: string, width: number): [number, number][] {
  const out: [number, number][] = [];
  let at = 0;
  for (;;) {
    const { end, starts } = fitEnd(word, at, width);
    if (end >= word.length) break;
    const head = word.slice(at, end);
    // Breaks only beside a character that is a grapheme cluster by itself (not a space under an accent).
    const space = lastWhole(head, starts, ' ', head.length - 1);
    const joint = lastWhole(head, starts, '.-/_', head.length - 2);
    const length = word[end] === ' ' ? head.length : space > 0 ? space : joint >= 0 ? joint + 1 : head.length;
    out.push([at, at + length]);
    at += length;
    while (at < word.length && word[at] === ' ' && clusterEnd(word, at) === at + 1) at++;
  }
  out.push([at, word.length]);
  return out;
}

/** The last index at or before `from` of one of `marks` standing as a grapheme cluster by itself, or -1. */
function lastWhole(head: string, starts: ReadonlySet<number>, marks: string, from: number): number {
  for (let index = from; index >= 0; index--)
    if (marks.includes(head[index]!) && starts.has(index) && starts.has(index + 1)) return index;
  return -1;
}

/**
 * Where the longest run of whole grapheme clusters of `text` from `start` that fits `width` columns
 * ends (at least one cluster), and where its clusters start (relative to `start`, with its end).
 */
function fitEnd(text: string, start: number, width: number): { end: number; starts: Set<number> } {
  let used = 0;
  let end = start;
  const starts = new Set([0]);
  for (const cluster of clusters(text, start)) {
    if (used + cluster.width > width && cluster.start > start) break;
    used += cluster.width;
    end = cluster.end;
    starts.add(end - start);
    if (used > width) break;
  }
  return { end, starts };
}

/**
 * Breaks text into lines of `width` columns between any grapheme clusters, losing nothing (for ids that must wrap). One
 * pass: a megabyte-long value from a server must not take minutes.
 */
export function hardWrap(text: string, width: number): string[] {
  const out: string[] = [];
  let start = 0;
  let used = 0;
  for (const cluster of clusters(text)) {
    if (used + cluster.width > width && cluster.start > start) {
      out.push(text.slice(start, cluster.start));
      [start, used] = [cluster.start, 0];
    }
    used += cluster.width;
  }
  out.push(text.slice(start));
  return out;
}

/**
 * Prose for people in lines of at most `width` columns, broken at spaces (not no-break ones), never
 * inside a `command` in backquotes, a URL, an email address or an id: one longer than the line
 * gets a line of its own, whole (docs/output.md "Values a person copies").
 */
export function wrapProse(text: string, width: number): string[] {
  return wrapWords(text, width);
}
