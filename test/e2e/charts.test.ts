// The pictures at a real terminal (docs/output.md "Charts"): `hire analytics` and `hire status` in
// tmux panes of 80 and 60 columns, the built binary against a standing emulator. The screen is
// captured row by row (a line the terminal wrapped would be two rows): every row of a chart is one
// screen row, the bars in block characters, and NO_COLOR leaves no colour on the screen.
import { afterEach, describe, expect, it } from 'vitest';
import { hire } from '../helpers/bin.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { hirePane, shellPane, type Pane } from '../helpers/tmux.js';

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

const DESCRIPTION =
  'We are looking for a backend engineer to build reliable services in Go, own them in production, and improve our delivery pipeline.';

async function ok(box: Sandbox, args: string[]): Promise<any> {
  const result = await hire(box, [...args, '--json', '-q']);
  expect(result.code, `hire ${args.join(' ')}\n${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout);
}

/** The screen of `pane` once it has ended, row by row, with its colour codes when `escapes`. */
async function finished(pane: Pane, escapes = false): Promise<string[]> {
  panes.push(pane);
  await pane.waitFor(/EXIT=\d+/);
  const rows = pane.capture({ rows: true, history: true, escapes }).split('\n');
  pane.kill();
  expect(rows.join('\n')).toMatch(/EXIT=0/);
  return rows;
}

/** The rows under a heading, to the next blank row or the end of the program. */
function under(rows: string[], heading: RegExp): string[] {
  const start = rows.findIndex((row) => heading.test(row));
  expect(start, rows.join('\n')).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((row, index) => index > start && (row.trim() === '' || row.startsWith('EXIT=')));
  return rows.slice(start + 1, end);
}

describe('charts in a terminal', () => {
  it('analytics: the funnel and the score bands fit 80 and 60 columns, one screen row each', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: emu.apiUrl } } });
    const job = await ok(box, [
      'jobs',
      'create',
      '--title',
      'Backend Engineer',
      '--description',
      DESCRIPTION,
      '--publish',
    ]);
    await ok(box, ['emulator', 'simulate', '--job', job.id, '--applications', '300', '--seed', '7', '--advance']);
    const funnel = (await ok(box, ['analytics', '--job', job.id])).funnel as { status: string; count: number }[];

    for (const width of [80, 60]) {
      const rows = await finished(hirePane(box, ['analytics', '--job', job.id], { width, height: 50 }));
      for (const row of rows) expect([...row].length, rows.join('\n')).toBeLessThanOrEqual(width);
      const bars = under(rows, /^Funnel \(each stage's share of the one before\)/);
      expect(bars).toHaveLength(funnel.length);
      bars.forEach((row, index) => {
        const step = funnel[index]!;
        expect(row, rows.join('\n')).toMatch(
          new RegExp(`^ {2}${step.status} +[▏▎▍▌▋▊▉█]* +${step.count}${index === 0 ? '$' : ' +\\d+%$'}`),
        );
      });
      // The first stage fills the bar: the same length of full blocks as the widest bar.
      const full = /█+/.exec(bars[0]!)![0].length;
      for (const row of bars) expect((row.match(/█/g) ?? []).length).toBeLessThanOrEqual(full);
      const bands = under(rows, /^Scores \(\d+ assessed\)$/);
      expect(bands.map((row) => row.trim().split(' ')[0])).toEqual([
        '0–9',
        '10–19',
        '20–29',
        '30–39',
        '40–49',
        '50–59',
        '60–69',
        '70–79',
        '80–89',
        '90–100',
      ]);
    }

    // Colour at a terminal, none under NO_COLOR.
    const coloured = await finished(hirePane(box, ['analytics'], { width: 80, height: 50 }), true);
    expect(coloured.join('\n')).toMatch(/\u001b\[36m█/);
    const plain = await finished(
      shellPane(box, 'hire analytics', { width: 80, height: 50, env: { NO_COLOR: '1' } }),
      true,
    );
    expect(plain.join('\n')).not.toMatch(/\u001b\[[0-9;]*m/);
    expect(plain.join('\n')).toContain('█');
  });

  it('status: the applications of the last 14 days as a sparkline with its scale, at 80 and 60 columns', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: emu.apiUrl } } });
    const job = await ok(box, [
      'jobs',
      'create',
      '--title',
      'Backend Engineer',
      '--description',
      DESCRIPTION,
      '--publish',
    ]);
    await ok(box, ['emulator', 'simulate', '--job', job.id, '--applications', '12', '--seed', '3']);
    for (const width of [80, 60]) {
      const rows = await finished(hirePane(box, ['status'], { width, height: 50 }));
      const at = rows.findIndex((row) => row.startsWith('Applications: 12 in the last 14 days, at most 12 a day'));
      expect(at, rows.join('\n')).toBeGreaterThanOrEqual(0);
      expect(rows[at + 1]).toBe('  ▁▁▁▁▁▁▁▁▁▁▁▁▁█');
      expect(rows[at + 2]).toMatch(/^ {2}[A-Z][a-z]{2} \d{1,2} +today$/);
      expect([...rows[at + 2]!].length).toBe(16);
    }
  });
});
