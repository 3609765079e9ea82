// The wizard's questions at a terminal, with @inquirer's prompts (each its own package), on stderr. Esc cancels like
// Ctrl-C: nothing is sent, exit 130.
import checkbox from '@inquirer/checkbox';
import confirm from '@inquirer/confirm';
import input from '@inquirer/input';
import select from '@inquirer/select';
import type { Context } from '../context.js';
import { inertLines } from '../output/cells.js';
import { ask, promptIO } from '../terminal/prompt.js';
import type { Asker } from './asker.js';
import { chooseEditor, editText } from './editor.js';
import { multiline } from './multiline.js';
import { oneLine } from './oneline.js';

/** A stream's file descriptor, so that the editor gets the very terminal the prompts are on. */
const fdOf = (stream: unknown): number | 'inherit' => {
  const fd = (stream as { fd?: unknown }).fd;
  return typeof fd === 'number' ? fd : 'inherit';
};

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
      oneLine(io, () =>
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
      ),
    multiline: (question) => {
      const editorName = chooseEditor(ctx.env);
      const edit = async (text: string) => {
        // The editor draws on stderr when stdout is redirected (`hire jobs create --json > job.json`).
        const outcome = await editText(text, {
          env: ctx.env,
          stdio: [fdOf(ctx.io.stdin), fdOf(ctx.io.isStdoutTTY ? ctx.io.stdout : ctx.io.stderr), fdOf(ctx.io.stderr)],
          onInterrupt: (handler) => ctx.io.onInterrupt(handler),
        });
        // Ctrl-C that ended the editor cancels the wizard, as it does in a prompt: exit 130.
        if ('interrupted' in outcome) controller.abort();
        return outcome;
      };
      return ask(() =>
        multiline(
          {
            message: question.message,
            min: question.min,
            validate: question.validate,
            edit,
            ...(editorName ? { editorName } : {}),
          },
          context,
        ),
      );
    },
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
            choices: question.choices.map((choice) => ({
              value: choice.value,
              name: choice.name ?? choice.value,
              checked: choice.checked ?? false,
            })),
            validate: (answers) => question.validate?.(answers.map((answer) => answer.value)) ?? true,
          },
          context,
        ),
      ),
    note: (text) => ctx.io.stderr.write(inertLines(text)),
    width: ctx.io.stderrColumns || ctx.io.columns || undefined,
  };
  return { asker, dispose: () => ctx.io.stdin.off('keypress', onKey) };
}
