// Writes reported truly (docs/api-choices.md §7, issue 18 item 3): a PATCH or DELETE whose answer is lost, cut
// short or a 5xx is not sent again; hire reads the record back and reports success when the change
// is there, the original failure when it is not or cannot be read. A forwarding proxy stands before
// a real emulator and faults chosen requests before or after the emulator has done them.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { forward, listen, readBody, relay } from '../helpers/scripted-server.js';

/**
 * What the proxy does with a request: `*-before` without forwarding it; `*-after` once the
 * emulator has answered it: hang up, answer 503, send half the answer, or never answer.
 */
type Fault =
  'drop-before' | '503-before' | 'hang-before' | 'drop-after' | '503-after' | 'truncate-after' | 'hang-after';

interface Seen {
  method: string;
  path: string;
  body: string;
  fault: Fault | undefined;
  /** The emulator's status, when the request reached it. */
  upstream: number | undefined;
}

/** Chooses the fault for the n-th request (from 1) of a method; undefined relays it as it is. */
type Script = (method: string, nth: number) => Fault | undefined;

/** The fault for the first request of `method` only. */
const first =
  (method: string, fault: Fault): Script =>
  (m, nth) =>
    m === method && nth === 1 ? fault : undefined;

const both =
  (...scripts: Script[]): Script =>
  (method, nth) =>
    scripts.map((script) => script(method, nth)).find((fault) => fault !== undefined);

const UNAVAILABLE = JSON.stringify({
  error: { code: 'service_unavailable', message: 'The service is unavailable.', status: 503 },
  meta: { request_id: 'req_proxy503' },
});

async function proxyBefore(emulator: TestEmulator, script: Script): Promise<{ origin: string; seen: Seen[] }> {
  const upstream = new URL(emulator.origin);
  const seen: Seen[] = [];
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const method = req.method ?? '';
      const nth = (counts.get(method) ?? 0) + 1;
      counts.set(method, nth);
      const fault = script(method, nth);
      const entry: Seen = {
        method,
        path: new URL(req.url ?? '', 'http://x').pathname,
        body: body.toString('utf8'),
        fault,
        upstream: undefined,
      };
      seen.push(entry);
      if (fault === 'drop-before') {
        req.socket.destroy();
        return;
      }
      if (fault === '503-before') {
        res.writeHead(503, { 'content-type': 'application/json' }).end(UNAVAILABLE);
        return;
      }
      if (fault === 'hang-before') return;
      const forwarded = await forward(req, body, upstream);
      entry.upstream = forwarded.answer.statusCode;
      if (fault === 'drop-after') req.socket.destroy();
      else if (fault === '503-after') res.writeHead(503, { 'content-type': 'application/json' }).end(UNAVAILABLE);
      else if (fault === 'truncate-after') {
        res.writeHead(forwarded.answer.statusCode ?? 200, {
          'content-type': 'application/json',
          'content-length': String(forwarded.body.length),
        });
        res.write(forwarded.body.subarray(0, Math.floor(forwarded.body.length / 2)), () => req.socket.destroy());
      } else if (fault !== 'hang-after') relay(res, forwarded);
    })();
  });
  return { origin: await listen(server), seen };
}

interface Setup {
  emulator: TestEmulator;
  seen: Seen[];
  hire(argv: string[]): Promise<RunResult>;
}

async function setup(script: Script): Promise<Setup> {
  const box = await sandbox();
  const emulator = await testEmulator(box.dataDir);
  const proxy = await proxyBefore(emulator, script);
  const env = { ...box.env, HIRE_BASE_URL: proxy.origin, HIRE_API_KEY: emulator.key };
  return { emulator, seen: proxy.seen, hire: (argv) => runCli(['--max-retries', '2', ...argv], { env }) };
}

interface Job {
  id: string;
  title: string;
  status: string;
  location?: Record<string, unknown>;
}

async function newJob(emulator: TestEmulator, publish = true): Promise<Job> {
  const response = await emulator.call('POST', '/jobs', {
    body: {
      title: 'Backend Engineer',
      description: DESCRIPTION,
      location: { type: 'onsite', city: 'Austin', state: 'TX' },
      publish,
    },
  });
  expect(response.status).toBe(201);
  return response.json.data as Job;
}

/** The record as the emulator holds it now, through its API (as hire would read it back). */
async function current(emulator: TestEmulator, path: string): Promise<{ status: number; data: any }> {
  const response = await emulator.call('GET', path);
  return { status: response.status, data: response.json?.data };
}

const requests = (seen: Seen[]) =>
  seen.map((entry) => `${entry.method} ${entry.path}${entry.fault ? ` (${entry.fault})` : ''}`);

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('PATCH after a lost answer: jobs update', () => {
  it('the answer dropped after the emulator applied it: exit 0, the job printed as read back, one PATCH', async () => {
    const { emulator, seen, hire } = await setup(first('PATCH', 'drop-after'));
    const job = await newJob(emulator);
    const result = await hire([
      'jobs',
      'update',
      job.id,
      '--title',
      'Staff Engineer',
      '--city',
      'Denver',
      '--state',
      'CO',
      '--json',
      '-v',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const now = await current(emulator, `/jobs/${job.id}`);
    expect(now.data).toMatchObject({
      title: 'Staff Engineer',
      location: { type: 'onsite', city: 'Denver', state: 'CO' },
    });
    expect(JSON.parse(result.stdout)).toEqual(now.data);
    expect(requests(seen)).toEqual([`PATCH /api/v1/jobs/${job.id} (drop-after)`, `GET /api/v1/jobs/${job.id}`]);
    expect(seen[0]!.upstream).toBe(200);
    // Said once to people (-v), then once for scripts: the warnings document that ends stderr.
    expect(count(result.stderr, `The answer was lost; read back ${job.id}: the change is there.\n`)).toBe(1);
    const document = JSON.parse(result.stderr.slice(result.stderr.lastIndexOf('\n{') + 1)) as unknown;
    expect(document).toEqual({
      warnings: [expect.objectContaining({ code: 'write_reconciled', id: job.id, method: 'PATCH' })],
    });
    expect(result.stderr).not.toContain('Error');
  });

  it('with --json alone, a success read back: stderr is exactly one warnings document, with the request id it has', async () => {
    const { emulator, hire } = await setup(first('PATCH', '503-after'));
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'update', job.id, '--title', 'Staff Engineer', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: job.id, title: 'Staff Engineer' });
    expect(JSON.parse(result.stderr)).toEqual({
      warnings: [
        {
          code: 'write_reconciled',
          message: `The server answered HTTP 503; read back ${job.id}: the change is there.`,
          id: job.id,
          method: 'PATCH',
          path: `/jobs/${job.id}`,
          reason: 'The server answered HTTP 503',
          request_id: 'req_proxy503',
        },
      ],
    });
  });

  it('the PATCH dropped before it reached the emulator: the original network error, exit 6, not re-sent', async () => {
    const { emulator, seen, hire } = await setup(first('PATCH', 'drop-before'));
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'update', job.id, '--title', 'Staff Engineer']);
    expect(result.code).toBe(6);
    expect(result.stdout).toBe('');
    expect((await current(emulator, `/jobs/${job.id}`)).data.title).toBe('Backend Engineer');
    expect(requests(seen)).toEqual([`PATCH /api/v1/jobs/${job.id} (drop-before)`, `GET /api/v1/jobs/${job.id}`]);
    // The error, then what the read-back found, as its hint.
    expect(result.stderr).toMatch(
      /^Error: Cannot reach http:\/\/127\.0\.0\.1:\d+: the connection closed unexpectedly\.\n/,
    );
    expect(result.stderr).toContain(`\nThe answer was lost; read back ${job.id}: the change is not there.\n`);
  });

  it('with --json, a failure stays one JSON document on stderr: the original error envelope', async () => {
    const { emulator, hire } = await setup(first('PATCH', 'drop-before'));
    const job = await newJob(emulator);
    const result = await hire(['--max-retries', '0', 'jobs', 'update', job.id, '--title', 'Staff Engineer', '--json']);
    expect(result.code).toBe(6);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toMatchObject({
      error: { code: 'network_error', message: expect.stringContaining('the connection closed unexpectedly') },
    });
  });

  it('a field sent that the job holds only in part (another city) is not taken for the change', async () => {
    // The emulator refuses the PATCH (a 503 before it), and the job already has the title sent:
    // only the city tells that nothing was done.
    const { emulator, hire } = await setup(first('PATCH', '503-before'));
    const job = await newJob(emulator);
    const result = await hire([
      'jobs',
      'update',
      job.id,
      '--title',
      'Backend Engineer',
      '--city',
      'Denver',
      '--state',
      'TX',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The server answered HTTP 503; read back ${job.id}: the change is not there.`);
    expect(result.stderr).toContain('(service_unavailable, HTTP 503)');
    expect((await current(emulator, `/jobs/${job.id}`)).data.location.city).toBe('Austin');
  });

  it('an answer cut off half-way after the emulator applied it: exit 0', async () => {
    const { emulator, seen, hire } = await setup(first('PATCH', 'truncate-after'));
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'update', job.id, '--skill', 'go,rust', '--json', '-v']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: job.id, skills: ['go', 'rust'] });
    expect(seen.filter((entry) => entry.method === 'PATCH')).toHaveLength(1);
    expect(result.stderr).toContain(`read back ${job.id}: the change is there.`);
  });

  it('a PATCH that times out after the emulator applied it: exit 0, said as a timeout', async () => {
    const { emulator, hire } = await setup(first('PATCH', 'hang-after'));
    const job = await newJob(emulator);
    const result = await hire([
      '--timeout',
      '1',
      'jobs',
      'update',
      job.id,
      '--title',
      'Staff Engineer',
      '--json',
      '-v',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: job.id, title: 'Staff Engineer' });
    expect(result.stderr).toContain(`The request timed out; read back ${job.id}: the change is there.`);
  });

  it('a PATCH that times out before the emulator saw it: exit 6, and the hint says the server may still make it', async () => {
    const { emulator, hire } = await setup(first('PATCH', 'hang-before'));
    const job = await newJob(emulator);
    const result = await hire(['--timeout', '1', 'jobs', 'update', job.id, '--title', 'Staff Engineer']);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('Error: Request to http://127.0.0.1:');
    expect(result.stderr).toContain(
      `The request timed out; read back ${job.id}: the change is not there yet, but the server may still make it. Raise the limit with --timeout SECONDS.`,
    );
  });

  it('the read-back failing every time: the original failure, after --max-retries retries of the GET', async () => {
    const { emulator, seen, hire } = await setup(
      both(first('PATCH', 'drop-after'), (method) => (method === 'GET' ? '503-before' : undefined)),
    );
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'update', job.id, '--title', 'Staff Engineer']);
    expect(result.code).toBe(6);
    expect(result.stdout).toBe('');
    // Applied, but hire could not see it: it does not claim either way.
    expect((await current(emulator, `/jobs/${job.id}`)).data.title).toBe('Staff Engineer');
    expect(requests(seen)).toEqual([
      `PATCH /api/v1/jobs/${job.id} (drop-after)`,
      ...Array.from({ length: 3 }, () => `GET /api/v1/jobs/${job.id} (503-before)`),
    ]);
    expect(result.stderr).toContain('(retry 2 of 2)');
    expect(result.stderr).toContain('Error: Cannot reach');
    expect(result.stderr).toContain(
      `The answer was lost; ${job.id} could not be read back (The service is unavailable), so whether the change was made is not known.`,
    );
  });

  it('-q: reconciled without a word for people; with --json the warnings document all the same (it is for scripts)', async () => {
    const { emulator, hire } = await setup(
      both(first('PATCH', 'drop-after'), (m, nth) => (m === 'PATCH' && nth === 2 ? 'drop-after' : undefined)),
    );
    const job = await newJob(emulator);
    const quiet = await hire(['-q', 'jobs', 'update', job.id, '--title', 'Staff Engineer']);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
    const result = await hire(['-q', 'jobs', 'update', job.id, '--title', 'Principal Engineer', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'Principal Engineer' });
    expect(JSON.parse(result.stderr)).toEqual({
      warnings: [expect.objectContaining({ code: 'write_reconciled', id: job.id })],
    });
  });
});

describe('PATCH after a lost answer: jobs pause (a transition)', () => {
  it('the answer dropped after the emulator paused the job: exit 0 and the job printed paused', async () => {
    const { emulator, seen, hire } = await setup(first('PATCH', 'drop-after'));
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'pause', job.id, '--json', '-v']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual((await current(emulator, `/jobs/${job.id}`)).data);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: job.id, status: 'paused' });
    // Never re-sent: a second pause would be a 409 "already paused".
    expect(seen.filter((entry) => entry.method === 'PATCH').map((entry) => entry.body)).toEqual([
      '{"status":"paused"}',
    ]);
    // Once for people (-v), once in the warnings document that ends stderr.
    expect(count(result.stderr, `The answer was lost; read back ${job.id}: the change is there.\n`)).toBe(1);
    expect(count(result.stderr, `"code": "write_reconciled"`)).toBe(1);
  });

  it('a 503 after the emulator paused the job: exit 0', async () => {
    const { emulator, seen, hire } = await setup(first('PATCH', '503-after'));
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'pause', job.id, '--json', '-v']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: job.id, status: 'paused' });
    expect(seen[0]).toMatchObject({ method: 'PATCH', fault: '503-after', upstream: 200 });
    expect(result.stderr).toContain(`The server answered HTTP 503; read back ${job.id}: the change is there.`);
  });

  it('a 503 before the emulator saw it: exit 1 and the job still active', async () => {
    const { emulator, hire } = await setup(first('PATCH', '503-before'));
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'pause', job.id]);
    expect(result.code).toBe(1);
    expect((await current(emulator, `/jobs/${job.id}`)).data.status).toBe('active');
    expect(result.stderr).toContain(`The server answered HTTP 503; read back ${job.id}: the change is not there.`);
  });
});

describe('PATCH after a lost answer: candidates move', () => {
  async function newCandidate(emulator: TestEmulator): Promise<{ id: string; status: string }> {
    const job = await newJob(emulator);
    const simulated = await fetch(`${emulator.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: job.id, applications: 1, seed: 7 }),
    });
    expect(simulated.status).toBe(201);
    const [candidate] = emulator.store.all<{ id: string; status: string }>('candidates');
    expect(candidate).toBeDefined();
    return candidate!;
  }

  it('the answer dropped after the emulator moved the candidate: exit 0, printed in the new status', async () => {
    const { emulator, seen, hire } = await setup(first('PATCH', 'drop-after'));
    const candidate = await newCandidate(emulator);
    const result = await hire(['candidates', 'move', candidate.id, '--status', 'rejected', '--json', '-v']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual((await current(emulator, `/candidates/${candidate.id}`)).data);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: candidate.id, status: 'rejected' });
    expect(requests(seen)).toEqual([
      `PATCH /api/v1/candidates/${candidate.id} (drop-after)`,
      `GET /api/v1/candidates/${candidate.id}`,
    ]);
    expect(result.stderr).toContain(`The answer was lost; read back ${candidate.id}: the change is there.`);
  });

  it('dropped before it reached the emulator: exit 6 and the candidate unmoved', async () => {
    const { emulator, hire } = await setup(first('PATCH', 'drop-before'));
    const candidate = await newCandidate(emulator);
    const result = await hire(['candidates', 'move', candidate.id, '--status', 'rejected']);
    expect(result.code).toBe(6);
    expect((await current(emulator, `/candidates/${candidate.id}`)).data.status).toBe(candidate.status);
    expect(result.stderr).toContain(`read back ${candidate.id}: the change is not there.`);
  });
});

describe('DELETE after a lost answer', () => {
  it('jobs delete: the answer dropped after the emulator deleted the job: exit 0 (the job is gone)', async () => {
    const { emulator, seen, hire } = await setup(first('DELETE', 'drop-after'));
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'delete', job.id, '--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect((await current(emulator, `/jobs/${job.id}`)).status).toBe(404);
    expect(requests(seen)).toEqual([`DELETE /api/v1/jobs/${job.id} (drop-after)`, `GET /api/v1/jobs/${job.id}`]);
    expect(seen[0]!.upstream).toBe(204);
    expect(result.stderr).toContain(`The answer was lost; read back ${job.id}: it is gone, so the change is there.`);
    expect(result.stderr).toContain(`Deleted job ${job.id}.`);
  });

  it('jobs delete: a 503 after deleting: exit 0; with --json, the warnings document names the DELETE', async () => {
    const { emulator, hire } = await setup(first('DELETE', '503-after'));
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'delete', job.id, '--yes', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect((await current(emulator, `/jobs/${job.id}`)).status).toBe(404);
    expect(JSON.parse(result.stderr)).toEqual({
      warnings: [
        {
          code: 'write_reconciled',
          message: `The server answered HTTP 503; read back ${job.id}: it is gone, so the change is there.`,
          id: job.id,
          method: 'DELETE',
          path: `/jobs/${job.id}`,
          reason: 'The server answered HTTP 503',
          request_id: 'req_proxy503',
        },
      ],
    });
  });

  it('jobs delete: dropped before it reached the emulator: exit 6, the job kept', async () => {
    const { emulator, hire } = await setup(first('DELETE', 'drop-before'));
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'delete', job.id, '--yes']);
    expect(result.code).toBe(6);
    expect((await current(emulator, `/jobs/${job.id}`)).status).toBe(200);
    expect(result.stderr).toContain(`The answer was lost; read back ${job.id}: it is still there.`);
    expect(result.stderr).not.toContain('Deleted job');
  });

  it('jobs delete: the read-back failing every time: the original failure (exit 6)', async () => {
    const { emulator, seen, hire } = await setup(
      both(first('DELETE', 'drop-after'), (method) => (method === 'GET' ? 'drop-before' : undefined)),
    );
    const job = await newJob(emulator);
    const result = await hire(['jobs', 'delete', job.id, '--yes']);
    expect(result.code).toBe(6);
    expect(seen.filter((entry) => entry.method === 'GET')).toHaveLength(3);
    expect(result.stderr).toContain(`${job.id} could not be read back`);
    expect(result.stderr).toContain('so whether it was deleted is not known.');
    expect(result.stderr).not.toContain('Deleted job');
  });

  it('webhooks remove: the answer dropped after the emulator removed it: exit 0', async () => {
    const { emulator, seen, hire } = await setup(first('DELETE', 'drop-after'));
    const created = await emulator.call('POST', '/webhooks', {
      body: {
        url: 'https://hooks.example.com/hire',
        events: ['job.created'],
        secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id as string;
    const result = await hire(['webhooks', 'remove', id, '--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect((await current(emulator, `/webhooks/${id}`)).status).toBe(404);
    expect(requests(seen)).toEqual([`DELETE /api/v1/webhooks/${id} (drop-after)`, `GET /api/v1/webhooks/${id}`]);
    expect(result.stderr).toContain(`The answer was lost; read back ${id}: it is gone, so the change is there.`);
    expect(result.stderr).toContain(`Removed webhook ${id}.`);
  });

  it('webhooks remove: a 503 before the emulator saw it: exit 1, the webhook kept', async () => {
    const { emulator, hire } = await setup(first('DELETE', '503-before'));
    const created = await emulator.call('POST', '/webhooks', {
      body: {
        url: 'https://hooks.example.com/hire',
        events: ['job.created'],
        secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
      },
    });
    const id = created.json.data.id as string;
    const result = await hire(['webhooks', 'remove', id, '--yes']);
    expect(result.code).toBe(1);
    expect((await current(emulator, `/webhooks/${id}`)).status).toBe(200);
    expect(result.stderr).toContain(`The server answered HTTP 503; read back ${id}: it is still there.`);
  });
});
