import AgentClass from 'undici/lib/dispatcher/agent.js';
import type { Dispatcher } from 'undici';
export type { Dispatcher };
export declare const Agent: typeof AgentClass;
export interface ProxySettings {
    httpProxy: string;
    httpsProxy: string;
    noProxy: string;
}
/** The proxy variables of an environment (lower case first, as curl and undici read them). */
export declare function proxySettings(env: Readonly<Record<string, string | undefined>>): ProxySettings;
/**
 * The proxy-aware dispatcher, loaded only when needed. The settings are passed in (empty strings
 * for none) so that undici never falls back to process.env: commands see only the environment
 * they were given.
 */
export declare function envHttpProxyAgent(settings: ProxySettings): Promise<Dispatcher>;
