// Turning API values into table cells: one line each, no control characters (server data must not
// drive the terminal), nested values as compact JSON.
import { clusters, displayWidth } from './width.js';

export { displayWidth };

/** Our colour codes (SGR; server text is made inert before): they take no room on the screen. */
const SGR = /\u001b\[[0-9;]*m/g;

/** Text without our colour codes: what the terminal shows of it. */
export function withoutColour(text: string): string {
  return text.includes('\u001b') ? text.replace(SGR, '') : text;
}

/** Control characters that can drive a terminal or reorder what it shows (docs/output.md "Text from outside"). */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw that a terminal would still obey: DEL, C1, separators, bidi. */
const JSON_RAW_CONTROLS = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeControl(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Escapes C0/C1 controls, DEL, line separators and bidi overrides so a cell is inert text. */
export function inert(text: string): string {
  return text.replace(CONTROLS, escapeControl);
}

/**
 * inert() but for the newline, for a message of ours that may span lines: what is shown to a person
 * passes through this at the last moment, whatever it quotes.
 */
export function inertLines(text: string): string {
  return text.replace(CONTROLS_BUT_NEWLINE, escapeControl);
}

/**
 * JSON.stringify, with DEL, C1, separators and bidi controls also written as \uXXXX: the same JSON
 * value, but inert at a terminal. (Outside strings only: JSON's own characters are printable ASCII.)
 */
export function inertJson(value: unknown, indent?: number): string {
  return jsonText(value, indent).replace(JSON_RAW_CONTROLS, escapeControl);
}

/**
 * JSON.stringify for values a server sent, whatever their depth: JSON.stringify recurses, and a
 * value nested 10,000 levels deep (JSON.parse takes it) overflows the call stack. Such a value is
 * written by a loop instead, the same text JSON.stringify would give ("null" for no value).
 */
export function jsonText(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? 'null';
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return deepJson(value, indent ?? 0);
  }
}

const MAX_INDENTED_DEPTH = 64;

interface JsonFrame {
  close: string;
  entries: [string | undefined, unknown][];
  at: number;
  depth: number;
}

/** The JSON of parsed JSON data (plain objects, arrays, text, numbers, booleans, null), with a stack of its own. */
function deepJson(root: unknown, indent: number): string {
  const out: string[] = [];
  const stack: JsonFrame[] = [];
  // Indented to a depth of 64 only, compact below: 10,000 levels fully indented would be 100 MB of spaces.
  const pad = (depth: number) => (indent > 0 && depth <= MAX_INDENTED_DEPTH ? `\n${' '.repeat(indent * depth)}` : '');
  const open = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== 'object') {
      out.push(
        typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
          ? JSON.stringify(value)
          : 'null',
      );
      return;
    }
    if (Array.isArray(value)) {
      stack.push({
        close: ']',
        entries: Array.from(value, (item): [undefined, unknown] => [undefined, item]),
        at: 0,
        depth,
      });
      out.push('[');
      return;
    }
    const entries: [string, unknown][] = [];
    for (const key of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== undefined && typeof inner !== 'function' && typeof inner !== 'symbol') entries.push([key, inner]);
    }
    stack.push({ close: '}', entries, at: 0, depth });
    out.push('{');
  };
  open(root, 0);
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    if (frame.at >= frame.entries.length) {
      stack.pop();
      out.push(frame.entries.length > 0 ? `${pad(frame.depth)}${frame.close}` : frame.close);
      continue;
    }
    const [key, value] = frame.entries[frame.at]!;
    out.push(
      `${frame.at > 0 ? ',' : ''}${pad(frame.depth + 1)}${key === undefined ? '' : `${JSON.stringify(key)}:${indent > 0 ? ' ' : ''}`}`,
    );
    frame.at += 1;
    open(value, frame.depth + 1);
  }
  return out.join('');
}

/** A value as plain text (not yet made inert): text as it is, a number or boolean written, anything else as JSON. */
export function plainText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return jsonText(value);
}

export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return inert(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return inert(value.map((item) => String(item)).join(', '));
  }
  return inert(jsonText(value));
}

/**
 * The widest of many texts' display widths (0 for none). A loop, not Math.max(...spread): a page of
 * 200,000 rows would overflow the call stack as arguments.
 */
export function widest(texts: Iterable<string>): number {
  let most = 0;
  for (const text of texts) most = Math.max(most, displayWidth(text));
  return most;
}

/** `text` in at most `width` columns: cut between grapheme clusters, ending with `…` when cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let end = 0;
  let used = 0;
  for (const cluster of clusters(text)) {
    if (used + cluster.width > width - 1) break;
    end = cluster.end;
    used += cluster.width;
  }
  return `${text.slice(0, end)}…`;
}
