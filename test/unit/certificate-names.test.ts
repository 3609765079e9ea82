// How a certificate issued for other names is told (src/api/network-errors.ts): the names it
// holds, as Node's TLS gives them, and the address asked for.
import { describe, expect, it } from 'vitest';
import { certificateNames, nameMismatch } from '../../src/api/network-errors.js';
import { ExitCode } from '../../src/errors.js';

describe('certificateNames', () => {
  it.each([
    [{ subjectaltname: 'DNS:api.example.com, DNS:*.example.com' }, 'api.example.com, *.example.com'],
    [
      { subjectaltname: 'IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, DNS:localhost' },
      '127.0.0.1, 0:0:0:0:0:0:0:1, localhost',
    ],
    [{ subjectaltname: 'URI:spiffe://x, email:a@b.c, DNS:only.example' }, 'only.example'],
    [{ subject: { CN: 'legacy.example' } }, 'legacy.example'],
    [{ subjectaltname: 'DNS:san.example', subject: { CN: 'cn.example' } }, 'san.example'],
    [{}, 'no host name'],
    [undefined, 'no host name'],
  ])('%j → %s', (cert, names) => {
    expect(certificateNames(cert)).toBe(names);
  });

  it('lists five names and counts the rest; a very long name is cut', () => {
    const many = Array.from({ length: 12 }, (_, index) => `DNS:h${index}.example`).join(', ');
    expect(certificateNames({ subjectaltname: many })).toBe(
      'h0.example, h1.example, h2.example, h3.example, h4.example and 7 more',
    );
    expect(certificateNames({ subjectaltname: `DNS:${'a'.repeat(500)}` })).toHaveLength(80);
  });
});

describe('nameMismatch', () => {
  it('names the certificate names and the address, exit 6, and suggests no trust store', () => {
    const error = nameMismatch('https://[::1]:8443', '[::1]', 'localhost');
    expect(error.exitCode).toBe(ExitCode.network);
    expect(error.code).toBe('tls_certificate');
    expect(error.message).toBe(
      'Cannot reach https://[::1]:8443: its TLS certificate names localhost, not ::1, the address asked for (ERR_TLS_CERT_ALTNAME_INVALID). Not retried.',
    );
    expect(error.hint).not.toContain('NODE_EXTRA_CA_CERTS');
    expect(error.hint).toContain('certificate that names ::1');
  });
});
