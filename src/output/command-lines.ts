// How a suggested `hire …` command is laid out for a person to copy (docs/output.md "Suggested
// commands"): whole on one line when it fits; wider than the room, on lines of its own, broken only
// between arguments (a flag kept with its value), each line but the last ending ` \` so that the
// lines copied together are one command to a shell. Every place that shows a suggestion (prose
// wrapped by fit.ts, the lines of ctx.messages, the cells of a drawn table) lays it out here.
import { displayWidth } from './width.js';

/** What ends each line of a command continued on the next: a space, then the shell's line continuation. */
const CONTINUED = ' \\';
/** The indent of a continuation line, so the eye sees one command. */
const CONTINUATION_INDENT = '  ';

/**
 * The words of a command as the suggestion builder writes it (src/commands/suggest.ts): split at
 * spaces outside single quotes, each word as written (its quotes kept).
 */
export function commandWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  let escaping = false;
  for (const char of command) {
    // A quote inside a quoted word is written '\'' (suggest.ts): the escaped one opens nothing.
    const escaped: boolean = escaping;
    escaping = !escaped && !quoted && char === '\\';
    if (char === "'" && !escaped) quoted = !quoted;
    if (char === ' ' && !quoted && !escaped) {
      if (word !== '') words.push(word);
      word = '';
    } else word += char;
  }
  if (word !== '') words.push(word);
  return words;
}

/**
 * The pieces a command may be broken between: each word, but a flag with its value (`--status
 * screening`) as one, so that a line never ends with a flag whose value is on the next.
 */
function argumentsOf(words: readonly string[]): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const value = words[index + 1];
    if (word.startsWith('--') && value !== undefined && !value.startsWith('-')) {
      pieces.push(`${word} ${value}`);
      index++;
    } else pieces.push(word);
  }
  return pieces;
}

/**
 * A command in lines of at most `width` columns: one line when it fits; otherwise broken only
 * between its arguments, each line but the last ending with ` \`, the lines after the first
 * indented by two spaces. A flag and its value are broken apart only when together they do not fit
 * a line; a single word wider than a line has a line to itself, whole (only the terminal wraps it).
 * Parsed by a shell, the lines are the same words as the command.
 */
export function commandLines(command: string, width: number): string[] {
  if (displayWidth(command) <= width) return [command];
  const pieces = argumentsOf(commandWords(command)).flatMap((piece) =>
    // A flag and its value wider than a continued line go on two.
    displayWidth(CONTINUATION_INDENT + piece + CONTINUED) > width && piece.includes(' ') && piece.startsWith('--')
      ? splitPair(piece)
      : [piece],
  );
  const lines: string[] = [];
  let line = '';
  for (const [index, piece] of pieces.entries()) {
    // The last piece needs no ` \` after it; any other does, on whichever line ends after it.
    const tail = index === pieces.length - 1 ? 0 : CONTINUED.length;
    if (line === '') line = piece;
    else if (displayWidth(line) + 1 + displayWidth(piece) + tail <= width) line += ` ${piece}`;
    else {
      lines.push(line + CONTINUED);
      line = CONTINUATION_INDENT + piece;
    }
  }
  lines.push(line);
  return lines;
}

/** `--flag value` as its two words (the value may hold spaces inside its quotes). */
function splitPair(piece: string): string[] {
  const space = piece.indexOf(' ');
  return [piece.slice(0, space), piece.slice(space + 1)];
}

const IN_PROSE = /`hire [^`]*`/g;

/**
 * A table cell's text with each `hire …` command in it replaced by a mark (`[1]`) when the cell
 * cannot show the commands whole: one is wider than the column, or the text does not fit the lines
 * the cell may take (`fits` tells). The commands replaced are added to `moved`, whose numbers the
 * marks are; shown under the table by `movedCommandLines`.
 */
export function markMovedCommands(text: string, fits: (text: string) => boolean, moved: string[]): string {
  if (!text.includes('`hire ') || fits(text)) return text;
  return text.replace(IN_PROSE, (quoted) => {
    moved.push(quoted.slice(1, -1));
    return `[${moved.length}]`;
  });
}

/**
 * The commands moved out of a table's cells, for under it: each mark as a shell comment (`# [1]`)
 * on a line of its own, then the command laid out for `width`, so that copying the lines runs it.
 */
export function movedCommandLines(moved: readonly string[], width: number): string[] {
  return moved.flatMap((command, index) => [`# [${index + 1}]`, ...commandLines(command, width)]);
}
