// Fitting a drawn table into the terminal's width: which columns to show, how wide each is, and how
// a cell is shortened to its width (ids never, a URL at its path, text with `…` or onto more lines).
import { displayWidth, truncate } from './cells.js';
import { clusterEnd, clusters } from './width.js';

/** What the layout needs to know of a column, measured over its header and cells. */
export interface ColumnNeeds {
  /** The widest cell or header. */
  natural: number;
  /** The widest cell or short header: room beyond it only spells the header out, so it comes last. */
  content?: number;
  /** Never shown narrower than its widest cell (ids): wrapped, if ever, never cut. */
  whole: boolean;
  /** Kept whole while the terminal allows (statuses, times), cut only when little room is left. */
  firm?: boolean;
  /** The fewest columns any cell can be shown in without losing what must stay (a URL's host:port). */
  least: number;
  /** The width below which hiding a lower-value column is better than shrinking this one. */
  want: number;
  /** The header's shortest form (the short header, when the column has one). */
  header: number;
  /** Hidden at a narrow terminal, highest first; undefined: always shown. */
  drop?: number;
}

/** The narrowest a text column is shown when the terminal is too narrow for what columns want. */
const RELAXED_FLOOR = 4;

export interface Layout {
  /** Indices of the columns shown, in order. */
  shown: number[];
  /** Width of each shown column's content (padding and borders not included). */
  widths: number[];
  /** True when even ids and hosts could not fit: cells are then wrapped, never cut. */
  wrapAll: boolean;
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
    const wanted = strict ? Math.max(column.want, column.header, column.least) : Math.max(column.least, RELAXED_FLOOR);
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
  let wrapAll = false;
  if (sum(floors) > budget()) {
    // A very narrow terminal: any column but the ids may go, the last first, until the rest fit.
    while (total(false) > budget()) {
      const last = shown.findLastIndex((index, position) => position > 0 && !columns[index]!.whole);
      if (last < 0) break;
      shown.splice(last, 1);
    }
    floors = shown.map((index) => floor(columns[index]!, false));
  }
  if (sum(floors) > budget()) {
    // Not even the ids fit: every column wraps, nothing is cut.
    wrapAll = true;
    floors = shown.map(() => 1);
  }
  const room = Math.max(budget(), sum(floors));
  const contents = shown.map((index) =>
    Math.min(columns[index]!.content ?? columns[index]!.natural, columns[index]!.natural),
  );
  const widths = share(
    share(floors, contents, room),
    shown.map((index) => columns[index]!.natural),
    room,
  );
  return { shown, widths, wrapAll };
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

/** A URL in `width` columns: its path is shortened with `…`, its scheme, host and port kept whole. */
export function fitUrl(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const authority = urlAuthority(text);
  if (!authority) return truncate(text, width);
  const kept = displayWidth(authority);
  if (kept + 1 <= width) return `${authority}${truncate(text.slice(authority.length), width - kept)}`;
  return kept <= width ? authority : truncate(authority, width);
}

/**
 * Text in at most `lines` lines of `width` columns, broken at spaces where it can be, the last
 * line ending with `…` when the text does not fit.
 */
export function wrapWords(text: string, width: number, lines = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  // Walks the text once by index: slicing and measuring the whole rest per line took minutes for a
  // megabyte-long value from a server.
  let at = 0;
  while (out.length < lines - 1) {
    const { end, starts } = fitEnd(text, at, width);
    if (end >= text.length) break; // the rest fits
    const head = text.slice(at, end);
    // Breaks only beside a character that is a grapheme cluster by itself (not a space under an accent).
    const space = lastWhole(head, starts, ' ', head.length - 1);
    // Without a space, a word breaks after its last `.`, `-`, `/` or `_` ("job." "created"), else anywhere.
    const joint = lastWhole(head, starts, '.-/_', head.length - 2);
    const length = text[end] === ' ' ? head.length : space > 0 ? space : joint >= 0 ? joint + 1 : head.length;
    out.push(text.slice(at, at + length).trimEnd());
    at += length;
    while (at < text.length && /\s/.test(text[at]!) && clusterEnd(text, at) === at + 1) at++;
  }
  out.push(truncate(text.slice(at), width));
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
 * Prose for people in lines of at most `width` columns, broken at spaces (not no-break ones) but
 * never inside a `command` in backquotes (one longer than the line is broken as a word).
 */
export function wrapProse(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  // A space under an accent, a skin tone or a joiner is part of a word (one grapheme cluster).
  for (const word of text.match(
    /(?:`[^`]*`|(?:[^ `]| (?=[\p{M}\p{Grapheme_Extend}\p{Emoji_Modifier}\u200d]))+|`)+/gu,
  ) ?? []) {
    if (displayWidth(word) > width) {
      const pieces = wrapWords(current === '' ? word : `${current} ${word}`, width);
      lines.push(...pieces.slice(0, -1));
      current = pieces.at(-1)!;
    } else if (current !== '' && displayWidth(current) + 1 + displayWidth(word) > width) {
      lines.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  return [...lines, current];
}
