// Stream lines at a terminal of 60, 80 and 120 columns (issue 28 item 7; docs/output.md "Stream
// lines"): `logs tail`, `webhooks listen`, `events resend` and the `emulator start` banner wrap
// between fields, so every line fits the width (the terminal never wraps one) unless it is a single
// value wider than the width standing alone, and every URL, id and path a person copies is whole on
// one line. Piped, each record stays one line.
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { captureIO, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { receiver } from '../helpers/receiver.js';
import { newSecret, signed } from '../helpers/webhooks.js';

const WIDTHS = [60, 80, 120] as const;

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Waits for `test` to hold, polling; fails with `what` and the output after 30 s. */
async function until<T>(what: string, test: () => T | undefined | false, shown: () => string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = test();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`never saw ${what}:\n${shown()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The screen a terminal of `width` shows: no line wider than it, unless it is one of the values
 * (wider than the width) alone; and each value whole inside one line.
 */
function expectLaidOut(output: string, width: number, values: readonly string[]): void {
  const lines = plain(output).split('\n');
  for (const line of lines) {
    if ([...line].length <= width) continue;
    expect(
      values.filter((value) => [...value].length > width),
      `a line wider than ${width}: ${line}`,
    ).toContain(line);
  }
  for (const value of values)
    expect(
      lines.some((line) => line.includes(value)),
      `${value} whole on one line at ${width} columns:\n${output}`,
    ).toBe(true);
}

/** Runs a command that goes on until stopped, at a terminal of `width` columns (or piped without). */
function running(argv: string[], env: Record<string, string>, width?: number) {
  const signals = new EventEmitter();
  const captured = captureIO({ argv, signals, ...(width ? { tty: true, columns: width } : {}) });
  const done = main(argv, captured.io, env);
  return {
    ...captured,
    stop: async (signal: 'SIGINT' | 'SIGTERM' = 'SIGTERM') => {
      signals.emit('signal', signal);
      return done;
    },
  };
}

describe('stream lines wrap between fields', () => {
  it('logs tail: each request on lines that fit; the path with its query and the request id whole; piped, one line a request', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const env = { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
    const paths = [
      '/candidates?status=review&per_page=5',
      `/candidates?job_id=job_tBkyQ8mZ3xW7pLq2&status=review&sort=-created_at&per_page=100&fields=id,name,email,status`,
    ];
    for (const width of [...WIDTHS, undefined]) {
      const tail = running(['logs', 'tail'], env, width);
      await until('the "Tailing" line', () => tail.stderr().includes('Tailing'), tail.stderr);
      const ids: string[] = [];
      for (const path of paths) {
        const answer = await emu.call('GET', path);
        ids.push(answer.headers.get('x-request-id')!);
      }
      await until(`request ${ids.at(-1)}`, () => tail.stdout().includes(ids.at(-1)!), tail.stdout);
      expect(await tail.stop('SIGINT')).toBe(130);
      const values = [...paths.map((path) => `/api/v1${path}`), ...ids];
      if (width === undefined) {
        // Piped: a request a line, as it always was.
        const lines = tail.stdout().trim().split('\n');
        expect(lines).toHaveLength(2);
        for (const [index, line] of lines.entries()) {
          expect(line).toContain(values[index]);
          expect(line).toContain(ids[index]);
        }
        continue;
      }
      expectLaidOut(tail.stdout(), width, values);
      expectLaidOut(tail.stderr(), width, []);
      // The short path fits after the time, method and status at 80 and 120: nothing was broken early.
      if (width >= 80)
        expect(plain(tail.stdout())).toMatch(/^\d\d:\d\d:\d\d {2}GET {4}200 .*\/api\/v1\/candidates\?status/m);
    }
  });

  it('webhooks listen: the forwarding URL, event kinds and ids whole; a rejection reason wraps between words', async () => {
    const box = await sandbox();
    const app = await receiver(() => 200);
    const forwardTo = app.url('/a/rather/long/path/to/the/app/under/test/webhooks/receiver?tenant=acme-recruiting');
    const secret = newSecret();
    const longId = `evt_${'9f3c'.repeat(12)}`;
    for (const width of WIDTHS) {
      const listen = running(['webhooks', 'listen', '--secret', secret, '--forward-to', forwardTo], box.env, width);
      const address = await until(
        'the "Listening on" line',
        () => /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(plain(listen.stderr()))?.[1],
        listen.stderr,
      );
      const good = signed(secret, { id: longId, type: 'candidate.statusChanged' });
      const sent = await fetch(address, { method: 'POST', headers: good.headers, body: good.body });
      expect(sent.status).toBe(200);
      const forged = signed(newSecret(), { id: 'evt_forged0001' });
      const refused = await fetch(`${address}/hooks`, { method: 'POST', headers: forged.headers, body: forged.body });
      expect(refused.status).toBe(401);
      await until('both lines', () => listen.stdout().includes('evt_forged0001'), listen.stdout);
      expect(await listen.stop()).toBe(0);
      expectLaidOut(listen.stdout(), width, ['candidate.statusChanged', longId, '<-- 200', 'evt_forged0001']);
      expectLaidOut(listen.stderr(), width, [forwardTo, address]);
      expect(plain(listen.stdout())).toMatch(/\[invalid: /);
    }
  });

  it('events resend: the event id, the webhook id and its URL whole on the lines that fit', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir, { deliveryBackoffMs: 50 });
    const env = { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
    const app = await receiver(() => ({ status: 200, body: '{"ok":true}' }));
    const url = app.url('/hooks/hiring-platform/receiver?team=recruiting&tenant=acme');
    const added = await runCli(['webhooks', 'add', '--url', url, '--event', 'job.created', '--json'], { env });
    expect(added.code, added.stderr).toBe(0);
    const webhookId = (JSON.parse(added.stdout) as { id: string }).id;
    const triggered = await runCli(['trigger', 'job.created', '--json'], { env });
    const event = (JSON.parse(triggered.stdout) as { id: string; type: string }[]).find(
      (item) => item.type === 'job.created',
    )!;
    await until(
      'the first delivery',
      () => app.requests.length >= 1,
      () => String(app.requests.length),
    );
    for (const width of WIDTHS) {
      const resent = await runCli(['events', 'resend', event.id], { env, tty: true, columns: width });
      expect(resent.code, resent.stderr).toBe(0);
      expect(plain(resent.stdout)).toMatch(/^Resent /);
      expectLaidOut(resent.stdout, width, [event.id, webhookId, `(${url}):`]);
      const shown = await runCli(['events', 'get', event.id], { env, tty: true, columns: width });
      const deliveries = shown.stdout.slice(shown.stdout.indexOf('Deliveries:'));
      expectLaidOut(deliveries, width, [webhookId, url]);
    }
    // Piped: one line, as before.
    const piped = await runCli(['events', 'resend', event.id], { env });
    expect(piped.stdout).toMatch(new RegExp(`^Resent ${event.id} to ${webhookId} \\(\\S+\\): #\\d+ [^\\n]+\\n$`));
  });

  it('emulator start: the banner is one value a line and fits; a deep data dir stands on its own line, whole', async () => {
    const box = await sandbox();
    for (const [index, width] of WIDTHS.entries()) {
      for (const dir of [
        join(box.root, `d${index}`),
        join(box.root, `d${index}`, 'a-rather-long-directory-for-emulator-data', 'and-one-more-level-below-it'),
      ]) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const start = running(['emulator', 'start', '--port', '0', '--data-dir', dir], box.env, width);
        await until('the banner', () => start.stderr().includes('Press Ctrl-C'), start.stderr);
        const origin = /Emulator listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/.exec(start.stderr())![1]!;
        // Its request lines too: the path with its query and the request id whole.
        const path = '/api/v1/candidates?job_id=job_tBkyQ8mZ3xW7pLq2&status=review&sort=-created_at';
        const answer = await fetch(`${origin}${path}`);
        const requestId = answer.headers.get('x-request-id')!;
        await until('the request line', () => start.stderr().includes(requestId), start.stderr);
        expect(await start.stop()).toBe(0);
        expectLaidOut(start.stderr().slice(start.stderr().indexOf('Press Ctrl-C')), width, [path, requestId]);
        const banner = start.stderr().slice(0, start.stderr().indexOf('Press Ctrl-C'));
        expectLaidOut(banner, width, [
          `${origin}/api/v1`,
          `${origin}/sandbox/api/v1`,
          join(dir, 'local.key'),
          join(dir, 'sandbox', 'local.key'),
          dir,
          `${origin}/apply/JOB_ID`,
        ]);
        expect(plain(banner)).toMatch(new RegExp(`^(?:Data {8})?${dir.replace(/[.\\/-]/g, '\\$&')}$`, 'm'));
        // One value a line: the two keys, the data dir and the addresses each on a line of their own.
        for (const value of [join(dir, 'local.key'), join(dir, 'sandbox', 'local.key')])
          expect(
            plain(banner)
              .split('\n')
              .filter((line) => line.includes(value)),
          ).toHaveLength(1);
      }
    }
  });
});
