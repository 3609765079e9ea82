// Every list at a real terminal (tmux) fits the pane: at 80x24 and at 120 columns each drawn line is
// at most the pane's width, ids are whole and the borders meet; times are relative.
import { afterEach, describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { hirePane, type Pane } from '../helpers/tmux.js';

type Rec = Record<string, any>;

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

async function ok(box: Sandbox, argv: string[]): Promise<any> {
  const result = await runCli([...argv, '--json', '-q'], { env: box.env });
  if (result.code !== 0) throw new Error(`hire ${argv.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return json(result);
}

/** Data every screen has something of: long titles and names, a webhook with a port, keys. */
async function seeded(): Promise<{ box: Sandbox; ids: string[] }> {
  const box = await sandbox();
  const job: Rec = await ok(box, [
    'jobs',
    'create',
    '--title',
    'Senior Backend Engineer, Payments Platform and Ledger Reconciliation (Berlin)',
    '--description',
    DESCRIPTION,
    '--department',
    'Engineering and Infrastructure',
    '--location-type',
    'hybrid',
    '--city',
    'Berlin',
    '--state',
    'Berlin',
    '--country',
    'DE',
    '--publish',
  ]);
  await ok(box, ['jobs', 'create', '--title', 'Designer', '--description', DESCRIPTION]);
  await ok(box, ['emulator', 'simulate', '--job', job.id, '--applications', '4', '--advance', '--seed', '7']);
  const hook: Rec = await ok(box, [
    'webhooks',
    'add',
    '--url',
    'https://hooks.example.com:8443/a/very/long/path/that/cannot/fit',
    '--event',
    'application.created,candidate.statusChanged',
  ]);
  const key: Rec = await ok(box, [
    'emulator',
    'keys',
    'create',
    '--name',
    'dashboards for the hiring team',
    '--level',
    'read',
    '--expires-in',
    '90d',
  ]);
  const candidates: Rec[] = await ok(box, ['candidates', 'list']);
  return { box, ids: [job.id, hook.id, key.id, ...candidates.map((candidate) => candidate.id)] };
}

/** The drawn table's lines (with -J, a line the terminal wrapped is one line again). */
function tableLines(screen: string): string[] {
  return screen.split('\n').filter((line) => /^[┌│└]/.test(line));
}

function expectFits(screen: string, width: number): void {
  const lines = tableLines(screen);
  expect(lines.length, screen).toBeGreaterThanOrEqual(3);
  for (const line of lines) {
    expect([...line].length, `${line}\n${screen}`).toBeLessThanOrEqual(width);
    expect([...line].length, `borders meet:\n${screen}`).toBe([...lines[0]!].length);
    expect(line, screen).toMatch(/[│┐┘]$/);
  }
}

const LISTS: string[][] = [
  ['jobs', 'list'],
  ['candidates', 'list'],
  ['webhooks', 'list'],
  ['events', 'list'],
  ['emulator', 'keys', 'list'],
  ['auth', 'status'],
  ['profiles', 'list'],
  ['status'],
];

describe('screens at a terminal', () => {
  for (const width of [80, 120]) {
    it(`every list fits ${width} columns, ids whole, borders intact`, async () => {
      // Sandboxes go after each test (helpers/env.ts), so each seeds its own.
      const seed = await seeded();
      const seen: string[] = [];
      for (const args of LISTS) {
        const pane = hirePane(seed.box, args, { width, height: 24 });
        panes.push(pane);
        const screen = await pane.waitFor(/EXIT=\d+/);
        expect(screen, `${args.join(' ')}\n${screen}`).toContain('EXIT=0');
        // A list whose URLs cannot have their width beside the ids is a record a block (docs/output.md
        // "Values a person copies"): the webhook's 63-character URL at 80 columns.
        if (args.join(' ') === 'webhooks list' && width === 80) {
          expect(screen).toMatch(/^URL +https:\/\/hooks\.example\.com:8443\/a\/very\/long\/path\/that\/cannot\/fit$/m);
          for (const line of screen.split('\n')) expect([...line].length, screen).toBeLessThanOrEqual(width);
        } else expectFits(screen, width);
        seen.push(screen);
        pane.kill();
      }
      const all = seen.join('\n');
      // Each id appears unbroken (the webhook's and the key's on their lists, the rest elsewhere).
      for (const id of seed.ids) expect(all).toContain(id);
      // A URL is whole: it was cut in its path with `…` until issue 28 (a cut URL cannot be copied).
      expect(all).toContain('https://hooks.example.com:8443/a/very/long/path/that/cannot/fit');
      expect(all).toMatch(/http:\/\/127\.0\.0\.1:\d+\//);

      // Keys: real dates, relative; no 1970, no cut timestamps.
      const keys = seen[LISTS.findIndex((args) => args.join(' ') === 'emulator keys list')]!;
      expect(keys).not.toContain('1970');
      expect(keys).not.toMatch(/\d\d:\d\d/);
      expect(keys).toMatch(/│ key_local .*│ (?:just now|\d+ min ago) +│(?:.*│)? (?:just now|\d+ min ago) +│/);
    });
  }

  it('hire status fits 80x24: every line within the pane, its table whole, the next step shown', async () => {
    const seed = await seeded();
    const pane = hirePane(seed.box, ['status'], { width: 80, height: 24 });
    panes.push(pane);
    const screen = await pane.waitFor(/EXIT=\d+/);
    expect(screen).toContain('EXIT=0');
    for (const line of screen.split('\n')) expect([...line].length, `${line}\n${screen}`).toBeLessThanOrEqual(80);
    expectFits(screen, 80);
    expect(screen).toContain(seed.ids[0]);
    expect(screen).toMatch(/Open jobs: 1\b/);
    expect(screen).toContain('Failed webhook deliveries: none');
    expect(screen).toMatch(/Rate limit: [\d,]+ of [\d,]+ requests left/);
  });
});
