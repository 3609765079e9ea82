// A real pseudo-terminal for tests: the built binary run in a tmux pane of a known size, on a
// tmux server of the test's own (its socket in the test's temp dir).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sandbox } from './env.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Pane {
  /** The screen as text; with `escapes`, including colour codes. */
  capture(options?: { escapes?: boolean }): string;
  /** Waits until the screen matches, failing with the screen after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  sendKeys(...keys: string[]): void;
  kill(): void;
}

function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

let servers = 0;

export function hirePane(box: Sandbox, args: string[], options: { width?: number; height?: number } = {}): Pane {
  // A server per pane: a killed server's socket may linger a moment, so none is reused.
  const socket = join(box.root, `tmux-${++servers}.sock`);
  const tmux = (...tmuxArgs: string[]) => execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...tmuxArgs], { encoding: 'utf8' });
  const env = Object.entries({ ...box.env, TERM: 'xterm-256color' })
    .map(([name, value]) => `${name}=${quote(value)}`)
    .join(' ');
  const command = `cd ${quote(box.root)} && env -i ${env} ${quote(process.execPath)} ${quote(join(ROOT, 'bin', 'hire.js'))} ${args.map(quote).join(' ')}; echo "EXIT=$?"; sleep 30`;
  tmux('new-session', '-d', '-s', 'hire', '-x', String(options.width ?? 120), '-y', String(options.height ?? 40), command);
  const pane: Pane = {
    capture: ({ escapes = false } = {}) => tmux('capture-pane', '-p', '-J', ...(escapes ? ['-e'] : []), '-t', 'hire'),
    async waitFor(pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const screen = pane.capture();
        if (pattern.test(screen)) return screen;
        if (Date.now() > deadline) throw new Error(`the terminal never showed ${pattern}; it shows:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    sendKeys: (...keys) => void tmux('send-keys', '-t', 'hire', ...keys),
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
