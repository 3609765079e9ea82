// `webhooks listen --register` cleans up exactly what a killed listener made: on the default local
// profile with no standing emulator (an in-process emulator on a new port each run), after a kill
// while registering (resolved by sending the registration again with its Idempotency-Key), and
// never another profile's live listener at the same address. Also: signatures are over the bytes.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hire, spawnHire, waitExit, waitFor, type Spawned } from '../helpers/bin.js';
import { forward, listen, readBody, relay } from '../helpers/scripted-server.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';

const registered = (proc: Spawned) =>
  waitFor(proc, '"Registered webhook"', () => /Registered webhook (wh_\w+)/.exec(proc.stderr)?.[1]);
const listening = (proc: Spawned) =>
  waitFor(proc, '"Listening on"', () => /Listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(proc.stderr)?.[1]);

async function webhookIds(box: Sandbox, env: Record<string, string> = {}): Promise<string[]> {
  const listed = await hire(box, ['webhooks', 'list', '--json', '-q'], { env });
  expect(listed.code, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as { id: string }[]).map((webhook) => webhook.id).sort();
}

/**
 * A proxy before the emulator that, for the next POST /webhooks, either forwards it and holds the
 * answer (`after`: the webhook is made, the listener never hears of it) or holds it unsent
 * (`before`: no webhook is made). `reached` resolves when that request arrived.
 */
async function registrationTrap(apiUrl: string, mode: 'after' | 'before') {
  const target = new URL(apiUrl);
  let armed = true;
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (armed && req.method === 'POST' && (req.url ?? '').endsWith('/webhooks')) {
        armed = false;
        if (mode === 'after') await forward(req, body, target);
        reached();
        return; // no answer: the listener is killed waiting for it
      }
      relay(res, await forward(req, body, target));
    })();
  });
  return { apiUrl: `${await listen(server)}${target.pathname}`, arrived };
}

describe('listen --register cleans up what a killed listener made', () => {
  it('on the default local profile with no standing emulator (a new port each run)', async () => {
    const box = await sandbox();
    const killed = spawnHire(box, ['webhooks', 'listen', '--register', '--events', 'job.created']);
    const orphan = await registered(killed);
    killed.child.kill('SIGKILL');
    await waitExit(killed, 'the killed listener');
    expect(await webhookIds(box)).toEqual([orphan]);
    const next = spawnHire(box, ['webhooks', 'listen', '--register', '--events', 'job.created']);
    const own = await registered(next);
    expect(next.stderr).toContain(`Removed webhook ${orphan} (`);
    expect(await webhookIds(box)).toEqual([own]);
    next.child.kill('SIGTERM');
    expect(await waitExit(next, 'the listener after SIGTERM')).toEqual({ code: 0, signal: null });
    expect(await webhookIds(box)).toEqual([]);
    const config = JSON.parse(readFileSync(`${box.configDir}/config.json`, 'utf8')) as Record<string, unknown>;
    expect(config.listen_webhooks).toBeUndefined();
  });

  it('killed after its registration was made but before it heard the answer: the same request again names the webhook, and only it is removed', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const trap = await registrationTrap(emu.apiUrl, 'after');
    const env = { HIRE_BASE_URL: trap.apiUrl, HIRE_API_KEY: emu.key };
    const killed = spawnHire(box, ['webhooks', 'listen', '--register', '--events', 'job.created'], { env });
    const port = await listening(killed);
    await trap.arrived;
    killed.child.kill('SIGKILL');
    await waitExit(killed, 'the listener killed while registering');
    const [orphan] = emu.store.all<{ id: string; url: string }>('webhooks');
    expect(orphan?.url).toBe(`http://127.0.0.1:${port}/`);
    // Someone's webhook at the same address: nothing proves it is the listener's, so it stays.
    const added = await hire(
      box,
      ['webhooks', 'add', '--url', `http://127.0.0.1:${port}/`, '--event', 'job.created', '--json', '-q'],
      { env },
    );
    const keep = (JSON.parse(added.stdout) as { id: string }).id;
    const next = spawnHire(box, ['webhooks', 'listen', '--register', '--events', 'job.created'], { env });
    const own = await registered(next);
    expect(next.stderr).toContain(`Removed webhook ${orphan!.id} (`);
    expect(
      emu.store
        .all<{ id: string }>('webhooks')
        .map((webhook) => webhook.id)
        .sort(),
    ).toEqual([keep, own].sort());
  });

  it("killed before its registration reached the platform: another profile's live listener at that address keeps its webhook", async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const trap = await registrationTrap(emu.apiUrl, 'before');
    const env = { HIRE_BASE_URL: trap.apiUrl, HIRE_API_KEY: emu.key };
    const killed = spawnHire(box, ['webhooks', 'listen', '--register', '--events', 'job.created'], { env });
    const port = await listening(killed);
    await trap.arrived;
    killed.child.kill('SIGKILL');
    await waitExit(killed, 'the listener killed while registering');
    expect(emu.store.all('webhooks')).toEqual([]);
    // Profile "other" listens on the address the killed one had, and registers it.
    const login = await hire(box, ['auth', 'login', '--profile', 'other', '--base-url', emu.apiUrl, '--with-key'], {
      stdin: `${emu.key}\n`,
    });
    expect(login.code, login.stderr).toBe(0);
    const other = spawnHire(box, [
      'webhooks',
      'listen',
      '--register',
      '--events',
      'job.created',
      '--port',
      port,
      '--profile',
      'other',
    ]);
    const live = await registered(other);
    const next = spawnHire(box, ['webhooks', 'listen', '--register', '--events', 'job.created'], { env });
    const own = await registered(next);
    // The request sent again was made now, for the killed listener's address: that one is removed.
    expect(next.stderr).toMatch(/Removed webhook wh_\w+ \(/);
    expect(next.stderr).not.toContain(`Removed webhook ${live}`);
    expect(
      emu.store
        .all<{ id: string }>('webhooks')
        .map((webhook) => webhook.id)
        .sort(),
    ).toEqual([live, own].sort());
  });
});

describe('signatures over the bytes received', () => {
  it('listen and verify accept a delivery whose body is not UTF-8, signed over its bytes, and relay those bytes unchanged', async () => {
    const box = await sandbox();
    const secret = 'bytes-secret-0123456789abcdef';
    const id = 'evt_bytes';
    const timestamp = Math.floor(Date.now() / 1000);
    // A JSON event whose string holds a byte that is not UTF-8 (0xff).
    const body = Buffer.concat([
      Buffer.from('{"id":"evt_bytes","type":"job.created","data":{"title":"caf'),
      Buffer.from([0xff]),
      Buffer.from('"}}'),
    ]);
    const signature = `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;

    const relayed: Buffer[] = [];
    const app = createServer((req, res) => {
      void readBody(req).then((received) => {
        relayed.push(received);
        res.writeHead(200).end('{}');
      });
    });
    const appUrl = await listen(app);
    const listener = spawnHire(box, ['webhooks', 'listen', '--secret', secret, '--forward-to', `${appUrl}/hooks`]);
    const port = await listening(listener);
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(
        `http://127.0.0.1:${port}/`,
        {
          method: 'POST',
          headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
    expect(status).toBe(200);
    expect(relayed).toHaveLength(1);
    expect(relayed[0]!.equals(body)).toBe(true);

    const { writeFileSync } = await import('node:fs');
    const file = `${box.root}/payload.bin`;
    writeFileSync(file, body);
    const verified = await hire(box, [
      'webhooks',
      'verify',
      '--secret',
      secret,
      '--id',
      id,
      '--timestamp',
      String(timestamp),
      '--signature',
      signature,
      '--payload-file',
      file,
    ]);
    expect([verified.code, verified.stdout]).toEqual([0, 'valid\n']);
  });
});
