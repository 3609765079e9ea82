// Help and command-line errors at an 80x24 terminal (tmux, the built binary): `hire help WORDS`
// shows that command's page; a parser error is one red `Error:` line, the usage line, a next step.
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/env.js';
import { hirePane, type Pane } from '../helpers/tmux.js';

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

describe('at an 80x24 terminal', () => {
  it('`hire help jobs create` shows the help of jobs create, lines within 80 columns, ending with the global options pointer', async () => {
    const box = await sandbox();
    const pane = hirePane(box, ['help', 'jobs', 'create'], { width: 80, height: 24 });
    panes.push(pane);
    const screen = await pane.waitFor(/EXIT=\d+/);
    const lines = screen.trimEnd().split('\n');
    // The page's end is on screen: jobs create's flags and examples, then the pointer to the global options.
    expect(lines.slice(-3)).toEqual([
      '',
      'Global options (--json, -o, -p, -q, --no-input, …): `hire help options`',
      'EXIT=0',
    ]);
    expect(screen).toMatch(/^ {2}--publish +publish at once/m);
    expect(screen).toMatch(/^ {2}\$ hire jobs create --title /m);
    // Not the jobs group's page, and no block of global options.
    expect(screen).not.toMatch(/^ {2}list \[options\]/m);
    expect(screen).not.toContain('Global Options:');
    expect(screen).not.toContain('--max-retries');
  });

  it('an unknown option: a red Error line with the suggestion, the usage line and the next step, exit 2', async () => {
    const box = await sandbox();
    const pane = hirePane(box, ['jobs', 'list', '--stauts', 'active'], { width: 80, height: 24 });
    panes.push(pane);
    const screen = await pane.waitFor(/EXIT=\d+/);
    expect(screen.trimEnd().split('\n')).toEqual([
      "Error: Unknown option '--stauts'. Did you mean --status?",
      'Usage: hire jobs list [options]',
      'Run `hire jobs list --help` for the flags.',
      'EXIT=2',
    ]);
    expect(pane.capture({ escapes: true })).toMatch(/\u001b\[31mError:\u001b\[(39|0)m Unknown option/);
  });
});
