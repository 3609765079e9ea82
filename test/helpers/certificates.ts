// Certificates made by the openssl CLI, a maker independent of the emulator's own (node:crypto), for
// tests of TLS trust: a user's certificate, one for other names, one a server presents.
import { execFileSync } from 'node:child_process';

/** A self-signed P-256 certificate and its key, written to `certPath` and `keyPath`. */
export function opensslCertificate(
  certPath: string,
  keyPath: string,
  options: { subjectAltName: string; days: number; commonName?: string },
): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-subj',
      `/CN=${options.commonName ?? 'localhost'}`,
      '-addext',
      `subjectAltName=${options.subjectAltName}`,
      '-days',
      String(options.days),
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'ignore' },
  );
}
