// A description as a person pastes it into the wizard (issue 28 item 9): for the multiline
// prompt's unit tests and the wizard's tmux test, which check that all of it arrives as it was.

/**
 * 202 lines, 9,780 characters (under the 10,000 a description may hold): tabs, accented, wide,
 * combining and emoji (ZWJ) characters, lines longer than 80 columns (one of 696), indented lines
 * with trailing spaces, and empty lines (two in a row among them). No line is "." or "e" alone
 * (those are the prompt's commands), and the text neither starts nor ends with blanks (trimmed).
 */
export function pastedLines(): string[] {
  const kinds = [
    (n: number) => `Line ${n}:\tthe role, its team\tand its tools.`,
    (n: number) => `${n}. Café, naïve, Zürich, 東京 and São Paulo; ☕ 👩‍👩‍👧 ✅ ${'e\u0301'}.`,
    (n: number) => `${n} is a line longer than the eighty columns of the screen: it wraps once at 80x24.`,
    () => '',
    (n: number) => `  - an indented item ${n}, then two spaces  `,
  ];
  const lines = Array.from({ length: 200 }, (_, index) => kinds[index % kinds.length]!(index + 1));
  lines[lines.length - 1] = 'The last line.';
  lines[50] = `A paragraph on one line: ${'we build, test and ship services for customers. '.repeat(14)}`.trimEnd();
  lines.splice(100, 0, '', ''); // two empty lines in a row, inside
  return lines;
}
