// Turning API values into table cells: one line each, no control characters (server data must not
// drive the terminal), nested values as compact JSON.

/** Control characters that can drive a terminal or reorder what it shows (CONTRACT §7). */
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
  return (JSON.stringify(value, null, indent) ?? 'null').replace(JSON_RAW_CONTROLS, escapeControl);
}

export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return inert(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return inert(value.map((item) => String(item)).join(', '));
  }
  return inert(JSON.stringify(value));
}

/** Display width, counting East Asian wide characters and emoji as two columns. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x300 && code <= 0x36f) continue; // combining marks
    width += isWide(code) ? 2 : 1;
  }
  return width;
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

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = displayWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return `${out}…`;
}
