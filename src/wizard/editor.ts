// "e" in the description prompt: the text so far in the person's editor, chosen and started the
// way git does it ($VISUAL, then $EDITOR, then vi; run through `sh -c '$EDITOR "$@"'` so that
// `code --wait` works), on a temporary file only its owner can read, removed afterwards.
import { spawn, type StdioOptions } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Env } from '../config/paths.js';

export type EditOutcome = { text: string } | { problem: string } | { interrupted: true };

const FALLBACKS = ['vi', 'nano'];

function onPath(program: string, path: string | undefined): boolean {
  return (path ?? '').split(delimiter).some((dir) => {
    if (dir === '') return false;
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The editor command line, or undefined when none is set and none of vi, nano is installed. */
export function chooseEditor(env: Env): string | undefined {
  // As git: $VISUAL is for a capable terminal; a dumb one gets $EDITOR only.
  const dumb = env.TERM === 'dumb';
  for (const name of dumb ? ['EDITOR'] : ['VISUAL', 'EDITOR']) {
    const command = env[name]?.trim();
    if (command) return command;
  }
  return dumb ? undefined : FALLBACKS.find((program) => onPath(program, env.PATH));
}

export interface EditOptions {
  env: Env;
  /** The terminal, for the editor: stdin, and where it may draw (never a redirected stdout). */
  stdio: StdioOptions;
  /** Ctrl-C goes to the editor too; hire ignores it meanwhile (as git does), and the editor decides. */
  onInterrupt(handler: () => void): () => void;
}

export async function editText(text: string, options: EditOptions): Promise<EditOutcome> {
  const editor = chooseEditor(options.env);
  if (editor === undefined)
    return { problem: 'No editor found: set $VISUAL or $EDITOR (or install vi). Type the text here instead.' };
  const dir = mkdtempSync(join(options.env.TMPDIR || tmpdir(), 'hire-description-'));
  const file = join(dir, 'description.md');
  const ignoreInterrupt = options.onInterrupt(() => undefined);
  try {
    writeFileSync(file, text === '' ? '' : `${text}\n`, { mode: 0o600, flag: 'wx' });
    const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | { error: Error }>(
      (resolve) => {
        const child = spawn('/bin/sh', ['-c', `${editor} "$@"`, editor, file], {
          stdio: options.stdio,
          env: options.env,
        });
        child.on('error', (error) => resolve({ error }));
        child.on('exit', (code, signal) => resolve({ code, signal }));
      },
    );
    if ('error' in ended)
      return { problem: `Could not start the editor (${editor}): ${ended.error.message}. The text is unchanged.` };
    if (ended.signal === 'SIGINT' || ended.code === 130) return { interrupted: true };
    if (ended.code !== 0) {
      // Short enough for one line at 80 columns; the command is named only when it is the problem.
      const how = ended.signal
        ? `was stopped by ${ended.signal}`
        : ended.code === 127
          ? `"${editor}" was not found (exit 127)`
          : `exited with ${ended.code}`;
      return { problem: `The editor ${how}; the text is unchanged.` };
    }
    return { text: readFileSync(file, 'utf8') };
  } finally {
    ignoreInterrupt();
    rmSync(dir, { recursive: true, force: true });
  }
}
