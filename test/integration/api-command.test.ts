// `hire api PATH` (docs/commands.md) through main(): against the emulator over real HTTP on
// loopback, and against a scripted node:http server that records every request exactly.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { reply, serve as serveScripted, type Handler, type Recorded } from '../helpers/scripted-server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCRIPTED_KEY = 'hk_test_api_command_0123456789abcdef';

interface Scripted {
  apiUrl: string;
  requests: Recorded[];
}

/** A success body with a spacing of its own, so that re-serialising it would show. */
const RAW_OK = '{"data": {"id": "job_raw", "title": "Raw"},  "meta": {"request_id": "req_raw"}}';

/** A server that answers every request with `handler` (RAW_OK by default), recording each. */
async function serve(handler: Handler = reply(200, RAW_OK)): Promise<Scripted> {
  const { origin, requests } = await serveScripted(handler);
  return { apiUrl: `${origin}/api/v1`, requests };
}

async function scriptedEnv(server: Scripted): Promise<{ env: Record<string, string>; root: string }> {
  const box = await sandbox();
  return { env: { ...box.env, HIRE_BASE_URL: server.apiUrl, HIRE_API_KEY: SCRIPTED_KEY }, root: box.root };
}

async function emulatorEnv(): Promise<{ env: Record<string, string>; emu: TestEmulator; root: string }> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir);
  return { env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key }, emu, root: box.root };
}

/** Runs `hire api …` against a fresh scripted server; returns the result and the one request. */
async function apiOnce(
  argv: string[],
  options: { stdin?: string; handler?: Handler; files?: Record<string, string> } = {},
) {
  const server = await serve(options.handler);
  const { env, root } = await scriptedEnv(server);
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(options.files ?? {})) {
    paths[name] = join(root, name);
    writeFileSync(paths[name], text);
  }
  const resolved = argv.map((arg) => arg.replace(/\{(\w[\w.]*)\}/g, (whole, name: string) => paths[name] ?? whole));
  const result = await runCli(['api', ...resolved], {
    env,
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
  });
  return { result, requests: server.requests };
}

function expectOk(result: RunResult): void {
  expect(result.stderr, `stderr of a command expected to succeed`).toBe('');
  expect(result.code).toBe(0);
}

async function createJob(emu: TestEmulator, publish = false): Promise<string> {
  const response = await emu.call('POST', '/jobs', {
    body: { title: 'Backend Engineer', description: DESCRIPTION, publish },
  });
  expect(response.status).toBe(201);
  return response.json.data.id as string;
}

describe('hire api: GET and what it prints', () => {
  it('prints the body exactly as received, the whole envelope, plus one newline', async () => {
    const { result, requests } = await apiOnce(['jobs/job_raw']);
    expectOk(result);
    expect(result.stdout).toBe(`${RAW_OK}\n`);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url).toBe('/api/v1/jobs/job_raw');
    expect(requests[0]!.body).toBe('');
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${SCRIPTED_KEY}`);
  });

  it('does not add a second newline to a body that already ends with one', async () => {
    const { result } = await apiOnce(['jobs'], { handler: reply(200, `${RAW_OK}\n`) });
    expectOk(result);
    expect(result.stdout).toBe(`${RAW_OK}\n`);
  });

  it('prints the emulator envelope with data and meta (request_id, list meta), byte for byte', async () => {
    const { env, emu } = await emulatorEnv();
    const id = await createJob(emu);
    const result = await runCli(['api', '/jobs'], { env });
    expectOk(result);
    expect(result.stdout.endsWith('}\n')).toBe(true);
    expect(result.stdout.split('\n')).toHaveLength(2); // one line, then the final newline
    const line = result.stdout.slice(0, -1);
    const envelope = JSON.parse(line) as { data: { id: string }[]; meta: Record<string, unknown> };
    expect(Object.keys(envelope)).toEqual(['data', 'meta']);
    expect(envelope.data.map((job) => job.id)).toEqual([id]);
    expect(envelope.meta).toMatchObject({ current_page: 1, per_page: 20, total_pages: 1, total_count: 1 });
    expect(envelope.meta.request_id).toMatch(/^req_/);
    // The emulator writes JSON.stringify output: the same text means nothing was re-serialised.
    expect(JSON.stringify(envelope)).toBe(line);
  });

  it('sends `jobs`, `/jobs` and `/api/v1/jobs` to the same URL', async () => {
    const server = await serve();
    const { env } = await scriptedEnv(server);
    for (const path of ['jobs', '/jobs', '/api/v1/jobs']) {
      const result = await runCli(['api', path], { env });
      expectOk(result);
      expect(result.stdout).toBe(`${RAW_OK}\n`);
    }
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/v1/jobs',
      'GET /api/v1/jobs',
      'GET /api/v1/jobs',
    ]);
  });

  it('reaches the same emulator list whichever way the path is written', async () => {
    const { env, emu } = await emulatorEnv();
    const id = await createJob(emu);
    for (const path of ['jobs', '/jobs', '/api/v1/jobs']) {
      const result = await runCli(['api', path], { env });
      expectOk(result);
      expect((JSON.parse(result.stdout) as { data: { id: string }[] }).data.map((job) => job.id)).toEqual([id]);
    }
  });

  it('puts -f fields of a GET (-X GET) in the query string, with no body', async () => {
    const { result, requests } = await apiOnce([
      'jobs',
      '-X',
      'GET',
      '-f',
      'status=active',
      '-f',
      'sort=-created_at',
      '-f',
      'q=a b&c',
    ]);
    expectOk(result);
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe('GET');
    const url = new URL(request.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/jobs');
    expect([...url.searchParams.entries()]).toEqual([
      ['status', 'active'],
      ['sort', '-created_at'],
      ['q', 'a b&c'],
    ]);
    expect(request.body).toBe('');
  });

  it('filters the emulator list with -X GET -f', async () => {
    const { env, emu } = await emulatorEnv();
    const draft = await createJob(emu);
    const published = await emu.call('POST', '/jobs', {
      body: { title: 'Data Engineer', description: DESCRIPTION, publish: true },
    });
    expect(published.status).toBe(201);
    const result = await runCli(['api', 'jobs', '-X', 'GET', '-f', 'status=active'], { env });
    expectOk(result);
    const ids = (JSON.parse(result.stdout) as { data: { id: string }[] }).data.map((job) => job.id);
    expect(ids).toEqual([published.json.data.id]);
    expect(ids).not.toContain(draft);
  });
});

describe('hire api: bodies from fields', () => {
  it('sends -f and -F without -X as a POST with a JSON body', async () => {
    const { result, requests } = await apiOnce(['jobs', '-f', 'title=Engineer', '-F', 'question_count=12']);
    expectOk(result);
    expect(result.stdout).toBe(`${RAW_OK}\n`);
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/jobs');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ title: 'Engineer', question_count: 12 });
  });

  it('sends -F alone as a POST too', async () => {
    const { requests } = await apiOnce(['jobs', '-F', 'publish=true']);
    expect(requests.map((request) => request.method)).toEqual(['POST']);
    expect(JSON.parse(requests[0]!.body)).toEqual({ publish: true });
  });

  it('types -F values: numbers, booleans, null, text, @file and @- (stdin); -f stays text', async () => {
    const { result, requests } = await apiOnce(
      [
        'things',
        '-F',
        'n=5',
        '-F',
        'neg=-2.5',
        '-F',
        'b=true',
        '-F',
        'no=false',
        '-F',
        'x=null',
        '-F',
        's=abc',
        '-F',
        'file=@{notes.md}',
        '-F',
        'piped=@-',
        '-f',
        'raw=5',
        '-f',
        'rawbool=true',
      ],
      { files: { 'notes.md': '# Notes\nline two\n' }, stdin: 'from stdin\n' },
    );
    expectOk(result);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    const body = JSON.parse(requests[0]!.body) as Record<string, unknown>;
    expect(body).toStrictEqual({
      n: 5,
      neg: -2.5,
      b: true,
      no: false,
      x: null,
      s: 'abc',
      file: '# Notes\nline two\n',
      piped: 'from stdin\n',
      raw: '5',
      rawbool: 'true',
    });
  });

  it('nests location[type]=remote and collects skills[]=go -f skills[]=sql into a list', async () => {
    const { result, requests } = await apiOnce([
      'jobs',
      '-f',
      'location[type]=remote',
      '-f',
      'location[country]=DE',
      '-f',
      'skills[]=go',
      '-f',
      'skills[]=sql',
      '-F',
      'salary[min]=90000',
    ]);
    expectOk(result);
    expect(JSON.parse(requests[0]!.body)).toStrictEqual({
      location: { type: 'remote', country: 'DE' },
      skills: ['go', 'sql'],
      salary: { min: 90000 },
    });
  });

  it('creates a job on the emulator from nested and list fields', async () => {
    const { env, emu } = await emulatorEnv();
    const result = await runCli(
      [
        'api',
        'jobs',
        '-f',
        'title=Remote Engineer',
        '-f',
        `description=${DESCRIPTION}`,
        '-f',
        'location[type]=remote',
        '-f',
        'skills[]=go',
        '-f',
        'skills[]=sql',
        '-F',
        'publish=true',
      ],
      { env },
    );
    expectOk(result);
    const job = (JSON.parse(result.stdout) as { data: Record<string, any> }).data;
    expect(job).toMatchObject({
      title: 'Remote Engineer',
      status: 'active',
      location: { type: 'remote' },
      skills: ['go', 'sql'],
    });
    const stored = await emu.call('GET', `/jobs/${job.id as string}`);
    expect(stored.status).toBe(200);
    expect(stored.json.data.skills).toEqual(['go', 'sql']);
  });

  it('sends -X PATCH with the fields as its JSON body', async () => {
    const { result, requests } = await apiOnce(['-X', 'PATCH', '/jobs/job_1', '-f', 'title=Staff Engineer']);
    expectOk(result);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('PATCH');
    expect(requests[0]!.url).toBe('/api/v1/jobs/job_1');
    expect(JSON.parse(requests[0]!.body)).toStrictEqual({ title: 'Staff Engineer' });
  });

  it('changes an emulator job with -X PATCH', async () => {
    const { env, emu } = await emulatorEnv();
    const id = await createJob(emu);
    const result = await runCli(['api', '-X', 'PATCH', `/jobs/${id}`, '-f', 'status=active'], { env });
    expectOk(result);
    expect((JSON.parse(result.stdout) as { data: { status: string } }).data.status).toBe('active');
    expect((await emu.call('GET', `/jobs/${id}`)).json.data.status).toBe('active');
  });
});

describe('hire api: headers and raw bodies', () => {
  it("passes -H 'X-Trace: 1' to the server", async () => {
    const { result, requests } = await apiOnce(['jobs', '-H', 'X-Trace: 1', '-H', 'X-Other:two']);
    expectOk(result);
    expect(requests[0]!.headers['x-trace']).toBe('1');
    expect(requests[0]!.headers['x-other']).toBe('two');
  });

  it('refuses a malformed -H with exit 2 and sends nothing', async () => {
    const { result, requests } = await apiOnce(['jobs', '-H', 'no colon here']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('no colon here');
    expect(requests).toHaveLength(0);
  });

  it('sends the bytes of --input FILE as the body (POST by default)', async () => {
    const text = '{ "title" :  "From file",\n  "tags": ["a"] }\n';
    const { result, requests } = await apiOnce(['jobs', '--input', '{body.json}'], { files: { 'body.json': text } });
    expectOk(result);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url).toBe('/api/v1/jobs');
    expect(requests[0]!.body).toBe(text);
  });

  it('sends --input with -X PUT as given', async () => {
    const text = '{"a":1}';
    const { requests } = await apiOnce(['-X', 'PUT', 'things/1', '--input', '{b.json}'], { files: { 'b.json': text } });
    expect(requests.map((request) => `${request.method} ${request.url} ${request.body}`)).toEqual([
      'PUT /api/v1/things/1 {"a":1}',
    ]);
  });

  it('refuses --input together with -f on a POST: exit 2, nothing sent', async () => {
    const { result, requests } = await apiOnce(['jobs', '--input', '{body.json}', '-f', 'title=x'], {
      files: { 'body.json': '{}' },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(requests).toHaveLength(0);
  });

  it('refuses --input together with -F and an explicit -X POST: exit 2, nothing sent', async () => {
    const { result, requests } = await apiOnce(['-X', 'POST', 'jobs', '--input', '{body.json}', '-F', 'n=1'], {
      files: { 'body.json': '{}' },
    });
    expect(result.code).toBe(2);
    expect(requests).toHaveLength(0);
  });

  it('carries an Idempotency-Key (a UUID) on a POST, a new one per command', async () => {
    const server = await serve();
    const { env } = await scriptedEnv(server);
    expectOk(await runCli(['api', 'jobs', '-f', 'title=a'], { env }));
    expectOk(await runCli(['api', 'jobs', '-f', 'title=a'], { env }));
    expect(server.requests.map((request) => request.method)).toEqual(['POST', 'POST']);
    const [first, second] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });

  it('carries an Idempotency-Key on an --input POST too', async () => {
    const { requests } = await apiOnce(['jobs', '--input', '{b.json}'], { files: { 'b.json': '{}' } });
    expect(requests[0]!.headers['idempotency-key']).toMatch(UUID);
  });
});

describe('hire api: error statuses', () => {
  /** The body printed on stderr: every line before the `HTTP <status>` line. */
  function stderrBody(result: RunResult): unknown {
    const lines = result.stderr.split('\n');
    const at = lines.findIndex((line) => line.startsWith('HTTP '));
    expect(at, `stderr:\n${result.stderr}`).toBeGreaterThan(0);
    return JSON.parse(lines.slice(0, at).join('\n'));
  }

  it('404: the body on stderr, nothing on stdout, exit 4', async () => {
    const { env } = await emulatorEnv();
    const result = await runCli(['api', '/jobs/job_doesnotexist'], { env });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    const body = stderrBody(result) as { error: { code: string }; meta: { request_id: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.meta.request_id).toMatch(/^req_/);
    expect(result.stderr).toContain('HTTP 404 not_found');
  });

  it('400 validation_error: the body on stderr with details, exit 2', async () => {
    const { env } = await emulatorEnv();
    const result = await runCli(['api', 'jobs', '-f', 'title=Short', '-f', 'description=too short'], { env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const body = stderrBody(result) as { error: { code: string; details: Record<string, string> } };
    expect(body.error.code).toBe('validation_error');
    expect(Object.keys(body.error.details)).toContain('description');
  });

  it('409 conflict: the body on stderr, exit 1', async () => {
    const { env, emu } = await emulatorEnv();
    const id = await createJob(emu); // a draft: pausing it is not a transition
    const result = await runCli(['api', '-X', 'PATCH', `/jobs/${id}`, '-f', 'status=paused'], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect((stderrBody(result) as { error: { code: string } }).error.code).toBe('conflict');
    expect((await emu.call('GET', `/jobs/${id}`)).json.data.status).toBe('draft');
  });

  it('prints a scripted error body on stderr exactly as received', async () => {
    const text = '{"error": {"code": "not_found", "message": "No such job."}, "meta": {"request_id": "req_404"}}';
    const { result, requests } = await apiOnce(['jobs/job_x'], { handler: reply(404, text) });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(`${text}\n`)).toBe(true);
    expect(requests).toHaveLength(1);
  });
});

describe('hire api --paginate', () => {
  async function simulated(): Promise<{ env: Record<string, string>; emu: TestEmulator; jobId: string }> {
    const { env, emu } = await emulatorEnv();
    const jobId = await createJob(emu, true); // only active jobs take applications
    const response = await fetch(`${emu.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: jobId, applications: 45 }),
    });
    expect(response.status).toBe(201);
    return { env, emu, jobId };
  }

  function checkPages(result: RunResult, jobId: string): void {
    expectOk(result);
    expect(result.stdout.endsWith('\n')).toBe(true);
    const lines = result.stdout.slice(0, -1).split('\n');
    expect(lines).toHaveLength(3);
    const envelopes = lines.map(
      (line) => JSON.parse(line) as { data: { id: string; job_id: string }[]; meta: Record<string, unknown> },
    );
    expect(envelopes.map((envelope) => envelope.meta.current_page)).toEqual([1, 2, 3]);
    expect(envelopes.map((envelope) => envelope.data.length)).toEqual([20, 20, 5]);
    for (const envelope of envelopes) {
      expect(envelope.meta).toMatchObject({ per_page: 20, total_pages: 3, total_count: 45 });
      expect(envelope.meta.request_id).toMatch(/^req_/);
    }
    const ids = envelopes.flatMap((envelope) => envelope.data.map((candidate) => candidate.id));
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
    expect(ids.every((id) => id.startsWith('cand_'))).toBe(true);
    expect(new Set(envelopes.flatMap((envelope) => envelope.data.map((candidate) => candidate.job_id)))).toEqual(
      new Set([jobId]),
    );
  }

  it('prints one envelope per page, covering all 45 candidates once (-X GET -F per_page=20)', async () => {
    const { env, emu, jobId } = await simulated();
    const result = await runCli(['api', '/candidates', '--paginate', '-X', 'GET', '-F', 'per_page=20'], { env });
    checkPages(result, jobId);
    const all = await emu.call('GET', '/candidates?per_page=100');
    expect(all.json.data).toHaveLength(45);
  });

  it('follows pages as the help example shows, without -X (`--paginate -F per_page=20` is a GET)', async () => {
    // program.ts documents `hire api /candidates --paginate -F per_page=100`: --paginate means GET.
    const { env, jobId } = await simulated();
    const result = await runCli(['api', '/candidates', '--paginate', '-F', 'per_page=20'], { env });
    checkPages(result, jobId);
  });

  it('asks for page 2 and 3 with the same query', async () => {
    const pages = [1, 2, 3].map(
      (page) =>
        `{"data":[{"id":"c${page}"}],"meta":{"request_id":"r${page}","current_page":${page},"per_page":1,"total_pages":3,"total_count":3}}`,
    );
    let served = 0;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(pages[served++]);
    });
    const { env } = await scriptedEnv(server);
    const result = await runCli(
      ['api', 'candidates', '--paginate', '-X', 'GET', '-f', 'status=new', '-F', 'per_page=1'],
      { env },
    );
    expectOk(result);
    expect(result.stdout).toBe(`${pages.join('\n')}\n`);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/v1/candidates?status=new&per_page=1',
      'GET /api/v1/candidates?status=new&per_page=1&page=2',
      'GET /api/v1/candidates?status=new&per_page=1&page=3',
    ]);
  });

  it('refuses --paginate with -X POST: exit 2, nothing sent', async () => {
    const { result, requests } = await apiOnce(['-X', 'POST', 'candidates', '--paginate']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(requests).toHaveLength(0);
  });
});
