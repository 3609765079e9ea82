// The command reference (docs/commands.md) and the man pages (man/*.1) are generated from the
// command declarations by `npm run docs` (scripts/docs-pages.ts) and checked in: a change to a
// command's flags, help or examples that is not regenerated fails here, naming the file and the
// command that regenerates it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatedDocs } from '../../scripts/docs-pages.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  man?: string[];
  files?: string[];
};
const generated = await generatedDocs(pkg.version);
const REGENERATE = 'stale: run `npm run docs` and commit the result';

const checkedIn = (file: string): string | undefined =>
  existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : undefined;

describe('the generated docs', () => {
  it('docs/commands.md is what the declarations make now', () => {
    expect(checkedIn('docs/commands.md'), `docs/commands.md is ${REGENERATE}`).toBe(generated['docs/commands.md']);
  });

  it('every man page is what the declarations make now, and there is no other', () => {
    const pages = Object.keys(generated).filter((file) => file.startsWith('man/'));
    for (const file of pages) expect(checkedIn(file), `${file} is ${REGENERATE}`).toBe(generated[file]);
    const present = readdirSync(join(ROOT, 'man'))
      .map((name) => `man/${name}`)
      .sort();
    expect(present, `man/ holds pages no command declares: ${REGENERATE}`).toEqual([...pages].sort());
    expect(pkg.man, `package.json's man list is ${REGENERATE}`).toEqual([...pages].sort());
    expect(pkg.files).toContain('man');
  });

  it('covers every command: a page each, and a section each in the reference', () => {
    const help = readdirSync(join(ROOT, 'dist', 'help')).map((name) => name.replace(/\.txt$/, ''));
    expect(help.length).toBeGreaterThan(40);
    for (const path of help) {
      const page = path === 'hire' ? 'man/hire.1' : `man/hire-${path.split(' ').join('-')}.1`;
      expect(generated[page], `no man page for ${path}`).toBeDefined();
      if (path !== 'hire') expect(generated['docs/commands.md']).toContain(`\n## hire ${path}\n`);
    }
  });

  it('shows each flag with its type, choices, default and range', () => {
    const reference = generated['docs/commands.md']!;
    expect(reference).toMatch(
      /`--timeout <seconds>` — request timeout in seconds\. \*number; range > 0 and ≤ 86400; default `30`\.\*/,
    );
    expect(reference).toMatch(
      /`-o, --output <format>` — output format\. \*one of `table`, `json`, `ndjson`, `csv`\.\*/,
    );
    const page = generated['man/hire-jobs-create.1']!;
    expect(page).toMatch(/^\.TH HIRE\\-JOBS\\-CREATE 1 /m);
    expect(page).toContain('.B \\-\\-question\\-type <type>');
  });
});
