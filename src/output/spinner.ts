// A spinner on stderr while waiting, only at a terminal and without --quiet (CONTRACT §4).
import type { Context } from '../context.js';
import { inert } from './cells.js';

export async function withSpinner<T>(ctx: Context, text: string, work: () => Promise<T>): Promise<T> {
  // A pseudo-terminal may report 0 columns (script, some CI runners); ora divides by the width
  // and would loop forever clearing lines, so no spinner there.
  const columns = (ctx.io.stderr as { columns?: number }).columns;
  if (!ctx.io.isStderrTTY || ctx.quiet || !columns) return work();
  const { default: ora } = await import('ora');
  const spinner = ora({ text: inert(text), stream: ctx.io.stderr as NodeJS.WritableStream, isEnabled: true, discardStdin: false }).start();
  try {
    return await work();
  } finally {
    spinner.stop();
  }
}
