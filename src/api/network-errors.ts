// A failure before any answer, in words: the network's codes, the TLS certificate problems (none
// of which is retried: each repeats on every attempt, docs/api-choices.md §7), a timeout, and a
// request undici refused to send as given.
import { NetworkError, UsageError } from '../errors.js';

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the server',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for the response',
  UND_ERR_BODY_TIMEOUT: 'timed out reading the response',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  UND_ERR_CLOSED: 'the connection closed unexpectedly',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server does not speak TLS (a plain-http server at an https URL?)',
};

/**
 * Certificate failures, as Node's TLS names them (`err.code`), in words; each one repeats on
 * every attempt, so none is retried. Other TLS failures (a reset handshake) stay network errors.
 */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'it is issued by an unknown certificate authority',
  UNABLE_TO_GET_ISSUER_CERT: 'it is issued by an unknown certificate authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'it is issued by an unknown certificate authority',
  CERT_UNTRUSTED: 'it is not trusted',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  CERT_REVOKED: 'it has been revoked',
};

/** What an exchange that failed (`error`) means: a timeout, a certificate, the network, or a request that cannot be sent. */
export function failedExchange(error: unknown, url: string, timedOut: boolean, timeoutMs: number): Error {
  if ((error as { code?: unknown }).code === 'UND_ERR_INVALID_ARG') return unsendable(error as Error);
  return networkError(error, url, timedOut, timeoutMs);
}

export function networkError(error: unknown, url: string, timedOut: boolean, timeoutMs: number): NetworkError {
  const origin = new URL(url).origin;
  if (timedOut) {
    return new NetworkError(`Request to ${origin} timed out after ${timeoutMs / 1000} s.`, {
      code: 'timeout',
      hint: 'Raise the limit with --timeout SECONDS.',
      cause: error,
    });
  }
  const err = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = err.code ?? err.cause?.code ?? '';
  const certificate = certificateError(code, origin, error);
  if (certificate) return certificate;
  const reason = NETWORK_CODES[code] ?? (isTlsCode(code) ? `TLS error (${code})` : err.message || String(error));
  return new NetworkError(`Cannot reach ${origin}: ${reason}.`, {
    code: code === 'ECONNREFUSED' ? 'connection_refused' : 'network_error',
    cause: error,
  });
}

/** undici refused to send a request as given (a header value it cannot carry): an input error, not a network one. */
function unsendable(error: Error): UsageError {
  const header = /^invalid (\S+) header$/.exec(error.message)?.[1];
  return new UsageError(
    header
      ? `The ${header} header contains a character that cannot be sent in an HTTP header (a line break, a control character or one outside Latin-1).`
      : `hire cannot send this request: ${error.message}.`,
    { code: 'unsendable_request' },
  );
}

function certificateError(code: string, origin: string, error: unknown): NetworkError | undefined {
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    // Node's error (or undici's cause) carries the host asked for and the certificate presented.
    const err = error as PeerCertificateError & { cause?: PeerCertificateError };
    const tls = err.cert ? err : (err.cause ?? err);
    return nameMismatch(origin, tls.host ?? new URL(origin).hostname, certificateNames(tls.cert), error);
  }
  const problem =
    CERTIFICATE_PROBLEMS[code] ?? (/CERT/.test(code) && !code.startsWith('ERR_SSL_') ? 'it was rejected' : undefined);
  if (problem === undefined) return undefined;
  const hint =
    code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID'
      ? "Check this machine's clock; otherwise the server's certificate must be renewed."
      : "If a proxy or firewall re-signs HTTPS traffic, set NODE_EXTRA_CA_CERTS to a PEM file of its CA certificate, or NODE_USE_SYSTEM_CA=1 (Node 22.19+ and 24.6+) to trust the system's store where it is installed; otherwise the server's certificate is at fault.";
  return new NetworkError(`Cannot reach ${origin}: TLS certificate problem: ${problem} (${code}). Not retried.`, {
    code: 'tls_certificate',
    hint,
    cause: error,
  });
}

function isTlsCode(code: string): boolean {
  return /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code);
}

/** What Node's TLS puts on a name-mismatch error: the host asked for and the peer's certificate. */
interface PeerCertificateError {
  host?: string;
  cert?: PeerCertificate;
}

/** The parts of a peer certificate (tls.PeerCertificate) that name hosts. */
export interface PeerCertificate {
  subjectaltname?: string;
  subject?: { CN?: string | string[] };
}

/** The most names a message lists: a certificate may hold hundreds. */
const NAMES_SHOWN = 5;

/**
 * The host names and addresses a certificate holds (its subjectAltName's DNS and IP entries; its
 * subject's CN when it has none), as a person reads them: `api.example.com, *.example.com`.
 */
export function certificateNames(cert: PeerCertificate | undefined): string {
  const entries = (cert?.subjectaltname ?? '').split(/,\s*/).flatMap((entry) => {
    const match = /^(?:DNS|IP Address):(.+)$/.exec(entry.trim());
    return match ? [match[1]!] : [];
  });
  const cn = cert?.subject?.CN;
  const names = entries.length > 0 ? entries : [cn].flat().filter((name): name is string => typeof name === 'string');
  if (names.length === 0) return 'no host name';
  const shown = names.slice(0, NAMES_SHOWN).map((name) => (name.length > 80 ? `${name.slice(0, 79)}…` : name));
  const more = names.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * A certificate that is trusted but names other hosts than the address asked for: trusting it
 * (NODE_EXTRA_CA_CERTS) cannot help; the address, or the server's certificate, must change.
 */
export function nameMismatch(origin: string, host: string, names: string, cause?: unknown): NetworkError {
  const asked = host.replace(/^\[|\]$/g, '');
  return new NetworkError(
    `Cannot reach ${origin}: its TLS certificate names ${names}, not ${asked}, the address asked for (ERR_TLS_CERT_ALTNAME_INVALID). Not retried.`,
    {
      code: 'tls_certificate',
      hint: `Use an address the certificate names in the base URL (HIRE_BASE_URL or the profile's base_url), or give the server a certificate that names ${asked}.`,
      ...(cause === undefined ? {} : { cause }),
    },
  );
}
