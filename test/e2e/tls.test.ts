// HTTPS (issue 27): `hire emulator start --tls` serves both environments and the pages over HTTPS
// with a certificate it makes and keeps in the data dir; the local profile follows its scheme;
// HIRE_BASE_URL=https://… works; the CLI checks certificates as Node does (NODE_EXTRA_CA_CERTS,
// given to a spawned process: it is read at start), and no https URL ends in "unexpected failure".
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../src/emulator/access/tls.js';
import { hire, spawnHire, waitExit, waitFor, type Result } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';
import { reply, serve } from '../helpers/scripted-server.js';
import { opensslCertificate } from '../helpers/certificates.js';

const LISTENING = /Emulator listening on (https?:\/\/127\.0\.0\.1:\d+)\/api\/v1/;

/** `hire emulator start ARGS` once it listens: its origin. */
async function start(box: Sandbox, args: string[]) {
  const proc = spawnHire(box, ['emulator', 'start', ...args]);
  const origin = (await waitFor(proc, 'the emulator to listen', () => LISTENING.exec(proc.stderr)))[1]!;
  await waitFor(proc, 'the certificate notice', () => /NODE_EXTRA_CA_CERTS=/.test(proc.stderr));
  return { proc, origin };
}

async function stop(proc: ReturnType<typeof spawnHire>): Promise<void> {
  proc.child.kill('SIGTERM');
  expect(await waitExit(proc, 'the emulator')).toEqual({ code: 0, signal: null });
}

function json<T>(result: Result): T {
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** GET over https trusting `ca` only: the status and body. */
function fetchTrusting(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { ca, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

function expectCleanNetworkFailure(result: Result): void {
  expect(result.code, result.stderr).toBe(6);
  expect(result.stderr).not.toMatch(/unexpected failure/i);
}

describe('hire emulator start --tls', () => {
  it('serves the API, the sandbox and the pages over HTTPS to a client that trusts its certificate; the local profile follows', async () => {
    const port = await unusedPort();
    const box = await sandbox({ localUrl: `http://127.0.0.1:${port}/api/v1` });
    const { proc, origin } = await start(box, ['--tls', '--port', String(port)]);
    expect(origin).toBe(`https://127.0.0.1:${port}`);
    const certPath = join(box.dataDir, 'tls', 'cert.pem');
    expect(proc.stderr).toContain(`NODE_EXTRA_CA_CERTS=${certPath}`);
    expect(statSync(join(box.dataDir, 'tls', 'key.pem')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(box.dataDir, 'emulator.json'), 'utf8'))).toMatchObject({ url: origin });
    const trusted = { NODE_EXTRA_CA_CERTS: certPath };

    // The profile names http://127.0.0.1:PORT; the emulator there speaks https, and is used so.
    // -v: under --json the notice that names the emulator is written only then (README "Output").
    const created = await hire(
      box,
      ['jobs', 'create', '--title', 'Over TLS', '--description', DESCRIPTION, '--publish', '--json', '-v'],
      { env: trusted },
    );
    const job = json<{ id: string; application_url: string }>(created);
    expect(created.stderr).toContain(`Using the local emulator at ${origin}.`);
    expect(created.stderr).not.toContain('Something other than');
    expect(job.application_url).toBe(`${origin}/apply/${job.id}`);
    const page = await fetchTrusting(job.application_url, readFileSync(certPath, 'utf8'));
    expect(page.status).toBe(200);
    expect(page.body).toContain('Over TLS');

    const sandboxJobs = json<unknown[]>(
      await hire(box, ['-p', 'local-sandbox', 'jobs', 'list', '--json'], { env: trusted }),
    );
    expect(sandboxJobs.length).toBeGreaterThan(0); // the sandbox's seeded jobs

    // HIRE_BASE_URL at the emulator, by address and by name (both in the certificate).
    for (const host of ['127.0.0.1', 'localhost']) {
      const listed = json<{ id: string }[]>(
        await hire(box, ['jobs', 'list', '--json'], { env: { ...trusted, HIRE_BASE_URL: `https://${host}:${port}` } }),
      );
      expect(listed.map((item) => item.id)).toEqual([job.id]);
    }
    await stop(proc);
  });

  it('a client that does not trust the certificate, or trusts another one, stops with exit 6 and says how to trust it', async () => {
    const box = await sandbox();
    const { proc, origin } = await start(box, ['--tls', '--port', '0']);
    const certPath = join(box.dataDir, 'tls', 'cert.pem');
    const other = join(box.root, 'other-cert.pem');
    writeFileSync(other, selfSignedCertificate().cert);
    for (const env of [{}, { NODE_EXTRA_CA_CERTS: other }] as Record<string, string>[]) {
      // The local profile (the emulator found through its record), and HIRE_BASE_URL at it.
      for (const extra of [{}, { HIRE_BASE_URL: origin }] as Record<string, string>[]) {
        const result = await hire(box, ['jobs', 'list'], { env: { ...env, ...extra } });
        expectCleanNetworkFailure(result);
        expect(result.stderr).toContain('TLS certificate');
        expect(result.stderr).toContain(`NODE_EXTRA_CA_CERTS=${certPath}`);
        const asJson = await hire(box, ['jobs', 'list', '--json'], { env: { ...env, ...extra } });
        expectCleanNetworkFailure(asJson);
        expect(JSON.parse(asJson.stderr)).toMatchObject({ error: { code: 'tls_certificate' } });
      }
      // With a key of its own the CLI goes straight to the server: the client's own check says so.
      const key = readFileSync(join(box.dataDir, 'local.key'), 'utf8').trim();
      const direct = await hire(box, ['jobs', 'list'], { env: { ...env, HIRE_BASE_URL: origin, HIRE_API_KEY: key } });
      expectCleanNetworkFailure(direct);
      expect(direct.stderr).toMatch(/TLS certificate problem/);
      expect(direct.stderr).toContain('NODE_EXTRA_CA_CERTS');
    }
    await stop(proc);
  });

  it('keeps its certificate for the next start', async () => {
    const box = await sandbox();
    const first = await start(box, ['--tls', '--port', '0']);
    expect(first.proc.stderr).toContain('Made a TLS certificate');
    const cert = readFileSync(join(box.dataDir, 'tls', 'cert.pem'), 'utf8');
    await stop(first.proc);
    const second = await start(box, ['--tls', '--port', '0']);
    expect(second.proc.stderr).not.toContain('Made a TLS certificate');
    expect(readFileSync(join(box.dataDir, 'tls', 'cert.pem'), 'utf8')).toBe(cert);
    await stop(second.proc);
  });

  it("--tls-cert and --tls-key serve the user's own certificate; a bad pair is exit 2 naming the flag", async () => {
    const box = await sandbox();
    const cert = join(box.root, 'mine.pem');
    const key = join(box.root, 'mine.key');
    opensslCertificate(cert, key, { subjectAltName: 'DNS:localhost', days: 2 });
    const { proc, origin } = await start(box, ['--tls-cert', cert, '--tls-key', key, '--port', '0']);
    expect(proc.stderr).toContain(`NODE_EXTRA_CA_CERTS=${cert}`);
    const port = new URL(origin).port;
    const listed = await hire(box, ['jobs', 'list', '--json'], {
      env: { NODE_EXTRA_CA_CERTS: cert, HIRE_BASE_URL: `https://localhost:${port}` },
    });
    expect(json<unknown[]>(listed)).toEqual([]);
    // Its certificate names localhost only: at 127.0.0.1 it is the wrong certificate, trusted. Said
    // so, with the names it holds and the address asked for, through the emulator's probe (the
    // local profile, HIRE_BASE_URL at it) and the client's own check (a key of one's own); trusting
    // it again would not help, so NODE_EXTRA_CA_CERTS is not suggested.
    const localKey = readFileSync(join(box.dataDir, 'local.key'), 'utf8').trim();
    for (const env of [
      {},
      { HIRE_BASE_URL: `https://127.0.0.1:${port}` },
      { HIRE_BASE_URL: `https://127.0.0.1:${port}`, HIRE_API_KEY: localKey },
    ] as Record<string, string>[]) {
      const byAddress = await hire(box, ['jobs', 'list'], { env: { NODE_EXTRA_CA_CERTS: cert, ...env } });
      expectCleanNetworkFailure(byAddress);
      expect(byAddress.stderr).toContain('its TLS certificate names localhost, not 127.0.0.1');
      expect(byAddress.stderr).not.toContain('NODE_EXTRA_CA_CERTS');
    }
    await stop(proc);

    const alone = await hire(box, ['emulator', 'start', '--tls-cert', cert, '--port', '0']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--tls-cert and --tls-key go together');
    const missing = await hire(box, [
      'emulator',
      'start',
      '--tls-cert',
      cert,
      '--tls-key',
      join(box.root, 'nope.key'),
      '--port',
      '0',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--tls-key: Cannot read .*nope\.key: no such file/);
    const mismatched = await hire(box, [
      'emulator',
      'start',
      '--tls-cert',
      cert,
      '--tls-key',
      join(box.dataDir, 'tls', 'key.pem'),
      '--port',
      '0',
    ]);
    expect(mismatched.code).toBe(2);
  });
});

describe('https URLs that lead nowhere good', () => {
  it('a plain-http server at an https URL, and nothing listening: exit 6, never "unexpected failure"', async () => {
    const box = await sandbox();
    const plain = await serve(reply(200, { data: [] }));
    const plainHttps = plain.origin.replace(/^http:/, 'https:');
    const nothing = `https://127.0.0.1:${await unusedPort()}`;
    for (const url of [plainHttps, nothing]) {
      for (const key of [{}, { HIRE_API_KEY: 'hk_test_0123456789abcdef0123' }] as Record<string, string>[]) {
        for (const flags of [[], ['--json']]) {
          const result = await hire(box, ['jobs', 'list', '--max-retries', '0', ...flags], {
            env: { HIRE_BASE_URL: url, ...key },
          });
          expectCleanNetworkFailure(result);
          if (flags.length > 0)
            expect(JSON.parse(result.stderr)).toMatchObject({
              error: { code: expect.stringMatching(/^(tls_error|network_error|connection_refused)$/) },
            });
          if (url === plainHttps) expect(result.stderr).toMatch(/does not speak TLS/);
        }
      }
    }
    // The plain server was never sent a key.
    expect(plain.requests.filter((request) => request.headers.authorization)).toEqual([]);
  });
});
