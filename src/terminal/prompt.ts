// Prompts (@inquirer's, each from its own package: README.md "Performance") render on stderr, so
// that stdout stays data (docs/output.md). They live outside commands/ so that both the commands
// and the wizard may use them.
import type { Context } from '../context.js';
import { InterruptedError } from '../errors.js';

export function promptIO(ctx: Context): { input: NodeJS.ReadableStream; output: NodeJS.WritableStream } {
  return { input: ctx.io.stdin, output: ctx.io.stderr as NodeJS.WritableStream };
}

/** Runs a prompt; Ctrl-C or Esc in it becomes exit 130 with nothing else done. */
export async function ask<T>(prompt: () => Promise<T>): Promise<T> {
  try {
    return await prompt();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'CancelPromptError')
      throw new InterruptedError('Cancelled.');
    throw error;
  }
}
