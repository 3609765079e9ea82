// The webhook developer's loop end to end (issue 17; docs/emulator.md "Webhooks and events"), with
// the built binary as a user runs it, against a standing emulator over real HTTP: a listener that
// forwards to an app, `hire trigger` for every kind (each delivery verified at the app with the
// independent `standardwebhooks` library), `hire events resend` keeping the webhook-id, orphans of
// a SIGKILLed listener removed, a write key that registers and removes, and `hire logs tail`
// seeing what other commands do.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { hire, spawnHire, waitExit, waitFor, type Spawned } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
// Imported before env.js: the app closes after each test's processes are stopped.
import { listen as listenOn } from '../helpers/scripted-server.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { EVENT_KINDS } from '../../src/domain/vocabulary.js';

interface Delivered {
  id: string;
  type: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The developer's app: verifies every request with standardwebhooks and the secret it is given,
 * answers 401 to what does not verify, and handles each webhook-id once (receivers de-duplicate).
 */
async function app(
  secret: () => string,
): Promise<{ url: string; verified: Delivered[]; rejected: number; handled: Set<string> }> {
  const state = { verified: [] as Delivered[], rejected: 0, handled: new Set<string>() };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
        const event = new Webhook(secret()).verify(body, headers) as { id: string; type: string };
        state.verified.push({ id: event.id, type: event.type, headers: req.headers, body });
        state.handled.add(event.id);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } catch {
        state.rejected += 1;
        res.writeHead(401).end('bad signature');
      }
    });
  });
  const url = await listenOn(server);
  return Object.assign(state, { url: `${url}/hooks` });
}

/** The standing emulator, and the environment that points the CLI at it with a key. */
async function platform(backoffMs = 50): Promise<{ box: Sandbox; emu: TestEmulator; admin: Record<string, string> }> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir, { deliveryBackoffMs: backoffMs });
  return { box, emu, admin: { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key } };
}

async function writeKey(box: Sandbox, admin: Record<string, string>): Promise<string> {
  const made = await hire(box, ['emulator', 'keys', 'create', '--level', 'write', '--name', 'loop test', '--json'], {
    env: admin,
  });
  expect(made.code, made.stderr).toBe(0);
  return (JSON.parse(made.stdout) as { key: string }).key;
}

function listener(box: Sandbox, args: readonly string[], env: Record<string, string>): Spawned {
  return spawnHire(box, ['webhooks', 'listen', '--register', ...args], { env });
}

const registered = (proc: Spawned) =>
  waitFor(proc, '"Registered webhook"', () => /Registered webhook (wh_\w+)/.exec(proc.stderr)?.[1]);

describe('the webhook loop: listen, trigger, resend', () => {
  it('a write key registers a forwarding listener; every kind triggered reaches the app, verified with standardwebhooks; the listener cleans up', async () => {
    const { box, emu, admin } = await platform();
    const env = { HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: await writeKey(box, admin) };
    // The CI recipe: the listener's secret first, for the app under test; the listener signs with it.
    const printed = await hire(box, ['webhooks', 'listen', '--print-secret'], { env });
    expect(printed.code, printed.stderr).toBe(0);
    const secret = printed.stdout.trim();
    const target = await app(() => secret);
    const listen = listener(box, ['--forward-to', target.url], env);
    const webhookId = await registered(listen);
    expect(emu.store.get<{ id: string; secret: string }>('webhooks', webhookId)?.secret).toBe(secret);

    for (const kind of EVENT_KINDS) {
      const triggered = await hire(box, ['trigger', kind, '--json', '-v'], { env });
      expect(triggered.code, triggered.stderr).toBe(0);
      const events = JSON.parse(triggered.stdout) as { id: string; type: string; job_id: string }[];
      const event = events.filter((item) => item.type === kind).at(-1)!;
      expect(event, triggered.stdout).toBeDefined();
      expect(triggered.stderr).toContain(`Triggered ${kind}: ${event.id}`);
      const arrived = await waitFor(listen, `${kind} at the app`, () =>
        target.verified.find((item) => item.id === event.id),
      );
      expect(arrived.type).toBe(kind);
      // The app got the platform's own signature headers, relayed as they were.
      expect(arrived.headers['webhook-id']).toBe(event.id);
      expect(JSON.parse(arrived.body).data.job_id ?? JSON.parse(arrived.body).data.id).toBe(event.job_id);
    }
    expect(target.rejected).toBe(0);
    // The listener prints its line once the app has answered: waited for, not assumed.
    for (const kind of EVENT_KINDS)
      await waitFor(listen, `the ${kind} line`, () => listen.stdout.includes(`[valid] --> ${kind} `));

    listen.child.kill('SIGTERM');
    expect(await waitExit(listen, 'the listener after SIGTERM')).toEqual({ code: 0, signal: null });
    expect(listen.stderr).toContain(`Removed webhook ${webhookId}.`);
    expect(emu.store.all('webhooks')).toEqual([]);
  });

  it('events resend delivers again with the same webhook-id: the app handles it once; through a listener it is a duplicate', async () => {
    const { box, emu, admin } = await platform();
    const secret = `whsec_${Buffer.from('a developer app secret, 32 bytes!').toString('base64')}`;
    const target = await app(() => secret);
    const added = await hire(
      box,
      ['webhooks', 'add', '--url', target.url, '--event', 'job.created', '--secret-stdin', '--json'],
      { env: admin, stdin: secret },
    );
    expect(added.code, added.stderr).toBe(0);
    const triggered = await hire(box, ['trigger', 'job.created', '--json'], { env: admin });
    const event = (JSON.parse(triggered.stdout) as { id: string; type: string }[]).find(
      (item) => item.type === 'job.created',
    )!;
    const first = await waitFor(spawnedNothing(), 'the first delivery', () =>
      target.verified.find((item) => item.id === event.id),
    );

    const resent = await hire(box, ['events', 'resend', event.id], { env: admin });
    expect(resent.code, resent.stderr).toBe(0);
    expect(resent.stdout).toMatch(
      new RegExp(
        `^Resent ${event.id} to wh_\\w+ \\(${target.url.replace(/[.:/]/g, '\\$&')}\\): #2 .+ 200 +\\d+ ms +resend +"\\{\\\\"ok\\\\":true\\}"\\n$`,
      ),
    );
    const copies = target.verified.filter((item) => item.id === event.id);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(copies[1]!.body).toBe(first.body);
    expect(target.handled.size).toBe(1);

    // `events get` shows both attempts, the second marked as a resend, with the app's answer.
    const shown = await hire(box, ['events', 'get', event.id, '--json'], { env: admin });
    const record = JSON.parse(shown.stdout) as {
      deliveries: {
        attempts: { number: number; response_status: number; response_body: string; resend?: boolean }[];
      }[];
    };
    expect(
      record.deliveries[0]!.attempts.map((attempt) => [
        attempt.number,
        attempt.response_status,
        attempt.response_body,
        attempt.resend ?? false,
      ]),
    ).toEqual([
      [1, 200, '{"ok":true}', false],
      [2, 200, '{"ok":true}', true],
    ]);

    // Through a listener (a receiver that de-duplicates), the resent event is recognised.
    const listen = listener(box, ['--events', 'job.created'], admin);
    const listenerHook = await registered(listen);
    const second = JSON.parse((await hire(box, ['trigger', 'job.created', '--json'], { env: admin })).stdout) as {
      id: string;
      type: string;
    }[];
    const secondId = second.find((item) => item.type === 'job.created')!.id;
    await waitFor(listen, 'the first copy at the listener', () =>
      listen.stdout.includes(`[valid] --> job.created ${secondId}`),
    );
    const again = await hire(box, ['events', 'resend', secondId, '--webhook', listenerHook], { env: admin });
    expect(again.code, again.stderr).toBe(0);
    await waitFor(listen, 'the duplicate line', () => listen.stdout.includes('[duplicate, not relayed]'));
    expect(emu.store.all('webhooks')).toHaveLength(2);
  });

  it('a resend of a failed delivery is one more attempt; refused, it exits 1 with the answer; an unknown event is exit 4', async () => {
    // Retries 1 ms apart (then ×5): the delivery has failed all six attempts in well under a second.
    const { box, emu, admin } = await platform(1);
    const target = await app(() => 'whsec_' + Buffer.from('the app expects another secret').toString('base64'));
    const added = await hire(box, ['webhooks', 'add', '--url', target.url, '--event', 'job.created', '--json'], {
      env: admin,
    });
    expect(added.code, added.stderr).toBe(0);
    const triggered = JSON.parse((await hire(box, ['trigger', 'job.created', '--json'], { env: admin })).stdout) as {
      id: string;
      type: string;
    }[];
    const id = triggered.find((item) => item.type === 'job.created')!.id;
    await waitFor(spawnedNothing(), 'the delivery to fail', () =>
      emu.store
        .all<{ id: string; event_id: string; state: string }>('deliveries')
        .some((delivery) => delivery.event_id === id && delivery.state === 'failed'),
    );
    const resent = await hire(box, ['events', 'resend', id], { env: admin });
    expect(resent.code).toBe(1);
    expect(resent.stdout).toMatch(/: #7 .+ 401 +\d+ ms +resend +"bad signature"\n$/);
    expect(target.rejected).toBe(7);
    const [delivery] = emu.store.all<{ id: string; event_id: string; state: string; attempts: unknown[] }>(
      'deliveries',
    );
    expect([delivery!.state, delivery!.attempts.length]).toEqual(['failed', 7]);
    const missing = await hire(box, ['events', 'resend', 'evt_nope'], { env: admin });
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('No event with id evt_nope.');
  });
});

/** waitFor needs a process to watch for an early exit; here there is none to watch. */
function spawnedNothing(): Spawned {
  return { exit: undefined } as unknown as Spawned;
}

describe('listen --register after a listener was killed', () => {
  it("removes the webhook a SIGKILLed listener left behind, and never a running listener's", async () => {
    const { box, emu, admin } = await platform();
    const killed = listener(box, ['--events', 'job.created'], admin);
    const orphan = await registered(killed);
    killed.child.kill('SIGKILL');
    await waitExit(killed, 'the killed listener');
    const running = listener(box, ['--events', 'job.created'], admin);
    const kept = await registered(running);
    expect(running.stderr).toContain(`Removed webhook ${orphan} (`);
    expect(running.stderr).toContain('left by a listener that did not stop cleanly');
    expect(emu.store.all<{ id: string }>('webhooks').map((webhook) => webhook.id)).toEqual([kept]);

    // A third listener while the second runs: the second's webhook stays.
    const third = listener(box, ['--events', 'job.created'], admin);
    const thirdHook = await registered(third);
    expect(third.stderr).not.toContain('left by a listener');
    expect(
      emu.store
        .all<{ id: string }>('webhooks')
        .map((webhook) => webhook.id)
        .sort(),
    ).toEqual([kept, thirdHook].sort());
    for (const proc of [running, third]) {
      proc.child.kill('SIGTERM');
      expect(await waitExit(proc, 'a listener after SIGTERM')).toEqual({ code: 0, signal: null });
    }
    expect(emu.store.all('webhooks')).toEqual([]);
    // Nothing left for a later listener to clean: the config holds no listener.
    const config = JSON.parse(
      await import('node:fs').then((fs) => fs.readFileSync(`${box.configDir}/config.json`, 'utf8')),
    ) as Record<string, unknown>;
    expect(config.listen_webhooks).toBeUndefined();
  });
});

describe('listen --register after a listener was killed, by id', () => {
  it('removes only the webhook the killed listener registered, not another at the same address', async () => {
    const { box, emu, admin } = await platform();
    const killed = listener(box, ['--events', 'job.created'], admin);
    const orphan = await registered(killed);
    const address = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(killed.stderr)![1]!;
    killed.child.kill('SIGKILL');
    await waitExit(killed, 'the killed listener');
    // A webhook someone added by hand at the same address (or a new listener's): not the orphan.
    const added = await hire(box, ['webhooks', 'add', '--url', `${address}/`, '--event', 'job.created', '--json'], {
      env: admin,
    });
    expect(added.code, added.stderr).toBe(0);
    const keep = (JSON.parse(added.stdout) as { id: string }).id;
    const next = listener(box, ['--events', 'job.created'], admin);
    const own = await registered(next);
    expect(next.stderr).toContain(`Removed webhook ${orphan} (`);
    expect(
      emu.store
        .all<{ id: string }>('webhooks')
        .map((webhook) => webhook.id)
        .sort(),
    ).toEqual([keep, own].sort());
  });
});

describe('bad input to the loop commands', () => {
  it('is refused with exit 2 and a message naming it, before anything is sent', async () => {
    const { box, admin } = await platform();
    const deep = await hire(
      box,
      ['trigger', 'job.created', '--override', `${Array.from({ length: 9 }, () => 'a').join('.')}=1`],
      { env: admin },
    );
    expect(deep.code).toBe(2);
    expect(deep.stderr).toContain('overrides.a.a.a.a.a.a.a.a.a: must name at most 8 levels');
    const list = await hire(box, ['trigger', 'job.created', '--override', 'skills.x=Go'], { env: admin });
    expect(list.code).toBe(2);
    expect(list.stderr).toContain('overrides.skills.x: skills is a list of 2: name an item by its number, 0 to 2');
    const item = await hire(
      box,
      ['trigger', 'job.created', '--override', 'skills.0=Go', '--override', 'skills.2=Rust', '--json'],
      { env: admin },
    );
    expect(item.code, item.stderr).toBe(0);
    expect((JSON.parse(item.stdout) as { type: string; data: { skills: string[] } }[])[0]!.data.skills).toEqual([
      'Go',
      'Node.js',
      'Rust',
    ]);
    for (const id of ['..', '.', '']) {
      const odd = await hire(box, ['events', 'get', id], { env: admin });
      expect(odd.code).toBe(2);
      expect(odd.stderr).toBe(`Error: "${id}" is not an id.\n`);
    }
    const csv = await hire(box, ['logs', 'tail', '-o', 'csv'], { env: admin });
    expect([csv.code, csv.stderr]).toEqual([
      2,
      'Error: logs tail prints lines, or one JSON object per line with --json or -o ndjson; it has no CSV form.\n',
    ]);
    const inverted = await hire(box, ['events', 'list', '--since', '2026-11-24', '--until', '2026-11-23'], {
      env: admin,
    });
    expect(inverted.code).toBe(2);
    expect(inverted.stderr).toContain(
      '--since (2026-11-24T00:00:00.000Z) is not before --until (2026-11-23T00:00:00.000Z)',
    );
  });

  it("HIRE_BASE_URL at a server that is not this data dir's emulator never gets the local key", async () => {
    const box = await sandbox();
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found","message":"no"}}');
    });
    const origin = await listenOn(server);
    const result = await hire(box, ['trigger', 'job.created'], { env: { HIRE_BASE_URL: `${origin}/api/v1` } });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      `HIRE_BASE_URL points at ${origin}, which does not prove it is this data dir's emulator; the local key was not sent.`,
    );
    expect(seen.every((header) => header === undefined)).toBe(true);
  });
});

describe('hire logs tail', () => {
  const tail = (box: Sandbox, args: readonly string[], env: Record<string, string> = {}) => {
    const proc = spawnHire(box, ['logs', 'tail', ...args], { env });
    return { proc, ready: waitFor(proc, 'the "Tailing" line', () => proc.stderr.includes('Tailing')) };
  };
  const lines = (proc: Spawned) =>
    proc.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('streams the requests of other commands, with the key name and never the key; --status filters', async () => {
    const { box, admin } = await platform();
    const write = await writeKey(box, admin);
    const all = tail(box, ['--json'], admin);
    const errors = tail(box, ['--status', '4xx', '--json'], admin);
    await Promise.all([all.ready, errors.ready]);
    const listed = await hire(box, ['jobs', 'list', '--json'], { env: { ...admin, HIRE_API_KEY: write } });
    expect(listed.code, listed.stderr).toBe(0);
    const missing = await hire(box, ['jobs', 'get', 'job_nope'], { env: admin });
    expect(missing.code).toBe(4);

    const seen = await waitFor(all.proc, 'both requests', () => {
      const entries = lines(all.proc);
      return entries.some((entry) => entry.status === 404) ? entries : undefined;
    });
    const list = seen.find(
      (entry) => entry.method === 'GET' && entry.status === 200 && /^\/api\/v1\/jobs(\?|$)/.test(String(entry.path)),
    )!;
    expect(list).toMatchObject({ status: 200, key_name: 'loop test' });
    expect(list.request_id).toMatch(/^req_/);
    expect(typeof list.ms).toBe('number');
    expect(Object.keys(list).sort()).toEqual(['at', 'key_name', 'method', 'ms', 'path', 'request_id', 'status']);
    expect(seen.find((entry) => entry.status === 404)).toMatchObject({
      method: 'GET',
      path: '/api/v1/jobs/job_nope',
      key_name: 'local profile',
    });
    expect(all.proc.stdout).not.toContain(write);
    expect(all.proc.stdout).not.toContain(admin.HIRE_API_KEY);

    // The 404 came after the 200: once it is printed, a 200 that passed the filter would have been too.
    await waitFor(errors.proc, 'the 404', () => lines(errors.proc).length > 0);
    expect(lines(errors.proc).map((entry) => entry.status)).toEqual([404]);

    all.proc.child.kill('SIGINT');
    expect(await waitExit(all.proc, 'tail after SIGINT')).toEqual({ code: 130, signal: null });
  });

  it('with no emulator running, sees the requests of a command with its own in-process emulator', async () => {
    const box = await sandbox();
    const watching = tail(box, ['--path', '/jobs', '--method', 'post']);
    await watching.ready;
    const created = await hire(box, ['jobs', 'create', '--title', 'Tail Engineer', '--description', DESCRIPTION, '-q']);
    expect(created.code, created.stderr).toBe(0);
    await waitFor(watching.proc, 'the POST line', () => /POST +201 /.exec(watching.proc.stdout));
    expect(watching.proc.stdout).toMatch(
      /^\d\d:\d\d:\d\d {2}POST {3}201 +[\d.]+ ms {2}\/api\/v1\/jobs {2}req_\w+ {2}local profile\n$/,
    );
    watching.proc.child.kill('SIGTERM');
    expect(await waitExit(watching.proc, 'tail after SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('on a profile that is not the emulator: says the platform publishes no log, exit 2; bad filters are exit 2', async () => {
    const box = await sandbox();
    box.writeConfig({
      profiles: {
        prod: {
          environment: 'production',
          base_url: 'https://api.example.com/api/v1',
          api_key: 'hk_live_abcdefghijklmnopqrstuvwx',
        },
      },
    });
    const remote = await hire(box, ['logs', 'tail', '--profile', 'prod']);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain(
      'hire logs tail works on the local emulator; profile "prod" is production. The platform publishes no request log API',
    );
    const trigger = await hire(box, ['trigger', 'job.created', '--profile', 'prod']);
    expect(trigger.code).toBe(2);
    expect(trigger.stderr).toContain('hire trigger works on the local emulator');
    const bad = await hire(box, ['logs', 'tail', '--status', '4x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('Error: --status takes statuses such as 4xx, 404 or 2xx,5xx (got "4x").\n');
  });
});
