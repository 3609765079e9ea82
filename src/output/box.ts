// A table drawn in box characters: each cell padded to its column's width by the same measure that
// laid the columns out (displayWidth), so the drawing never cuts what the layout placed and every
// line is as wide as the others (docs/output.md "Display width").
import { displayWidth, truncate, withoutColour } from './cells.js';

/**
 * Rows of one-line cells in columns of `widths` (their content: a space either side is added),
 * under `head` when given, in a box with no lines between rows. No rows and no head: nothing.
 */
export function drawBox(
  widths: readonly number[],
  rows: readonly (readonly string[])[],
  head?: readonly string[],
): string {
  const body = head ? [head, ...rows] : rows;
  if (body.length === 0) return '';
  const rule = (left: string, middle: string, right: string) =>
    `${left}${widths.map((width) => '─'.repeat(width + 2)).join(middle)}${right}`;
  const line = (cells: readonly string[]) =>
    `│${widths.map((width, index) => ` ${fitted(cells[index] ?? '', width)} `).join('│')}│`;
  return [rule('┌', '┬', '┐'), ...body.map(line), rule('└', '┴', '┘')].join('\n');
}

/**
 * A cell padded to `width` columns; one wider (the layout never makes one) is cut, its colour
 * dropped. Measured as drawn, between spaces: a cell that starts with a lone accent or skin tone
 * joins the space before it.
 */
function fitted(cell: string, width: number): string {
  const plain = withoutColour(cell);
  const used = displayWidth(` ${plain} `) - 2;
  if (used > width) {
    const cut = truncate(plain, width);
    return cut + ' '.repeat(Math.max(0, width - (displayWidth(` ${cut} `) - 2)));
  }
  return cell + ' '.repeat(width - used);
}
