// Confirming a destructive step (docs/profiles.md "Confirmations"): --yes skips the question; at a terminal it is
// asked (on stderr); otherwise the command refuses, so a script never deletes by accident.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { ask, promptIO } from '../../terminal/prompt.js';

// Every command that destroys what cannot be had back (jobs delete, profiles remove, auth logout,
// webhooks remove, emulator keys revoke, emulator reset) comes here, so the rule is one.
export async function confirmOrRefuse(ctx: Context, question: string, refusal: string): Promise<boolean> {
  if (ctx.settings.yes) return true;
  if (!ctx.canPrompt) {
    throw new UsageError(`${refusal} without confirmation: pass --yes.`, {
      code: 'confirmation_required',
      hint: `No question asked: ${noPromptReason(ctx)}.`,
    });
  }
  const { default: confirm } = await import('@inquirer/confirm');
  return ask(() => confirm({ message: question, default: false }, promptIO(ctx)));
}

/**
 * The guard on production writes: at a terminal, a change on a production profile is
 * asked about first, naming the profile and the change (`what`, "Create job "Backend Engineer"");
 * --yes skips the question. Without a terminal it proceeds: a script's writes are deliberate.
 * A pipe on stdin with stderr at a terminal (`… | hire candidates move - --status S`) is someone
 * at a terminal: the answer is read from the terminal itself, and when none can be opened the
 * change is refused, naming --yes (docs/profiles.md "Confirmations").
 * Reads never come here. False when the answer is no (then say that nothing was sent).
 */
export async function confirmProductionWrite(ctx: Context, what: string): Promise<boolean> {
  if (ctx.settings.yes) return true;
  const throughPipe = !ctx.io.isStdinTTY && ctx.io.isStderrTTY && !ctx.env.CI && ctx.settings.input;
  if (!ctx.canPrompt && !throughPipe) return true;
  const where = await ctx.session.whereWritten();
  if (!where) return true;
  const input = ctx.canPrompt ? ctx.io.stdin : await ctx.io.openTerminal?.();
  if (!input) {
    throw new UsageError(`${what}${where}: not done without confirmation: pass --yes.`, {
      code: 'confirmation_required',
      hint: 'No question asked: stdin is a pipe and no terminal could be opened to read the answer.',
    });
  }
  const { default: confirm } = await import('@inquirer/confirm');
  let go: boolean;
  try {
    go = await ask(() =>
      confirm({ message: `${what}${where}?`, default: false }, { input, output: promptIO(ctx).output }),
    );
  } finally {
    if (input !== ctx.io.stdin) input.destroy();
  }
  if (!go) ctx.messages.notice('Nothing was sent.');
  return go;
}

/** Why hire asks nothing (Context.canPrompt is false), in a few words for a message. */
export function noPromptReason(ctx: Context): string {
  if (!ctx.settings.input) return '--no-input';
  if (ctx.env.CI) return 'CI is set';
  return ctx.io.isStdinTTY ? 'stderr is not a terminal' : 'not at a terminal';
}
