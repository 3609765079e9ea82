// Isolation for every test: its own config dir, data dir and HOME, removed afterwards, and a
// `local` profile pointed at a port nobody listens on (never the developer's emulator on 4010).
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

export interface Sandbox {
  root: string;
  configDir: string;
  dataDir: string;
  /** The environment a command gets: nothing from the developer's own. */
  env: Record<string, string>;
  /** Writes config.json (merged with the default local profile address). */
  writeConfig(config: Record<string, unknown>): void;
}

const roots: string[] = [];
const beforeRemoval: (() => Promise<void> | void)[] = [];

/**
 * Runs before the sandboxes go, whatever order the helpers were imported in: the last registered
 * first, so that a process started against an emulator is stopped before the emulator closes.
 */
export function beforeSandboxRemoval(cleanup: () => Promise<void> | void): void {
  beforeRemoval.push(cleanup);
}

afterEach(async () => {
  for (const cleanup of beforeRemoval.splice(0).reverse()) await cleanup();
  const exposed = roots.flatMap((root) => [join(root, 'config'), join(root, 'data')]).flatMap(openToOthers);
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  // Secret hygiene: the config (API keys) and the emulator's data (keys, signing secrets) are for
  // their owner alone, whatever the test did: directories 0700, files 0600 or stricter.
  if (exposed.length > 0) throw new Error(`readable by group or others: ${exposed.join(', ')}`);
});

/** Paths under `path` (itself included) that group or others may read, write or enter. */
function openToOthers(path: string): string[] {
  if (!existsSync(path)) return [];
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return [];
  const here = (stat.mode & 0o077) !== 0 ? [`${path} (${(stat.mode & 0o777).toString(8)})`] : [];
  if (!stat.isDirectory()) return here;
  return [...here, ...readdirSync(path).flatMap((name) => openToOthers(join(path, name)))];
}

/**
 * A loopback port with nothing listening on it, that stays so: chosen outside the kernel's range of
 * ephemeral ports, and found free. A port that port 0 gave and that was released could be given to
 * the next server any test starts on port 0 (the emulators, receivers and scripted servers of
 * tests running alongside), which a command would then find at its profile's address; port 0 never
 * lands outside that range, and neither do the local ports of outgoing connections.
 */
export async function unusedPort(): Promise<number> {
  const [low, high] = ephemeralPorts();
  // Below the range when there is room (Linux: 32768–60999), else above it.
  const [from, to] = low - 1024 >= 4096 ? [1024, low] : [high + 1, 65536];
  if (to - from < 1024)
    throw new Error(`no room outside the ephemeral ports ${low}-${high} for a port nobody listens on`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free loopback port found between ${from} and ${to - 1}`);
}

/** The kernel's range of ephemeral ports (Linux's, else the IANA range that macOS and Windows use). */
function ephemeralPorts(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return [low!, high!];
  } catch {
    // not Linux
  }
  return [49152, 65535];
}

/** Whether a server can listen on 127.0.0.1:`port` now (it is closed again at once). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function sandbox(options: { localUrl?: string } = {}): Promise<Sandbox> {
  const root = mkdtempSync(join(tmpdir(), 'hire-test-'));
  roots.push(root);
  const configDir = join(root, 'config');
  const dataDir = join(root, 'data');
  const home = join(root, 'home');
  mkdirSync(home);
  const localUrl = options.localUrl ?? `http://127.0.0.1:${await unusedPort()}/api/v1`;
  const env: Record<string, string> = {
    HOME: home,
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HIRE_CONFIG_DIR: configDir,
    HIRE_DATA_DIR: dataDir,
  };
  const writeConfig = (config: Record<string, unknown>) => {
    mkdirSync(configDir, { recursive: true, mode: 0o700 });
    const profiles = {
      local: { environment: 'local', base_url: localUrl },
      ...(config.profiles as object | undefined),
    };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ ...config, profiles }, null, 2), { mode: 0o600 });
  };
  writeConfig({});
  return { root, configDir, dataDir, env, writeConfig };
}
