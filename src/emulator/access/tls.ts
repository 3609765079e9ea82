// HTTPS for `hire emulator start --tls` (docs/emulator.md "HTTPS"): a self-signed certificate for 127.0.0.1, ::1
// and localhost, made with node:crypto and the few lines of DER below (no dependency), kept in the
// data dir (tls/cert.pem and tls/key.pem, 0600) and reused until it is about to expire or no longer
// covers those names. Or the user's own certificate and key.
import { X509Certificate, createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_SETTINGS, ensurePrivateDir } from '../../files/private-dir.js';

/** How long a certificate made here is valid: a year (browsers accept at most 398 days). */
export const CERTIFICATE_DAYS = 365;
/** A certificate that expires within this many days is made again at start. */
export const RENEW_DAYS = 7;
export const CERTIFICATE_HOSTS = { dns: ['localhost'], ips: ['127.0.0.1', '::1'] } as const;

export interface TlsMaterial {
  cert: string;
  key: string;
  /** The certificate file clients must trust (NODE_EXTRA_CA_CERTS). */
  certPath: string;
  /** `made` on first use or renewal, `reused` when the data dir's was still good, `given` for the user's own. */
  origin: 'made' | 'reused' | 'given';
}

export class TlsFileError extends Error {
  override readonly name = 'TlsFileError';
  constructor(
    message: string,
    /** The flag that named the file, when it was the user's. */
    readonly flag?: string,
  ) {
    super(message);
  }
}

export function tlsDir(dataDir: string): string {
  return join(dataDir, 'tls');
}

/** The data dir's certificate, made (or made again) when missing, expiring, damaged or not for the loopback names. */
export function dataDirCertificate(dataDir: string, now: Date = new Date()): TlsMaterial {
  const dir = tlsDir(dataDir);
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  ensurePrivateDir(dataDir, 'data directory', DATA_DIR_SETTINGS);
  ensurePrivateDir(dir, 'TLS directory');
  try {
    const cert = readFileSync(certPath, 'utf8');
    const key = readFileSync(keyPath, 'utf8');
    if (usable(cert, key, now)) return { cert, key, certPath, origin: 'reused' };
  } catch {
    // missing or unreadable: made below
  }
  const { cert, key } = selfSignedCertificate(now);
  // The key first, then the certificate, each written whole and renamed into place.
  writeAtomically(keyPath, key, 0o600);
  writeAtomically(certPath, cert, 0o600);
  return { cert, key, certPath, origin: 'made' };
}

/** The user's own certificate and key (PEM files), checked to be a pair. */
export function givenCertificate(certPath: string, keyPath: string): TlsMaterial {
  const cert = readPem(certPath, '--tls-cert');
  const key = readPem(keyPath, '--tls-key');
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch (error) {
    throw new TlsFileError(`${certPath} is not a PEM certificate (${(error as Error).message}).`, '--tls-cert');
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch (error) {
    throw new TlsFileError(`${keyPath} is not a PEM private key (${(error as Error).message}).`, '--tls-key');
  }
  if (!x509.checkPrivateKey(privateKey))
    throw new TlsFileError(`The key in ${keyPath} does not belong to the certificate in ${certPath}.`, '--tls-key');
  return { cert, key, certPath, origin: 'given' };
}

function readPem(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    throw new TlsFileError(`Cannot read ${path}: ${why}.`, flag);
  }
}

function usable(cert: string, key: string, now: Date): boolean {
  try {
    const x509 = new X509Certificate(cert);
    if (!x509.checkPrivateKey(createPrivateKey(key))) return false;
    const renewAt = new Date(x509.validTo).getTime() - RENEW_DAYS * 86_400_000;
    if (now.getTime() < new Date(x509.validFrom).getTime() || now.getTime() >= renewAt) return false;
    return (
      CERTIFICATE_HOSTS.dns.every((name) => x509.checkHost(name) === name) &&
      CERTIFICATE_HOSTS.ips.every((ip) => x509.checkIP(ip) === ip)
    );
  } catch {
    return false;
  }
}

function writeAtomically(path: string, text: string, mode: number): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode });
  renameSync(temp, path);
}

/** A self-signed ECDSA P-256 certificate (X.509 v3, RFC 5280) for the loopback names, valid from an hour ago. */
export function selfSignedCertificate(now: Date = new Date(), days = CERTIFICATE_DAYS): { cert: string; key: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x40; // positive, and 16 bytes long
  // A name of its own: another data dir's certificate, trusted instead, is then plainly another issuer.
  const name = seq(
    set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(`hire local emulator ${serial.subarray(0, 4).toString('hex')}`)))),
  );
  const notBefore = new Date(now.getTime() - 3_600_000);
  const notAfter = new Date(now.getTime() + days * 86_400_000);
  const names = seq(
    ...CERTIFICATE_HOSTS.dns.map((dns) => tlv(0x82, Buffer.from(dns))),
    ...CERTIFICATE_HOSTS.ips.map((ip) => tlv(0x87, ipBytes(ip))),
  );
  const extensions = seq(
    extension('2.5.29.19', true, seq()), // basicConstraints: not a CA
    extension('2.5.29.15', true, tlv(0x03, Buffer.from([0x07, 0x80]))), // keyUsage: digitalSignature
    extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))), // extKeyUsage: serverAuth
    extension('2.5.29.17', false, names), // subjectAltName
  );
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    ecdsaWithSha256,
    name,
    seq(time(notBefore), time(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, ecdsaWithSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const cert = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}

// DER, the little of it a certificate needs (X.690).
function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const integer = (bytes: Buffer) => tlv(0x02, bytes);

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) base128.unshift((value & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return seq(oid(id), ...(critical ? [tlv(0x01, Buffer.from([0xff]))] : []), tlv(0x04, value));
}

/** UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

function ipBytes(ip: string): Buffer {
  if (ip.includes('.')) return Buffer.from(ip.split('.').map(Number));
  const [head = '', tail = ''] = ip.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = groups(head);
  const after = groups(tail);
  const all = [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return Buffer.from(all.flatMap((group) => [group >> 8, group & 0xff]));
}
