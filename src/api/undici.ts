// The parts of undici the client uses, loaded one by one: `import 'undici'` evaluates every
// dispatcher, mock, cache and fetch module (≈32 ms bundled on Node 20); these parts take ≈13 ms.
// undici publishes no `exports` map, so these paths are public files; the test suite exercises them.
import AgentClass from 'undici/lib/dispatcher/agent.js';
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';
import type { Dispatcher } from 'undici';

// What undici's index does to give every dispatcher .request() and friends.
Object.assign(DispatcherClass.prototype, api);

export type { Dispatcher };
export const Agent = AgentClass;

/** The proxy-aware dispatcher (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), loaded only when needed. */
export async function envHttpProxyAgent(): Promise<Dispatcher> {
  const { default: EnvHttpProxyAgent } = await import('undici/lib/dispatcher/env-http-proxy-agent.js');
  return new EnvHttpProxyAgent();
}
