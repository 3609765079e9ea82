// npm run completions: writes the completion scripts under completions/ from the built CLI
// (`hire completion SHELL`), so that the checked-in files are what the command prints. A test
// fails when they are stale.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = { bash: 'hire.bash', zsh: '_hire', fish: 'hire.fish' };
for (const [shell, file] of Object.entries(files)) {
  const script = execFileSync(process.execPath, ['bin/hire.js', 'completion', shell], { cwd: root, encoding: 'utf8' });
  writeFileSync(new URL(`../completions/${file}`, import.meta.url), script);
  console.log(`completions/${file}`);
}
