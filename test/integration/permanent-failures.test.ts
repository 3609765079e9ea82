// Failures that are not transient (docs/api-choices.md §7) and the bounds of the request flags (docs/commands.md,
// "Global flags"): a TLS certificate the client cannot trust is not retried and says what to do; a key that
// cannot be sent in a header is an input error before any request; --timeout and --max-retries
// are bounded; a non-JSON 404 (not the API answering) is an unreadable response, not "not found".
// Real servers on loopback: node:https with a certificate made by the openssl CLI, node:http.
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hire as hireBinary } from '../helpers/bin.js';
import { runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { reply, serve, type Handler } from '../helpers/scripted-server.js';
import { opensslCertificate } from '../helpers/certificates.js';

const KEY = 'hk_test_permanent_5ecr3tK3y_0a1b2c3d4e5f';
const JOB = { id: 'job_perm1', title: 'Backend Engineer', status: 'draft' };
const ok: Handler = reply(200, { data: JOB, meta: { request_id: 'req_ok' } });

async function hire(argv: string[], baseUrl: string, extra: Record<string, string> = {}): Promise<RunResult> {
  const box = await sandbox();
  return runCli(argv, { env: { ...box.env, HIRE_BASE_URL: baseUrl, HIRE_API_KEY: KEY, ...extra } });
}

function expectHidden(result: { stdout: string; stderr: string }, ...secrets: string[]): void {
  for (const secret of [KEY, ...secrets]) {
    expect(result.stdout).not.toContain(secret);
    expect(result.stderr).not.toContain(secret);
  }
}

// ---------------------------------------------------------------------------------------------
// A real HTTPS server with a certificate made for the test

interface Certificate {
  certPath: string;
  keyPath: string;
}

/** A self-signed certificate (openssl CLI) for `subjectAltName`, in the sandbox. */
function selfSigned(box: Sandbox, name: string, subjectAltName: string): Certificate {
  const certPath = join(box.root, `${name}.crt`);
  const keyPath = join(box.root, `${name}.key`);
  opensslCertificate(certPath, keyPath, { subjectAltName, days: 2, commonName: 'hire-test' });
  return { certPath, keyPath };
}

interface TlsServer {
  origin: string;
  /** TCP connections accepted: one per attempt, whether or not the handshake succeeds. */
  connections: number;
  requests: number;
}

const tlsServers: HttpsServer[] = [];
afterEach(async () => {
  for (const server of tlsServers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function serveTls(certificate: Certificate, handler: Handler = ok): Promise<TlsServer> {
  const server = createHttpsServer(
    { cert: readFileSync(certificate.certPath), key: readFileSync(certificate.keyPath) },
    (req, res) => {
      scripted.requests += 1;
      req.resume();
      req.on('end', () => handler(req, res, ''));
    },
  );
  // A client that rejects the certificate ends the handshake: not an error of the server's.
  server.on('tlsClientError', () => {});
  const scripted: TlsServer = { origin: '', connections: 0, requests: 0 };
  server.on('connection', () => (scripted.connections += 1));
  tlsServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  scripted.origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  return scripted;
}

// ---------------------------------------------------------------------------------------------

describe('TLS certificate errors: not retried, exit 6 with a hint', () => {
  it('a self-signed certificate: one connection, no retry, "certificate" and NODE_EXTRA_CA_CERTS in the message', async () => {
    const box = await sandbox();
    const server = await serveTls(selfSigned(box, 'self', 'IP:127.0.0.1'));
    const result = await runCli(['jobs', 'get', JOB.id, '--max-retries', '3'], {
      env: { ...box.env, HIRE_BASE_URL: server.origin, HIRE_API_KEY: KEY },
    });
    expect(result.code, result.stderr).toBe(6);
    expect(server.connections).toBe(1);
    expect(server.requests).toBe(0);
    expect(result.stderr).not.toContain('retrying');
    expect(result.stderr).toMatch(/certificate/i);
    expect(result.stderr).toContain('self-signed');
    expect(result.stderr).toContain('NODE_EXTRA_CA_CERTS');
    expect(result.stderr).toContain('NODE_USE_SYSTEM_CA=1 (Node 22.19+ and 24.6+)');
    expect(result.stdout).toBe('');
    expectHidden(result);
  });

  it('with --json, the error envelope carries code tls_certificate', async () => {
    const box = await sandbox();
    const server = await serveTls(selfSigned(box, 'self', 'IP:127.0.0.1'));
    const result = await runCli(['jobs', 'get', JOB.id, '--json'], {
      env: { ...box.env, HIRE_BASE_URL: server.origin, HIRE_API_KEY: KEY },
    });
    expect(result.code, result.stderr).toBe(6);
    expect(server.connections).toBe(1);
    expect((JSON.parse(result.stderr) as { error: { code: string } }).error.code).toBe('tls_certificate');
  });

  // The built binary, so that NODE_EXTRA_CA_CERTS is read at start-up as it is for a user.
  it('the hint works: with NODE_EXTRA_CA_CERTS naming the certificate, the request succeeds', async () => {
    const box = await sandbox();
    const certificate = selfSigned(box, 'trusted', 'IP:127.0.0.1');
    const server = await serveTls(certificate);
    const result = await hireBinary(box, ['jobs', 'get', JOB.id, '--json'], {
      env: { HIRE_BASE_URL: server.origin, HIRE_API_KEY: KEY, NODE_EXTRA_CA_CERTS: certificate.certPath },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JOB);
    expect(server.requests).toBe(1);
  });

  it('a trusted certificate for another host name: one connection, exit 6, the name mismatch said', async () => {
    const box = await sandbox();
    const certificate = selfSigned(box, 'other', 'DNS:api.hire.example,DNS:*.hire.example,IP:192.0.2.7');
    const server = await serveTls(certificate);
    const result = await hireBinary(box, ['jobs', 'get', JOB.id, '--max-retries', '3'], {
      env: { HIRE_BASE_URL: server.origin, HIRE_API_KEY: KEY, NODE_EXTRA_CA_CERTS: certificate.certPath },
    });
    expect(result.code, result.stderr).toBe(6);
    expect(server.connections).toBe(1);
    expect(server.requests).toBe(0);
    expect(result.stderr).not.toContain('retrying');
    expect(result.stderr).toMatch(/certificate/i);
    expect(result.stderr).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    // The names the certificate holds and the address asked for; trusting it again would not help.
    expect(result.stderr).toContain('names api.hire.example, *.hire.example, 192.0.2.7, not 127.0.0.1');
    expect(result.stderr).not.toContain('NODE_EXTRA_CA_CERTS');
    expectHidden(result);
    const json = await hireBinary(box, ['jobs', 'get', JOB.id, '--json'], {
      env: { HIRE_BASE_URL: server.origin, HIRE_API_KEY: KEY, NODE_EXTRA_CA_CERTS: certificate.certPath },
    });
    expect(json.code).toBe(6);
    expect(JSON.parse(json.stderr)).toMatchObject({
      error: { code: 'tls_certificate', message: expect.stringContaining('not 127.0.0.1, the address asked for') },
    });
  });
});

describe('a key that cannot be sent in a header: exit 2 before any request', () => {
  const badKeys: [string, string, RegExp][] = [
    ['a line break', 'hk_test_line\nbreak_0123456789', /line break/],
    ['a control character', 'hk_test_ctrl\u0001char_0123456789', /control character/],
    ['DEL', 'hk_test_del\u007fchar_0123456789', /control character/],
    ['characters outside Latin-1', 'hk_test_wide\u00e9\u4e2d_0123456789', /outside Latin-1/],
  ];

  it.each(badKeys)(
    'HIRE_API_KEY with %s: no request, exit 2, the source named, the key never echoed, no stack with -v',
    async (_what, badKey, kind) => {
      const server = await serve(ok);
      for (const extra of [[], ['-v'], ['--json']]) {
        const result = await hire(['jobs', 'get', JOB.id, '--max-retries', '3', ...extra], server.origin, {
          HIRE_API_KEY: badKey,
        });
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain('HIRE_API_KEY');
        expect(result.stderr).toMatch(kind);
        expect(result.stderr).not.toContain('retrying');
        expect(result.stderr).not.toMatch(/^\s+at /m);
        expect(result.stderr).not.toContain('undici');
        expect(result.stderr).not.toContain('> authorization');
        expectHidden(result, badKey, badKey.slice(0, 12), badKey.slice(-10));
      }
      expect(server.requests).toHaveLength(0);
    },
  );

  it('a stored key with a character outside Latin-1: the profile is named, with how to store a new key', async () => {
    const server = await serve(ok);
    const box = await sandbox();
    const badKey = 'hk_test_stored\u4e2d_0123456789';
    box.writeConfig({
      default_profile: 'prod',
      profiles: { prod: { environment: 'production', base_url: server.origin, api_key: badKey } },
    });
    const result = await runCli(['jobs', 'get', JOB.id], { env: box.env });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('profile "prod"');
    expect(result.stderr).toContain('hire auth login --profile prod');
    expect(server.requests).toHaveLength(0);
    expectHidden(result, badKey, badKey.slice(0, 12));
  });

  it('a header given to `hire api -H` that cannot be sent: exit 2, no request, no retry', async () => {
    const server = await serve(ok);
    const result = await hire(['api', '/jobs', '-H', 'X-Note: \u4e2d', '--max-retries', '3', '-v'], server.origin);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('x-note');
    expect(result.stderr).not.toContain('retrying');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(server.requests).toHaveLength(0);
    expectHidden(result);
  });
});

describe('--timeout and --max-retries bounds', () => {
  // Above 2,147,483.647 s setTimeout overflows to 1 ms and every request timed out at once.
  it.each(['86401', '2147484', '3000000', '1e400', '0', '-1', 'abc', '', '0x10'])(
    '--timeout "%s" is refused with the range (exit 2, nothing sent)',
    async (value) => {
      const server = await serve(ok);
      const result = await hire(['jobs', 'get', JOB.id, '--timeout', value], server.origin);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('--timeout');
      expect(result.stderr).toContain('86400');
      expect(server.requests).toHaveLength(0);
    },
  );

  it.each(['86400', '0.5', '30'])('--timeout %s is accepted', async (value) => {
    const server = await serve(ok);
    const result = await hire(['jobs', 'get', JOB.id, '--timeout', value, '--json'], server.origin);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JOB);
  });

  it.each(['101', '1000000000', '-1', '1.5', '', 'x', '1e2'])(
    '--max-retries "%s" is refused with the range (exit 2, nothing sent)',
    async (value) => {
      const server = await serve(ok);
      const result = await hire(['jobs', 'get', JOB.id, '--max-retries', value], server.origin);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('--max-retries');
      expect(result.stderr).toContain('0 to 100');
      expect(server.requests).toHaveLength(0);
    },
  );

  it.each(['0', '100'])('--max-retries %s is accepted', async (value) => {
    const server = await serve(ok);
    const result = await hire(['jobs', 'get', JOB.id, '--max-retries', value, '--json'], server.origin);
    expect(result.code, result.stderr).toBe(0);
  });
});

describe('a 404 that is not the API answering', () => {
  const htmlNotFound: Handler = (_req, res) => {
    // What `python3 -m http.server` answers for a path it does not have.
    res.writeHead(404, { 'content-type': 'text/html;charset=utf-8' });
    res.end(
      '<!DOCTYPE HTML>\n<html><head><title>Error response</title></head><body><h1>Error response</h1><p>Error code: 404</p><p>Message: File not found.</p></body></html>\n',
    );
  };

  it('an HTML 404: exit 1 (unreadable), the message says the answer is not JSON and asks about the base URL', async () => {
    const server = await serve(htmlNotFound);
    const result = await hire(['jobs', 'get', JOB.id], server.origin);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('HTTP 404 with a body that is not JSON');
    expect(result.stderr).toContain('base URL');
    // And the published list, asked whether the job is there (GET /jobs/{id} is assumed), is not
    // there either: the base URL is what is in doubt (docs/api-choices.md "Running against a real platform").
    expect(server.requests.map((request) => request.path)).toEqual([`/api/v1/jobs/${JOB.id}`, '/api/v1/jobs']);
    expectHidden(result);
  });

  it('an HTML 404 to `hire api` and a JSON 404 without the error envelope: exit 1 too', async () => {
    const html = await serve(htmlNotFound);
    const raw = await hire(['api', `/jobs/${JOB.id}`], html.origin);
    expect(raw.code, raw.stderr).toBe(1);
    const foreign = await serve(reply(404, { message: 'Not Found', documentation_url: 'https://example.com' }));
    const result = await hire(['jobs', 'get', JOB.id], foreign.origin);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('is not an error envelope');
  });

  it("a JSON 404 with the API's error envelope keeps exit 4", async () => {
    const server = await serve(
      reply(404, {
        error: { code: 'not_found', message: `Job ${JOB.id} not found.`, status: 404 },
        meta: { request_id: 'req_404' },
      }),
    );
    for (const argv of [
      ['jobs', 'get', JOB.id],
      ['api', `/jobs/${JOB.id}`],
    ]) {
      const result = await hire(argv, server.origin);
      expect(result.code, result.stderr).toBe(4);
      expect(result.stderr).not.toContain('base URL');
    }
  });
});
