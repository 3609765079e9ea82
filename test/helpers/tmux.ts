// A real pseudo-terminal for tests: the built binary run in a tmux pane of a known size, on a
// tmux server of the test's own (its socket in the test's temp dir).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sandbox } from './env.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Pane {
  /**
   * The screen as text; with `escapes`, including colour codes; with `history`, the lines scrolled
   * off above it too; with `rows`, each screen row apart (a line the terminal wrapped is two).
   */
  capture(options?: { escapes?: boolean; history?: boolean; rows?: boolean }): string;
  /** Waits until the screen matches, failing with the screen after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  sendKeys(...keys: string[]): void;
  /**
   * Pastes text as a terminal does (tmux's paste buffer): each newline arrives as Enter. With
   * `bracketed`, between the marks of bracketed paste when the program asked for them (mode 2004).
   */
  paste(text: string, options?: { bracketed?: boolean }): void;
  kill(): void;
}

function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

let servers = 0;

interface PaneOptions {
  width?: number;
  height?: number;
}

interface ShellPaneOptions extends PaneOptions {
  /** Added to the sandbox's environment; undefined removes a variable (HIRE_PAGER, to let hire page). */
  env?: Record<string, string | undefined>;
}

/**
 * Runs `program` (a shell command line, already quoted) in a new pane, in the sandbox's dir with
 * only the sandbox's environment plus `env`; "EXIT=<code>" shows when it ends.
 */
function startPane(box: Sandbox, program: string, options: ShellPaneOptions): Pane {
  // A server per pane: a killed server's socket may linger a moment, so none is reused.
  const socket = join(box.root, `tmux-${++servers}.sock`);
  const tmux = (...tmuxArgs: string[]) =>
    execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...tmuxArgs], { encoding: 'utf8' });
  // A pane shows what hire draws: no pager unless a test asks (test/e2e/pager.test.ts).
  const env = Object.entries({ HIRE_PAGER: '', ...box.env, ...options.env, TERM: 'xterm-256color' })
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${quote(value)}`)
    .join(' ');
  const command = `cd ${quote(box.root)} && env -i ${env} ${program}; echo "EXIT=$?"; sleep 600`;
  tmux(
    'new-session',
    '-d',
    '-s',
    'hire',
    '-x',
    String(options.width ?? 120),
    '-y',
    String(options.height ?? 40),
    command,
  );
  const pane: Pane = {
    capture: ({ escapes = false, history = false, rows = false } = {}) =>
      tmux(
        'capture-pane',
        '-p',
        ...(rows ? [] : ['-J']),
        ...(escapes ? ['-e'] : []),
        ...(history ? ['-S', '-'] : []),
        '-t',
        'hire',
      ),
    // Generous: below the suite's 60 s test timeout only so that a failure shows the screen.
    async waitFor(pattern, timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const screen = pane.capture();
        if (pattern.test(screen)) return screen;
        if (Date.now() > deadline) throw new Error(`the terminal never showed ${pattern}; it shows:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    sendKeys: (...keys) => void tmux('send-keys', '-t', 'hire', ...keys),
    paste: (text, { bracketed = false } = {}) => {
      tmux('set-buffer', '-b', 'paste', '--', text);
      tmux('paste-buffer', '-d', ...(bracketed ? ['-p'] : []), '-b', 'paste', '-t', 'hire');
    },
    kill: () => {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    },
  };
  return pane;
}

/** The built binary, as a shell command line. */
const HIRE = `${quote(process.execPath)} ${quote(join(ROOT, 'bin', 'hire.js'))}`;

/** The built binary run with `args`. */
export function hirePane(box: Sandbox, args: string[], options: PaneOptions = {}): Pane {
  return startPane(box, `${HIRE} ${args.map(quote).join(' ')}`, options);
}

/**
 * Like hirePane, but runs a shell command line (`hire` stands for the built binary) so that it can
 * redirect stdout or set variables; `env` adds to the sandbox's environment.
 */
export function shellPane(box: Sandbox, line: string, options: ShellPaneOptions = {}): Pane {
  return startPane(box, `/bin/sh -c ${quote(`hire() { ${HIRE} "$@"; }; ${line}`)}`, options);
}
