// A finished `--resume` export run again guards its file as an unfinished one does: an output that
// is not what the export wrote (emptied by `>`, cut shorter, other bytes, another file) is refused
// with exit 2 and left as it is — not answered "nothing more to write" with exit 0 over an emptied
// file — while the export's own file, intact (`>>`), or a copy of it, still says the export is
// complete (exit 0). In-process (main) against the emulator, stdout a real file descriptor.
import {
  closeSync,
  copyFileSync,
  createWriteStream,
  openSync,
  readFileSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { DESCRIPTION, captureIO } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';

/** stdout as the shell makes it: `>> FILE` ('a') or `> FILE` ('w', which empties the file first). */
function opened(path: string, flags: 'a' | 'w') {
  const fd = openSync(path, flags);
  const stream = createWriteStream(path, { fd, autoClose: false });
  return { stream, close: () => closeSync(fd) };
}

interface Finished {
  root: string;
  state: string;
  output: string;
  written: string;
  run: (flags: 'a' | 'w', output?: string) => Promise<{ code: number; stderr: string }>;
}

/** 12 jobs exported whole, 5 a page, as `-o FORMAT --resume STATE >> FILE`. */
async function finishedExport(format: 'csv' | 'ndjson'): Promise<Finished> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir);
  for (let n = 1; n <= 12; n++)
    expect((await emu.call('POST', '/jobs', { body: { title: `Role ${n}`, description: DESCRIPTION } })).status).toBe(
      201,
    );
  const state = join(box.root, 'jobs.state');
  const output = join(box.root, `jobs.${format}`);
  writeFileSync(output, '');
  const argv = ['jobs', 'list', '--all', '--per-page', '5', '-o', format, '--fields', 'id,title', '--resume', state];
  if (format === 'ndjson') argv.push('-v');
  const env = { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
  const run = async (flags: 'a' | 'w', to = output) => {
    const out = opened(to, flags);
    const captured = captureIO({ argv });
    const code = await main(argv, { ...captured.io, stdout: out.stream }, env);
    out.close();
    return { code, stderr: captured.stderr() };
  };
  const first = await run('a');
  expect(first.code, first.stderr).toBe(0);
  expect(first.stderr).toContain('Export complete: 12 jobs written in all');
  return { root: box.root, state, output, written: readFileSync(output, 'utf8'), run };
}

describe('a finished --resume export run again', () => {
  it.each(['csv', 'ndjson'] as const)(
    '-o %s, `> FILE` (the file emptied by the shell): exit 2 naming the problem, the state kept',
    async (format) => {
      const f = await finishedExport(format);
      const stateBefore = readFileSync(f.state, 'utf8');
      const again = await f.run('w');
      expect(again.code, again.stderr).toBe(2);
      expect(again.stderr).toContain(`the export in ${f.state} is complete, but stdout is not the file it wrote`);
      expect(again.stderr).toContain('holds 0 bytes');
      expect(again.stderr).toContain('`>` instead of `>>`');
      expect(again.stderr).not.toContain('nothing more to write');
      expect(readFileSync(f.output, 'utf8')).toBe('');
      expect(readFileSync(f.state, 'utf8')).toBe(stateBefore);
    },
  );

  it('the file cut shorter: exit 2, the file left as it is', async () => {
    const f = await finishedExport('csv');
    truncateSync(f.output, 40);
    const cut = readFileSync(f.output, 'utf8');
    const again = await f.run('a');
    expect(again.code, again.stderr).toBe(2);
    expect(again.stderr).toContain('holds 40 bytes, fewer than the');
    expect(readFileSync(f.output, 'utf8')).toBe(cut);
  });

  it('the file rewritten with other bytes of the same size: exit 2, the file left as it is', async () => {
    const f = await finishedExport('csv');
    const other = 'x'.repeat(Buffer.byteLength(f.written) - 1) + '\n';
    writeFileSync(f.output, other);
    const again = await f.run('a');
    expect(again.code, again.stderr).toBe(2);
    expect(again.stderr).toContain('differ from what the export wrote');
    expect(readFileSync(f.output, 'utf8')).toBe(other);
  });

  it('another, empty file: exit 2', async () => {
    const f = await finishedExport('csv');
    const elsewhere = join(f.root, 'elsewhere.csv');
    const again = await f.run('w', elsewhere);
    expect(again.code, again.stderr).toBe(2);
    expect(again.stderr).toContain('holds 0 bytes');
    expect(readFileSync(elsewhere, 'utf8')).toBe('');
    expect(readFileSync(f.output, 'utf8')).toBe(f.written);
  });

  it('its own file intact, appended (`>>`): complete, exit 0, nothing written', async () => {
    const f = await finishedExport('csv');
    const again = await f.run('a');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`The export in ${f.state} is complete (12 jobs): nothing more to write.`);
    expect(readFileSync(f.output, 'utf8')).toBe(f.written);
  });

  it('a copy of the export (the same bytes, another file): complete, exit 0', async () => {
    const f = await finishedExport('csv');
    const copy = join(f.root, 'copy.csv');
    copyFileSync(f.output, copy);
    const again = await f.run('a', copy);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing more to write');
    expect(readFileSync(copy, 'utf8')).toBe(f.written);
  });

  it('its own file with more after the export: complete, exit 0, the bytes after it said and left alone', async () => {
    const f = await finishedExport('csv');
    writeFileSync(f.output, 'a line of my own\n', { flag: 'a' });
    const again = await f.run('a');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('17 bytes after it that the export did not write; they are left as they are');
    expect(readFileSync(f.output, 'utf8')).toBe(`${f.written}a line of my own\n`);
  });
});
