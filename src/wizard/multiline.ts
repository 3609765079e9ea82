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
  type Status,
} from '@inquirer/core';
import type { EditOutcome } from './editor.js';

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

const count = (text: string) => [...text.trim()].length;

/**
 * Lines of the text shown above the one being typed. The prompt is drawn anew at every key: a
 * window keeps that cheap however long the text (a pasted description), and keeps the prompt
 * shorter than the screen, where a redraw can still erase it (taller, each redraw left a copy in
 * the scrollback).
 */
export const SHOWN_LINES = 8;

/** Empty lines inside stay (Markdown paragraphs); those before and after the text do not. */
const tidy = (text: string) => text.replace(/^(?:[ \t]*\n)+/, '').trimEnd();

export const multiline = createPrompt<string, MultilineConfig>((config, done) => {
  const theme = makeTheme({});
  const [status, setStatus] = useState<Status | 'editing'>('idle');
  const [lines, setLines] = useState<string[]>([]);
  // The characters of the lines typed so far, counted once per line rather than at every key.
  const [counted, setCounted] = useState(0);
  const [line, setLine] = useState('');
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
    return () => rl.input.removeListener('keypress', rename);
  }, []);

  const keep = (next: string[]) => {
    setLines(next);
    setCounted(count(next.join('\n')));
  };

  /** Ends the prompt with `text` when it is valid; else shows why and stays. */
  const finish = (text: string, kept: string[]): boolean => {
    const problem = config.validate?.(text);
    if (problem === undefined) {
      setLines(kept);
      setStatus('done');
      done(text);
      return true;
    }
    setError(problem);
    return false;
  };

  useKeypress(async (key, rl) => {
    if (status !== 'idle') return;
    if (key.ctrl && key.name === EOF_KEY) {
      // The line being typed counts; when the text is too short, the rule shows and typing goes on.
      const kept = line === '' ? lines : [...lines, line];
      finish(tidy(kept.join('\n')), kept);
      return;
    }
    if (isEnterKey(key)) {
      const command = line.trim();
      if (command === '.') {
        setLine(''); // readline has cleared its line on Enter
        finish(tidy(lines.join('\n')), lines);
        return;
      }
      if (command === 'e' && config.edit) {
        await edit(rl as unknown as EditorLine);
        return;
      }
      keep([...lines, line]);
      setLine('');
      setError(undefined);
      setNote(undefined);
    } else if (isBackspaceKey(key) && line === '' && rl.line === '' && lines.length > 0) {
      // Backspace at the start of a line goes back into the line before.
      const previous = lines.at(-1)!;
      keep(lines.slice(0, -1));
      rl.write(previous);
      setLine(previous);
      setError(undefined);
    } else {
      setLine(rl.line);
      setError(undefined);
    }
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
    const editing = config.edit!(tidy(lines.join('\n')));
    input.setRawMode?.(false);
    setStatus('editing');
    setLine('');
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
    setStatus('idle');
    if ('problem' in outcome) {
      setError(outcome.problem);
      return;
    }
    const text = tidy(outcome.text);
    const edited = text === '' ? [] : text.split('\n');
    if (!finish(text, edited)) {
      keep(edited);
      setNote('From your editor: type on, or "e" to edit again.');
    }
  }

  const message = theme.style.message(config.message, status === 'editing' ? 'idle' : status);
  if (status === 'done') {
    return `${prefix} ${message} ${theme.style.answer(`${count(lines.join('\n'))} characters`)}`;
  }
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
    ...(status === 'editing' ? [] : [`  ${line}`]),
  ].join('\n');
  if (status === 'editing') {
    const waiting = `Waiting for your editor${config.editorName ? ` (${config.editorName})` : ''} to close the file…`;
    return [`${prefix} ${message}${lines.length > 0 ? `\n${body}` : ''}`, theme.style.help(waiting)];
  }
  // Leading and trailing blanks are not counted: the line being typed adds what it holds.
  const typed = counted + (line.trim() === '' ? 0 : [...line.trim()].length + (counted > 0 ? 1 : 0));
  const progress = typed >= config.min ? `${typed} characters ✓` : `${typed}/${config.min} characters`;
  const bottom = [
    theme.style.help(progress),
    theme.style.help(HELP),
    note ? theme.style.help(note) : '',
    error ? theme.style.error(error) : '',
  ];
  return [`${prefix} ${message}\n${body}`, bottom.filter(Boolean).join('\n')];
});

/** What edit() needs of the prompt's readline: pausing it, and its input's raw mode. */
interface EditorLine {
  pause(): void;
  resume(): void;
  input: { isRaw?: boolean; setRawMode?: (mode: boolean) => void };
}
