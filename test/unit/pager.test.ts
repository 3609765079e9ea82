// The pager room (src/output/pager.ts, docs/output.md "Pager"): which pager, when text pages, and
// that a pager which leaves early, or cannot start, never fails the command.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Output, PagerSetup } from '../../src/output/output.js';
import { pagerCommand, showText } from '../../src/output/pager.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('pagerCommand', () => {
  it.each([
    [{}, 'less'],
    [{ PAGER: 'more' }, 'more'],
    [{ PAGER: 'more', HIRE_PAGER: 'most -s' }, 'most -s'],
    [{ PAGER: 'more', HIRE_PAGER: '' }, undefined],
    [{ HIRE_PAGER: '   ' }, undefined],
    [{ PAGER: '' }, undefined],
    [{ PAGER: 'cat' }, undefined],
  ])('%j → %s', (env, command) => {
    expect(pagerCommand(env)?.command).toBe(command);
  });

  it('gives less FRX unless LESS says otherwise', () => {
    expect(pagerCommand({})?.env.LESS).toBe('FRX');
    expect(pagerCommand({ LESS: 'R' })?.env.LESS).toBe('R');
  });
});

interface Captured {
  out: Output;
  stdout: () => string;
  stderr: () => string;
  holds: { held: number; released: number };
}

function output(command: string | undefined, rows = 10): Captured {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { stdout: '', stderr: '' };
  stdout.on('data', (chunk: Buffer) => (chunks.stdout += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (chunks.stderr += chunk.toString()));
  const holds = { held: 0, released: 0 };
  const pager: PagerSetup | undefined = command
    ? {
        command,
        env: { PATH: process.env.PATH },
        rows,
        holdInterrupts: () => {
          holds.held++;
          return () => void holds.released++;
        },
      }
    : undefined;
  const out = {
    stdout,
    stderr,
    isStdoutTTY: true,
    isStderrTTY: true,
    columns: 80,
    format: 'table',
    fields: undefined,
    csvRaw: false,
    quiet: false,
    ...(pager ? { pager } : {}),
    painter: () => Promise.reject(new Error('not used')),
  } as Output;
  return { out, stdout: () => chunks.stdout, stderr: () => chunks.stderr, holds };
}

function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hire-pager-'));
  dirs.push(dir);
  return dir;
}

const lines = (count: number, width = 20) =>
  Array.from({ length: count }, (_, index) => `${String(index).padEnd(width, '.')}\n`).join('');

describe('showText', () => {
  it('prints text shorter than the screen without starting the pager', async () => {
    const dir = temp();
    const { out, stdout, holds } = output(`sh -c 'cat > ${join(dir, 'paged')}'`);
    await showText(out, lines(9));
    expect(stdout()).toBe(lines(9));
    expect(existsSync(join(dir, 'paged'))).toBe(false);
    expect(holds.held).toBe(0);
  });

  it('hands text as long as the screen to the pager whole, and holds Ctrl-C while it runs', async () => {
    const dir = temp();
    const pager = join(dir, 'record');
    writeFileSync(pager, `#!/bin/sh\ncat > '${join(dir, 'paged')}'\n`);
    chmodSync(pager, 0o755);
    const { out, stdout, stderr, holds } = output(pager);
    await showText(out, lines(10));
    expect(readFileSync(join(dir, 'paged'), 'utf8')).toBe(lines(10));
    expect(stdout()).toBe('');
    expect(stderr()).toBe('');
    expect(holds).toEqual({ held: 1, released: 1 });
  });

  it('runs a pager with shell syntax through sh', async () => {
    const dir = temp();
    const { out } = output(`cat > '${join(dir, 'paged')}'`);
    await showText(out, lines(12));
    expect(readFileSync(join(dir, 'paged'), 'utf8')).toBe(lines(12));
  });

  it('a pager that leaves before reading everything (q in less: EPIPE) ends quietly', async () => {
    // Far more than a pipe holds: the write is still pending when the pager is gone.
    const { out, stdout, stderr, holds } = output('true');
    await showText(out, lines(50_000, 60));
    expect(stdout()).toBe('');
    expect(stderr()).toBe('');
    expect(holds).toEqual({ held: 1, released: 1 });
  });

  it('a pager that cannot be started: the text on stdout, and one warning', async () => {
    const missing = join(temp(), 'no-such-pager');
    const { out, stdout, stderr, holds } = output(missing);
    await showText(out, lines(30));
    expect(stdout()).toBe(lines(30));
    expect(stderr()).toBe(`Warning: the pager "${missing}" could not be started (ENOENT); HIRE_PAGER= turns it off.\n`);
    expect(holds).toEqual({ held: 1, released: 1 });
  });

  it('a pager the shell cannot find: the text on stdout too', async () => {
    const { out, stdout, stderr } = output("'no-such-pager-anywhere' --flag 2>/dev/null");
    await showText(out, lines(30));
    expect(stdout()).toBe(lines(30));
    expect(stderr()).toContain('could not be started (exit 127)');
  });

  it('without a pager, long text is printed', async () => {
    const { out, stdout } = output(undefined);
    await showText(out, lines(100));
    expect(stdout()).toBe(lines(100));
  });
});
