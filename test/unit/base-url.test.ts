// Base URL rules of docs/profiles.md "Base URLs": `/api/v1` appended when no version prefix is given, `/api/v0`
// deprecated, plain http refused (exit 2) unless the host is loopback, since the API is HTTPS only.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, resolveBaseUrl, type BaseUrl } from '../../src/api/base-url.js';
import { UsageError } from '../../src/errors.js';

/** The error resolveBaseUrl throws for `raw`; fails the test when it accepts it. */
function refusal(raw: string, source?: string): UsageError {
  try {
    const accepted = source === undefined ? resolveBaseUrl(raw) : resolveBaseUrl(raw, source);
    expect.fail(`expected "${raw}" to be refused, got ${JSON.stringify(accepted)}`);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
}

describe('resolveBaseUrl: accepted addresses', () => {
  const accepted: [string, BaseUrl][] = [
    // The version prefix is appended when missing.
    ['https://api.example.com', { href: 'https://api.example.com/api/v1', version: 1, deprecated: false }],
    ['https://api.example.com/', { href: 'https://api.example.com/api/v1', version: 1, deprecated: false }],
    ['https://api.example.com//', { href: 'https://api.example.com/api/v1', version: 1, deprecated: false }],
    ['https://h/prefix', { href: 'https://h/prefix/api/v1', version: 1, deprecated: false }],
    ['https://h/prefix/', { href: 'https://h/prefix/api/v1', version: 1, deprecated: false }],
    ['https://h/a/b', { href: 'https://h/a/b/api/v1', version: 1, deprecated: false }],
    ['https://api.example.com:8443', { href: 'https://api.example.com:8443/api/v1', version: 1, deprecated: false }],
    // Kept when present.
    ['https://api.example.com/api/v1', { href: 'https://api.example.com/api/v1', version: 1, deprecated: false }],
    ['https://api.example.com/api/v1/', { href: 'https://api.example.com/api/v1', version: 1, deprecated: false }],
    ['https://h/prefix/api/v1', { href: 'https://h/prefix/api/v1', version: 1, deprecated: false }],
    // Other versions: v0 deprecated, later versions kept as given.
    ['https://api.example.com/api/v0', { href: 'https://api.example.com/api/v0', version: 0, deprecated: true }],
    ['https://api.example.com/api/v0/', { href: 'https://api.example.com/api/v0', version: 0, deprecated: true }],
    ['https://api.example.com/api/v2', { href: 'https://api.example.com/api/v2', version: 2, deprecated: false }],
    ['https://api.example.com/api/v10', { href: 'https://api.example.com/api/v10', version: 10, deprecated: false }],
    // Query and hash stripped.
    [
      'https://api.example.com/api/v1?debug=1',
      { href: 'https://api.example.com/api/v1', version: 1, deprecated: false },
    ],
    [
      'https://api.example.com/api/v2?x=1#top',
      { href: 'https://api.example.com/api/v2', version: 2, deprecated: false },
    ],
    ['https://api.example.com#frag', { href: 'https://api.example.com/api/v1', version: 1, deprecated: false }],
    ['https://h/prefix/?q=a', { href: 'https://h/prefix/api/v1', version: 1, deprecated: false }],
    // Normalised by URL parsing, surrounding whitespace ignored.
    ['  https://API.Example.com:443  ', { href: 'https://api.example.com/api/v1', version: 1, deprecated: false }],
    // Plain http on loopback hosts (127.0.0.0/8, ::1, localhost).
    ['http://127.0.0.1:4010', { href: 'http://127.0.0.1:4010/api/v1', version: 1, deprecated: false }],
    ['http://127.0.0.1:4010/api/v1', { href: 'http://127.0.0.1:4010/api/v1', version: 1, deprecated: false }],
    ['http://127.9.9.9', { href: 'http://127.9.9.9/api/v1', version: 1, deprecated: false }],
    ['http://127.255.255.254/api/v0', { href: 'http://127.255.255.254/api/v0', version: 0, deprecated: true }],
    ['http://[::1]:4010', { href: 'http://[::1]:4010/api/v1', version: 1, deprecated: false }],
    ['http://[0:0:0:0:0:0:0:1]/api/v1', { href: 'http://[::1]/api/v1', version: 1, deprecated: false }],
    ['http://localhost:4010', { href: 'http://localhost:4010/api/v1', version: 1, deprecated: false }],
    ['http://LOCALHOST', { href: 'http://localhost/api/v1', version: 1, deprecated: false }],
  ];

  it.each(accepted)('%s', (raw, expected) => {
    expect(resolveBaseUrl(raw)).toStrictEqual(expected);
  });
});

describe('resolveBaseUrl: refused addresses (usage error, exit 2)', () => {
  const HTTPS_ONLY = 'HTTPS only';
  const refused: [string, string, string][] = [
    // Plain http to a host that is not loopback.
    ['http://api.example.com', 'insecure_base_url', HTTPS_ONLY],
    ['http://api.example.com/api/v1', 'insecure_base_url', HTTPS_ONLY],
    ['http://128.0.0.1', 'insecure_base_url', HTTPS_ONLY],
    ['http://10.0.0.1:4010', 'insecure_base_url', HTTPS_ONLY],
    ['http://0.0.0.0:4010', 'insecure_base_url', HTTPS_ONLY],
    ['http://[::2]', 'insecure_base_url', HTTPS_ONLY],
    ['http://127.0.0.1.nip.io', 'insecure_base_url', HTTPS_ONLY],
    ['http://localhost.evil.example', 'insecure_base_url', HTTPS_ONLY],
    ['http://notlocalhost', 'insecure_base_url', HTTPS_ONLY],
    // *.localhost names are answered by a resolver, which may send them anywhere (issue 15, item 8).
    ['http://foo.localhost:8080/api/v1', 'insecure_base_url', HTTPS_ONLY],
    // Not a URL at all.
    ['not a url', 'invalid_base_url', 'is not a valid URL'],
    ['', 'invalid_base_url', 'is not a valid URL'],
    ['api.example.com/api/v1', 'invalid_base_url', 'is not a valid URL'],
    ['https://', 'invalid_base_url', 'is not a valid URL'],
    // Schemes other than http(s).
    ['ftp://api.example.com', 'invalid_base_url', 'must use https'],
    ['ws://127.0.0.1:4010', 'invalid_base_url', 'must use https'],
    ['file:///etc/passwd', 'invalid_base_url', 'must use https'],
    ['mailto:ops@example.com', 'invalid_base_url', 'must use https'],
    // Credentials in the URL.
    ['https://user:pass@api.example.com', 'invalid_base_url', 'must not contain credentials'],
    ['https://hk_live_key@api.example.com/api/v1', 'invalid_base_url', 'must not contain credentials'],
    ['https://:secret@api.example.com', 'invalid_base_url', 'must not contain credentials'],
    ['http://user:pass@127.0.0.1:4010', 'invalid_base_url', 'must not contain credentials'],
  ];

  it.each(refused)('%s', (raw, code, message) => {
    const error = refusal(raw);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(2);
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it('names the source of the address in the message', () => {
    const error = refusal('http://api.example.com', 'HIRE_BASE_URL');
    expect(error.message).toBe('The HIRE_BASE_URL "http://api.example.com" uses plain http; the API is HTTPS only.');
    expect(refusal('ftp://h', '--base-url').message).toBe('The --base-url "ftp://h" must use https.');
    expect(refusal('nope').message).toBe('The base URL "nope" is not a valid URL.');
  });

  // docs/profiles.md "Keys stay secret": the API key never appears in any output or error. A key pasted into a
  // URL's user-info must not be echoed back, whichever rule refuses the URL.
  it.each([
    ['https://hk_live_s3cr3t@api.example.com', 'hk_live_s3cr3t'],
    ['https://user:hk_live_s3cr3t@api.example.com', 'hk_live_s3cr3t'],
    ['http://user:hk_live_s3cr3t@api.example.com', 'hk_live_s3cr3t'],
    ['http://hk_live_s3cr3t@api.example.com/api/v1', 'hk_live_s3cr3t'],
    ['https://user:hk_live_s3cr3t@', 'hk_live_s3cr3t'],
  ])('does not echo credentials of %s in the error', (raw, secret) => {
    const error = refusal(raw);
    expect(error.exitCode).toBe(2);
    expect(error.message).not.toContain(secret);
    expect(error.hint ?? '').not.toContain(secret);
  });
});

describe('isLoopbackHost', () => {
  const hosts: [string, boolean][] = [
    ['127.0.0.1', true],
    ['127.9.9.9', true],
    ['127.0.0.0', true],
    ['127.255.255.255', true],
    ['::1', true],
    ['[::1]', true],
    ['localhost', true],
    ['LocalHost', true],
    ['foo.localhost', false],
    ['a.b.localhost', false],
    ['::ffff:127.0.0.1', true],
    ['[::ffff:7f00:1]', true],
    ['::ffff:7f01:203', true],
    ['::ffff:a00:1', false],
    ['128.0.0.1', false],
    ['126.255.255.255', false],
    ['10.0.0.1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['::2', false],
    ['[::2]', false],
    ['::ffff:10.0.0.1', false],
    ['api.example.com', false],
    ['127.0.0.1.nip.io', false],
    ['localhost.example.com', false],
    ['notlocalhost', false],
    ['', false],
  ];

  it.each(hosts)('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
