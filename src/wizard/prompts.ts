// The wizard's questions at a terminal, with @inquirer/prompts, on stderr. Esc cancels like
// Ctrl-C: nothing is sent, exit 130.
import { checkbox, confirm, input, select } from '@inquirer/prompts';
import type { Context } from '../context.js';
import { inertLines } from '../output/cells.js';
import { ask, promptIO } from '../commands/shared/prompt.js';
import type { Asker } from './asker.js';
import { multiline } from './multiline.js';

export function terminalAsker(ctx: Context): { asker: Asker; dispose(): void } {
  const controller = new AbortController();
  const io = promptIO(ctx);
  const onKey = (_text: string, key: { name?: string } | undefined) => {
    if (key?.name === 'escape') controller.abort();
  };
  ctx.io.stdin.on('keypress', onKey);
  const context = { ...io, signal: controller.signal };
  const asker: Asker = {
    text: (question) =>
      ask(() =>
        input(
          {
            message: question.message,
            ...(question.default !== undefined ? { default: question.default } : {}),
            validate: (answer: string) => question.validate?.(answer) ?? true,
          },
          context,
        ),
      ),
    multiline: (question) =>
      ask(() => multiline({ message: question.message, min: question.min, validate: question.validate }, context)),
    select: (question) =>
      ask(() =>
        select(
          {
            message: question.message,
            choices: question.choices.map((choice) => ({ value: choice.value, name: choice.name ?? choice.value })),
            ...(question.default !== undefined ? { default: question.default } : {}),
          },
          context,
        ),
      ),
    confirm: (question) => ask(() => confirm({ message: question.message, default: question.default }, context)),
    checkbox: (question) =>
      ask(() =>
        checkbox(
          {
            message: question.message,
            choices: question.choices.map((choice) => ({ value: choice.value, name: choice.name ?? choice.value, checked: choice.checked ?? false })),
            validate: (answers) => question.validate?.(answers.map((answer) => answer.value)) ?? true,
          },
          context,
        ),
      ),
    note: (text) => ctx.io.stderr.write(inertLines(text)),
  };
  return { asker, dispose: () => ctx.io.stdin.off('keypress', onKey) };
}
