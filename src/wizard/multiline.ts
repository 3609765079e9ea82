// A prompt for text of several lines (the job description): Enter starts a new line, an empty
// line ends it once the text is valid, and the character count shows until it reaches the minimum.
import { createPrompt, isBackspaceKey, isEnterKey, makeTheme, usePrefix, useState, useKeypress, type Status } from '@inquirer/core';

export interface MultilineConfig {
  message: string;
  /** Characters (code points, trimmed) the text needs; shown as "42/100 characters". */
  min: number;
  /** undefined when the text is fine, else the message. */
  validate?: (text: string) => string | undefined;
}

const count = (text: string) => [...text.trim()].length;

export const multiline = createPrompt<string, MultilineConfig>((config, done) => {
  const theme = makeTheme({});
  const [status, setStatus] = useState<Status>('idle');
  const [lines, setLines] = useState<string[]>([]);
  const [line, setLine] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const prefix = usePrefix({ status, theme });

  useKeypress((key, rl) => {
    if (status !== 'idle') return;
    if (isEnterKey(key)) {
      if (line === '') {
        const text = lines.join('\n');
        const problem = config.validate?.(text);
        if (problem === undefined) {
          setStatus('done');
          done(text);
        } else setError(problem);
        return;
      }
      setLines([...lines, line]);
      setLine('');
      setError(undefined);
    } else if (isBackspaceKey(key) && line === '' && rl.line === '' && lines.length > 0) {
      // Backspace at the start of a line goes back into the line before.
      const previous = lines.at(-1)!;
      setLines(lines.slice(0, -1));
      rl.write(previous);
      setLine(previous);
      setError(undefined);
    } else {
      setLine(rl.line);
      setError(undefined);
    }
  });

  const message = theme.style.message(config.message, status);
  if (status === 'done') {
    const text = lines.join('\n');
    return `${prefix} ${message} ${theme.style.answer(`${count(text)} characters`)}`;
  }
  const typed = count([...lines, line].join('\n'));
  const progress = typed >= config.min ? `${typed} characters ✓ (an empty line ends it)` : `${typed}/${config.min} characters`;
  const body = [...lines.map((text) => `  ${text}`), `  ${line}`].join('\n');
  return [`${prefix} ${message}\n${body}`, [theme.style.help(progress), error ? theme.style.error(error) : ''].filter(Boolean).join('\n')];
});
