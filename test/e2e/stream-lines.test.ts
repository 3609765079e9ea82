// Values a person copies stay whole in a real terminal (issue 28 item 7; docs/output.md "Stream
// lines"): in tmux panes of 80×24, the `emulator start` banner, `logs tail` while requests with
// long paths and query strings happen, `webhooks listen` receiving deliveries, and `events resend`.
// The pane is read row by row (a line the terminal wrapped is two rows), and each URL, id, path and
// command is found whole on one row.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hire } from '../helpers/bin.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { receiver } from '../helpers/receiver.js';
import { shellPane, type Pane } from '../helpers/tmux.js';
import { newSecret, signed } from '../helpers/webhooks.js';

const WIDTH = 80;
const HEIGHT = 24;

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

function pane(box: Awaited<ReturnType<typeof sandbox>>, line: string, env: Record<string, string> = {}): Pane {
  const made = shellPane(box, line, { width: WIDTH, height: HEIGHT, env });
  panes.push(made);
  return made;
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Each value whole on one row of the screen as the terminal shows it, every row within the width. */
function expectWhole(screen: Pane, values: readonly string[]): void {
  const rows = screen.capture({ rows: true }).split('\n');
  for (const value of values) {
    expect(value.length, `${value} is meant to fit ${WIDTH} columns`).toBeLessThanOrEqual(WIDTH);
    expect(
      rows.some((row) => row.includes(value)),
      `${value} whole on one row:\n${rows.join('\n')}`,
    ).toBe(true);
  }
}

describe(`stream lines at ${WIDTH}×${HEIGHT}`, () => {
  it('the emulator banner: both addresses, each key file, the data dir and the pages, each whole', async () => {
    const box = await sandbox();
    const dir = join(box.root, 'emulator-data-for-the-banner');
    const screen = pane(box, `hire emulator start --port 0 --data-dir ${quote(dir)}`);
    const shown = await screen.waitFor(/Press Ctrl-C to stop/);
    const origin = /Emulator listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/.exec(shown)![1]!;
    expectWhole(screen, [
      `Emulator listening on ${origin}/api/v1`,
      `${origin}/sandbox/api/v1`,
      join(dir, 'local.key'),
      join(dir, 'sandbox', 'local.key'),
      dir,
      `${origin}/apply/JOB_ID`,
    ]);
    // Nothing the terminal wrapped: the banner's nine lines are nine rows.
    const rows = screen.capture({ rows: true }).split('\n');
    const first = rows.findIndex((row) => row.startsWith('Emulator listening on'));
    expect(rows.indexOf('Press Ctrl-C to stop.') - first, rows.join('\n')).toBe(8);
  });

  it('logs tail: requests with long paths and query strings, each path and request id whole', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const screen = pane(box, 'hire logs tail', { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key });
    await screen.waitFor(/Tailing/);
    const paths = [
      '/candidates?job_id=job_tBkyQ8mZ3xW7&status=review&sort=-created_at',
      '/jobs?status=active&department=Engineering&sort=-created_at',
    ];
    const ids: string[] = [];
    for (const path of paths) ids.push((await emu.call('GET', path)).headers.get('x-request-id')!);
    await screen.waitFor(new RegExp(escape(ids.at(-1)!)));
    expectWhole(screen, [...paths.map((path) => `/api/v1${path}`), ...ids]);
  });

  it('webhooks listen: the forwarding URL, the event kind and a long event id whole', async () => {
    const box = await sandbox();
    const app = await receiver(() => 200);
    const forwardTo = app.url('/hooks/receiver?tenant=acme-recruiting&team=ops');
    const secret = newSecret();
    const screen = pane(box, `hire webhooks listen --secret ${quote(secret)} --forward-to ${quote(forwardTo)}`);
    const address = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(await screen.waitFor(/Listening on http/))![1]!;
    const eventId = `evt_${'7d2e'.repeat(13)}`;
    const delivery = signed(secret, { id: eventId, type: 'candidate.statusChanged' });
    const answer = await fetch(address, { method: 'POST', headers: delivery.headers, body: delivery.body });
    expect(answer.status).toBe(200);
    await screen.waitFor(/<-- 200/);
    expectWhole(screen, [address, forwardTo, 'candidate.statusChanged', eventId]);
  });

  it('events resend: the event id, the webhook id and its URL whole', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir, { deliveryBackoffMs: 50 });
    const env = { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
    const app = await receiver(() => ({ status: 200, body: '{"ok":true}' }));
    const url = app.url('/hooks/platform/receiver?team=recruiting&tenant=acme');
    const added = await hire(box, ['webhooks', 'add', '--url', url, '--event', 'job.created', '--json'], { env });
    expect(added.code, added.stderr).toBe(0);
    const webhookId = (JSON.parse(added.stdout) as { id: string }).id;
    const triggered = await hire(box, ['trigger', 'job.created', '--json'], { env });
    expect(triggered.code, triggered.stderr).toBe(0);
    const event = (JSON.parse(triggered.stdout) as { id: string; type: string }[]).find(
      (item) => item.type === 'job.created',
    )!;
    // The first delivery is made before it is sent again.
    while (app.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const screen = pane(box, `hire events resend ${event.id}`, env);
    await screen.waitFor(/EXIT=0/);
    expectWhole(screen, [`Resent ${event.id}`, webhookId, `(${url}):`]);
  });
});
