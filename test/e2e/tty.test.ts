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
    expect(screen).toContain('Using the local emulator in-process');
    expect(screen).not.toContain('Creating job'); // the spinner is gone once the job is made
    expect(pane.capture({ escapes: true })).toMatch(/\u001b\[32mactive/);
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
