// "Next steps:" after a command a person ran (docs/output.md "Next steps"): the commands that
// usually come next, worded by the one builder (suggest.ts) with the profile in use, on stderr,
// at a terminal only, and never under machine output (--json, -o json|ndjson|csv) or --quiet.
// Each step is a line of its own, so ctx.messages lays it out as a command: whole, or continued
// with ` \` when wider than the terminal.
import type { Context } from '../../context.js';
import { forPeople } from '../../output/document.js';

/** Whether next steps are shown at all: a person at a terminal reads the result. */
export function showsNextSteps(ctx: Context): boolean {
  return ctx.io.isStderrTTY && forPeople(ctx.output) && !ctx.messages.silent;
}

/** Lines said before the steps (an address, a reminder), then `Next steps:` and each command indented. */
export function showNextSteps(ctx: Context, steps: readonly string[], before: readonly string[] = []): void {
  if (!showsNextSteps(ctx) || (steps.length === 0 && before.length === 0)) return;
  const lines = ['', ...before];
  if (steps.length > 0) lines.push('Next steps:', ...steps.map((step) => `  ${step}`));
  ctx.messages.notice(lines.join('\n'));
}
