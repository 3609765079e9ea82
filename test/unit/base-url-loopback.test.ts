// Plain http only to this machine (docs/profiles.md "Base URLs"; issue 15, item 8): literal loopback addresses and
// the name `localhost`, which the client resolves itself. A `*.localhost` name is answered by a
// resolver that could send the request, Bearer key included, in clear text anywhere: refused.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { lookupLoopback, resolveBaseUrl } from '../../src/api/base-url.js';
import { UsageError } from '../../src/errors.js';
import { runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { reply, serve } from '../helpers/scripted-server.js';

const KEY = 'hk_test_loopback_5ecr3tK3y_0a1b2c3d4e5f';
const JOB = { id: 'job_loop1', title: 'Backend Engineer', status: 'draft' };

describe('*.localhost over plain http', () => {
  it.each([
    'http://foo.localhost:4010',
    'http://a.b.localhost/api/v1',
    'http://LOCALHOST.localhost',
    'http://api.localhost.:4010',
  ])('%s is refused as plain http (exit 2)', (raw) => {
    let error: unknown;
    try {
      resolveBaseUrl(raw, 'HIRE_BASE_URL');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
    expect((error as UsageError).code).toBe('insecure_base_url');
    expect((error as UsageError).message).toContain('uses plain http; the API is HTTPS only.');
  });

  it('is accepted over https (the certificate protects the key)', () => {
    expect(resolveBaseUrl('https://foo.localhost:4010').href).toBe('https://foo.localhost:4010/api/v1');
  });

  it('hire refuses HIRE_BASE_URL=http://foo.localhost:PORT before sending anything', async () => {
    const server = await serve(reply(200, { data: JOB, meta: {} }));
    const box = await sandbox();
    const port = new URL(server.origin).port;
    const result = await runCli(['jobs', 'get', JOB.id], {
      env: { ...box.env, HIRE_BASE_URL: `http://foo.localhost:${port}`, HIRE_API_KEY: KEY },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      `The HIRE_BASE_URL "http://foo.localhost:${port}" uses plain http; the API is HTTPS only.`,
    );
    expect(server.requests).toHaveLength(0);
    expect(result.stderr).not.toContain(KEY);
  });
});

describe('localhost is resolved by hire, not by a resolver', () => {
  const resolve = (hostname: string, options: Parameters<typeof lookupLoopback>[1]) =>
    new Promise<{ address: string | LookupAddress[]; family: number | undefined }>((done, fail) =>
      lookupLoopback(hostname, options, (error, address, family) => (error ? fail(error) : done({ address, family }))),
    );

  it.each(['localhost', 'LocalHost'])('%s → 127.0.0.1 and ::1', async (name) => {
    expect(await resolve(name, { all: true })).toEqual({
      address: [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
      family: undefined,
    });
    expect(await resolve(name, {})).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolve(name, { family: 6 })).toEqual({ address: '::1', family: 6 });
    expect(await resolve(name, { family: 4, all: true })).toEqual({
      address: [{ address: '127.0.0.1', family: 4 }],
      family: undefined,
    });
  });

  it('hire reaches a server on 127.0.0.1 through http://localhost:PORT', async () => {
    const server = await serve(reply(200, { data: JOB, meta: { request_id: 'req_ok' } }));
    const box = await sandbox();
    const port = new URL(server.origin).port;
    const result = await runCli(['jobs', 'get', JOB.id, '--json'], {
      env: { ...box.env, HIRE_BASE_URL: `http://localhost:${port}`, HIRE_API_KEY: KEY },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JOB);
    expect(server.requests).toHaveLength(1);
  });
});
