// A standing emulator on any free port, with its local key, for tests that talk HTTP to it.
import { ensureLocalKey } from '../../src/emulator/access/local-key.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/http/server.js';
import { beforeSandboxRemoval } from './env.js';

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
