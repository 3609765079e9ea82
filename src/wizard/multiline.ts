// A prompt for text of several lines (the job description, Markdown): Enter starts a new line and
// empty lines stay in the text; a line holding only "." or Ctrl-D ends it once the text is valid;
// a line holding only "e" opens the person's editor on the text so far. The character count shows
// until it reaches the minimum.
import {
  createPrompt,
  isBackspaceKey,
  isEnterKey,
  makeTheme,
  useEffect,
  usePrefix,
  useState,
  useKeypress,
  useRef,
  type Status,
} from '@inquirer/core';
import type { EditOutcome } from './editor.js';
// Bracketed paste (xterm's mode 2004, also tmux's, iTerm2's, GNOME's, Windows Terminal's): while it
// is on, the terminal sends a paste between ESC[200~ and ESC[201~, which Node names "paste-start"
// and "paste-end". A line pasted is text: "." or "e" alone in it is no command.
import { PASTE_MARKS_OFF, PASTE_MARKS_ON } from './oneline.js';

export interface MultilineConfig {
  message: string;
  /** Characters (code points, trimmed) the text needs; shown as "42/100 characters". */
  min: number;
  /** undefined when the text is fine, else the message. */
  validate?: (text: string) => string | undefined;
  /** Opens an editor on the text; without it, "e" is an ordinary line. */
  edit?: (text: string) => Promise<EditOutcome>;
  /** The editor `edit` would open, for the line shown while it is open. */
  editorName?: string;
}

export const HELP = 'End with a line holding only "." (or Ctrl-D); "e" alone opens your editor.';

/** Ctrl-D renamed before readline sees it: on an empty line, readline would close itself (EOF). */
const EOF_KEY = 'hire-eof';

/**
 * Lines of the text shown above the one being typed. A window keeps each drawing cheap however
 * long the text (a pasted description), and keeps the prompt shorter than the screen, where a
 * redraw can still erase it (taller, each redraw left a copy in the scrollback).
 */
export const SHOWN_LINES = 8;

/** Empty lines inside stay (Markdown paragraphs); those before and after the text do not. */
const tidy = (text: string) => text.replace(/^(?:[ \t]*\n)+/, '').trimEnd();

/** Code points ([...text].length), without building an array of them. */
function points(text: string): number {
  let n = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      n--;
      index++;
    }
  }
  return n;
}

/** What String.prototype.trim removes: each of them a single code unit. */
const BLANK = /\s/;

/** Blank code units at the start (or the end) of a line. */
function blanks(line: string, fromEnd: boolean): number {
  let n = 0;
  while (n < line.length && BLANK.test(line[fromEnd ? line.length - 1 - n : n]!)) n++;
  return n;
}

/**
 * The text typed so far: the lines ended by Enter, and the line being typed (readline's). Its
 * length is kept as lines come and go, so that neither a key nor a drawing goes over the whole
 * text: a paste arrives as thousands of keys.
 */
export class Typed {
  lines: string[] = [];
  line = '';
  /** Code points of lines.join('\n'). */
  private total = 0;

  push(line: string): void {
    this.total += points(line) + (this.lines.length > 0 ? 1 : 0);
    this.lines.push(line);
  }

  pop(): string | undefined {
    const line = this.lines.pop();
    if (line !== undefined) this.total -= points(line) + (this.lines.length > 0 ? 1 : 0);
    return line;
  }

  set(lines: string[]): void {
    this.lines = [];
    this.total = 0;
    for (const line of lines) this.push(line);
  }

  /** The lines ended so far, with the line being typed when `withLine` and it holds anything. */
  all(withLine: boolean): string[] {
    return withLine && this.line !== '' ? [...this.lines, this.line] : this.lines;
  }

  /**
   * The characters (code points) of the lines joined and trimmed, with the line being typed when
   * `withLine`: found from the kept total and the blanks at either end, so only the blank lines at
   * the ends are read again.
   */
  count(withLine: boolean): number {
    const extra = withLine && this.line !== '';
    const size = this.lines.length + (extra ? 1 : 0);
    const at = (index: number) => (index === this.lines.length ? this.line : this.lines[index]!);
    const blank = (index: number) => blanks(at(index), false) === at(index).length;
    let first = 0;
    let lead = 0;
    for (; first < size && blank(first); first++) lead += at(first).length + 1;
    if (first === size) return 0;
    lead += blanks(at(first), false);
    let last = size - 1;
    let trail = 0;
    for (; last > first && blank(last); last--) trail += at(last).length + 1;
    trail += blanks(at(last), true);
    const total = this.total + (extra ? points(this.line) + (this.lines.length > 0 ? 1 : 0) : 0);
    return total - lead - trail;
  }
}

/**
 * The input as the prompt watches it: Node's keypress decoder is a 'data' listener of it, which
 * hands out all the keys of one read from the terminal before the listeners after it run.
 */
interface ReadInput {
  on(event: 'data', listener: () => void): unknown;
  prependListener(event: 'data', listener: () => void): unknown;
  removeListener(event: 'data', listener: () => void): unknown;
}

export const multiline = createPrompt<string, MultilineConfig>((config, done) => {
  const theme = makeTheme({});
  const [status, setStatus] = useState<Status | 'editing'>('idle');
  // The text lives outside the prompt's state: a key changes it without a drawing (see draw()).
  const [typed] = useState(() => new Typed());
  const [, setDrawings] = useState(0);
  // Drawings made; whether a read's keys are being handed out, and a drawing waits for its end (with
  // a fallback at the end of the event loop's turn); whether the keys now are a paste's (between its
  // marks).
  const drawing = useRef<{
    count: number;
    reading?: boolean;
    pending?: NodeJS.Immediate;
    pasting?: boolean;
  }>({ count: 0 });
  const [error, setError] = useState<string | undefined>(undefined);
  const [note, setNote] = useState<string | undefined>(undefined);
  // No spinner while the editor is open: its ticks would redraw this prompt over the editor's screen.
  const prefix = usePrefix({ status: status === 'editing' ? 'idle' : status, theme });

  useEffect((rl) => {
    // Runs before readline's own listener (prepended), and both get the same key object.
    const rename = (_text: string, key: { name?: string; ctrl?: boolean } | undefined) => {
      if (key?.ctrl && key.name === 'd') key.name = EOF_KEY;
    };
    rl.input.prependListener('keypress', rename);
    // Where a read starts and ends, seen by the prompt itself: Node tells only the first readline
    // made on the terminal (rl.isCompletionEnabled), and the wizard's earlier questions each made
    // one, so that a paste after them was drawn once a key (12 s of CPU for 200 lines).
    const input = rl.input as unknown as ReadInput;
    const readStarts = () => {
      drawing.current.reading = true;
    };
    const readEnds = () => {
      drawing.current.reading = false;
      if (drawing.current.pending !== undefined) drawNow();
    };
    input.prependListener('data', readStarts);
    input.on('data', readEnds); // after the decoder, there since the readline was made
    markPastes(rl, true);
    return () => {
      rl.input.removeListener('keypress', rename);
      input.removeListener('data', readStarts);
      input.removeListener('data', readEnds);
      clearImmediate(drawing.current.pending);
      drawing.current.pending = undefined;
      markPastes(rl, false);
    };
  }, []);

  const drawNow = () => {
    const state = drawing.current;
    clearImmediate(state.pending);
    state.pending = undefined;
    setDrawings(++state.count);
  };

  /**
   * Draws the prompt anew once the keys read together have all been taken: a paste arrives as
   * thousands of keys in a few reads, and drawing at each cost seconds of CPU. A key
   * typed by hand is a read of its own, drawn at its end, at once; a key that comes outside any
   * read is drawn at once. Should a read's end go unseen, the drawing waits for the end of the
   * event loop's turn (setImmediate).
   */
  const draw = () => {
    const state = drawing.current;
    if (state.reading) {
      state.pending ??= setImmediate(drawNow);
      return;
    }
    drawNow();
  };

  /** Ends the prompt with `text` when it is valid; else shows why and stays. */
  const finish = (text: string, kept: string[]): boolean => {
    const problem = config.validate?.(text);
    if (problem === undefined) {
      clearImmediate(drawing.current.pending);
      drawing.current.pending = undefined;
      typed.set(kept);
      typed.line = '';
      setStatus('done');
      done(text);
      return true;
    }
    setError(problem);
    return false;
  };

  useKeypress(async (key, rl) => {
    if (status !== 'idle') return;
    if (key.name === 'paste-start' || key.name === 'paste-end') {
      drawing.current.pasting = key.name === 'paste-start';
      draw(); // the end mark is often a read's last key
      return;
    }
    const line = typed.line; // before this key: on Enter, readline has already emptied its own
    const pasted = drawing.current.pasting;
    if (key.ctrl && key.name === EOF_KEY) {
      // The line being typed counts; when the text is too short, the rule shows and typing goes on.
      const kept = typed.all(true);
      if (!finish(tidy(kept.join('\n')), kept)) draw();
      return;
    }
    if (isEnterKey(key)) {
      const command = line.trim();
      if (command === '.' && !pasted) {
        typed.line = ''; // readline has cleared its line on Enter
        if (!finish(tidy(typed.lines.join('\n')), typed.lines)) draw();
        return;
      }
      if (command === 'e' && !pasted && config.edit) {
        await edit(rl as unknown as EditorLine);
        return;
      }
      typed.push(line);
      typed.line = '';
      setError(undefined);
      setNote(undefined);
    } else if (isBackspaceKey(key) && line === '' && rl.line === '' && typed.lines.length > 0) {
      // Backspace at the start of a line goes back into the line before.
      const previous = typed.pop()!;
      rl.write(previous);
      typed.line = previous;
      setError(undefined);
    } else {
      typed.line = rl.line;
      setError(undefined);
    }
    draw();
  });

  /** Hands the terminal to the editor, then takes the saved text: it ends the prompt when valid. */
  async function edit(rl: EditorLine): Promise<void> {
    const input = rl.input;
    const wasRaw = input.isRaw === true;
    // The editor reads the terminal: hire stops reading it, and gives it back in cooked mode. The
    // editor is started (and hire set to ignore Ctrl-C, config.edit's first steps, synchronous)
    // before "Waiting for your editor" shows: a Ctrl-C typed as soon as it shows reaches a running
    // editor, never a hire that would die of it or an editor not yet there to end.
    rl.pause();
    markPastes(rl, false); // the editor's own, when it has any
    const editing = config.edit!(tidy(typed.lines.join('\n')));
    input.setRawMode?.(false);
    clearImmediate(drawing.current.pending);
    drawing.current.pending = undefined;
    typed.line = '';
    setStatus('editing');
    setError(undefined);
    setNote(undefined);
    let outcome: EditOutcome;
    try {
      outcome = await editing;
    } finally {
      input.setRawMode?.(wasRaw);
      rl.resume();
    }
    if ('interrupted' in outcome) return; // the asker cancels the prompt
    markPastes(rl, true);
    setStatus('idle');
    if ('problem' in outcome) {
      setError(outcome.problem);
      return;
    }
    const text = tidy(outcome.text);
    const edited = text === '' ? [] : text.split('\n');
    if (!finish(text, edited)) {
      typed.set(edited);
      setNote('From your editor: type on, or "e" to edit again.');
    }
  }

  const message = theme.style.message(config.message, status === 'editing' ? 'idle' : status);
  if (status === 'done') {
    return `${prefix} ${message} ${theme.style.answer(`${typed.count(false)} characters`)}`;
  }
  const { lines } = typed;
  const hidden = Math.max(0, lines.length - SHOWN_LINES);
  const above =
    hidden > 0
      ? [
          theme.style.help(
            `  … ${hidden} ${hidden === 1 ? 'line' : 'lines'} above ("e" shows the whole text in your editor)`,
          ),
        ]
      : [];
  const body = [
    ...above,
    ...lines.slice(hidden).map((text) => `  ${text}`),
    ...(status === 'editing' ? [] : [`  ${typed.line}`]),
  ].join('\n');
  if (status === 'editing') {
    const waiting = `Waiting for your editor${config.editorName ? ` (${config.editorName})` : ''} to close the file…`;
    return [`${prefix} ${message}${lines.length > 0 ? `\n${body}` : ''}`, theme.style.help(waiting)];
  }
  // Leading and trailing blanks are not counted: the line being typed adds what it holds.
  const counted = typed.count(true);
  const progress = counted >= config.min ? `${counted} characters ✓` : `${counted}/${config.min} characters`;
  const bottom = [
    theme.style.help(progress),
    theme.style.help(HELP),
    note ? theme.style.help(note) : '',
    error ? theme.style.error(error) : '',
  ];
  return [`${prefix} ${message}\n${body}`, bottom.filter(Boolean).join('\n')];
});

/** What edit() needs of the prompt's readline: pausing it, its input's raw mode, its output. */
interface EditorLine extends MarkedLine {
  pause(): void;
  resume(): void;
  input: { isRaw?: boolean; setRawMode?: (mode: boolean) => void };
}

/** The prompt's output: muted but while @inquirer/core draws (mute-stream). */
interface MarkedLine {
  output: { write(text: string): unknown; mute(): void; unmute(): void };
}

/** Asks the terminal to mark pastes (or to stop). */
function markPastes(rl: MarkedLine, on: boolean): void {
  rl.output.unmute();
  rl.output.write(on ? PASTE_MARKS_ON : PASTE_MARKS_OFF);
  rl.output.mute();
}
