// Base URL rules of docs/profiles.md "Base URLs": the version prefix is appended when missing, /api/v0 is
// deprecated, and plain http is refused unless the host is loopback (the API is HTTPS only).
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { UsageError } from '../errors.js';

export interface BaseUrl {
  /** Normalised, without a trailing slash: `https://host/api/v1`. */
  href: string;
  version: number;
  deprecated: boolean;
}

const VERSION_SUFFIX = /\/api\/v(\d+)$/;

/**
 * A literal loopback address (127.0.0.0/8, ::1) or the name `localhost`, which the client
 * resolves itself (lookupLoopback). Not `*.localhost`: a resolver answers for those, and could
 * send plain http, the key with it, anywhere.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (host === '::1') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  // IPv4-mapped IPv6, as written (::ffff:127.0.0.1) or as URL parsing rewrites it (::ffff:7f00:1).
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (dotted) return dotted[1]!.startsWith('127.');
  const hex = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host);
  return hex !== null && parseInt(hex[1]!, 16) >> 8 === 127;
}

/** A dns.lookup for connections to loopback hosts: `localhost` is this machine, whatever a resolver says. */
export function lookupLoopback(
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  if (hostname.toLowerCase() !== 'localhost')
    // node:dns taken here, not as the module loads: every command loads this module (dist/cli.js),
    // and most never look a name up (ARCHITECTURE.md "What the package ships").
    return (process.getBuiltinModule('node:dns').lookup as (...args: Parameters<typeof lookupLoopback>) => void)(
      hostname,
      options,
      callback,
    );
  // IPv4 first: the emulator listens on 127.0.0.1 by default.
  const loopback = [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ].filter(({ family }) => !options.family || options.family === family || options.family === `IPv${family}`);
  if (options.all) callback(null, loopback);
  else callback(null, loopback[0]!.address, loopback[0]!.family);
}

/** The URL as safe to print: user-info (which may hold a key) replaced by `…`. */
export function redactUrl(raw: string): string {
  return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1…@');
}

export function resolveBaseUrl(raw: string, source = 'base URL'): BaseUrl {
  const shown = redactUrl(raw);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UsageError(`The ${source} "${shown}" is not a valid URL.`, {
      code: 'invalid_base_url',
      hint: 'Use the form https://api.example.com/api/v1.',
    });
  }
  if (url.username || url.password) {
    throw new UsageError(`The ${source} "${shown}" must not contain credentials.`, { code: 'invalid_base_url' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`The ${source} "${shown}" must use https.`, { code: 'invalid_base_url' });
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(`The ${source} "${shown}" uses plain http; the API is HTTPS only.`, {
      code: 'insecure_base_url',
      hint: 'Use https://, or a loopback address (127.0.0.1, ::1, localhost) for a local emulator.',
    });
  }
  url.search = '';
  url.hash = '';
  let path = url.pathname.replace(/\/+$/, '');
  let match = VERSION_SUFFIX.exec(path);
  if (!match) {
    path = `${path}/api/v1`;
    match = VERSION_SUFFIX.exec(path)!;
  }
  const version = Number(match[1]);
  return { href: `${url.origin}${path}`, version, deprecated: version === 0 };
}
