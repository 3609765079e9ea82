// Messages for people at a terminal (issue 19, "every screen fits"): a notice longer than the
// terminal is wrapped between words, keeping its indent, instead of being cut mid-word by the terminal.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { hirePane, shellPane, type Pane } from '../helpers/tmux.js';
import { runCli } from '../helpers/cli.js';

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

describe('notices at a terminal', () => {
  it('a long notice wraps at 80 columns between words', async () => {
    const box = await sandbox();
    // An export's server-set columns make `jobs import` say which it leaves out: a long notice.
    const header = 'id,status,title,description,assessment_id,application_url,candidate_count,created_at,updated_at';
    writeFileSync(
      join(box.root, 'jobs.csv'),
      `${header}\njob_1,active,Backend Engineer,"${DESCRIPTION}",asmt_1,http://x/apply,3,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z\n`,
    );
    const pane = hirePane(box, ['jobs', 'import', 'jobs.csv', '--dry-run'], { width: 80, height: 24 });
    panes.push(pane);
    const screen = await pane.waitFor(/EXIT=\d+/);
    expect(screen).toContain('EXIT=0');
    // capture -J joins what the terminal wrapped: a line longer than 80 here was cut by the terminal.
    for (const line of screen.split('\n')) expect([...line].length, screen).toBeLessThanOrEqual(80);
    const notice = screen.slice(screen.indexOf('Left out'), screen.indexOf('new job'));
    for (const field of ['assessment_id', 'application_url', 'candidate_count', 'created_at', 'updated_at'])
      expect(notice).toContain(field);
  });

  it('stdout piped, stderr a terminal: an error and its hint still wrap to the terminal', async () => {
    const box = await sandbox();
    const created = await runCli(['jobs', 'create', '--title', 'Draft', '--description', DESCRIPTION, '--json', '-q'], {
      env: box.env,
    });
    const id = (JSON.parse(created.stdout) as { id: string }).id;
    const pane = shellPane(box, `hire jobs pause ${id} -q | cat`, { width: 60, height: 24 });
    panes.push(pane);
    const screen = await pane.waitFor(/EXIT=\d+/);
    expect(screen).toContain('A draft is not live yet');
    for (const line of screen.split('\n')) expect([...line].length, screen).toBeLessThanOrEqual(60);
    expect(screen).toContain(`\`hire jobs publish ${id}\``);
  });
});
