// A real Secret Service for one test: a D-Bus session bus of its own (dbus-daemon on a socket in
// the sandbox) and GNOME Keyring on it, its login keyring made and unlocked in the sandbox too. The
// bus's address goes in the environment of the processes that should see the keychain; the others
// have none, as on a server. Both daemons end with the test (the keyring leaves with its bus).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeSandboxRemoval, type Sandbox } from './env.js';

const TOOLS = ['dbus-daemon', 'gnome-keyring-daemon', 'secret-tool'];

export interface SecretService {
  /** What a process needs to reach the keychain: the session bus's address. */
  env: { DBUS_SESSION_BUS_ADDRESS: string };
  /**
   * `secret-tool lookup service hire username ACCOUNT`, looked at without hire: the secret's
   * fingerprint (fingerprint below), or null when there is none. The secret itself is never
   * printed, so that no output of the suite holds a key.
   */
  lookup(account: string): string | null;
}

/** What lookup() answers for `secret`: its SHA-256 in hex. */
export const fingerprint = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export async function secretService(box: Sandbox): Promise<SecretService> {
  const missing = TOOLS.filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0,
  );
  if (missing.length > 0)
    throw new Error(
      `The keychain test needs ${missing.join(', ')} (a real Secret Service): run \`node scripts/test-tools.mjs\` (as root, or install dbus-daemon gnome-keyring libsecret-tools).`,
    );
  const dir = join(box.root, 'keychain');
  const runtime = join(dir, 'run');
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  const bus = spawn(
    'dbus-daemon',
    ['--session', '--nofork', '--nopidfile', '--print-address=1', `--address=unix:path=${join(dir, 'bus')}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let busErrors = '';
  bus.stderr.setEncoding('utf8').on('data', (chunk: string) => (busErrors += chunk));
  beforeSandboxRemoval(
    () =>
      new Promise<void>((resolve) => {
        if (bus.exitCode !== null || bus.signalCode !== null) return resolve();
        bus.once('close', () => resolve());
        bus.kill('SIGTERM');
      }),
  );
  // The daemon prints its address once it listens.
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    bus.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    bus.once('close', (code) => reject(new Error(`dbus-daemon ended (${code}) before it listened: ${busErrors}`)));
  });
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: box.env.HOME!,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_RUNTIME_DIR: runtime,
    DBUS_SESSION_BUS_ADDRESS: address,
  };
  // --unlock reads the login keyring's password on stdin (making the keyring when there is none);
  // the command returns once the daemon it forks serves the Secret Service on the bus.
  const keyring = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'test-keyring-password',
    env,
    encoding: 'utf8',
  });
  if (keyring.status !== 0)
    throw new Error(`gnome-keyring-daemon --unlock failed (${keyring.status}): ${keyring.stderr}`);
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    lookup(account) {
      // secret-tool exits 1 when nothing matches.
      const found = spawnSync(
        'sh',
        [
          '-c',
          'secret=$(secret-tool lookup service hire username "$1") || exit 3; printf %s "$secret" | sha256sum',
          'sh',
          account,
        ],
        { env, encoding: 'utf8' },
      );
      if (found.status === 3) return null;
      if (found.status !== 0) throw new Error(`secret-tool lookup failed (${found.status}): ${found.stderr}`);
      return found.stdout.split(' ')[0]!;
    },
  };
}
