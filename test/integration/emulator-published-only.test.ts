// The published-only emulator (docs/emulator.md "Only what the spec publishes"): the API spec's six
// published operations served as always, every other API request answered as an API gateway in
// front of a platform without them would: a bare 404, with nothing of the platform's in it.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { OPERATIONS, type OperationSpec } from '../../src/domain/operations.js';
import { ensureLocalKey } from '../../src/emulator/access/local-key.js';
import { DESCRIPTION, captureIO, json, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { localEmulator, testEmulator, type TestEmulator } from '../helpers/emulator.js';

const BARE_404 = '{"error":{"code":"not_found","message":"Not found"}}';

async function publishedOnly(): Promise<TestEmulator> {
  return testEmulator((await sandbox()).dataDir, { publishedOnly: true });
}

/** The answer as text, for requests whose body must be compared byte for byte. */
async function raw(url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function createJob(emu: TestEmulator): Promise<string> {
  const response = await emu.call('POST', '/jobs', {
    body: { title: 'Backend Engineer', description: DESCRIPTION, publish: true },
  });
  expect(response.status).toBe(201);
  return response.json.data.id as string;
}

/** A request for an operation, its `{id}` filled in. */
const concrete = (operation: OperationSpec, id: string) => operation.path.replace('{id}', id);

describe('emulator --published-only: the operations the spec does not publish', () => {
  it('answers every assumed operation with the bare 404, even on a record that is there', async () => {
    const emu = await publishedOnly();
    const id = await createJob(emu);
    const assumed = Object.values(OPERATIONS).filter((operation) => !operation.published);
    expect(assumed.length).toBeGreaterThan(0);
    for (const operation of assumed) {
      const response = await raw(`${emu.apiUrl}${concrete(operation, id)}`, {
        method: operation.method,
        headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
        ...(operation.method === 'PATCH' || operation.method === 'POST' ? { body: '{"status":"screening"}' } : {}),
      });
      const name = `${operation.method} ${operation.path}`;
      expect(response.status, name).toBe(404);
      expect(response.text, name).toBe(BARE_404);
      // Nothing of the platform's: no request id, no rate-limit figures.
      expect(response.headers.get('x-request-id'), name).toBeNull();
      expect(response.headers.get('x-ratelimit-remaining'), name).toBeNull();
    }
  });

  it('answers any method on those paths, any path the API has not, without a key, under /api/v0 and in the sandbox alike', async () => {
    const emu = await publishedOnly();
    const urls: [string, string][] = [
      ['GET', `${emu.apiUrl}/events/evt_1/resend`],
      ['PUT', `${emu.apiUrl}/jobs/job_1`],
      ['GET', `${emu.apiUrl}/no-such-thing`],
      ['GET', `${emu.origin}/api/v0/jobs/job_1`],
      ['GET', `${emu.sandboxApiUrl}/webhooks`],
    ];
    for (const [method, url] of urls) {
      const response = await raw(url, { method });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.text, `${method} ${url}`).toBe(BARE_404);
    }
  });

  it('answers a method the spec does not publish on a published path the same way: the gateway routes method and path', async () => {
    const emu = await publishedOnly();
    for (const method of ['PUT', 'DELETE']) {
      const response = await raw(`${emu.apiUrl}/jobs`, { method, headers: { authorization: `Bearer ${emu.key}` } });
      expect(response.status, method).toBe(404);
      expect(response.text, method).toBe(BARE_404);
    }
  });
});

describe('emulator --published-only: what it still serves', () => {
  it('serves the six published operations as always', async () => {
    const emu = await publishedOnly();
    const id = await createJob(emu);
    const jobs = await emu.call('GET', '/jobs');
    expect(jobs.status).toBe(200);
    expect(jobs.json.data.map((job: { id: string }) => job.id)).toEqual([id]);
    expect(jobs.json.meta.request_id).toMatch(/^req_/);
    // The spec: any field filters its list, so a job is found by its id there.
    expect((await emu.call('GET', `/jobs?id=${id}`)).json.data).toHaveLength(1);
    expect((await emu.call('GET', '/candidates')).status).toBe(200);
    expect((await emu.call('POST', '/assessments', { body: { job_id: id } })).status).toBe(201);
    expect((await emu.call('GET', '/analytics')).status).toBe(200);
    const webhook = await emu.call('POST', '/webhooks', {
      body: { url: 'https://example.com/hooks', events: ['job.created'], secret: 'a-secret-of-some-length' },
    });
    expect(webhook.status).toBe(201);
  });

  it('keeps its controls and pages, and logs the refused requests too', async () => {
    const emu = await publishedOnly();
    const id = await createJob(emu);
    expect((await raw(`${emu.origin}/apply/${id}`)).status).toBe(200);
    expect((await raw(`${emu.apiUrl}/jobs/${id}`)).status).toBe(404);
    const log = await raw(`${emu.origin}/_emulator/requests?after=0`, {
      headers: { authorization: `Bearer ${emu.key}` },
    });
    expect(log.status).toBe(200);
    const entries = (JSON.parse(log.text) as { data: { method: string; path: string; status: number }[] }).data;
    expect(entries).toContainEqual(expect.objectContaining({ method: 'GET', path: `/api/v1/jobs/${id}`, status: 404 }));
  });

  it('describes only the published operations in /openapi.json', async () => {
    const emu = await publishedOnly();
    const document = JSON.parse((await raw(`${emu.origin}/openapi.json`)).text) as {
      paths: Record<string, Record<string, { operationId: string; 'x-assumed'?: boolean }>>;
    };
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
    const published = Object.entries(OPERATIONS).filter(([, operation]) => operation.published);
    expect(described.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      published.map(([, operation]) => `${operation.method} ${operation.path}`).sort(),
    );
    for (const { operation } of described) expect(operation['x-assumed']).toBeUndefined();
    // The whole emulator's document is unchanged beside it.
    const whole = await testEmulator((await sandbox()).dataDir);
    const all = JSON.parse((await raw(`${whole.origin}/openapi.json`)).text) as { paths: Record<string, object> };
    expect(Object.keys(all.paths)).toContain('/jobs/{id}');
  });
});

describe('hire against a published-only emulator', () => {
  it('lists jobs on the local profile', async () => {
    const { box, emu } = await localEmulator({ publishedOnly: true });
    const id = await createJob(emu);
    const result = await runCli(['jobs', 'list', '--json'], { env: box.env });
    expect(result.code, result.stderr).toBe(0);
    expect(json<{ id: string }[]>(result).map((job) => job.id)).toEqual([id]);
  });

  it('runs the in-process emulator published-only with HIRE_EMULATOR_PUBLISHED_ONLY=1', async () => {
    const box = await sandbox();
    const env = { ...box.env, HIRE_EMULATOR_PUBLISHED_ONLY: '1' };
    const created = await runCli(['jobs', 'create', '--title', 'Backend', '--description', DESCRIPTION, '--json'], {
      env,
    });
    expect(created.code, created.stderr).toBe(0);
    const id = json<{ id: string }>(created).id;
    expect((await runCli(['jobs', 'list', '--json'], { env })).code).toBe(0);
    // `hire api` prints a failure's body as it came, on stderr: the gateway's, for an operation the spec does not publish.
    const assumed = await runCli(['api', `/jobs/${id}`], { env });
    expect(assumed.code).toBe(4);
    expect(assumed.stderr).toContain(BARE_404);
    const whole = await runCli(['api', `/jobs/${id}`], { env: box.env });
    expect(whole.code, whole.stderr).toBe(0);
  });

  it('refuses a HIRE_EMULATOR_PUBLISHED_ONLY that is not 1 or 0, naming it', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'list'], { env: { ...box.env, HIRE_EMULATOR_PUBLISHED_ONLY: 'yes' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('HIRE_EMULATOR_PUBLISHED_ONLY must be 1 or 0 (got "yes")');
  });

  it('`hire emulator start --published-only` says so and serves only the published operations', async () => {
    const box = await sandbox();
    const argv = ['emulator', 'start', '--published-only', '--port', '0'];
    const captured = captureIO({ argv });
    const running = main(argv, captured.io, box.env);
    const deadline = Date.now() + 30_000;
    while (!captured.stderr().includes('Press Ctrl-C') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    try {
      const stderr = captured.stderr();
      expect(stderr).toContain('Serving only the 6 operations the API spec publishes');
      const apiUrl = /Emulator listening on (\S+\/api\/v1)/.exec(stderr)![1]!;
      const headers = { authorization: `Bearer ${ensureLocalKey(box.dataDir)}` };
      expect((await raw(`${apiUrl}/jobs`, { headers })).status).toBe(200);
      expect((await raw(`${apiUrl}/jobs/job_1`, { headers })).text).toBe(BARE_404);
    } finally {
      captured.signals.emit('signal', 'SIGTERM');
    }
    expect(await running).toBe(0);
  });
});
