// Sandbox and production in the emulator (docs/emulator.md "Environments: production and sandbox"): two base addresses on one
// server, separate data and separate keys; the sandbox reset at 00:00 UTC (emulator clock) to the
// same seeded set, also when no emulator ran at midnight; the built-in local and local-sandbox
// profiles; `auth login` storing production when no --environment is given.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { ensureLocalKey, environmentDataDir } from '../../src/emulator/access/local-key.js';
import { captureIO, DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';
import { serve } from '../helpers/scripted-server.js';

/**
 * The emulators the CLI starts in these tests live at noon UTC of today (HIRE_EMULATOR_NOW): no
 * sandbox reset at midnight can fall between two commands of a test, whenever it runs.
 */
const MIDDAY = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 12 * 3_600_000).toISOString();

type Job = {
  id: string;
  title: string;
  status: string;
  application_url: string;
  created_at: string;
  updated_at: string;
};
type Candidate = { id: string; job_id: string; name: string; status: string; score: number | null };

/** A clock the test moves: the emulator's `now`. */
function clockAt(iso: string) {
  let current = new Date(iso);
  return { now: () => current, set: (next: string) => (current = new Date(next)) };
}

/** A request to the emulator at `base` (its API, or a root for controls) with the key given. */
async function call(base: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

function sandboxKey(dataDir: string): string {
  return ensureLocalKey(environmentDataDir(dataDir, 'sandbox'));
}

/**
 * Every job and candidate of an environment, without the timestamps (they carry the reset's day)
 * and with the emulator's origin in links named ORIGIN (each emulator has its own port).
 */
async function contents(base: string, key: string) {
  const jobs = (await call(base, key, 'GET', '/jobs?per_page=100')).json.data as Job[];
  const candidates = (await call(base, key, 'GET', '/candidates?per_page=100')).json.data as Candidate[];
  const undated = <T extends object>(record: T) =>
    Object.fromEntries(
      Object.entries(record).filter(([name]) => !['created_at', 'updated_at', 'applied_at'].includes(name)),
    );
  const all = { jobs: jobs.map(undated), candidates: candidates.map(undated) };
  return JSON.parse(JSON.stringify(all).replaceAll(new URL(base).origin, 'ORIGIN')) as typeof all;
}

const JOB = { title: 'Made in one environment', description: DESCRIPTION };

describe('two environments on one emulator', () => {
  it('keeps the data of sandbox and production apart', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const inSandbox = await call(emulator.sandboxApiUrl, sandboxKey(box.dataDir), 'POST', '/jobs', JOB);
    expect(inSandbox.status, JSON.stringify(inSandbox.json)).toBe(201);
    const id = inSandbox.json.data.id as string;
    expect(inSandbox.json.data.application_url).toBe(`${emulator.origin}/sandbox/apply/${id}`);

    expect((await emulator.call('GET', `/jobs/${id}`)).status).toBe(404);
    expect((await emulator.call('GET', '/jobs')).json.data).toEqual([]);
    const sandboxJobs = (await call(emulator.sandboxApiUrl, sandboxKey(box.dataDir), 'GET', `/jobs/${id}`)).json
      .data as Job;
    expect(sandboxJobs.title).toBe(JOB.title);
    // The link stays the sandbox's when read back.
    expect(sandboxJobs.application_url).toBe(`${emulator.origin}/sandbox/apply/${id}`);

    const inProduction = await emulator.call('POST', '/jobs', { body: { ...JOB, title: 'Made in production' } });
    expect(inProduction.status, JSON.stringify(inProduction.json)).toBe(201);
    const titles = (
      (await call(emulator.sandboxApiUrl, sandboxKey(box.dataDir), 'GET', '/jobs?per_page=100')).json.data as Job[]
    ).map((job) => job.title);
    expect(titles).toContain(JOB.title);
    expect(titles).not.toContain('Made in production');

    const astray = await call(emulator.origin, emulator.key, 'GET', '/sandbox/jobs');
    expect(astray.status).toBe(404);
    expect(astray.json.error.message).toBe('No API at /sandbox/jobs; the API lives under /sandbox/api/v1.');
  });

  it('answers 401 to a key of the other environment, saying whose key it is', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const production = await call(emulator.sandboxApiUrl, emulator.key, 'GET', '/jobs');
    expect(production.status).toBe(401);
    expect(production.json.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(production.json.error.message).toBe(
      'This is a production API key; the sandbox (/sandbox/api/v1) takes sandbox keys only.',
    );

    const sandboxed = await call(emulator.apiUrl, sandboxKey(box.dataDir), 'GET', '/jobs');
    expect(sandboxed.status).toBe(401);
    expect(sandboxed.json.error.message).toBe(
      'This is a sandbox API key; production (/api/v1) takes production keys only.',
    );

    // A key made by either environment's controls belongs to it alone.
    const made = await call(`${emulator.origin}/sandbox`, sandboxKey(box.dataDir), 'POST', '/_emulator/keys', {
      level: 'read',
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const key = made.json.data.key as string;
    expect((await call(emulator.sandboxApiUrl, key, 'GET', '/jobs')).status).toBe(200);
    const elsewhere = await call(emulator.apiUrl, key, 'GET', '/jobs');
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.json.error.message).toContain('sandbox API key');
    // Production's controls do not list it; the sandbox's do.
    const productionKeys = (await call(emulator.origin, emulator.key, 'GET', '/_emulator/keys')).json.data as {
      id: string;
    }[];
    expect(productionKeys.map((entry) => entry.id)).not.toContain(made.json.data.id);
    const sandboxKeys = (await call(`${emulator.origin}/sandbox`, sandboxKey(box.dataDir), 'GET', '/_emulator/keys'))
      .json.data as { id: string }[];
    expect(sandboxKeys.map((entry) => entry.id)).toContain(made.json.data.id);

    // A key neither environment knows is just invalid.
    expect(
      (await call(emulator.sandboxApiUrl, 'hk_test_nobodysKeyAtAll1234567890', 'GET', '/jobs')).json.error.message,
    ).toBe('Invalid API key.');
  });
});

describe('the sandbox resets daily at 00:00 UTC', () => {
  it('starts with the seeded set, keeps changes until midnight, then goes back to the same set; production never resets', async () => {
    const box = await sandbox();
    const clock = clockAt('2026-03-10T15:00:00Z');
    const emulator = await testEmulator(box.dataDir, { now: clock.now });
    const key = sandboxKey(box.dataDir);
    const seeded = await contents(emulator.sandboxApiUrl, key);
    expect(seeded.jobs.map((job) => [job.title, job.status])).toEqual([
      ['Senior Backend Engineer', 'active'],
      ['Product Designer', 'active'],
      ['Data Analyst', 'draft'],
    ]);
    expect(seeded.candidates).toHaveLength(8);
    expect(new Set(seeded.candidates.map((candidate) => candidate.status))).toEqual(
      new Set(['hired', 'offer', 'interview', 'review', 'new', 'screening', 'rejected']),
    );
    const firstJob = (await call(emulator.sandboxApiUrl, key, 'GET', '/jobs')).json.data[0] as Job;
    expect(firstJob.created_at).toBe('2026-03-10T00:00:00.000Z');

    const added = await call(emulator.sandboxApiUrl, key, 'POST', '/jobs', JOB);
    expect(added.status).toBe(201);
    const moved = await call(emulator.sandboxApiUrl, key, 'PATCH', `/jobs/${firstJob.id}`, { status: 'paused' });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const kept = await emulator.call('POST', '/jobs', { body: { ...JOB, title: 'Production keeps me' } });
    expect(kept.status).toBe(201);

    clock.set('2026-03-10T23:59:59.999Z');
    const beforeMidnight = await contents(emulator.sandboxApiUrl, key);
    expect(beforeMidnight.jobs).toHaveLength(4);
    expect(beforeMidnight.jobs.find((job) => job.id === firstJob.id)?.status).toBe('paused');

    clock.set('2026-03-11T00:00:00Z');
    const afterMidnight = await contents(emulator.sandboxApiUrl, key);
    expect(afterMidnight).toEqual(seeded);
    expect(((await call(emulator.sandboxApiUrl, key, 'GET', '/jobs')).json.data[0] as Job).created_at).toBe(
      '2026-03-11T00:00:00.000Z',
    );
    // Production is as it was.
    expect(((await emulator.call('GET', '/jobs')).json.data as Job[]).map((job) => job.title)).toEqual([
      'Production keeps me',
    ]);

    // Keys survive the reset: the one made yesterday still works today.
    clock.set('2026-03-11T10:00:00Z');
    const made = await call(`${emulator.origin}/sandbox`, key, 'POST', '/_emulator/keys', { level: 'read' });
    clock.set('2026-03-12T00:00:01Z');
    expect((await call(emulator.sandboxApiUrl, made.json.data.key as string, 'GET', '/jobs')).status).toBe(200);
  });

  it('resets on the first request after a midnight that passed while no emulator ran, and not again that day', async () => {
    const box = await sandbox();
    const key = sandboxKey(box.dataDir);
    const clock = clockAt('2026-06-01T22:00:00Z');
    let emulator: TestEmulator = await testEmulator(box.dataDir, { now: clock.now });
    const seeded = await contents(emulator.sandboxApiUrl, key);
    expect((await call(emulator.sandboxApiUrl, key, 'POST', '/jobs', JOB)).status).toBe(201);
    await emulator.close();

    // Restarted the same day: the change is still there.
    clock.set('2026-06-01T23:30:00Z');
    emulator = await testEmulator(box.dataDir, { now: clock.now });
    expect((await contents(emulator.sandboxApiUrl, key)).jobs).toHaveLength(4);
    await emulator.close();

    // Restarted two days later: the first request sees the seeded set again.
    clock.set('2026-06-03T08:00:00Z');
    emulator = await testEmulator(box.dataDir, { now: clock.now });
    expect(await contents(emulator.sandboxApiUrl, key)).toEqual(seeded);
    // And later that day, what was made stays.
    expect((await call(emulator.sandboxApiUrl, key, 'POST', '/jobs', JOB)).status).toBe(201);
    clock.set('2026-06-03T23:59:00Z');
    expect((await contents(emulator.sandboxApiUrl, key)).jobs).toHaveLength(4);
  });

  it('seeds the same set in any data dir (the same seed, the same data)', async () => {
    const [one, two] = [await sandbox(), await sandbox()];
    const first = await testEmulator(one.dataDir, { now: clockAt('2026-01-01T12:00:00Z').now });
    const second = await testEmulator(two.dataDir, { now: clockAt('2030-07-15T03:00:00Z').now });
    const a = await contents(first.sandboxApiUrl, sandboxKey(one.dataDir));
    const b = await contents(second.sandboxApiUrl, sandboxKey(two.dataDir));
    expect(a).toEqual(b);
    expect(a.jobs[0]!.application_url).toMatch(/^ORIGIN\/sandbox\/apply\/job_/);
    expect(a.jobs.length).toBeGreaterThan(0);
  });

  it('hire emulator reset on local-sandbox goes back to the seeded set; on local, empties production', async () => {
    const box = await sandbox();
    const created = await runCli(
      [
        'jobs',
        'create',
        '--profile',
        'local-sandbox',
        '--title',
        'Gone after reset',
        '--description',
        DESCRIPTION,
        '--json',
      ],
      {
        env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
      },
    );
    expect(created.code, created.stderr).toBe(0);
    const inProduction = await runCli(
      ['jobs', 'create', '--profile', 'local', '--title', 'Production job', '--description', DESCRIPTION, '--json'],
      {
        env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
      },
    );
    expect(inProduction.code, inProduction.stderr).toBe(0);
    const titles = async (profile: string) =>
      json<Job[]>(
        await runCli(['jobs', 'list', '--profile', profile, '--all', '--json'], {
          env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
        }),
      ).map((job) => job.title);

    // simulate acts on the profile's environment too: candidates apply to a seeded sandbox job.
    const seededJob = json<Job[]>(
      await runCli(['jobs', 'list', '--profile', 'local-sandbox', '--all', '--json'], {
        env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
      }),
    ).find((job) => job.title === 'Product Designer')!;
    const simulated = await runCli(
      ['emulator', 'simulate', '--profile', 'local-sandbox', '--job', seededJob.id, '--applications', '4', '--json'],
      {
        env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
      },
    );
    expect(simulated.code, simulated.stderr).toBe(0);
    const applied = json<Candidate[]>(
      await runCli(['candidates', 'list', '--profile', 'local-sandbox', '--job', seededJob.id, '--all', '--json'], {
        env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
      }),
    );
    expect(applied).toHaveLength(3 + 4);
    const onLocal = await runCli(
      ['emulator', 'simulate', '--profile', 'local', '--job', seededJob.id, '--applications', '1'],
      { env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY } },
    );
    expect(onLocal.code).not.toBe(0);
    expect(onLocal.stderr).toContain(seededJob.id);

    const reset = await runCli(['emulator', 'reset', '--profile', 'local-sandbox', '--yes'], {
      env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
    });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stderr).toContain("The emulator's sandbox is back to its seeded jobs and candidates (keys kept).");
    expect(await titles('local-sandbox')).toEqual(['Senior Backend Engineer', 'Product Designer', 'Data Analyst']);
    expect(await titles('local')).toEqual(['Production job']);

    const emptied = await runCli(['emulator', 'reset', '--profile', 'local', '--yes'], {
      env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
    });
    expect(emptied.code, emptied.stderr).toBe(0);
    expect(await titles('local')).toEqual([]);
    expect(await titles('local-sandbox')).toHaveLength(3);
  });
});

describe('the built-in profiles', () => {
  it('local and local-sandbox exist from the first run, each on its environment', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hire-fresh-'));
    try {
      const env = {
        HOME: root,
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HIRE_CONFIG_DIR: join(root, 'config'),
        HIRE_DATA_DIR: join(root, 'data'),
        HIRE_EMULATOR_NOW: MIDDAY,
      };
      const profiles = json<{ name: string; environment: string; base_url: string }[]>(
        await runCli(['profiles', 'list', '--json'], { env }),
      );
      expect(profiles.map(({ name, environment, base_url }) => ({ name, environment, base_url }))).toEqual([
        { name: 'local', environment: 'production', base_url: 'http://127.0.0.1:4010/api/v1' },
        { name: 'local-sandbox', environment: 'sandbox', base_url: 'http://127.0.0.1:4010/sandbox/api/v1' },
      ]);
      expect(existsSync(join(root, 'config', 'config.json'))).toBe(false);
      const removed = await runCli(['profiles', 'remove', 'local-sandbox'], { env });
      expect(removed.code).toBe(2);
      expect(removed.stderr).toContain('The built-in local-sandbox profile cannot be removed.');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('auth status checks both, each with its own key, and the two profiles see different data', async () => {
    const box = await sandbox();
    const status = await runCli(['auth', 'status', '--json'], { env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY } });
    expect(status.code, status.stderr).toBe(0);
    const rows = json<{ name: string; status: string; base_url: string; key_source: string }[]>(status);
    expect(rows.map((row) => [row.name, row.status, row.key_source])).toEqual([
      ['local', 'ok', 'emulator data dir'],
      ['local-sandbox', 'ok', 'emulator data dir'],
    ]);
    // local-sandbox follows the local profile's address (here the box's port).
    const local = new URL(rows[0]!.base_url);
    expect(rows[1]!.base_url).toBe(`${local.origin}/sandbox/api/v1`);

    const made = await runCli(
      [
        'jobs',
        'create',
        '--profile',
        'local-sandbox',
        '--title',
        'Only in the sandbox',
        '--description',
        DESCRIPTION,
        '--json',
      ],
      {
        env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
      },
    );
    expect(made.code, made.stderr).toBe(0);
    const id = json<Job>(made).id;
    const fromSandbox = json<Job[]>(
      await runCli(['jobs', 'list', '--profile', 'local-sandbox', '--all', '--json'], {
        env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
      }),
    );
    expect(fromSandbox.map((job) => job.id)).toContain(id);
    const fromProduction = json<Job[]>(
      await runCli(['jobs', 'list', '--profile', 'local', '--all', '--json'], {
        env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
      }),
    );
    expect(fromProduction).toEqual([]);
    const missing = await runCli(['jobs', 'get', id, '--profile', 'local'], {
      env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
    });
    expect(missing.code).not.toBe(0);

    // Keys made with the emulator commands belong to the profile's environment.
    const key = await runCli(
      ['emulator', 'keys', 'create', '--profile', 'local-sandbox', '--level', 'read', '--json'],
      { env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY } },
    );
    expect(key.code, key.stderr).toBe(0);
    const secret = json<{ key: string }>(key).key;
    const emulator = await testEmulator(box.dataDir);
    expect((await call(emulator.sandboxApiUrl, secret, 'GET', '/jobs')).status).toBe(200);
    expect((await call(emulator.apiUrl, secret, 'GET', '/jobs')).status).toBe(401);
  });
});

describe('auth login records the environment the server or the URL shows', () => {
  it('takes it from the server, refuses an --environment that contradicts it, and assumes production only when nothing tells', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const env = { ...box.env, HIRE_EMULATOR_NOW: MIDDAY };
    const stored = () =>
      (
        JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8')) as {
          profiles?: Record<string, { environment: string }>;
        }
      ).profiles ?? {};
    const login = await runCli(['auth', 'login', '--profile', 'acme', '--base-url', emulator.apiUrl, '--with-key'], {
      env,
      stdin: emulator.key,
    });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`Profile "acme" is marked production: ${emulator.apiUrl} answers as production.`);
    expect(stored().acme!.environment).toBe('production');

    const sandboxed = await runCli(
      ['auth', 'login', '--profile', 'acme-sandbox', '--base-url', emulator.sandboxApiUrl, '--with-key'],
      { env, stdin: sandboxKey(box.dataDir) },
    );
    expect(sandboxed.code, sandboxed.stderr).toBe(0);
    expect(sandboxed.stderr).toContain(
      `Profile "acme-sandbox" is marked sandbox: ${emulator.sandboxApiUrl} answers as sandbox.`,
    );
    expect(stored()['acme-sandbox']!.environment).toBe('sandbox');

    // A sandbox key saved as production (the README's old example, the other way round): refused, nothing saved.
    const contradicted = await runCli(
      [
        'auth',
        'login',
        '--profile',
        'staging',
        '--environment',
        'sandbox',
        '--base-url',
        emulator.apiUrl,
        '--with-key',
      ],
      { env, stdin: emulator.key },
    );
    expect(contradicted.code).toBe(2);
    expect(contradicted.stderr).toContain(
      `--environment sandbox is refused: ${emulator.apiUrl} answers as production. Nothing was saved.`,
    );
    expect(stored().staging).toBeUndefined();
    const flagged = await runCli(
      [
        'auth',
        'login',
        '--profile',
        'staging',
        '--environment',
        'production',
        '--base-url',
        emulator.sandboxApiUrl,
        '--with-key',
      ],
      { env, stdin: sandboxKey(box.dataDir) },
    );
    expect(flagged.code).toBe(2);
    expect(stored().staging).toBeUndefined();

    // Unchecked (--skip-verify): the URL tells, or nothing does and production is assumed, and said.
    const byUrl = await runCli(
      [
        'auth',
        'login',
        '--profile',
        'eu-sandbox',
        '--base-url',
        'https://sandbox.example.com',
        '--with-key',
        '--skip-verify',
      ],
      { env, stdin: 'hk_test_0123456789abcdef' },
    );
    expect(byUrl.code, byUrl.stderr).toBe(0);
    expect(byUrl.stderr).toContain(
      'Profile "eu-sandbox" is marked sandbox: the URL says sandbox (https://sandbox.example.com/api/v1).',
    );
    expect(stored()['eu-sandbox']!.environment).toBe('sandbox');
    const nothing = await runCli(
      ['auth', 'login', '--profile', 'eu', '--base-url', 'https://api.example.com', '--with-key', '--skip-verify'],
      { env, stdin: 'hk_live_0123456789abcdef' },
    );
    expect(nothing.code, nothing.stderr).toBe(0);
    expect(nothing.stderr).toContain('Profile "eu" is marked production: nothing says otherwise');
    const wrongUrl = await runCli(
      [
        'auth',
        'login',
        '--profile',
        'eu2',
        '--environment',
        'production',
        '--base-url',
        'https://sandbox.example.com',
        '--with-key',
        '--skip-verify',
      ],
      { env, stdin: 'hk_live_0123456789abcdef' },
    );
    expect(wrongUrl.code).toBe(2);
    expect(wrongUrl.stderr).toContain(
      '--environment production is refused: the URL says sandbox (https://sandbox.example.com/api/v1). Nothing was saved.',
    );

    // A production key for the sandbox's address is refused before anything is saved, with the reason.
    const wrong = await runCli(
      ['auth', 'login', '--profile', 'mixed', '--base-url', emulator.sandboxApiUrl, '--with-key'],
      { env, stdin: emulator.key },
    );
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain('This is a production API key');

    // Every view shows the platform environment, and the emulator's as the emulator's.
    const listed = json<{ name: string; environment: string; emulator: boolean }[]>(
      await runCli(['profiles', 'list', '--json'], { env }),
    );
    expect(listed.map(({ name, environment, emulator }) => [name, environment, emulator])).toEqual(
      expect.arrayContaining([
        ['local', 'production', true],
        ['local-sandbox', 'sandbox', true],
        // Logged in at the emulator's addresses: the emulator checked their keys and said so.
        ['acme', 'production', true],
        ['acme-sandbox', 'sandbox', true],
        // Not checked (--skip-verify), at other addresses: nothing says they are the emulator's.
        ['eu', 'production', false],
        ['eu-sandbox', 'sandbox', false],
      ]),
    );
    const table = await runCli(['profiles', 'list'], { env, tty: true, columns: 80 });
    // Each row, with the line under it (the ENV cell wraps to two lines at 80 columns).
    const rows = table.stdout.split('\n');
    const cell = (name: string) => {
      const at = rows.findIndex((row) => row.startsWith(`│ ${name} `));
      const under = rows[at + 1]!.split('│');
      return `${rows[at]!.split('│')[2]!.trim()} ${under[1]?.trim() === '' ? under[2]!.trim() : ''}`.trim();
    };
    expect(cell('local')).toBe('production (emulator)');
    expect(cell('local-sandbox')).toBe('sandbox (emulator)');
    expect(cell('acme-sandbox')).toBe('sandbox (emulator)');
    expect(cell('acme')).toBe('production (emulator)');
    expect(cell('eu')).toBe('production');
    // Their addresses, whole, are told apart.
    expect(table.stdout).toContain('/sandbox/api/v1');
  });

  it('without --base-url and no terminal, names the missing flag', async () => {
    const box = await sandbox();
    const login = await runCli(['auth', 'login', '--profile', 'acme', '--with-key'], {
      env: { ...box.env, HIRE_EMULATOR_NOW: MIDDAY },
      stdin: 'hk_test_whatever1234567890',
    });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('Profile "acme" needs --base-url URL.');
  });
});

describe('auth login and the local emulator', () => {
  it("refuses --environment local, naming the choices and the emulator's own profiles", async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const result = await runCli(
      [
        'auth',
        'login',
        '--profile',
        'mine',
        '--environment',
        'local',
        '--base-url',
        emulator.sandboxApiUrl,
        '--with-key',
      ],
      { env: box.env, stdin: sandboxKey(box.dataDir) },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--environment must be production or sandbox (got "local"); the local emulator\'s profiles are local and local-sandbox.',
    );
    const config = join(box.configDir, 'config.json');
    expect(existsSync(config) ? readFileSync(config, 'utf8') : '').not.toContain('"mine"');
  });

  it("the local profile at a stranger's address: the stranger gets no key, and the failure names who answered", async () => {
    const box = await sandbox();
    const stranger = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"code":"not_found","message":"Not here"}}');
    });
    const result = await runCli(['auth', 'login', '--profile', 'local', '--base-url', stranger.origin, '--with-key'], {
      env: box.env,
      stdin: 'hk_test_0123456789abcdef',
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('it was sent nothing');
    expect(result.stderr).toContain("The key was not saved: this data dir's emulator answered: ");
    expect(result.stderr).not.toContain(`${stranger.origin}/api/v1 answered`);
    expect(stranger.requests.filter((request) => request.headers.authorization !== undefined)).toEqual([]);
  });
});

describe('HIRE_EMULATOR_NOW', () => {
  it('sets the clock of the emulators the CLI starts; a bad value is a usage error', async () => {
    const box = await sandbox();
    const env = { ...box.env, HIRE_EMULATOR_NOW: '2030-06-01T12:00:00Z' };
    const made = await runCli(
      ['jobs', 'create', '--profile', 'local-sandbox', '--title', 'In 2030', '--description', DESCRIPTION, '--json'],
      { env },
    );
    expect(made.code, made.stderr).toBe(0);
    expect(json<Job & { created_at: string }>(made).created_at.startsWith('2030-06-01T12:00')).toBe(true);
    const bad = await runCli(['jobs', 'list'], { env: { ...box.env, HIRE_EMULATOR_NOW: 'noon' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'HIRE_EMULATOR_NOW must be an ISO 8601 time such as 2026-01-01T12:00:00Z (got "noon").',
    );
  });
});

describe('hire emulator start', () => {
  it('prints both base addresses and where each key is', async () => {
    const box = await sandbox();
    const captured = captureIO({ argv: ['emulator', 'start', '--port', '0'] });
    const running = main(['emulator', 'start', '--port', '0'], captured.io, { ...box.env, HIRE_EMULATOR_NOW: MIDDAY });
    const deadline = Date.now() + 30_000;
    while (!captured.stderr().includes('Press Ctrl-C') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const stderr = captured.stderr();
    captured.signals.emit('signal', 'SIGTERM');
    expect(await running).toBe(0);
    const production =
      /Emulator listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1 \(production\)\n {2}profile +local\n {2}key file +(\S+)\n/.exec(
        stderr,
      );
    const sandboxLine =
      /Sandbox on +(http:\/\/127\.0\.0\.1:\d+)\/sandbox\/api\/v1 +\(reset daily at 00:00 UTC\)\n {2}profile +local-sandbox\n {2}key file +(\S+)\n/.exec(
        stderr,
      );
    expect(production, stderr).not.toBeNull();
    expect(sandboxLine, stderr).not.toBeNull();
    expect(sandboxLine![1]).toBe(production![1]);
    expect(production![2]).toBe(join(box.dataDir, 'local.key'));
    expect(sandboxLine![2]).toBe(join(box.dataDir, 'sandbox', 'local.key'));
    // The files hold the keys each environment takes.
    expect(readFileSync(production![2]!, 'utf8').trim()).toBe(ensureLocalKey(box.dataDir));
    expect(readFileSync(sandboxLine![2]!, 'utf8').trim()).toBe(sandboxKey(box.dataDir));
  });
});
