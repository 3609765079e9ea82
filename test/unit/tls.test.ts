// The emulator's own TLS certificate (emulator/access/tls.ts): what it covers, where it is kept with which
// modes, and when it is made again.
import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_DAYS,
  RENEW_DAYS,
  dataDirCertificate,
  selfSignedCertificate,
} from '../../src/emulator/access/tls.js';
import { sandbox } from '../helpers/env.js';
import { opensslCertificate } from '../helpers/certificates.js';

const DAY = 86_400_000;

describe('the data dir certificate', () => {
  it('covers 127.0.0.1, ::1 and localhost, is valid for a year, and is kept with its key 0600 in a 0700 tls dir', async () => {
    const { dataDir } = await sandbox();
    const now = new Date('2026-03-01T12:00:00Z');
    const made = dataDirCertificate(dataDir, now);
    expect(made.origin).toBe('made');
    const x509 = new X509Certificate(made.cert);
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.checkIP('::1')).toBe('::1');
    expect(x509.checkHost('localhost')).toBe('localhost');
    expect(x509.checkHost('example.com')).toBeUndefined();
    expect(x509.checkPrivateKey(createPrivateKey(made.key))).toBe(true);
    expect(x509.verify(x509.publicKey)).toBe(true); // self-signed
    expect(new Date(x509.validTo).getTime() - now.getTime()).toBe(CERTIFICATE_DAYS * DAY);
    expect(made.certPath).toBe(join(dataDir, 'tls', 'cert.pem'));
    expect(statSync(join(dataDir, 'tls')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'tls', 'key.pem')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'tls', 'cert.pem')).mode & 0o777).toBe(0o600);
    // OpenSSL reads it as a server certificate for those names.
    const text = execFileSync('openssl', ['x509', '-noout', '-text'], { input: made.cert, encoding: 'utf8' });
    expect(text).toMatch(/DNS:localhost, IP Address:127\.0\.0\.1, IP Address:0:0:0:0:0:0:0:1/);
    expect(text).toContain('TLS Web Server Authentication');
  });

  it('is reused while good, and made again when it expires within a week, has expired, or is damaged', async () => {
    const { dataDir } = await sandbox();
    const now = new Date('2026-03-01T12:00:00Z');
    const first = dataDirCertificate(dataDir, now);
    const later = new Date(now.getTime() + (CERTIFICATE_DAYS - RENEW_DAYS - 1) * DAY);
    expect(dataDirCertificate(dataDir, later)).toMatchObject({ origin: 'reused', cert: first.cert, key: first.key });
    const renewing = new Date(now.getTime() + (CERTIFICATE_DAYS - RENEW_DAYS + 1) * DAY);
    const renewed = dataDirCertificate(dataDir, renewing);
    expect(renewed.origin).toBe('made');
    expect(renewed.cert).not.toBe(first.cert);
    const expired = dataDirCertificate(dataDir, new Date(renewing.getTime() + 2 * CERTIFICATE_DAYS * DAY));
    expect(expired.origin).toBe('made');
    writeFileSync(join(dataDir, 'tls', 'cert.pem'), 'not a certificate');
    expect(dataDirCertificate(dataDir).origin).toBe('made');
    // A key that is not the certificate's.
    writeFileSync(join(dataDir, 'tls', 'key.pem'), selfSignedCertificate().key);
    expect(dataDirCertificate(dataDir).origin).toBe('made');
    expect(
      new X509Certificate(readFileSync(join(dataDir, 'tls', 'cert.pem'))).checkPrivateKey(
        createPrivateKey(readFileSync(join(dataDir, 'tls', 'key.pem'))),
      ),
    ).toBe(true);
  });

  it('is made again when it does not cover the loopback names', async () => {
    const { dataDir } = await sandbox();
    dataDirCertificate(dataDir);
    const cert = join(dataDir, 'tls', 'cert.pem');
    const key = join(dataDir, 'tls', 'key.pem');
    opensslCertificate(cert, key, { subjectAltName: 'DNS:localhost', days: 30 });
    const onlyLocalhost = readFileSync(cert, 'utf8');
    const again = dataDirCertificate(dataDir);
    expect(again.origin).toBe('made');
    expect(again.cert).not.toBe(onlyLocalhost);
    expect(new X509Certificate(again.cert).checkIP('127.0.0.1')).toBe('127.0.0.1');
  });
});
