// The connection: how hire reaches the API of a profile (docs/emulator.md "Finding a standing
// emulator"): its base URL and key; on a `local` profile at a loopback address, the data dir's own
// key and an emulator that proves it serves that data dir (a standing one, or one started
// in-process for this command). It sits above the API layer, which knows neither profiles nor the
// emulator; the CLI's context and HiringClient.fromProfile both connect through it. Says what it
// did through the callbacks given: it never prints.
import { targetEnvironment, type ResolvedProfile } from '../config/profiles.js';
import { emulatorClock } from '../config/emulator-clock.js';
import { emulatorPublishedOnly } from '../config/emulator-mode.js';
import type { Env } from '../config/paths.js';
import { AuthError, ExitCode, HireError, NetworkError } from '../errors.js';
import { isLoopbackHost, resolveBaseUrl, type BaseUrl } from '../api/base-url.js';
import type { ApiClient } from '../api/client.js';
import { certificateNames, nameMismatch } from '../api/network-errors.js';
import type { TlsDetail } from '../emulator/access/presence.js';
import { memoryBook, type OfferedBook } from '../api/offered-book.js';
import type { WarningFacts } from '../warnings.js';
import { declaredEmulator, type EmulatorProof, type ServerFacts } from './reached.js';

export interface ConnectOptions {
  env: Env;
  dataDir: string;
  timeoutMs: number;
  maxRetries: number;
  userAgent: string;
  notice: (message: string) => void;
  /** A warning, with its code and facts for scripts (an API version deprecated). */
  warn: (message: string, facts?: WarningFacts) => void;
  trace?: (line: string) => void;
  /** Called once, before anything is started, with what closes it all. */
  onStarted(release: () => Promise<void>): void;
  /** Called just before the client loads undici (TLS, hosts other than loopback): the CLI's engine setting. */
  beforeUndici?: () => void;
  /**
   * Where what the client learns of its server is kept (src/api/offered.ts): the CLI's keeps it in
   * the profile (config/learned.ts `profileBook`); without one, in memory for the client's life
   * (the library: importing it writes no config, and loads no config writer).
   */
  book?: (profile: string, baseUrl: string) => Promise<OfferedBook>;
}

export interface Connection {
  client: ApiClient;
  /** The server reached, for the words that name it (reached.ts): the caller says them, or not. */
  server: ServerFacts;
  /** Closes the client and the in-process emulator, if one was started; safe to call twice. */
  release: () => Promise<void>;
}

export async function connect(profile: ResolvedProfile, options: ConnectOptions): Promise<Connection> {
  const closers: (() => Promise<void>)[] = [];
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    for (const close of closers.reverse()) await close();
  };
  options.onStarted(release);
  const source = profile.baseUrlSource === 'env' ? 'HIRE_BASE_URL' : `base URL of profile "${profile.name}"`;
  let baseUrl: BaseUrl = resolveBaseUrl(profile.baseUrl, source);
  // What hire learned of this server is kept with the address the profile names (before an
  // in-process emulator takes another port): the same server next time, another one afresh.
  const offered = options.book ? await options.book(profile.name, baseUrl.href) : memoryBook();
  const target = new URL(baseUrl.href);
  const local = profile.environment === 'local' && isLoopbackHost(target.hostname);
  let apiKey = profile.apiKey;
  // The data dir's own key: the local profile's, and what a standing emulator must prove it has.
  // A local profile on the emulator's sandbox (local-sandbox) uses the sandbox's own key.
  let localKey: string | undefined;
  let proof: EmulatorProof | undefined = declaredEmulator(profile);
  if (local) {
    const { ensureLocalKey, environmentDataDir } = await import('../emulator/access/local-key.js');
    localKey = ensureLocalKey(options.dataDir);
    const environment = targetEnvironment(profile);
    apiKey ??= environment === 'sandbox' ? ensureLocalKey(environmentDataDir(options.dataDir, 'sandbox')) : localKey;
  }
  // The server came from HIRE_BASE_URL: its key is HIRE_API_KEY (a profile's key goes with the
  // profile's own base URL). The message says so too: the JSON envelope carries no hint.
  if (!apiKey && profile.baseUrlSource === 'env') {
    throw new AuthError(
      `No API key for ${target.origin} (HIRE_BASE_URL): set HIRE_API_KEY.`,
      `HIRE_BASE_URL names the server and HIRE_API_KEY its key: \`export HIRE_API_KEY=…\` (a secret of your pipeline in CI), or unset HIRE_BASE_URL to use profile "${profile.name}".`,
    );
  }
  if (!apiKey) {
    throw new AuthError(
      `No API key for profile "${profile.name}".`,
      `Run \`hire auth login --profile ${profile.name}\`, or set HIRE_API_KEY.`,
    );
  }
  // HIRE_BASE_URL names the server; the data dir's own key goes only to the emulator that proves
  // it serves that data dir (docs/emulator.md "Finding a standing emulator"), as at the profile's address.
  if (
    local &&
    localKey &&
    profile.baseUrlSource === 'env' &&
    profile.keySource !== 'env' &&
    profile.keySource !== 'profile'
  ) {
    const { probeEmulator, readServerRecord } = await import('../emulator/access/presence.js');
    // Nothing there at all: the request itself says so (connection refused, exit 6); no key is read by anyone.
    const detail: TlsDetail = {};
    const verdict = await probeEmulator(target.origin, localKey, undefined, detail);
    if (verdict === 'untrusted')
      throw untrustedEmulator(
        target.origin,
        detail.tlsError,
        readServerRecord(options.dataDir)?.cert ?? defaultCert(options.dataDir),
        detail.peer,
      );
    if (verdict === 'not_tls') throw notTls(target.origin, detail.tlsError);
    if (verdict === 'foreign') {
      throw new AuthError(
        `HIRE_BASE_URL points at ${target.origin}, which does not prove it is this data dir's emulator; the local key was not sent.`,
        'Set HIRE_API_KEY to a key of that server, or unset HIRE_BASE_URL.',
      );
    }
    if (verdict === 'ours') proof = { kind: 'standing' };
  }
  // docs/profiles.md "Precedence": with HIRE_BASE_URL the server is used as it is, never an in-process emulator.
  if (local && localKey && profile.baseUrlSource !== 'env') {
    const { connectLocalEmulator } = await import('../emulator/http/embedded.js');
    const dir = options.dataDir;
    const now = emulatorClock(options.env);
    const publishedOnly = emulatorPublishedOnly(options.env);
    const emulator = await connectLocalEmulator({
      address: target,
      dataDir: dir,
      localKey,
      onWarning: options.warn,
      onNotice: options.notice,
      ...(now ? { now } : {}),
      ...(publishedOnly ? { publishedOnly } : {}),
    }).catch((error: unknown) => {
      // Data the emulator cannot read (not a database, a newer schema, a corrupt first-format file).
      if (error instanceof Error && error.name === 'StoreError') {
        throw new HireError(error.message, {
          exitCode: ExitCode.failure,
          code: (error as Error & { code?: string }).code ?? 'emulator_data',
        });
      }
      throw error;
    });
    closers.push(emulator.close);
    if (emulator.untrusted)
      throw untrustedEmulator(
        emulator.untrusted.origin,
        emulator.untrusted.tlsError,
        emulator.untrusted.cert ?? defaultCert(dir),
        emulator.untrusted.peer,
      );
    if (emulator.origin !== target.origin) baseUrl = { ...baseUrl, href: emulator.origin + target.pathname };
    if (emulator.migrated) options.notice(emulator.migrated);
    if (emulator.foreign)
      options.notice(
        `Something other than this data dir's emulator answers at ${emulator.foreign}; it was sent nothing.`,
      );
    proof = emulator.mode === 'embedded' ? { kind: 'in-process', dataDir: dir } : { kind: 'standing' };
  }
  const { ApiClient } = await import('../api/client.js');
  const client = await ApiClient.create({
    baseUrl,
    apiKey,
    apiKeySource:
      profile.keySource === 'env'
        ? { env: 'HIRE_API_KEY' }
        : { profile: profile.name, emulator: profile.environment === 'local' },
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    env: options.env,
    userAgent: options.userAgent,
    onWarning: options.warn,
    onRetry: options.notice,
    offered,
    ...(options.trace ? { onTrace: options.trace } : {}),
    ...(options.beforeUndici ? { beforeUndici: options.beforeUndici } : {}),
  });
  closers.push(() => client.close());
  const server: ServerFacts = {
    profile: profile.name,
    environment: targetEnvironment(profile),
    baseUrl: baseUrl.href,
    fromEnv: profile.baseUrlSource === 'env',
    ...(proof ? { emulator: proof } : {}),
  };
  return { client, server, release };
}

/** The certificate `hire emulator start --tls` makes in the data dir (emulator/access/tls.ts). */
function defaultCert(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, '')}/tls/cert.pem`;
}

/**
 * This data dir's emulator, over HTTPS with a certificate this process does not trust: exit 6, and
 * how to trust it; or with one it trusts that names other hosts than the profile's address, which
 * trusting cannot mend (network-errors.ts nameMismatch).
 */
function untrustedEmulator(
  origin: string,
  tlsError: string | undefined,
  cert: string,
  peer?: TlsDetail['peer'],
): NetworkError {
  if (tlsError === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return nameMismatch(origin, new URL(origin).hostname, certificateNames(peer));
  return new NetworkError(
    `Cannot reach the local emulator at ${origin}: this process does not trust its TLS certificate (${tlsError ?? 'untrusted'}). Nothing was sent.`,
    {
      code: 'tls_certificate',
      hint: `Trust its certificate: run hire with NODE_EXTRA_CA_CERTS=${cert} in the environment (Node reads it at start).`,
    },
  );
}

/** An https URL whose server answers in plain HTTP. */
function notTls(origin: string, tlsError: string | undefined): NetworkError {
  return new NetworkError(
    `Cannot reach ${origin}: the server does not speak TLS (${tlsError ?? 'no TLS handshake'}).`,
    {
      code: 'tls_error',
      hint: `Is it a plain-http server? Then use ${origin.replace(/^https:/, 'http:')}; \`hire emulator start --tls\` serves HTTPS.`,
    },
  );
}
