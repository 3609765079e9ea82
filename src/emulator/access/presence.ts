// How a standing emulator is found and trusted (docs/emulator.md "Finding a standing emulator").
// It records in the data dir where it listens (emulator.json, written atomically), and it proves
// that it serves this data dir before anyone sends it a key: GET /_emulator/info?nonce=N answers
// HMAC-SHA256(local key, "N\nADDRESS:PORT"), the address being the TCP peer as both ends see it, so
// that neither a stranger on the port nor a relay in front of the real emulator can answer it.
// Light on purpose: no database, no undici; a command loads it before deciding anything else.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';

export interface ServerRecord {
  pid: number;
  /** `http://127.0.0.1:4010`, or `https://…` for `hire emulator start --tls`: the scheme is the emulator's. */
  url: string;
  /** With --tls: the certificate file clients must trust. */
  cert?: string;
  started_at: string;
}

export const INFO_PATH = '/_emulator/info';

export function recordPath(dataDir: string): string {
  return join(dataDir, 'emulator.json');
}

export function readServerRecord(dataDir: string): ServerRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(recordPath(dataDir), 'utf8')) as Partial<ServerRecord>;
    if (typeof record.pid !== 'number' || typeof record.url !== 'string' || typeof record.started_at !== 'string')
      return undefined;
    return record as ServerRecord;
  } catch {
    return undefined;
  }
}

/**
 * This data dir's standing emulator, when its process is alive: where its data is served, with
 * its port and scheme (https under `emulator start --tls`). The connection probes it before it
 * trusts it (embedded.ts); profile views show it as the address used (commands/shared/address.ts).
 */
export function liveServer(dataDir: string): ServerRecord | undefined {
  const record = readServerRecord(dataDir);
  return record && isAlive(record.pid) ? record : undefined;
}

export function writeServerRecord(dataDir: string, record: ServerRecord): void {
  const temp = `${recordPath(dataDir)}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(record), { mode: 0o600 });
  renameSync(temp, recordPath(dataDir));
}

/** Removes the record if it is still this one (a newer server may have replaced it). */
export function removeServerRecord(dataDir: string, record: ServerRecord): void {
  const current = readServerRecord(dataDir);
  if (current?.pid !== record.pid || current.started_at !== record.started_at) return;
  try {
    unlinkSync(recordPath(dataDir));
  } catch {
    // already gone
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function peer(address: string | undefined, port: number | undefined): string {
  return `${(address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')}:${port ?? 0}`;
}

/** The answer to a nonce, for the connection between `address:port` (the server's end). */
export function infoProof(
  localKey: string,
  nonce: string,
  address: string | undefined,
  port: number | undefined,
): string {
  return createHmac('sha256', localKey)
    .update(`${nonce}\n${peer(address, port)}`)
    .digest('hex');
}

/**
 * `untrusted`: over https, this data dir's emulator (it proved it) with a certificate this process
 * does not trust; `not_tls`: an https origin whose server does not speak TLS.
 */
export type Verdict = 'ours' | 'absent' | 'foreign' | 'untrusted' | 'not_tls';

/** What a probe learnt of a TLS failure: Node's code, and the names of a certificate issued for other hosts. */
export interface TlsDetail {
  tlsError?: string;
  /** The certificate presented, as Node's TLS gives it with ERR_TLS_CERT_ALTNAME_INVALID (its names). */
  peer?: { subjectaltname?: string; subject?: { CN?: string | string[] } };
}

/** Node's codes for a certificate this process does not accept (the client's list, client.ts). */
const CERTIFICATE_ERROR = /CERT|SELF_SIGNED|UNABLE_TO_(VERIFY|GET_ISSUER)/;

/**
 * Asks the server at `origin` to prove that it serves the data dir whose local key is `localKey`.
 * Nothing secret is sent. `absent` when nothing listens; `foreign` for any other answer, none, or
 * one that does not prove it. `detail.tlsError` gets the TLS error's code, if there was one, and
 * `detail.peer` the certificate of one issued for other names.
 */
export async function probeEmulator(
  origin: string,
  localKey: string,
  timeoutMs = 3_000,
  detail: TlsDetail = {},
): Promise<Verdict> {
  const first = await ask(origin, localKey, timeoutMs, true);
  if (first.tlsError) detail.tlsError = first.tlsError;
  if (first.peer) detail.peer = first.peer;
  if (first.tlsError && CERTIFICATE_ERROR.test(first.tlsError)) {
    // Whose it is does not rest on the certificate (the proof binds the data dir's key and this
    // connection), so it is asked again without checking it, only to tell the user which it is.
    const again = await ask(origin, localKey, timeoutMs, false);
    return again.verdict === 'ours' ? 'untrusted' : 'foreign';
  }
  return first.verdict;
}

function ask(
  origin: string,
  localKey: string,
  timeoutMs: number,
  checkCertificate: boolean,
): Promise<{ verdict: Verdict } & TlsDetail> {
  const nonce = randomBytes(16).toString('hex');
  return new Promise((resolve) => {
    let settled = false;
    const done = (verdict: Verdict, tlsError?: string, peer?: TlsDetail['peer']) => {
      if (settled) return;
      settled = true;
      resolve({ verdict, ...(tlsError ? { tlsError } : {}), ...(peer ? { peer } : {}) });
    };
    let url: URL;
    try {
      url = new URL(`${INFO_PATH}?nonce=${nonce}`, origin);
    } catch {
      done('foreign');
      return;
    }
    const https = url.protocol === 'https:';
    if (!https && url.protocol !== 'http:') {
      done('foreign');
      return;
    }
    const options = { method: 'GET', headers: { accept: 'application/json' }, timeout: timeoutMs };
    const respond = (res: IncomingMessage) => {
      const socket = res.socket;
      const expected = infoProof(localKey, nonce, socket.remoteAddress, socket.remotePort);
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > 4096) req.destroy();
      });
      res.on('end', () => {
        let proof: unknown;
        let standing: unknown;
        try {
          ({ proof, standing } = (JSON.parse(body) as { data?: { proof?: unknown; standing?: unknown } }).data ?? {});
        } catch {
          proof = undefined;
        }
        const ok =
          res.statusCode === 200 &&
          typeof proof === 'string' &&
          proof.length === expected.length &&
          timingSafeEqual(Buffer.from(proof), Buffer.from(expected));
        // Another command's in-process emulator, on a port the profile happens to name: it goes
        // when that command ends, so it is as good as nothing there.
        done(ok ? (standing === false ? 'absent' : 'ours') : 'foreign');
      });
      res.on('error', () => done('foreign'));
    };
    // No agent: a connection of its own, whose addresses are the ones the proof names.
    const req = https
      ? // node:https (with tls) taken only for an https emulator: most answer plain http on loopback.
        process
          .getBuiltinModule('node:https')
          .request(url, { ...options, agent: false, rejectUnauthorized: checkCertificate }, respond)
      : httpRequest(url, { ...options, agent: false }, respond);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      if (code === 'ECONNREFUSED') done('absent');
      // A plain-http server at an https origin answers the TLS greeting with text.
      else if (https && (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO' || /^ERR_SSL_/.test(code)))
        done('not_tls', code);
      else if (https && (CERTIFICATE_ERROR.test(code) || /TLS/.test(code)))
        done('foreign', code, (error as { cert?: TlsDetail['peer'] }).cert);
      else done('foreign');
    });
    // Whatever else ends the exchange (a body cut short, one too large) proves nothing.
    req.on('close', () => setImmediate(() => done('foreign')));
    req.end();
  });
}
