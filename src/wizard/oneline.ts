// A question of one line (title, city, country…) and a paste of several lines: the terminal sends
// each line break as Enter, which would answer with the first line while the next ones were typed
// into the same field and mixed with it on screen. A paste's line breaks become spaces
// instead: the lines show joined on the one line, for the person to read, fix and end with Enter.

/** Bracketed paste (xterm's mode 2004): the terminal sends a paste between these marks. */
export const PASTE_MARKS_ON = '\x1b[?2004h';
export const PASTE_MARKS_OFF = '\x1b[?2004l';
const START = [0x1b, 0x5b, 0x32, 0x30, 0x30, 0x7e]; // ESC [ 2 0 0 ~
const END = [0x1b, 0x5b, 0x32, 0x30, 0x31, 0x7e]; // ESC [ 2 0 1 ~
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;

const at = (chunk: Uint8Array, index: number, mark: number[]) => mark.every((byte, i) => chunk[index + i] === byte);

/**
 * Turns the line breaks of a paste in `chunk` (one read from the terminal) into spaces, in place:
 * those between the paste marks, and where the terminal marks nothing, those with more of the read
 * after them (a key typed by hand is a read of its own; Enter typed ends its read). `pasting`: a
 * paste began in an earlier read and has not ended; returned for the next read.
 */
export function joinPastedLines(chunk: Uint8Array, pasting: boolean): boolean {
  for (let index = 0; index < chunk.length; index++) {
    const byte = chunk[index];
    if (byte === 0x1b && at(chunk, index, START)) {
      pasting = true;
      index += START.length - 1;
    } else if (byte === 0x1b && at(chunk, index, END)) {
      pasting = false;
      index += END.length - 1;
    } else if ((byte === CR || byte === LF) && (pasting || index < chunk.length - 1)) {
      chunk[index] = SPACE;
    }
  }
  return pasting;
}

/** What the one-line prompt reads from and draws on. */
interface Terminal {
  input: { prependListener(event: 'data', listener: (chunk: unknown) => void): unknown } & {
    removeListener(event: 'data', listener: (chunk: unknown) => void): unknown;
  };
  output: { write(text: string): unknown };
}

/**
 * Runs a one-line prompt with pastes joined on its line: the terminal asked to mark pastes, each
 * read seen before Node's keypress decoder (a listener prepended) and changed in place.
 */
export async function oneLine<T>(terminal: Terminal, prompt: () => Promise<T>): Promise<T> {
  let pasting = false;
  const onData = (chunk: unknown) => {
    if (chunk instanceof Uint8Array) pasting = joinPastedLines(chunk, pasting);
  };
  terminal.input.prependListener('data', onData);
  terminal.output.write(PASTE_MARKS_ON);
  try {
    return await prompt();
  } finally {
    terminal.input.removeListener('data', onData);
    terminal.output.write(PASTE_MARKS_OFF);
  }
}
