// Base URL rules of CONTRACT §2: the version prefix is appended when missing, /api/v0 is
// deprecated, and plain http is refused unless the host is loopback (the API is HTTPS only).
import { isIP } from 'node:net';
import { UsageError } from '../errors.js';

export interface BaseUrl {
  /** Normalised, without a trailing slash: `https://host/api/v1`. */
  href: string;
  version: number;
  deprecated: boolean;
}

const VERSION_SUFFIX = /\/api\/v(\d+)$/;

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  return mapped !== null && mapped[1]!.startsWith('127.');
}

export function resolveBaseUrl(raw: string, source = 'base URL'): BaseUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UsageError(`The ${source} "${raw}" is not a valid URL.`, {
      code: 'invalid_base_url',
      hint: 'Use the form https://api.example.com/api/v1.',
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`The ${source} "${raw}" must use https.`, { code: 'invalid_base_url' });
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(`The ${source} "${raw}" uses plain http; the API is HTTPS only.`, {
      code: 'insecure_base_url',
      hint: 'Use https://, or a loopback address (127.0.0.1, ::1, localhost) for a local emulator.',
    });
  }
  if (url.username || url.password) {
    throw new UsageError(`The ${source} must not contain credentials.`, { code: 'invalid_base_url' });
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
