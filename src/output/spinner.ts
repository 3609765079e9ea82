// A spinner on stderr while waiting, only at a terminal and without --quiet (docs/output.md).
import type { Output } from './output.js';
import { inert } from './cells.js';

export async function withSpinner<T>(out: Output, text: string, work: () => Promise<T>): Promise<T> {
  // A pseudo-terminal may report 0 columns (script, some CI runners); ora divides by the width
  // and would loop forever clearing lines, so no spinner there.
  const columns = (out.stderr as { columns?: number }).columns;
  if (!out.isStderrTTY || out.quiet || !columns) return work();
  const { default: ora } = await import('ora');
  const spinner = ora({ text: inert(text), stream: out.stderr, isEnabled: true, discardStdin: false }).start();
  try {
    return await work();
  } finally {
    spinner.stop();
  }
}
