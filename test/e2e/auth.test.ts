// End-to-end tests of credentials and profiles (docs/profiles.md): the built bin/hire.js spawned as a
// user runs it, on a sandboxed config dir, against a real emulator run in this test process.
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, hire as runBin, type Result } from '../helpers/bin.js';
import { DESCRIPTION, ENVIRONMENT_LINE, runCli } from '../helpers/cli.js';
// env.js before emulator.js: after-each hooks run in reverse, so emulators close before sandboxes go.
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { hirePane } from '../helpers/tmux.js';

const { version: VERSION } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

// ---------------------------------------------------------------------------------------------
// Every key this file makes, and every output of every process it spawns: checked at the end.

const KEYS: string[] = [];
const OUTPUTS: { what: string; stream: 'stdout' | 'stderr'; text: string }[] = [];

// ---------------------------------------------------------------------------------------------
// Spawning the binary

/** Runs `node bin/hire.js ARGS` to completion (stdin closed, or given), keeping its output for the check at the end. */
async function hire(
  box: Sandbox,
  args: readonly string[],
  options: { stdin?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Result> {
  const result = await runBin(box, args, options);
  const what = `hire ${args.join(' ')}`;
  OUTPUTS.push({ what, stream: 'stdout', text: result.stdout }, { what, stream: 'stderr', text: result.stderr });
  return result;
}

function show(result: Result): string {
  return `exit ${result.code}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`;
}

function parseJson<T>(result: Result): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON: ${show(result)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The sandbox, the emulator and its keys

interface ProfileRecord {
  environment?: string;
  base_url?: string;
  api_key?: string;
  key_saved_at?: string;
}

interface ConfigJson {
  default_profile?: string;
  profiles?: Record<string, ProfileRecord>;
}

interface StatusRow {
  name: string;
  default: boolean;
  environment: string;
  base_url: string;
  key: string;
  key_source: string;
  status: string;
  message: string;
  rate_limit: { limit: number; remaining: number; reset: number } | null;
  warnings: string[];
}

interface Setup {
  box: Sandbox;
  emu: TestEmulator;
}

async function setup(options: { now?: () => Date } = {}): Promise<Setup> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir, options);
  KEYS.push(emu.key); // the local profile's key: never printed either
  return { box, emu };
}

const configPath = (box: Sandbox) => join(box.configDir, 'config.json');
const rawConfig = (box: Sandbox) => readFileSync(configPath(box));
const readConfig = (box: Sandbox) => JSON.parse(readFileSync(configPath(box), 'utf8')) as ConfigJson;

/** A key made by the emulator (POST /_emulator/keys with its admin key). */
async function makeKey(
  emu: TestEmulator,
  body: { level?: string; expires_in_seconds?: number } = {},
): Promise<{ id: string; key: string }> {
  const response = await fetch(`${emu.origin}/_emulator/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ level: 'write', ...body }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const { data } = JSON.parse(text) as { data: { id: string; key: string } };
  expect(data.key).toMatch(/^hk_/);
  KEYS.push(data.key);
  return { id: data.id, key: data.key };
}

async function revokeKey(emu: TestEmulator, id: string): Promise<void> {
  const response = await fetch(`${emu.origin}/_emulator/keys/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${emu.key}` },
  });
  expect(response.status, await response.text()).toBe(200);
}

/** A key-shaped string the emulator never issued. */
function bogusKey(): string {
  const key = `hk_test_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  KEYS.push(key);
  return key;
}

function lastUsed(emu: TestEmulator, id: string): string | null {
  const record = emu.store.get('keys', id) as unknown as { last_used_at: string | null } | undefined;
  expect(record, `key ${id} in the emulator store`).toBeDefined();
  return record!.last_used_at;
}

const masked = (key: string) => `hk_…${key.slice(-4)}`;

interface LoginOptions {
  profile?: string;
  environment?: string;
  baseUrl: string;
  key: string;
  extra?: string[];
  env?: Record<string, string>;
}

/** `hire auth login … --with-key`, the key on stdin with surrounding spaces and a newline. */
function login(box: Sandbox, options: LoginOptions): Promise<Result> {
  const args = [
    'auth',
    'login',
    '--profile',
    options.profile ?? 'prod',
    '--environment',
    options.environment ?? 'production',
  ];
  args.push('--base-url', options.baseUrl, '--with-key', ...(options.extra ?? []));
  return hire(box, args, { stdin: `  ${options.key}  \n`, ...(options.env ? { env: options.env } : {}) });
}

/** A sandbox with `prod` logged in on the emulator (not the default profile). */
async function withProd(extra: string[] = []): Promise<Setup & { id: string; key: string }> {
  const { box, emu } = await setup();
  const { id, key } = await makeKey(emu);
  const result = await login(box, { baseUrl: emu.apiUrl, key, extra });
  expect(result.code, show(result)).toBe(0);
  return { box, emu, id, key };
}

/** Tab-separated rows of a piped table, keyed by their first cell. */
function rowsOf(stdout: string): Map<string, string[]> {
  const lines = stdout
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '');
  return new Map(lines.map((line) => line.split('\t')).map((cells) => [cells[0]!, cells]));
}

/** A piped key/value record (`key\tvalue` lines). */
function recordOf(stdout: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const line of stdout.trimEnd().split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) record[line.slice(0, tab)] = line.slice(tab + 1);
  }
  return record;
}

// ---------------------------------------------------------------------------------------------

describe('auth login', () => {
  it('stores a key read from stdin (trimmed) after checking it, never printing it; --set-default makes it the default', async () => {
    const { box, emu } = await setup();
    const { key } = await makeKey(emu);
    const before = Date.now();

    const result = await login(box, { baseUrl: emu.apiUrl, key });
    expect(result.code, show(result)).toBe(0);
    expect(result.stdout).not.toContain(key);
    expect(result.stderr).not.toContain(key);
    expect(result.stderr).toContain(masked(key));

    const config = readConfig(box);
    const prod = config.profiles?.prod;
    expect(prod).toMatchObject({ environment: 'production', base_url: emu.apiUrl, api_key: key });
    const savedAt = Date.parse(prod?.key_saved_at ?? '');
    expect(savedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(savedAt).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(config.default_profile).toBeUndefined();
    expect(config.profiles?.local).toBeDefined(); // the other profile is kept

    // Again with --set-default: now the default.
    const again = await login(box, { baseUrl: emu.apiUrl, key, extra: ['--set-default'] });
    expect(again.code, show(again)).toBe(0);
    expect(again.stdout + again.stderr).not.toContain(key);
    expect(readConfig(box).default_profile).toBe('prod');
    expect(readConfig(box).profiles?.prod?.api_key).toBe(key);
  });

  it('refuses without --with-key when not at a terminal (exit 2), a wrong key (exit 3) and bad profile names (exit 2), saving nothing', async () => {
    const { box, emu } = await setup();
    const { key } = await makeKey(emu);
    const original = rawConfig(box);

    const noFlag = await hire(
      box,
      ['auth', 'login', '--profile', 'prod', '--environment', 'production', '--base-url', emu.apiUrl],
      {
        stdin: `${key}\n`,
      },
    );
    expect(noFlag.code, show(noFlag)).toBe(2);
    expect(noFlag.stderr).toContain('--with-key');
    expect(rawConfig(box).equals(original)).toBe(true);

    const wrong = bogusKey();
    const refused = await login(box, { baseUrl: emu.apiUrl, key: wrong });
    expect(refused.code, show(refused)).toBe(3);
    expect(refused.stderr).toContain('unauthorized');
    expect(refused.stdout).toBe('');
    expect(rawConfig(box).equals(original)).toBe(true);

    for (const name of ['a b', 'x/y']) {
      const bad = await login(box, { profile: name, baseUrl: emu.apiUrl, key });
      expect(bad.code, show(bad)).toBe(2);
      expect(bad.stderr).toContain(name);
      expect(rawConfig(box).equals(original)).toBe(true);
    }
  });

  it('refuses an expired key with exit 3 naming key_expired', async () => {
    // The emulator's clock is the test's: the key's second passes when the test says so.
    let clock = Date.now();
    const { box, emu } = await setup({ now: () => new Date(clock) });
    const { key } = await makeKey(emu, { expires_in_seconds: 1 });
    const original = rawConfig(box);
    clock += 2_000;

    const result = await login(box, { baseUrl: emu.apiUrl, key });
    expect(result.code, show(result)).toBe(3);
    expect(result.stderr).toContain('key_expired');
    expect(rawConfig(box).equals(original)).toBe(true);
  });

  it('an unreachable base URL: exit 6 and nothing saved; with --skip-verify the key is saved unchecked', async () => {
    const { box, emu } = await setup();
    const { key } = await makeKey(emu);
    const original = rawConfig(box);
    const nowhere = `http://127.0.0.1:${await unusedPort()}/api/v1`;

    const result = await login(box, { baseUrl: nowhere, key, extra: ['--max-retries', '0'] });
    expect(result.code, show(result)).toBe(6);
    expect(result.stdout).toBe('');
    expect(rawConfig(box).equals(original)).toBe(true);

    const skipped = await login(box, { baseUrl: nowhere, key, extra: ['--skip-verify'] });
    expect(skipped.code, show(skipped)).toBe(0);
    expect(readConfig(box).profiles?.prod).toMatchObject({
      environment: 'production',
      base_url: nowhere,
      api_key: key,
    });
  });
});

describe('auth status', () => {
  it('shows every profile with its key masked, its source, whether it works and the rate-limit headroom', async () => {
    const { box, emu, key } = await withProd();

    const table = await hire(box, ['auth', 'status']);
    expect(table.code, show(table)).toBe(0);
    expect(table.stdout + table.stderr).not.toContain(key);
    const rows = rowsOf(table.stdout);
    const local = rows.get('local (default)') ?? rows.get('local');
    expect(local, table.stdout).toBeDefined();
    expect(local).toContain('ok');
    const prod = rows.get('prod');
    expect(prod, table.stdout).toBeDefined();
    // Logged in at the emulator's address: the emulator checked the key, and the view says whose it is.
    expect(prod).toEqual(expect.arrayContaining(['production (emulator)', emu.apiUrl, masked(key), 'profile', 'ok']));
    expect(table.stderr).not.toMatch(/rotat/i);

    const asJson = await hire(box, ['auth', 'status', '--json']);
    expect(asJson.code, show(asJson)).toBe(0);
    const statuses = parseJson<StatusRow[]>(asJson);
    expect(Array.isArray(statuses)).toBe(true);
    expect(statuses.map((row) => row.name)).toEqual(['local', 'local-sandbox', 'prod']);
    const prodRow = statuses.find((row) => row.name === 'prod')!;
    expect(prodRow).toMatchObject({
      status: 'ok',
      key: masked(key),
      key_source: 'profile',
      environment: 'production',
      default: false,
    });
    expect(prodRow.rate_limit).toMatchObject({
      limit: 1_000,
      remaining: expect.any(Number),
      reset: expect.any(Number),
    });
    expect(prodRow.rate_limit!.remaining).toBeLessThan(1_000);
    expect(prodRow.rate_limit!.reset).toBeGreaterThan(Date.now() / 1000);
    expect(statuses.find((row) => row.name === 'local')).toMatchObject({ status: 'ok', default: true });
    // The table names the window the server reports: what is left, until when.
    const until = new Date(prodRow.rate_limit!.reset * 1000).toISOString().slice(11, 16);
    expect(table.stdout).toMatch(new RegExp(`\\d+/1000 until ${until} UTC`));
  });

  it("with HIRE_API_KEY the selected profile's key comes from it", async () => {
    const { box, emu, key } = await withProd();
    const { key: envKey } = await makeKey(emu);

    const result = await hire(box, ['auth', 'status', '--json'], {
      env: { HIRE_PROFILE: 'prod', HIRE_API_KEY: envKey },
    });
    expect(result.code, show(result)).toBe(0);
    const rows = parseJson<StatusRow[]>(result);
    expect(rows.find((row) => row.name === 'prod')).toMatchObject({
      key_source: 'HIRE_API_KEY',
      key: masked(envKey),
      status: 'ok',
    });
    expect(rows.find((row) => row.name === 'local')?.key_source).not.toBe('HIRE_API_KEY');
    expect(result.stdout + result.stderr).not.toContain(envKey);
    expect(result.stdout + result.stderr).not.toContain(key);
  });

  it('a revoked key: exit 3 with unauthorized', async () => {
    const { box, emu, id } = await withProd();
    await revokeKey(emu, id);

    const result = await hire(box, ['auth', 'status', '--profile', 'prod']);
    expect(result.code, show(result)).toBe(3);
    expect(result.stdout + result.stderr).toContain('unauthorized');
    expect(rowsOf(result.stdout).get('prod')).toContain('unauthorized');
  });

  it('warns on stderr to rotate a key stored more than 90 days ago', async () => {
    const { box } = await withProd();
    const config = readConfig(box);
    config.profiles!.prod!.key_saved_at = new Date(Date.now() - 100 * 86_400_000).toISOString();
    writeFileSync(configPath(box), JSON.stringify(config, null, 2), { mode: 0o600 });

    const result = await hire(box, ['auth', 'status']);
    expect(result.code, show(result)).toBe(0);
    expect(result.stdout).not.toMatch(/rotat/i);
    const warning = result.stderr.split('\n').find((line) => /rotat/i.test(line));
    expect(warning, result.stderr).toBeDefined();
    expect(warning).toContain('prod');
  });
});

describe('auth logout', () => {
  it('removes the key but keeps the profile; commands on it then exit 3', async () => {
    const { box, emu } = await withProd();

    const result = await hire(box, ['auth', 'logout', '--profile', 'prod', '--yes']);
    expect(result.code, show(result)).toBe(0);
    const prod = readConfig(box).profiles?.prod;
    expect(prod).toMatchObject({ environment: 'production', base_url: emu.apiUrl });
    expect(prod).not.toHaveProperty('api_key');

    const list = await hire(box, ['jobs', 'list', '--profile', 'prod', '--json']);
    expect(list.code, show(list)).toBe(3);
    expect(list.stdout).toBe('');
    // With --json the error is the JSON envelope on stderr (docs/exit-codes.md "What is printed").
    const envelope = JSON.parse(list.stderr) as { error: { code: string; message: string } };
    expect(envelope.error.message).toContain('No API key for profile "prod"');

    const status = await hire(box, ['auth', 'status', '--profile', 'prod']);
    expect(status.code, show(status)).toBe(3);

    const create = await hire(box, [
      'jobs',
      'create',
      '--profile',
      'prod',
      '--title',
      'Nope',
      '--description',
      DESCRIPTION,
    ]);
    expect(create.code, show(create)).toBe(3);
    expect(create.stderr).toContain('No API key for profile "prod"');
    expect(emu.store.count('jobs')).toBe(0);
  });
});

describe('profiles', () => {
  it('list, use, show and remove', async () => {
    const { box, emu, id, key } = await withProd();

    const listed = await hire(box, ['profiles', 'list']);
    expect(listed.code, show(listed)).toBe(0);
    let rows = rowsOf(listed.stdout);
    expect(rows.get('local'), listed.stdout).toBeDefined();
    expect(rows.get('prod'), listed.stdout).toBeDefined();
    expect(rows.get('local')!.at(-1)).toBe('yes');
    expect(rows.get('prod')!.at(-1)).not.toBe('yes');
    expect(rows.get('prod')).toContain(masked(key));

    // A job made on local (the same emulator, through its data dir), to be listed through prod.
    const made = await hire(box, [
      'jobs',
      'create',
      '--title',
      'Listed through prod',
      '--description',
      DESCRIPTION,
      '--json',
    ]);
    expect(made.code, show(made)).toBe(0);
    const job = parseJson<{ id: string }>(made);

    const used = await hire(box, ['profiles', 'use', 'prod']);
    expect(used.code, show(used)).toBe(0);
    expect(readConfig(box).default_profile).toBe('prod');
    rows = rowsOf((await hire(box, ['profiles', 'list'])).stdout);
    expect(rows.get('prod')!.at(-1)).toBe('yes');
    expect(rows.get('local')!.at(-1)).not.toBe('yes');

    const usedBefore = lastUsed(emu, id);
    expect(usedBefore).not.toBeNull(); // by login's check
    const jobs = await hire(box, ['jobs', 'list', '--json']);
    expect(jobs.code, show(jobs)).toBe(0);
    expect(parseJson<{ id: string }[]>(jobs).map((item) => item.id)).toEqual([job.id]);
    expect(jobs.stderr).not.toContain('Using the local emulator');
    const usedAfter = lastUsed(emu, id);
    expect(usedAfter! > usedBefore!, `last_used_at ${usedBefore} → ${usedAfter}`).toBe(true);

    const before = rawConfig(box);
    const nosuch = await hire(box, ['profiles', 'use', 'nosuch']);
    expect(nosuch.code, show(nosuch)).toBe(2);
    expect(nosuch.stderr).toContain('nosuch');
    expect(rawConfig(box).equals(before)).toBe(true);

    const shown = await hire(box, ['profiles', 'show', 'prod']);
    expect(shown.code, show(shown)).toBe(0);
    expect(recordOf(shown.stdout)).toMatchObject({
      name: 'prod',
      environment: 'production (emulator)',
      base_url: emu.apiUrl,
      key: masked(key),
    });
    expect(shown.stdout).not.toContain(key);

    const removeLocal = await hire(box, ['profiles', 'remove', 'local']);
    expect(removeLocal.code, show(removeLocal)).toBe(2);
    expect(rawConfig(box).equals(before)).toBe(true);

    const unconfirmed = await hire(box, ['profiles', 'remove', 'prod']);
    expect(unconfirmed.code, show(unconfirmed)).toBe(2);
    expect(unconfirmed.stderr).toContain(
      'Refusing to remove profile "prod" and its stored key without confirmation: pass --yes',
    );
    expect(rawConfig(box).equals(before)).toBe(true);
    const removed = await hire(box, ['profiles', 'remove', 'prod', '--yes']);
    expect(removed.code, show(removed)).toBe(0);
    const config = readConfig(box);
    expect(config.profiles).not.toHaveProperty('prod');
    expect(config.default_profile ?? 'local').toBe('local');
    const after = await hire(box, ['profiles', 'list']);
    rows = rowsOf(after.stdout);
    expect([...rows.keys()]).toEqual(['local', 'local-sandbox']);
    expect(rows.get('local')!.at(-1)).toBe('yes');
    const current = await hire(box, ['profiles', 'show', '--json']);
    expect(parseJson<{ name: string }>(current).name).toBe('local');
  });
});

describe('precedence', () => {
  it("--profile over HIRE_PROFILE over the saved default; HIRE_API_KEY over the profile's key; HIRE_BASE_URL over its base URL", async () => {
    const { box, emu } = await setup();
    const { key: goodKey } = await makeKey(emu);
    const { key: otherKey } = await makeKey(emu);
    const badKey = bogusKey();
    const nowhere = `http://127.0.0.1:${await unusedPort()}/api/v1`;
    for (const [profile, key, baseUrl, extra] of [
      ['good', goodKey, emu.apiUrl, ['--set-default']],
      ['bad', badKey, emu.apiUrl, ['--skip-verify']],
      ['far', goodKey, nowhere, ['--skip-verify']],
    ] as const) {
      const result = await login(box, { profile, key, baseUrl, extra: [...extra] });
      expect(result.code, show(result)).toBe(0);
    }
    expect(readConfig(box).default_profile).toBe('good');

    const current = async (args: string[], env: Record<string, string> = {}) => {
      const result = await hire(box, ['profiles', 'show', '--json', ...args], { env });
      expect(result.code, show(result)).toBe(0);
      return parseJson<{ name: string }>(result).name;
    };
    const listCode = async (args: string[], env: Record<string, string> = {}) => {
      const result = await hire(box, ['jobs', 'list', '--json', '--max-retries', '0', ...args], { env });
      return result.code;
    };

    // The saved default, HIRE_PROFILE over it, --profile over both.
    expect(await current([])).toBe('good');
    expect(await listCode([])).toBe(0);
    expect(await current([], { HIRE_PROFILE: 'bad' })).toBe('bad');
    expect(await listCode([], { HIRE_PROFILE: 'bad' })).toBe(3);
    expect(await current(['--profile', 'good'], { HIRE_PROFILE: 'bad' })).toBe('good');
    expect(await listCode(['--profile', 'good'], { HIRE_PROFILE: 'bad' })).toBe(0);
    expect(await current(['--profile', 'bad'])).toBe('bad');

    // HIRE_API_KEY over the stored key, both ways.
    const envBad = bogusKey();
    expect(await listCode(['--profile', 'good'], { HIRE_API_KEY: envBad })).toBe(3);
    expect(await listCode(['--profile', 'bad'], { HIRE_API_KEY: otherKey })).toBe(0);

    // HIRE_BASE_URL over the profile's base URL, both ways.
    expect(await listCode(['--profile', 'far'])).toBe(6);
    expect(await listCode(['--profile', 'far'], { HIRE_BASE_URL: emu.apiUrl })).toBe(0);
    expect(await listCode(['--profile', 'good'], { HIRE_BASE_URL: nowhere })).toBe(6);
  });
});

describe('file modes', () => {
  it('the config dir is 0700 and config.json 0600 after login; a looser config.json is tightened, a dir hire did not make keeps its mode', async () => {
    const { box, emu } = await setup();
    const { key } = await makeKey(emu);
    const mode = (path: string) => statSync(path).mode & 0o777;

    rmSync(box.configDir, { recursive: true, force: true });
    const fresh = await login(box, { baseUrl: emu.apiUrl, key });
    expect(fresh.code, show(fresh)).toBe(0);
    expect(mode(box.configDir).toString(8)).toBe('700');
    expect(mode(configPath(box)).toString(8)).toBe('600');

    chmodSync(box.configDir, 0o755);
    chmodSync(configPath(box), 0o644);
    expect(mode(configPath(box)).toString(8)).toBe('644');
    const again = await login(box, { profile: 'staging', environment: 'production', baseUrl: emu.apiUrl, key });
    expect(again.code, show(again)).toBe(0);
    // Issue 27: hire never changes the mode of a directory it did not make (0755: nobody else writes there).
    expect(mode(box.configDir).toString(8)).toBe('755');
    expect(mode(configPath(box)).toString(8)).toBe('600');
    expect(Object.keys(readConfig(box).profiles ?? {}).sort()).toEqual(['prod', 'staging']);
    chmodSync(box.configDir, 0o700); // the sandbox's own hygiene check
  });
});

describe('a corrupt config file', () => {
  it('is reported with its path (exit 1) and left byte for byte; commands that need no config still run', async () => {
    const { box, emu } = await setup();
    const { key } = await makeKey(emu);
    const corrupt = '{"profiles": {';
    writeFileSync(configPath(box), corrupt, { mode: 0o600 });
    const original = rawConfig(box);

    const loggedIn = await login(box, { baseUrl: emu.apiUrl, key });
    expect(loggedIn.code, show(loggedIn)).toBe(1);
    expect(loggedIn.stderr).toContain(configPath(box));
    expect(loggedIn.stdout + loggedIn.stderr).not.toContain(key);
    expect(rawConfig(box).equals(original)).toBe(true);

    const used = await hire(box, ['profiles', 'use', 'local']);
    expect(used.code, show(used)).toBe(1);
    expect(used.stderr).toContain(configPath(box));
    expect(rawConfig(box).equals(original)).toBe(true);

    const version = await hire(box, ['--version']);
    expect(version.code, show(version)).toBe(0);
    expect(version.stdout.trim()).toBe(VERSION);

    const help = await hire(box, ['--help']);
    expect(help.code, show(help)).toBe(0);
    expect(help.stdout).toMatch(/^Usage: hire/m);

    const dryRun = await hire(box, ['jobs', 'create', '--title', 'Dry', '--description', DESCRIPTION, '--dry-run']);
    expect(dryRun.code, show(dryRun)).toBe(0);
    expect(JSON.parse(dryRun.stdout)).toMatchObject({ title: 'Dry' });
    expect(emu.store.count('jobs')).toBe(0);

    expect(readFileSync(configPath(box), 'utf8')).toBe(corrupt);
  });
});

describe('concurrent writers', () => {
  it('ten logins at once lose no profile', async () => {
    const { box, emu } = await setup();
    const keys = await Promise.all(Array.from({ length: 10 }, () => makeKey(emu)));
    const results = await Promise.all(
      keys.map(({ key }, n) =>
        login(box, { profile: `p${n}`, environment: 'sandbox', baseUrl: emu.apiUrl, key, extra: ['--skip-verify'] }),
      ),
    );
    results.forEach((result) => expect(result.code, show(result)).toBe(0));
    for (const result of results) expect(result.stdout + result.stderr).not.toMatch(/hk_test_\w{20}/);

    const config = readConfig(box); // parses
    const profiles = config.profiles ?? {};
    expect(Object.keys(profiles).sort()).toEqual(['local', ...keys.map((_, n) => `p${n}`)].sort());
    keys.forEach(({ key }, n) =>
      expect(profiles[`p${n}`]).toMatchObject({ environment: 'sandbox', base_url: emu.apiUrl, api_key: key }),
    );
    expect(existsSync(join(box.configDir, 'config.json.lock'))).toBe(false);
  });
});

describe('production writes', () => {
  it('at a terminal, name the production profile on stderr; the job still goes to stdout', async () => {
    const { box, emu } = await withProd();
    // In-process, with stdin, stdout and stderr reported as terminals; --yes answers the guard.
    const result = await runCli(
      [
        'jobs',
        'create',
        '--profile',
        'prod',
        '--title',
        'Written at a terminal',
        '--description',
        DESCRIPTION,
        '--no-color',
        '--yes',
      ],
      {
        env: box.env,
        tty: true,
      },
    );
    expect(result.code, result.stderr).toBe(0);
    const id = /job_[A-Za-z0-9]+/.exec(result.stdout)?.[0];
    expect(id).toBeDefined();
    expect(result.stderr).toContain(`Created job ${id} on production (profile "prod").`);
    expect(emu.store.get('jobs', id!)).toMatchObject({ title: 'Written at a terminal' });

    // The same profile's reads say no more of it than the environment line every command starts with.
    const read = await runCli(['jobs', 'get', id!, '--profile', 'prod', '--no-color'], { env: box.env, tty: true });
    expect(read.code, read.stderr).toBe(0);
    expect(read.stderr).toMatch(ENVIRONMENT_LINE);
    expect(read.stderr.replace(ENVIRONMENT_LINE, '')).not.toContain('production');
    expect(result.stderr.match(/· profile prod ·/g)).toHaveLength(1);
  });

  it('at a terminal, ask first, naming the profile and the change: no sends nothing, yes writes; reads are not asked about', async () => {
    const { box, emu } = await withProd();
    const before = emu.store.count('jobs');
    const no = hirePane(box, [
      'jobs',
      'create',
      '--profile',
      'prod',
      '--title',
      'Guarded',
      '--description',
      DESCRIPTION,
      '--no-color',
    ]);
    try {
      await no.waitFor(/Create job "Guarded" on production \(profile "prod"\)\? \(y\/N\)/);
      no.sendKeys('n', 'Enter');
      const screen = await no.waitFor(/EXIT=\d+/);
      expect(screen).toContain('Nothing was sent.');
      expect(screen).toContain('EXIT=0');
    } finally {
      no.kill();
    }
    expect(emu.store.count('jobs')).toBe(before);
    const yes = hirePane(box, [
      'jobs',
      'create',
      '--profile',
      'prod',
      '--title',
      'Guarded',
      '--description',
      DESCRIPTION,
      '--no-color',
    ]);
    try {
      await yes.waitFor(/Create job "Guarded" on production/);
      yes.sendKeys('y', 'Enter');
      const screen = await yes.waitFor(/EXIT=\d+/);
      expect(screen).toContain('EXIT=0');
      expect(screen).toMatch(/Created job job_\w+ on production \(profile "prod"\)\./);
    } finally {
      yes.kill();
    }
    expect(emu.store.count('jobs')).toBe(before + 1);
    const read = hirePane(box, ['jobs', 'list', '--profile', 'prod', '--no-color']);
    try {
      const screen = await read.waitFor(/EXIT=\d+/);
      expect(screen).toContain('EXIT=0');
      expect(screen).not.toContain('?');
    } finally {
      read.kill();
    }
  });

  it('not at a terminal, still succeed and print the job', async () => {
    const { box, emu, id } = await withProd();
    const usedBefore = lastUsed(emu, id);

    const result = await hire(box, [
      'jobs',
      'create',
      '--profile',
      'prod',
      '--title',
      'Written to prod',
      '--description',
      DESCRIPTION,
    ]);
    expect(result.code, show(result)).toBe(0);
    const record = recordOf(result.stdout);
    expect(record.title).toBe('Written to prod');
    expect(record.id).toMatch(/^job_/);
    expect(emu.store.get('jobs', record.id!)).toMatchObject({ title: 'Written to prod' });
    expect(lastUsed(emu, id)! > usedBefore!).toBe(true);
  });
});

describe('secrets', () => {
  it('no output of any process spawned here contains any full key', () => {
    expect(KEYS.length).toBeGreaterThan(10);
    expect(OUTPUTS.length).toBeGreaterThan(50);
    const leaks = OUTPUTS.flatMap(({ what, stream, text }) =>
      KEYS.filter((key) => text.includes(key)).map((key) => `${what} (${stream}) shows ${masked(key)}`),
    );
    expect(leaks).toEqual([]);
  });
});
