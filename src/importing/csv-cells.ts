// How job values are written in CSV cells so that `jobs list -o csv` imports again unchanged: lists
// as `a;b` (or a JSON array when that would not read back: an empty list, an item with a `;`,
// surrounding spaces or a leading `[`), and the CSV-injection guard's `'` (docs/output.md "CSV") undone on the way in.

import { jsonText } from '../output/cells.js';

const LIST_SEPARATOR = ';';

/**
 * The writer (output/render.ts) guards text starting with = + - @, TAB or CR with a `'`; this is
 * such a cell as read back, or text that already starts with `'` before one of those characters.
 */
const QUOTED_GUARD = /^'+[=+\-@\t\r]/;

/** A list as one cell. */
export function listCell(items: readonly unknown[]): string {
  const plain =
    items.length > 0 &&
    items.every(
      (item) =>
        typeof item === 'string' &&
        item !== '' &&
        item === item.trim() &&
        !item.includes(LIST_SEPARATOR) &&
        !item.startsWith('['),
    );
  // jsonText, as every format writes a nested value: a list a server nested thousands of levels
  // deep is written whole, where JSON.stringify would overflow the call stack.
  return plain ? items.join(LIST_SEPARATOR) : jsonText(items);
}

/** A list cell as items: a JSON array of strings as such, otherwise split on `;`. */
export function readListCell(text: string): string[] {
  if (text.startsWith('[')) {
    try {
      const value: unknown = JSON.parse(text);
      if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
    } catch {
      // not JSON: a list like "[legacy] COBOL;Go"
    }
  }
  return text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Text for the writer, whose guard adds a `'` to `=x` but not to `'=x`: that one gets its `'` here,
 * so that reading strips exactly one `'` from every cell matching `'+` then = + - @ TAB CR.
 */
export function beforeGuard(text: string): string {
  return QUOTED_GUARD.test(text) ? `'${text}` : text;
}

/** A cell as written before the guard (`'=SUM(A1)` → `=SUM(A1)`), as a spreadsheet reads a leading `'`. */
export function unguard(cell: string): string {
  return QUOTED_GUARD.test(cell) ? cell.slice(1) : cell;
}
