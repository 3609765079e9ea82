// Keys in the OS keychain (docs/profiles.md "Where keys are kept"), against a real Secret Service:
// GNOME Keyring on a D-Bus session bus of each test's own (test/helpers/keychain.ts). The built
// bin/hire.js and the built library run as a user runs them; a process given no bus address sees
// no keychain, as on a server or in CI, and keeps the key in the config file.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, hire as runBin, type Result } from '../helpers/bin.js';
// env.js before emulator.js and keychain.js: after-each hooks run in reverse, so the emulator and
// the bus close before the sandbox goes.
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { fingerprint, secretService, type SecretService } from '../helpers/keychain.js';

interface Setup {
  box: Sandbox;
  emu: TestEmulator;
  keychain: SecretService;
  /** The keychain's account for profile `acme` of this sandbox's config dir. */
  account: string;
}

const KEYS: string[] = [];

async function setup(): Promise<Setup> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir);
  KEYS.push(emu.key);
  const keychain = await secretService(box);
  return { box, emu, keychain, account: `acme@${box.configDir}` };
}

/** Runs the built CLI; its output never holds a key, whatever it says. */
async function hire(
  box: Sandbox,
  args: readonly string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
) {
  const result = await runBin(box, args, options);
  for (const key of KEYS) {
    expect(result.stdout, `hire ${args.join(' ')} printed a key`).not.toContain(key);
    expect(result.stderr, `hire ${args.join(' ')} printed a key`).not.toContain(key);
  }
  return result;
}

const show = (result: Result) =>
  `exit ${result.code} ${result.signal ?? ''}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`;

async function makeKey(emu: TestEmulator): Promise<string> {
  const response = await fetch(`${emu.origin}/_emulator/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ level: 'write' }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const { key } = (JSON.parse(text) as { data: { key: string } }).data;
  KEYS.push(key);
  return key;
}

function login(
  { box, emu }: Setup,
  key: string,
  options: { env?: Record<string, string>; extra?: string[] } = {},
): Promise<Result> {
  return hire(
    box,
    ['auth', 'login', '--profile', 'acme', '--base-url', emu.apiUrl, '--with-key', ...(options.extra ?? [])],
    { stdin: `${key}\n`, ...(options.env ? { env: options.env } : {}) },
  );
}

const configText = (box: Sandbox) => readFileSync(join(box.configDir, 'config.json'), 'utf8');
const acme = (box: Sandbox) =>
  (JSON.parse(configText(box)) as { profiles: Record<string, Record<string, unknown>> }).profiles.acme;

interface StatusRow {
  name: string;
  key_source: string;
  key_storage: string | null;
  status: string;
}

async function status(box: Sandbox, env: Record<string, string> = {}): Promise<StatusRow> {
  const result = await hire(box, ['auth', 'status', '--profile', 'acme', '--json'], { env });
  const rows = JSON.parse(result.stdout) as StatusRow[];
  expect(rows, show(result)).toHaveLength(1);
  return rows[0]!;
}

/**
 * The built library, in a process of its own with the sandbox's environment (and the bus, if
 * given); run asynchronously, since the emulator answering it is in this process.
 */
async function libraryJobs(box: Sandbox, env: Record<string, string>): Promise<string> {
  const script = `
    const { HiringClient } = await import(${JSON.stringify(join(ROOT, 'dist/lib/index.js'))});
    try {
      const client = await HiringClient.fromProfile('acme');
      const jobs = await client.jobs.list();
      await client.close();
      console.log(JSON.stringify({ ok: Array.isArray(jobs) }));
    } catch (error) {
      console.log(JSON.stringify({ error: error.code, message: error.message }));
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...box.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await new Promise((resolve) => child.once('close', resolve));
  for (const key of KEYS) expect(out).not.toContain(key);
  return out;
}

describe('with a Secret Service', () => {
  it('auth login keeps the key in the keychain and none in the file; status, show, the library and logout find it there', async () => {
    const s = await setup();
    const { box, keychain, account } = s;
    const key = await makeKey(s.emu);
    const loggedIn = await login(s, key, { env: keychain.env });
    expect(loggedIn.code, show(loggedIn)).toBe(0);
    expect(loggedIn.stderr).toContain('in the system keychain');
    expect(loggedIn.stderr).not.toContain('Warning');

    expect(keychain.lookup(account)).toBe(fingerprint(key));
    expect(configText(box)).not.toContain(key);
    expect(acme(box)).toMatchObject({ key_storage: 'keychain' });
    expect(acme(box)).not.toHaveProperty('api_key');

    expect(await status(box, keychain.env)).toMatchObject({
      key_source: 'profile',
      key_storage: 'keychain',
      status: 'ok',
    });
    // HIRE_API_KEY stands before the profile's key: the keychain is not read.
    expect(await status(box, { ...keychain.env, HIRE_API_KEY: key })).toMatchObject({
      key_source: 'HIRE_API_KEY',
      key_storage: 'environment',
      status: 'ok',
    });

    const human = await hire(box, ['profiles', 'show', 'acme'], { env: keychain.env });
    expect(human.code, show(human)).toBe(0);
    expect(human.stdout).toMatch(/^key_storage\tkeychain$/m);
    expect(human.stdout).toMatch(new RegExp(`^key\\thk_…${key.slice(-4)}$`, 'm'));
    const machine = await hire(box, ['profiles', 'show', 'acme', '--json'], { env: keychain.env });
    expect(JSON.parse(machine.stdout)).toMatchObject({ name: 'acme', key_storage: 'keychain' });

    // A command reads the key from the keychain; the library's fromProfile too.
    const jobs = await hire(box, ['jobs', 'list', '--profile', 'acme', '--json'], { env: keychain.env });
    expect(jobs.code, show(jobs)).toBe(0);
    expect(await libraryJobs(box, keychain.env)).toContain('{"ok":true}');

    const logout = await hire(box, ['auth', 'logout', '--profile', 'acme', '--yes'], { env: keychain.env });
    expect(logout.code, show(logout)).toBe(0);
    expect(keychain.lookup(account)).toBeNull();
    expect(acme(box)).not.toHaveProperty('key_storage');
    expect(await status(box, keychain.env)).toMatchObject({ key_storage: null, status: 'no_key' });
  });

  it('a process without the bus cannot read a keychain key: exit 1 naming the profile, and logout removes nothing', async () => {
    const s = await setup();
    const { box, keychain, account } = s;
    const key = await makeKey(s.emu);
    expect((await login(s, key, { env: keychain.env })).code).toBe(0);

    const jobs = await hire(box, ['jobs', 'list', '--profile', 'acme', '--json']);
    expect(jobs.code, show(jobs)).toBe(1);
    expect(JSON.parse(jobs.stderr)).toMatchObject({ error: { code: 'keychain_unavailable' } });
    expect(jobs.stderr).toContain(
      'The key of profile \\"acme\\" is kept in the system keychain, which does not answer',
    );
    expect(await libraryJobs(box, {})).toContain('"error":"keychain_unavailable"');

    const logout = await hire(box, ['auth', 'logout', '--profile', 'acme', '--yes']);
    expect(logout.code, show(logout)).toBe(1);
    expect(logout.stderr).toContain('nothing was removed');
    expect(keychain.lookup(account)).toBe(fingerprint(key));
    expect(acme(box)).toMatchObject({ key_storage: 'keychain' });
  });

  it('a file key moved into the keychain is never lost: killed between the two writes, the file key still works', async () => {
    const s = await setup();
    const { box, keychain, account } = s;
    const oldKey = await makeKey(s.emu);
    const newKey = await makeKey(s.emu);
    // Logged in where no keychain answered: the key is in the file.
    expect((await login(s, oldKey)).code).toBe(0);
    expect(acme(box)).toMatchObject({ api_key: oldKey });

    // Again where the keychain answers, killed once the keychain holds the new key.
    const killed = await login(s, newKey, { env: { ...keychain.env, HIRE_TEST_KILL_BETWEEN_KEY_WRITES: '1' } });
    expect(killed.signal, show(killed)).toBe('SIGKILL');
    expect(keychain.lookup(account)).toBe(fingerprint(newKey));
    expect(acme(box)).toMatchObject({ api_key: oldKey });
    expect(acme(box)).not.toHaveProperty('key_storage');
    expect(await status(box, keychain.env)).toMatchObject({ key_storage: 'file', status: 'ok' });

    // Not killed: the keychain has it, the file no longer.
    const moved = await login(s, newKey, { env: keychain.env });
    expect(moved.code, show(moved)).toBe(0);
    expect(configText(box)).not.toContain(oldKey);
    expect(configText(box)).not.toContain(newKey);
    expect(await status(box, keychain.env)).toMatchObject({ key_storage: 'keychain', status: 'ok' });
  });

  it('a keychain key moved to the file is never lost: killed between the two writes, the file key works', async () => {
    const s = await setup();
    const { box, keychain, account } = s;
    const oldKey = await makeKey(s.emu);
    const newKey = await makeKey(s.emu);
    expect((await login(s, oldKey, { env: keychain.env })).code).toBe(0);

    // Logged in again where no keychain answers: the file has the new key; the keychain's old entry
    // cannot be removed from there, and the login says so.
    const toFile = await login(s, newKey);
    expect(toFile.code, show(toFile)).toBe(0);
    expect(toFile.stderr).toContain('the key profile "acme" had in the system keychain could not be removed from it');
    expect(acme(box)).toMatchObject({ api_key: newKey });
    expect(await status(box, keychain.env)).toMatchObject({ key_storage: 'file', status: 'ok' });

    // Back in the keychain, then to the file again, killed once the file holds the new key and
    // before the keychain's entry goes.
    expect((await login(s, oldKey, { env: keychain.env })).code).toBe(0);
    expect(keychain.lookup(account)).toBe(fingerprint(oldKey));
    const killed = await login(s, newKey, { env: { HIRE_TEST_KILL_BETWEEN_KEY_WRITES: '1' } });
    expect(killed.signal, show(killed)).toBe('SIGKILL');
    expect(acme(box)).toMatchObject({ api_key: newKey });
    expect(acme(box)).not.toHaveProperty('key_storage');
    expect(await status(box)).toMatchObject({ key_storage: 'file', status: 'ok' });
    expect(keychain.lookup(account)).toBe(fingerprint(oldKey));

    // Where the keychain answers again, logout removes the file's key.
    const logout = await hire(box, ['auth', 'logout', '--profile', 'acme', '--yes'], { env: keychain.env });
    expect(logout.code, show(logout)).toBe(0);
    expect(configText(box)).not.toContain(newKey);
  });
});

/**
 * `node bin/hire.js ARGS` under a module-load hook (as test/e2e/library-load.test.ts does): whether
 * the keychain binding was loaded, besides the result.
 */
async function loadsBinding(
  box: Sandbox,
  args: string[],
  env: Record<string, string>,
): Promise<{ loaded: boolean; result: Result }> {
  const list = join(box.root, 'loaded.txt');
  writeFileSync(list, '');
  writeFileSync(
    join(box.root, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(list)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  writeFileSync(
    join(box.root, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${join(box.root, 'hooks.mjs')}`)});\n`,
  );
  const child = spawn(process.execPath, ['--import', join(box.root, 'register.mjs'), 'bin/hire.js', ...args], {
    cwd: ROOT,
    env: { ...box.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal })),
  );
  const loaded = readFileSync(list, 'utf8').includes('/node_modules/@napi-rs/keyring');
  return { loaded, result: { code, signal, stdout, stderr } };
}

describe('the binding is loaded only to read or write a profile key', () => {
  it('not for --help, --version, completion, the built-in local profile or a key from HIRE_API_KEY; for a keychain key, yes', async () => {
    const s = await setup();
    const { box, keychain } = s;
    const key = await makeKey(s.emu);
    expect((await login(s, key, { env: keychain.env })).code).toBe(0);
    for (const args of [
      ['--help'],
      ['--version'],
      ['jobs', 'list', '--help'],
      ['__complete', '--', 'jobs', 'list', '--profile', ''],
      ['profiles', 'show', 'local'],
    ]) {
      const { loaded, result } = await loadsBinding(box, args, keychain.env);
      expect(result.code, `hire ${args.join(' ')}: ${show(result)}`).toBe(0);
      expect(loaded, `hire ${args.join(' ')} loaded the keychain binding`).toBe(false);
    }
    const fromEnv = await loadsBinding(box, ['jobs', 'list', '--profile', 'acme', '--json'], {
      ...keychain.env,
      HIRE_API_KEY: key,
    });
    expect(fromEnv.result.code, show(fromEnv.result)).toBe(0);
    expect(fromEnv.loaded).toBe(false);
    // The check can see the binding load: a command on the profile's own key loads it.
    const fromKeychain = await loadsBinding(box, ['jobs', 'list', '--profile', 'acme', '--json'], keychain.env);
    expect(fromKeychain.result.code, show(fromKeychain.result)).toBe(0);
    expect(fromKeychain.loaded).toBe(true);
  });
});

describe('without a keychain', () => {
  it('auth login keeps the key in the 0600 file and says so once; --json carries it as the key_in_file warning', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    KEYS.push(emu.key);
    const s = { box, emu } as Setup;
    const key = await makeKey(emu);

    const human = await login(s, key);
    expect(human.code, show(human)).toBe(0);
    expect(human.stderr.match(/Warning: no system keychain answers/g)).toHaveLength(1);
    expect(human.stderr).toContain(
      `the key is kept in the config file ${join(box.configDir, 'config.json')} (mode 0600)`,
    );
    expect(acme(box)).toMatchObject({ api_key: key });
    expect(await status(box)).toMatchObject({ key_source: 'profile', key_storage: 'file', status: 'ok' });
    // Later commands say nothing of it.
    const jobs = await hire(box, ['jobs', 'list', '--profile', 'acme', '--json']);
    expect(jobs.code, show(jobs)).toBe(0);
    expect(jobs.stderr).toBe('');
    const shown = await hire(box, ['profiles', 'show', 'acme', '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ key_storage: 'file' });

    const machine = await login(s, key, { extra: ['--json'] });
    expect(machine.code, show(machine)).toBe(0);
    const { warnings } = JSON.parse(machine.stderr) as { warnings: { code: string; profile: string }[] };
    expect(warnings).toEqual([expect.objectContaining({ code: 'key_in_file', profile: 'acme' })]);
  });

  it('auth login --secure-storage-only refuses: exit 1, keychain_unavailable, nothing saved', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    KEYS.push(emu.key);
    const key = await makeKey(emu);
    const refused = await login({ box, emu } as Setup, key, { extra: ['--secure-storage-only', '--json'] });
    expect(refused.code, show(refused)).toBe(1);
    expect(JSON.parse(refused.stderr)).toMatchObject({
      error: { code: 'keychain_unavailable', message: expect.stringContaining('--secure-storage-only') },
    });
    expect(configText(box)).not.toContain(key);
    expect(configText(box)).not.toContain('"acme"');
  });
});
