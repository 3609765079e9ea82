// hire completion bash|zsh|fish: the script that makes the shell ask `hire __complete`.
import { SHELLS, completionScript } from '../completion/scripts.js';
import { arg, defineCommand } from './define.js';

export default defineCommand({
  path: ['completion'],
  summary: 'print the shell completion script: bash, zsh or fish',
  effect: 'read',
  local: "prints a script for this machine's shell",
  args: { shell: arg.enum(SHELLS, 'bash, zsh or fish', { message: `Shells: ${SHELLS.join(', ')} (got "{value}").` }) },
  examples: ['source <(hire completion bash)', 'hire completion fish > ~/.config/fish/completions/hire.fish'],
  async run(ctx, { shell }) {
    // Raw bytes are this command's job: the script, exactly as the shell sources it.
    ctx.io.stdout.write(completionScript(shell));
  },
});
