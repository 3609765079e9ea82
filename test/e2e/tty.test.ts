// The built binary in a real pseudo-terminal (tmux): drawn tables, colours, no stray output.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { hirePane, type Pane } from '../helpers/tmux.js';

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

function track(pane: Pane): Pane {
  panes.push(pane);
  return pane;
}

describe('at a terminal', () => {
  it('tmux is installed (.ci/run installs it)', () => {
    expect(execFileSync('tmux', ['-V'], { encoding: 'utf8' })).toMatch(/^tmux \d/);
  });

  it('jobs create prints a key/value table with the salary and generation time, and exits 0', async () => {
    const box = await sandbox();
    writeFileSync(join(box.root, 'role.md'), DESCRIPTION);
    const pane = hirePane(box, [
      'jobs',
      'create',
      '--title',
      'Backend Engineer',
      '--description-file',
      'role.md',
      '--location-type',
      'remote',
      '--salary-min',
      '10',
      '--salary-max',
      '20',
      '--salary-currency',
      'EUR',
      '--publish',
    ]);
    panes.push(pane);
    const screen = await pane.waitFor(/EXIT=\d+/);
    expect(screen).toContain('EXIT=0');
    expect(screen).toMatch(/│ title\s+│ Backend Engineer\s+│/);
    expect(screen).toMatch(/│ salary\s+│ 10–20 EUR\s+│/);
    expect(screen).toMatch(/│ assessment_generation_time\s+│ [\d.]+ ms\s+│/);
    // The environment line, first, in place of "Using the local emulator in-process" (that is for pipes).
    expect(screen.split('\n')[0]).toMatch(/^production · profile local · emulator in-process \(data in /);
    expect(screen).not.toContain('Using the local emulator');
    expect(screen).not.toContain('Creating job'); // the spinner is gone once the job is made
    expect(pane.capture({ escapes: true })).toMatch(/\u001b\[32mactive/);
  });

  it('names the environment and profile once, first: production in yellow, sandbox in cyan, never under -q or --json', async () => {
    const box = await sandbox();
    const production = track(hirePane(box, ['jobs', 'list']));
    const screen = await production.waitFor(/EXIT=\d+/);
    expect(screen).toContain('EXIT=0');
    expect(screen.split('\n')[0]).toMatch(/^production · profile local · emulator in-process \(data in \S+\)$/);
    expect(screen.match(/· profile /g)).toHaveLength(1);
    expect(production.capture({ escapes: true })).toMatch(/^\u001b\[33mproduction\u001b\[39m · profile local/m);

    const sandboxed = track(hirePane(box, ['jobs', 'list', '-p', 'local-sandbox']));
    const other = await sandboxed.waitFor(/EXIT=\d+/);
    expect(other).toContain('EXIT=0');
    expect(other.split('\n')[0]).toMatch(/^sandbox · profile local-sandbox · emulator in-process/);
    expect(sandboxed.capture({ escapes: true })).toMatch(/^\u001b\[36msandbox\u001b\[39m · profile local-sandbox/m);

    for (const flag of ['-q', '--json']) {
      const silent = track(hirePane(box, ['jobs', 'list', flag]));
      const shown = await silent.waitFor(/EXIT=\d+/);
      expect(shown).toContain('EXIT=0');
      expect(shown, flag).not.toContain('· profile ');
      expect(shown, flag).not.toContain('Using the local emulator');
    }
  });

  it('jobs list draws a table that fits the terminal width', async () => {
    const box = await sandbox();
    const create = hirePane(box, [
      'jobs',
      'create',
      '--title',
      'A very long job title that will not fit in a narrow terminal at all',
      '--description',
      DESCRIPTION,
      '-q',
    ]);
    panes.push(create);
    expect(await create.waitFor(/EXIT=\d+/)).toContain('EXIT=0');
    create.kill();
    const pane = hirePane(box, ['jobs', 'list'], { width: 100 });
    panes.push(pane);
    const screen = await pane.waitFor(/EXIT=\d+/);
    expect(screen).toContain('EXIT=0');
    const lines = screen.split('\n').filter((line) => line.startsWith('│') || line.startsWith('┌'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    // The id is never cut; the title runs onto a second line, then is cut.
    expect(screen).toMatch(/│ job_\w{20} │ A very [\w ]+│ draft +│.*\n│ +│ [\w ]+… │/);
    expect(screen).toMatch(/│ (just now|\d+ min ago) +│\n/); // the date, relative
  });
});
