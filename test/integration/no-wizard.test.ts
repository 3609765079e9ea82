// jobs create with a required field missing where no wizard can ask (issue 19): the hint names
// exactly the flags that would give what is missing, and why nothing was asked (not a terminal,
// CI, --no-input). Nothing is sent.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

const BOTH = 'Pass --title and --description (or --description-file), or --from-file FILE.';
const DESCRIPTION_ONLY = 'Pass --description (or --description-file), or --from-file FILE.';
const TITLE_ONLY = 'Pass --title, or --from-file FILE.';

const CASES: {
  name: string;
  argv: string[];
  tty?: boolean;
  env?: Record<string, string>;
  details: string[];
  hint: string;
}[] = [
  {
    name: 'piped, nothing given',
    argv: [],
    details: ['title (--title): is required', 'description (--description): is required'],
    hint: `${BOTH}\nNo wizard: not at a terminal.`,
  },
  {
    name: 'CI at a terminal',
    argv: [],
    tty: true,
    env: { CI: 'true' },
    details: ['title (--title): is required', 'description (--description): is required'],
    hint: `${BOTH}\nNo wizard: CI is set.`,
  },
  {
    name: '--no-input at a terminal, a title given',
    argv: ['--title', 'Backend Engineer', '--no-input'],
    tty: true,
    details: ['description (--description): is required'],
    hint: `${DESCRIPTION_ONLY}\nNo wizard: --no-input.`,
  },
  {
    name: 'CI, a description given',
    argv: ['--description', DESCRIPTION],
    env: { CI: '1' },
    details: ['title (--title): is required'],
    hint: `${TITLE_ONLY}\nNo wizard: CI is set.`,
  },
];

describe('jobs create without a wizard', () => {
  for (const { name, argv, tty, env, details, hint } of CASES) {
    it(`${name}: names the missing flags and why no wizard, exit 2`, async () => {
      const box = await sandbox();
      const result = await runCli(['jobs', 'create', ...argv, ...(tty ? ['--no-color'] : [])], {
        env: { ...box.env, ...env },
        ...(tty ? { tty: true } : {}),
      });
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr: [
          'Error: The job is not valid; nothing was sent.',
          ...details.map((line) => `  ${line}`),
          hint,
          '',
        ].join('\n'),
      });
    });
  }

  it('--interactive where no wizard can ask says why, and what to pass instead', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'create', '-i', '--no-color'], { env: { ...box.env, CI: 'true' }, tty: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      [
        'Error: --interactive needs a terminal (stdin and stderr), outside CI and without --no-input.',
        'No wizard: CI is set. Pass the job as flags (--title, --description or --description-file) or --from-file FILE.',
        '',
      ].join('\n'),
    );
  });

  it('no hint about the wizard when what is wrong is not a missing field', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'create', '--title', 'T', '--description', 'short'], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('wizard');
  });
});
