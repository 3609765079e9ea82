// The pager at a real terminal (tmux, docs/output.md "Pager"): a list or a detail view longer than
// the screen goes through HIRE_PAGER, PAGER or less; --no-pager, an empty HIRE_PAGER, a pipe,
// --json and -o never page; quitting the pager early, or one that cannot start, ends hire with 0.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { DESCRIPTION } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { shellPane, type Pane } from '../helpers/tmux.js';

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

/** A terminal this many rows high; the lists below are longer. */
const HEIGHT = 12;

/** A sandbox whose local profile is a standing emulator holding `jobs` jobs. */
async function withJobs(jobs: number, description = DESCRIPTION): Promise<{ box: Sandbox; ids: string[] }> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir);
  box.writeConfig({ profiles: { local: { environment: 'local', base_url: emu.apiUrl } } });
  const ids: string[] = [];
  for (let index = 0; index < jobs; index++) {
    const created = await emu.call('POST', '/jobs', { body: { title: `Paged job ${index}`, description } });
    expect(created.status).toBe(201);
    ids.push(created.json.data.id as string);
  }
  return { box, ids };
}

/** A pager that records what it was given in `paged.txt` of the sandbox, and shows nothing. */
function recordingPager(box: Sandbox): { pager: string; paged: string } {
  const pager = join(box.root, 'record-pager');
  const paged = join(box.root, 'paged.txt');
  writeFileSync(pager, `#!/bin/sh\ncat > '${paged}'\n`);
  chmodSync(pager, 0o755);
  return { pager, paged };
}

/** Waits until the pane's last row (rows as the terminal shows them, not joined) matches. */
async function lastRow(screen: Pane, pattern: RegExp): Promise<string> {
  await screen.waitFor(/./);
  for (let tries = 0; tries < 900; tries++) {
    const rows = screen.capture({ rows: true }).trimEnd().split('\n');
    if (pattern.test(rows.at(-1)!)) return rows.join('\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the last row never showed ${pattern}:\n${screen.capture({ rows: true })}`);
}

function pane(box: Sandbox, line: string, env: Record<string, string> = {}): Pane {
  // The panes of other tests turn the pager off; these leave HIRE_PAGER unset unless they set it.
  const opened = shellPane(box, line, { env: { HIRE_PAGER: undefined, ...env }, width: 100, height: HEIGHT });
  panes.push(opened);
  return opened;
}

describe('the pager at a terminal', () => {
  it('a list longer than the screen opens less, q ends it, and hire exits 0', async () => {
    const { box, ids } = await withJobs(15);
    // less shows UTF-8 (the table's lines) only in a UTF-8 locale, as a person's terminal has.
    const screen = pane(box, 'hire jobs list', { LANG: 'C.UTF-8' });
    // less's prompt alone on the last row: the list did not fit and waits for the reader.
    const paged = await lastRow(screen, /^:\s*$/);
    expect(paged).toContain('job_');
    expect(paged).not.toContain('EXIT=');
    screen.sendKeys('q');
    const ended = await screen.waitFor(/EXIT=\d+/);
    expect(ended).toContain('EXIT=0');
    // Every job was handed to less (-X leaves the screen behind; the newest, on the first screen, is there).
    expect(screen.capture({ history: true })).toContain(ids[14]);
  });

  it('HIRE_PAGER gets the whole drawn list; PAGER and less are not asked', async () => {
    const { box, ids } = await withJobs(15);
    const { pager, paged } = recordingPager(box);
    const screen = pane(box, 'hire jobs list', { HIRE_PAGER: pager, PAGER: '/nonexistent/pager' });
    expect(await screen.waitFor(/EXIT=\d+/)).toContain('EXIT=0');
    const text = readFileSync(paged, 'utf8');
    expect(text).toMatch(/^┌/);
    for (const id of ids) expect(text).toContain(id);
    // What went to the pager is not also printed on the screen.
    expect(screen.capture({ history: true })).not.toContain('┌');
  });

  it('PAGER is used when HIRE_PAGER is not set', async () => {
    const { box, ids } = await withJobs(15);
    const { pager, paged } = recordingPager(box);
    const screen = pane(box, 'hire jobs list', { PAGER: pager });
    expect(await screen.waitFor(/EXIT=\d+/)).toContain('EXIT=0');
    expect(readFileSync(paged, 'utf8')).toContain(ids[14]);
  });

  it('a detail view pages whole: the table and its sections together', async () => {
    const long = Array.from({ length: 12 }, (_, index) => `Paragraph ${index}. ${DESCRIPTION}`).join('\n\n');
    const { box, ids } = await withJobs(1, long);
    const { pager, paged } = recordingPager(box);
    const screen = pane(box, `hire jobs get ${ids[0]}`, { HIRE_PAGER: pager });
    expect(await screen.waitFor(/EXIT=\d+/)).toContain('EXIT=0');
    const text = stripVTControlCharacters(readFileSync(paged, 'utf8'));
    expect(text).toMatch(/│ title\s+│ Paged job 0/);
    expect(text).toContain('Paragraph 11.');
  });

  it('output that fits the screen is printed, not paged', async () => {
    const { box } = await withJobs(1);
    const { pager, paged } = recordingPager(box);
    const screen = pane(box, 'hire jobs list', { HIRE_PAGER: pager });
    const shown = await screen.waitFor(/EXIT=\d+/);
    expect(shown).toContain('EXIT=0');
    expect(shown).toContain('Paged job 0');
    expect(existsSync(paged)).toBe(false);
  });

  it.each([
    ['--no-pager', 'hire jobs list --no-pager', {}],
    ['an empty HIRE_PAGER, even with PAGER set', 'hire jobs list', { HIRE_PAGER: '' }],
    ['a pipe', 'hire jobs list | cat', {}],
    ['--json', 'hire jobs list --json', {}],
    ['-o csv', 'hire jobs list -o csv', {}],
    ['-o ndjson', 'hire jobs list -o ndjson', {}],
  ])('%s never pages', async (_name, line, env: Record<string, string>) => {
    const { box, ids } = await withJobs(15);
    const { pager, paged } = recordingPager(box);
    const screen = pane(box, `${line}; echo END`, { HIRE_PAGER: pager, PAGER: pager, ...env });
    const shown = await screen.waitFor(/EXIT=\d+/);
    expect(shown).toContain('EXIT=0');
    expect(existsSync(paged)).toBe(false);
    expect(screen.capture({ history: true })).toContain(ids[14]);
  });

  it('a pager that quits before reading anything ends hire quietly with 0', async () => {
    const { box } = await withJobs(15);
    const screen = pane(box, 'hire jobs list 2>errors.txt', { HIRE_PAGER: 'true' });
    expect(await screen.waitFor(/EXIT=\d+/)).toContain('EXIT=0');
    // Nothing but the line that says which emulator answered: no EPIPE, no error.
    expect(readFileSync(join(box.root, 'errors.txt'), 'utf8')).toMatch(/^(Using the local emulator at \S+\n)?$/);
  });

  it('a pager that cannot be started leaves the list on stdout and says so once', async () => {
    const { box, ids } = await withJobs(15);
    const screen = pane(box, 'hire jobs list 2>errors.txt', { HIRE_PAGER: join(box.root, 'no-such-pager') });
    expect(await screen.waitFor(/EXIT=\d+/)).toContain('EXIT=0');
    expect(screen.capture({ history: true })).toContain(ids[14]);
    const errors = readFileSync(join(box.root, 'errors.txt'), 'utf8');
    const warnings = errors.split('\n').filter((line) => line.includes('pager'));
    expect(warnings).toEqual([
      `Warning: the pager "${join(box.root, 'no-such-pager')}" could not be started (ENOENT); HIRE_PAGER= turns it off.`,
    ]);
  });

  it('a write command never pages: jobs create prints its record as before', async () => {
    const long = Array.from({ length: 12 }, (_, index) => `Paragraph ${index}. ${DESCRIPTION}`).join('\n\n');
    const { box } = await withJobs(0);
    const { pager, paged } = recordingPager(box);
    writeFileSync(join(box.root, 'role.md'), long);
    const screen = pane(box, 'hire jobs create --title "Created here" --description-file role.md', {
      HIRE_PAGER: pager,
    });
    expect(await screen.waitFor(/EXIT=\d+/)).toContain('EXIT=0');
    expect(existsSync(paged)).toBe(false);
  });
});
