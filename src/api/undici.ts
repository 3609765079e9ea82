// The parts of undici the client uses, loaded one by one: `import 'undici'` evaluates every
// dispatcher, mock, cache and fetch module (≈32 ms bundled on Node 20); the Agent alone (the
// client talks to it through dispatch(), see transport.ts) takes a fraction of that.
// undici publishes no `exports` map, so these paths are public files; the test suite exercises them.
import AgentClass from 'undici/lib/dispatcher/agent.js';
import type { Dispatcher } from 'undici';

export type { Dispatcher };
export const Agent = AgentClass;

export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/** The proxy variables of an environment (lower case first, as curl and undici read them). */
export function proxySettings(env: Readonly<Record<string, string | undefined>>): ProxySettings {
  return {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  };
}

/**
 * The proxy-aware dispatcher, loaded only when needed. The settings are passed in (empty strings
 * for none) so that undici never falls back to process.env: commands see only the environment
 * they were given.
 */
export async function envHttpProxyAgent(settings: ProxySettings): Promise<Dispatcher> {
  const [{ default: EnvHttpProxyAgent }, { default: DispatcherClass }, { default: api }] = await Promise.all([
    import('undici/lib/dispatcher/env-http-proxy-agent.js'),
    import('undici/lib/dispatcher/dispatcher.js'),
    import('undici/lib/api/index.js'),
  ]);
  // What undici's index does: ProxyAgent opens its tunnel with the api's connect().
  Object.assign(DispatcherClass.prototype, api);
  return new EnvHttpProxyAgent(settings);
}
