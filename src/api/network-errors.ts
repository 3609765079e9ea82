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
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is issued for another host name',
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
  const problem =
    CERTIFICATE_PROBLEMS[code] ?? (/CERT/.test(code) && !code.startsWith('ERR_SSL_') ? 'it was rejected' : undefined);
  if (problem === undefined) return undefined;
  const hint =
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
      ? 'Check the host in the base URL: the certificate names another.'
      : code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID'
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
