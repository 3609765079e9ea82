// hire doctor (docs/profiles.md "Checking a server: hire doctor"): against the emulator every
// operation is offered and the key, rate limit and clock check out; against a server that offers
// only the published operations (a gateway's bare 404 for the rest) the assumed reads are not
// offered, the assumed writes unknown, and the profile's learned book is forgotten and written
// again; a refused key, a skewed clock and a deprecation are reported. It never writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { opensslCertificate } from '../helpers/certificates.js';
import { listen, serve } from '../helpers/scripted-server.js';

type Rec = Record<string, any>;

interface Doctor {
  profile: string;
  base_url: string;
  environment: string;
  checks: { name: string; ok: boolean | null; detail: string }[];
  operations: { method: string; path: string; published: boolean; offered: boolean | null; commands: string[] }[];
}

const check = (report: Doctor, name: string) => report.checks.find((entry) => entry.name === name)!;
const operation = (report: Doctor, name: string) =>
  report.operations.find((entry) => `${entry.method} ${entry.path}` === name)!;

async function emulatorWorld(): Promise<{ box: Sandbox; emu: TestEmulator; env: Record<string, string> }> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir);
  return { box, emu, env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key } };
}

async function makeKey(emu: TestEmulator, body: Rec): Promise<string> {
  const answer = await fetch(`${emu.origin}/_emulator/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { data: { key: string } }).data.key;
}

/** The requests the emulator answered (method and path), from its request log. */
async function methodsLogged(emu: TestEmulator): Promise<string[]> {
  const answer = await fetch(`${emu.origin}/_emulator/requests?after=0`, {
    headers: { authorization: `Bearer ${emu.key}` },
  });
  const { data } = (await answer.json()) as { data: Rec[] };
  return data.map((entry) => String(entry.method));
}

const BARE_404 = { error: { code: 'not_found', message: 'Not found' } };

/**
 * A platform as published: GET /jobs, GET /candidates and GET /analytics answer (each list with one
 * record); every other path gets a gateway's bare 404, as does /openapi.json. `headers` go on
 * every answer.
 */
function publishedOnly(headers: Record<string, string> = {}) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '', 'http://x').pathname;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-ratelimit-limit': '1000',
        'x-ratelimit-remaining': '990',
        'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1800),
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    const list = (id: string) => send(200, { data: [{ id }], meta: { total_count: 1 } });
    if (req.method !== 'GET') return send(404, BARE_404);
    if (path === '/api/v1/jobs') return list('job_003');
    if (path === '/api/v1/candidates') return list('cand_003');
    if (path === '/api/v1/analytics') return send(200, { data: { jobs: { total: 1 } } });
    return send(404, BARE_404);
  };
}

/** A sandbox whose profile `edge` is the scripted server, with a key (never a real one). */
async function edgeWorld(origin: string, learned?: string[]) {
  const box = await sandbox();
  const baseUrl = `${origin}/api/v1`;
  box.writeConfig({
    default_profile: 'edge',
    profiles: { edge: { environment: 'production', base_url: baseUrl, api_key: 'hk_test_doctor0000000000000001' } },
    ...(learned ? { learned: { edge: { base_url: baseUrl, not_offered: learned } } } : {}),
  });
  const learnedNow = (): string[] | undefined =>
    (JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8')) as Rec).learned?.edge?.not_offered;
  return { box, baseUrl, learnedNow };
}

describe('hire doctor against the emulator', () => {
  it('finds every operation offered, the admin key, the rate limit and the clock; it only reads', async () => {
    const { emu, env } = await emulatorWorld();
    const made = await runCli(
      ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION, '--json'],
      {
        env,
      },
    );
    expect(made.code, made.stderr).toBe(0);
    const before = await methodsLogged(emu);

    const result = await runCli(['doctor', '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    const report = json<Doctor>(result);
    expect(Object.keys(report)).toEqual(['profile', 'base_url', 'environment', 'checks', 'operations']);
    expect(report.base_url).toBe(emu.apiUrl);
    expect(report.environment).toBe('production');
    expect(report.operations).toHaveLength(21);
    for (const entry of report.operations) {
      expect(Object.keys(entry)).toEqual(['method', 'path', 'published', 'offered', 'commands']);
      expect(entry.offered, `${entry.method} ${entry.path}`).toBe(true);
    }
    expect(operation(report, 'GET /jobs/{id}')).toMatchObject({ published: false, offered: true });
    // The commands of each operation, from their declarations; doctor itself is not named.
    expect(operation(report, 'GET /jobs/{id}').commands).toContain('jobs get');
    expect(operation(report, 'PATCH /candidates/{id}').commands).toEqual(['candidates move']);
    expect(operation(report, 'GET /jobs').commands).toEqual(expect.arrayContaining(['jobs list', 'status']));
    for (const entry of report.operations) expect(entry.commands).not.toContain('doctor');
    expect(operation(report, 'POST /jobs')).toMatchObject({ published: true, offered: true });
    for (const name of ['address', 'https', 'key', 'key_level', 'clock', 'version', 'openapi', 'rate_limit'])
      expect(check(report, name).ok, `${name}: ${check(report, name).detail}`).toBe(true);
    expect(check(report, 'key_level').detail).toMatch(/^admin/);
    expect(check(report, 'rate_limit').detail).toMatch(/^[\d,]+ of [\d,]+ requests left; the window resets in /);
    expect(check(report, 'clock').detail).toMatch(/^agrees with ours/);
    expect(check(report, 'openapi').detail).toMatch(/lists 21 of the 21 operations/);
    // The key never shows, masked or whole.
    expect(result.stdout + result.stderr).not.toContain(emu.key);

    // Every request doctor sent was a read.
    const after = (await methodsLogged(emu)).slice(before.length);
    expect(after.length).toBeGreaterThan(5);
    expect(new Set(after)).toEqual(new Set(['GET']));
  });

  it("names a read key's level, and says a key that expired fails with exit 3, the report printed first", async () => {
    const { box, emu } = await emulatorWorld();
    const read = await makeKey(emu, { level: 'read' });
    const asRead = await runCli(['doctor', '--json'], {
      env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: read },
    });
    expect(asRead.code, asRead.stderr).toBe(0);
    expect(check(json<Doctor>(asRead), 'key_level')).toMatchObject({ ok: true, detail: 'read (the emulator said so)' });

    const expired = await makeKey(emu, { level: 'read', expires_in_seconds: 0 });
    const result = await runCli(['doctor', '--json'], {
      env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: expired },
    });
    expect(result.code).toBe(3);
    const report = json<Doctor>(result);
    expect(check(report, 'address').ok).toBe(true);
    expect(check(report, 'key')).toMatchObject({ ok: false });
    expect(check(report, 'key').detail).toContain('key_expired');
    expect(report.operations.every((entry) => entry.offered === null)).toBe(true);
    expect(JSON.parse(result.stderr).error.code).toBe('key_expired');
    expect(result.stdout + result.stderr).not.toContain(expired);
  });
});

describe('hire doctor against a server that offers only the published operations', () => {
  it('against the emulator started --published-only: assumed reads not offered, writes unknown, published offered', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir, { publishedOnly: true });
    const job = await emu.call('POST', '/jobs', {
      body: { title: 'Backend Engineer', description: DESCRIPTION, publish: true },
    });
    expect(job.status).toBe(201);
    const simulated = await fetch(`${emu.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: job.json.data.id, applications: 2 }),
    });
    expect(simulated.status).toBe(201);
    const env = { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
    const result = await runCli(['doctor', '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    const report = json<Doctor>(result);
    for (const entry of report.operations) {
      const name = `${entry.method} ${entry.path}`;
      if (entry.published) expect(entry.offered, name).toBe(true);
      else if (entry.method !== 'GET') expect(entry.offered, name).toBeNull();
    }
    // A read of a record its list shows, answered 404: not offered; a list answered 404 likewise.
    expect(operation(report, 'GET /jobs/{id}').offered).toBe(false);
    expect(operation(report, 'GET /candidates/{id}').offered).toBe(false);
    for (const name of ['GET /assessments', 'GET /webhooks', 'GET /deliveries', 'GET /events'])
      expect(operation(report, name).offered, name).toBe(false);
    // An assessment its job names, answered 404: not offered, though its own list is not there.
    expect(operation(report, 'GET /assessments/{id}').offered).toBe(false);
    // Nothing to read them with: unknown.
    for (const name of ['GET /webhooks/{id}', 'GET /events/{id}'])
      expect(operation(report, name).offered, name).toBeNull();
    const summary = report.checks.find((check) => check.name === 'operations')!.detail;
    expect(summary).toMatch(
      /\d+ unknown \(only a write would tell\), \d+ unknown reads \(each says why below\) of 21$/,
    );
  });

  it('finds the assumed reads not offered, the writes unknown, and rewrites what the profile learned', async () => {
    const server = await serve(publishedOnly());
    // Learned earlier: a write (PATCH /candidates/{id}) and a read (GET /events).
    const { box, learnedNow } = await edgeWorld(server.origin, ['moveCandidate', 'listEvents']);

    const result = await runCli(['doctor', '--json'], { env: box.env });
    expect(result.code, result.stderr).toBe(0);
    const report = json<Doctor>(result);
    expect(report.profile).toBe('edge');
    const offered = Object.fromEntries(
      report.operations.map((entry) => [`${entry.method} ${entry.path}`, entry.offered]),
    );
    expect(offered).toEqual({
      'POST /jobs': true,
      'GET /jobs': true,
      'GET /jobs/{id}': false,
      'PATCH /jobs/{id}': null,
      'DELETE /jobs/{id}': null,
      'GET /candidates': true,
      'GET /candidates/{id}': false,
      // Learned earlier: said, and forgotten (the next command tries it again).
      'PATCH /candidates/{id}': false,
      'POST /assessments': true,
      'GET /assessments': false,
      'GET /assessments/{id}': null,
      'GET /analytics': true,
      'POST /webhooks': true,
      'GET /webhooks': false,
      'GET /webhooks/{id}': null,
      'DELETE /webhooks/{id}': null,
      'GET /webhooks/{id}/deliveries': null,
      'GET /deliveries': false,
      'GET /events': false,
      'GET /events/{id}': null,
      'POST /events/{id}/resend': null,
    });
    expect(check(report, 'openapi').ok).toBeNull();
    expect(check(report, 'operations').ok).toBe(false);
    expect(check(report, 'key_level')).toMatchObject({ ok: null });
    // The book: the write learned earlier is gone, the reads found not offered are recorded.
    expect(learnedNow()).toEqual([
      'getCandidate',
      'getJob',
      'listAssessments',
      'listDeliveries',
      'listEvents',
      'listWebhooks',
    ]);
    // Only reads were sent.
    expect(new Set(server.requests.map((request) => request.method))).toEqual(new Set(['GET']));
    // The job read was asked with the id its list showed.
    expect(server.requests.map((request) => request.path)).toContain('/api/v1/jobs/job_003');
  });

  it('reports a skewed clock, a deprecation with its sunset, and no X-Key-Expires-At; exit 0', async () => {
    const skewed = new Date(Date.now() + 3 * 3600_000).toUTCString();
    const server = await serve(
      publishedOnly({ date: skewed, deprecation: 'true', sunset: 'Wed, 01 Dec 2027 00:00:00 GMT' }),
    );
    const { box } = await edgeWorld(server.origin);
    const result = await runCli(['doctor', '--json'], { env: box.env });
    expect(result.code, result.stderr).toBe(0);
    const report = json<Doctor>(result);
    expect(check(report, 'clock')).toEqual({
      name: 'clock',
      ok: false,
      detail: "the server's clock is 3 h ahead of ours",
    });
    expect(check(report, 'version').ok).toBe(false);
    expect(check(report, 'version').detail).toContain('Deprecation: true');
    expect(check(report, 'version').detail).toContain('Wed, 01 Dec 2027 00:00:00 GMT');
    expect(check(report, 'key_expiry')).toMatchObject({ ok: null });
  });

  it('says a refused key with exit 3 and the server’s words escaped; a silent address with exit 6', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'unauthorized', message: 'Invalid key \u001b[31mred' } }));
    });
    const { box } = await edgeWorld(server.origin);
    const refused = await runCli(['doctor'], { env: box.env });
    expect(refused.code).toBe(3);
    expect(refused.stdout).toMatch(/✗ Key +Invalid key/);
    expect(refused.stdout).not.toContain('\u001b');
    expect(refused.stdout + refused.stderr).not.toContain('hk_test_doctor0000000000000001');

    const nobody = await edgeWorld(`http://127.0.0.1:${await unusedPort()}`);
    const silent = await runCli(['doctor', '--json', '--max-retries', '0'], { env: nobody.box.env });
    expect(silent.code).toBe(6);
    expect(check(json<Doctor>(silent), 'address')).toMatchObject({ ok: false });
  });

  it('names a certificate it cannot trust (exit 6), and a profile with no key (exit 3)', async () => {
    const box = await sandbox();
    const [cert, key] = [join(box.root, 'cert.pem'), join(box.root, 'key.pem')];
    opensslCertificate(cert, key, { subjectAltName: 'IP:127.0.0.1', days: 30 });
    const secure = createServer({ cert: readFileSync(cert), key: readFileSync(key) }, publishedOnly());
    const origin = (await listen(secure)).replace('http:', 'https:');
    const { box: tls } = await edgeWorld(origin);
    const result = await runCli(['doctor', '--json', '--max-retries', '0'], { env: tls.env });
    expect(result.code).toBe(6);
    const report = json<Doctor>(result);
    expect(check(report, 'address')).toMatchObject({ ok: true });
    expect(check(report, 'https').ok).toBe(false);
    expect(check(report, 'https').detail).toContain('self-signed');

    const keyless = await sandbox();
    keyless.writeConfig({
      default_profile: 'bare',
      profiles: { bare: { environment: 'production', base_url: `${origin}/api/v1` } },
    });
    const none = await runCli(['doctor', '--json'], { env: keyless.env });
    expect(none.code).toBe(3);
    expect(check(json<Doctor>(none), 'key')).toMatchObject({ ok: false });
  });

  it('prints plain lines when piped: each check and each operation with a mark and a word', async () => {
    const server = await serve(publishedOnly());
    const { box } = await edgeWorld(server.origin);
    const result = await runCli(['doctor'], { env: box.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).toContain('Profile edge: production at');
    expect(result.stdout).toMatch(/^ {2}✗ not offered +GET +\/jobs\/\{id\} +assumed$/m);
    expect(result.stdout).toMatch(/^ {2}\? unknown +PATCH +\/jobs\/\{id\} +assumed$/m);
    expect(result.stdout).toMatch(/^ {2}✓ offered +GET +\/jobs +published$/m);
    expect(result.stdout).toMatch(/^ {2}\? Key level +read at least/m);
    expect(result.stdout).toContain('forgot what this profile had learned');
  });
});
