// The wizard's editor (src/wizard/editor.ts) with real processes: small sh scripts stand for the
// editor, run as git runs one (`sh -c '$EDITOR "$@"'`), on a temp file that is 0600 and then gone.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/env.js';
import { chooseEditor, editText, type EditOptions } from '../../src/wizard/editor.js';

/** An editor script: records its arguments in `log`, then runs `body`. */
function script(dir: string, name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> "${dir}/log"; done\n${body}\nexit 0\n`);
  chmodSync(path, 0o755);
  return path;
}

async function setup() {
  const box = await sandbox();
  const tmp = join(box.root, 'tmp');
  mkdirSync(tmp);
  const options = (env: Record<string, string>): EditOptions => ({
    env: { PATH: '/usr/bin:/bin', TMPDIR: tmp, ...env },
    stdio: 'ignore',
    onInterrupt: () => () => undefined,
  });
  const log = () =>
    existsSync(join(box.root, 'log')) ? readFileSync(join(box.root, 'log'), 'utf8').split('\n').filter(Boolean) : [];
  return { root: box.root, tmp, options, log };
}

describe('the description editor', () => {
  it('opens $EDITOR on the text so far in a 0600 file, returns what it saved, and removes the file', async () => {
    const { root, tmp, options, log } = await setup();
    const editor = script(
      root,
      'ed.sh',
      'for last; do :; done; stat -c %a "$last" >> "$(dirname "$0")/log"; printf "\\nA paragraph from the editor.\\n" >> "$last"',
    );
    const outcome = await editText('Typed so far.', options({ EDITOR: editor }));
    expect(outcome).toEqual({ text: 'Typed so far.\n\nA paragraph from the editor.\n' });
    const [file, mode] = log();
    expect(file).toMatch(new RegExp(`^${tmp}/hire-description-\\w+/description\\.md$`));
    expect(mode).toBe('600');
    expect(existsSync(file!)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('runs an editor command with arguments as the shell splits it; $VISUAL before $EDITOR', async () => {
    const { root, options, log } = await setup();
    const visual = script(root, 'visual.sh', '');
    const other = script(root, 'other.sh', 'exit 3');
    const outcome = await editText('x', options({ VISUAL: `${visual} --wait -n`, EDITOR: other }));
    expect(outcome).toEqual({ text: 'x\n' });
    expect(log().slice(0, 2)).toEqual(['--wait', '-n']);
    expect(log()[2]).toMatch(/description\.md$/);
  });

  it('with TERM=dumb, $EDITOR only (as git)', async () => {
    const { root, options } = await setup();
    const visual = script(root, 'visual.sh', 'exit 3');
    const editor = script(root, 'ed.sh', '');
    expect(chooseEditor(options({ VISUAL: visual, EDITOR: editor, TERM: 'dumb' }).env)).toBe(editor);
    expect(await editText('y', options({ VISUAL: visual, EDITOR: editor, TERM: 'dumb' }))).toEqual({ text: 'y\n' });
  });

  it('an editor that exits non-zero: the text is unchanged, saying so; the file is removed', async () => {
    const { root, tmp, options } = await setup();
    const editor = script(root, 'ed.sh', 'for last; do :; done; echo changed > "$last"; exit 1');
    expect(await editText('Typed.', options({ EDITOR: editor }))).toEqual({
      problem: 'The editor exited with 1; the text is unchanged.',
    });
    expect(readdirSync(tmp)).toEqual([]);
    expect(await editText('Typed.', options({ EDITOR: 'no-such-editor-anywhere' }))).toEqual({
      problem: 'The editor "no-such-editor-anywhere" was not found (exit 127); the text is unchanged.',
    });
  });

  it('none set and none installed: says so', async () => {
    const { root, options } = await setup();
    const empty = join(root, 'empty-bin');
    mkdirSync(empty);
    expect(chooseEditor({ PATH: empty })).toBeUndefined();
    expect(await editText('Typed.', options({ PATH: empty }))).toEqual({
      problem: 'No editor found: set $VISUAL or $EDITOR (or install vi). Type the text here instead.',
    });
    // vi on the PATH is the default.
    const bin = join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'vi'), '#!/bin/sh\n');
    chmodSync(join(bin, 'vi'), 0o755);
    expect(chooseEditor({ PATH: `${empty}:${bin}` })).toBe('vi');
  });

  it('an editor ended by Ctrl-C (SIGINT) means cancel', async () => {
    const { root, options } = await setup();
    const editor = script(root, 'ed.sh', 'kill -INT $$');
    expect(await editText('Typed.', options({ EDITOR: editor }))).toEqual({ interrupted: true });
  });
});
