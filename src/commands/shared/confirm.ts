// Confirming a destructive step (CONTRACT §3): --yes skips the question; at a terminal it is
// asked (on stderr); otherwise the command refuses, so a script never deletes by accident.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { ask, promptIO } from './prompt.js';

export async function confirmOrRefuse(ctx: Context, question: string, refusal: string): Promise<boolean> {
  if (ctx.settings.yes) return true;
  if (!ctx.canPrompt) throw new UsageError(`${refusal} without confirmation: pass --yes.`, { code: 'confirmation_required' });
  const { confirm } = await import('@inquirer/prompts');
  return ask(() => confirm({ message: question, default: false }, promptIO(ctx)));
}
