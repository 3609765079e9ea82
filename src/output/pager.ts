// The pager (docs/output.md "Pager"): a list or a detail view for people, longer than the terminal
// is high, goes through HIRE_PAGER, else PAGER, else `less` with LESS=FRX, as git does. Whether a
// command may page at all (a terminal on stdout, the table format, a command that only reads, no
// --no-pager) is decided once by the context, which hands output/ a PagerSetup (output.ts) or none.
import type { Output, PagerSetup } from './output.js';

/**
 * The pager's command line from the environment, or undefined when paging is off: HIRE_PAGER when
 * set (empty: off), else PAGER (empty or `cat`: off), else less. LESS, when set, is the user's.
 */
export function pagerCommand(
  env: Readonly<Record<string, string | undefined>>,
): { command: string; env: Record<string, string | undefined> } | undefined {
  const chosen = env.HIRE_PAGER ?? env.PAGER ?? 'less';
  const command = chosen.trim();
  if (command === '' || command === 'cat') return undefined;
  // -F leaves a screenful on the screen, -R passes colour, -X leaves the text behind after q.
  return { command, env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' } };
}

/** Lines of `text` as the terminal shows them (the drawn views are fitted to its width already). */
function lineCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return text.endsWith('\n') || text === '' ? count : count + 1;
}

/** Whether `lines` lines for people would go through the pager. */
export function wouldPage(out: Output, lines: number): boolean {
  // One row stays for the shell's prompt after the text.
  return out.pager !== undefined && lines >= out.pager.rows;
}

/**
 * Writes text for people on stdout, through the pager when it is longer than the screen. Quitting
 * the pager before it has read everything is a normal end (the rest is dropped); a pager that
 * cannot be started leaves the text on stdout as if there were none, with a line on stderr saying so.
 */
export async function showText(out: Output, text: string): Promise<void> {
  const pager = out.pager;
  if (!pager || !wouldPage(out, lineCount(text))) {
    out.stdout.write(text);
    return;
  }
  const ran = await runPager(pager, text);
  if (ran === true) return;
  out.stderr.write(`Warning: the pager "${pager.command}" could not be started (${ran}); HIRE_PAGER= turns it off.\n`);
  out.stdout.write(text);
}

/** Needs a shell: anything beyond words separated by spaces (quotes, pipes, variables, redirections). */
const SHELL_SYNTAX = /[|&;<>()$`\\"'*?[\]#~=%{}\n]/;

/** true once the pager ran (whatever it exited with), or why it could not start. */
async function runPager(pager: PagerSetup, text: string): Promise<true | string> {
  const { spawn } = await import('node:child_process');
  const [file, ...args] = SHELL_SYNTAX.test(pager.command)
    ? ['/bin/sh', '-c', pager.command]
    : pager.command.split(/\s+/);
  const release = pager.holdInterrupts();
  try {
    return await new Promise<true | string>((resolve) => {
      const child = spawn(file!, args, { stdio: ['pipe', 'inherit', 'inherit'], env: pager.env });
      child.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      // q before the end closes the pipe: EPIPE here is the reader leaving, not a failure.
      child.stdin.on('error', () => undefined);
      child.once('spawn', () => child.stdin.end(text));
      // sh's "command not found" and "cannot execute": the text was not shown.
      child.once('close', (code) => resolve(code === 127 || code === 126 ? `exit ${code}` : true));
    });
  } finally {
    release();
  }
}
