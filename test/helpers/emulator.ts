// A standing emulator on any free port, with its local key, for tests that talk HTTP to it.
import { ensureLocalKey } from '../../src/emulator/access/local-key.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/http/server.js';
import { beforeSandboxRemoval, sandbox, type Sandbox } from './env.js';

export interface TestEmulator extends RunningEmulator {
  key: string;
  /** fetch against the API with the local key (or the headers given). */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    headers: Headers;
    json: any;
  }>;
}

export async function testEmulator(dataDir: string, options: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  const emulator = await startEmulator({ dataDir, port: 0, ...options });
  beforeSandboxRemoval(() => emulator.close());
  const key = ensureLocalKey(dataDir);
  const call: TestEmulator['call'] = async (method, path, callOptions = {}) => {
    const response = await fetch(`${emulator.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...callOptions.headers },
      ...(callOptions.body === undefined
        ? {}
        : { body: typeof callOptions.body === 'string' ? callOptions.body : JSON.stringify(callOptions.body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
  };
  return Object.assign(emulator, { key, call });
}

/**
 * A sandbox whose `local` profile is a standing emulator on its data dir: `runCli(argv, { env: box.env })`
 * reaches it. `localEmulator({ publishedOnly: true })` serves only the API spec's published
 * operations and answers every other API request with a gateway's bare 404 (docs/emulator.md
 * "Only what the spec publishes").
 */
export async function localEmulator(
  options: Partial<Omit<EmulatorOptions, 'dataDir'>> = {},
): Promise<{ box: Sandbox; emu: TestEmulator }> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir, options);
  box.writeConfig({ profiles: { local: { environment: 'local', base_url: emu.apiUrl } } });
  return { box, emu };
}
