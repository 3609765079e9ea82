// Long-running commands stop on the first Ctrl-C and on SIGTERM, and never hang on a failure
// (issue 15, item 3). The built binary is spawned; each signal is sent only once the command is
// provably mid-run: its "Listening on" line, or a request of its held open by a scripted server.
// Servers (`webhooks listen`, `emulator start`) exit 130 on Ctrl-C and 0 on SIGTERM, their normal
// stop; batch work (`jobs import`, a list with --all) is incomplete either way: 130 for both.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { describeOutput, hire, spawnHire, waitExit, waitFor, type Spawned } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
// Imported before env.js: the scripted servers close after each test's processes are stopped.
import { reply, serve, type Handler } from '../helpers/scripted-server.js';
import { sandbox, unusedPort } from '../helpers/env.js';

const KEY = ['hk', 'test', 'interrupts0123456789'].join('_');

/** A handler that never answers: the request stays in flight until the client gives up or the test ends. */
function hold(): { handler: Handler; held: ServerResponse[] } {
  const held: ServerResponse[] = [];
  return { handler: (_req, res) => void held.push(res), held };
}

function apiEnv(origin: string, key = KEY): Record<string, string> {
  return { HIRE_BASE_URL: `${origin}/api/v1`, HIRE_API_KEY: key };
}

async function stop(proc: Spawned, signal: 'SIGINT' | 'SIGTERM', what: string) {
  proc.child.kill(signal);
  return waitExit(proc, `${what} after ${signal}`);
}

const SIGNALS = [
  ['SIGINT', 130],
  ['SIGTERM', 0],
] as const;

describe('webhooks listen --register: a failed registration ends the command', () => {
  it('a 401 exits 3 at once, with the error, instead of listening on', async () => {
    const box = await sandbox();
    const server = await serve(
      reply(401, {
        error: { code: 'unauthorized', message: 'Invalid API key.', status: 401 },
        meta: { request_id: 'req_1' },
      }),
    );
    const result = await hire(box, ['webhooks', 'listen', '--register'], { env: apiEnv(server.origin, 'hk_bogus') });
    expect(result.code, describeOutput(result)).toBe(3);
    expect(result.stderr).toMatch(/Listening on/);
    expect(result.stderr).toContain('Invalid API key.');
    expect(result.stderr).not.toContain('hk_bogus');
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/v1/webhooks']);
  });

  it('no server (--max-retries 0, a closed port) exits 6 at once', async () => {
    const box = await sandbox();
    const result = await hire(box, ['webhooks', 'listen', '--register', '--max-retries', '0'], {
      env: apiEnv(`http://127.0.0.1:${await unusedPort()}`),
    });
    expect(result.code, describeOutput(result)).toBe(6);
    expect(result.stderr).toMatch(/refused/);
  });
});

describe.each(SIGNALS)('%s stops a long-running server (exit %i)', (signal, code) => {
  it('webhooks listen', async () => {
    const box = await sandbox();
    const proc = spawnHire(box, ['webhooks', 'listen', '--secret', 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=']);
    await waitFor(proc, 'the "Listening on" line', () => /Listening on/.test(proc.stderr));
    expect(await stop(proc, signal, 'the listener')).toEqual({ code, signal: null });
  });

  it('webhooks listen --register while the registration is held unanswered', async () => {
    const box = await sandbox();
    const { handler } = hold();
    const server = await serve(handler);
    const proc = spawnHire(box, ['webhooks', 'listen', '--register', '--timeout', '600'], {
      env: apiEnv(server.origin),
    });
    await waitFor(proc, 'the registration request', () => server.requests.length > 0);
    expect(await stop(proc, signal, 'the listener')).toEqual({ code, signal: null });
    expect(server.requests).toHaveLength(1);
  });

  it('emulator start', async () => {
    const box = await sandbox();
    const proc = spawnHire(box, ['emulator', 'start', '--port', '0']);
    await waitFor(proc, 'the "Emulator listening on" line', () => /Emulator listening on/.test(proc.stderr));
    expect(await stop(proc, signal, 'the emulator')).toEqual({ code, signal: null });
    expect(proc.stderr).toContain('Emulator stopped.');
  });
});

describe.each(['SIGINT', 'SIGTERM'] as const)('%s stops batch work, exit 130', (signal) => {
  it('jobs import, a row held unanswered: reported, left over in the failures file, nothing more sent', async () => {
    const box = await sandbox();
    const { handler } = hold();
    const server = await serve(handler);
    const rows = [1, 2, 3].map((n) => ({ title: `Held ${n}`, description: DESCRIPTION }));
    const file = join(box.root, 'jobs.ndjson');
    writeFileSync(file, rows.map((row) => JSON.stringify(row)).join('\n'));
    const proc = spawnHire(box, ['jobs', 'import', file, '--concurrency', '1', '--timeout', '600', '--json'], {
      env: apiEnv(server.origin),
    });
    await waitFor(proc, 'the first row to reach the server', () => server.requests.length > 0);

    expect(await stop(proc, signal, 'jobs import')).toEqual({ code: 130, signal: null });
    // --json: no "Stopping…" for people; stderr is the envelope alone (README "Output").
    // Its details count the rows each way (src/services/bulk.ts interruptedRun), every way named.
    expect(JSON.parse(proc.stderr)).toMatchObject({
      error: {
        code: 'interrupted',
        message: expect.stringContaining('1 stopped before the answer came'),
        details: { created: 0, existing: 0, failed: 0, invalid: 0, interrupted: 1, not_sent: 2, not_attempted: 0 },
      },
    });
    const report = JSON.parse(proc.stdout) as Array<{ row: number; status: string }>;
    expect(
      report.map((row) => row.status),
      describeOutput(proc),
    ).toEqual(['interrupted', 'not_sent', 'not_sent']);
    // Each left over with why (`_import_errors`, which importing the file again leaves out).
    const left = readFileSync(join(box.root, 'jobs.failed.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(left.map(({ _import_errors: _reasons, ...row }) => row)).toEqual(rows);
    for (const row of left) expect(row._import_errors).toEqual([expect.any(String)]);
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/v1/jobs']);
  });

  it('jobs list --all, the second page held unanswered: the first page printed, then the stop', async () => {
    const box = await sandbox();
    const { handler } = hold();
    const first = reply(200, {
      data: [
        { id: 'job_1', title: 'One' },
        { id: 'job_2', title: 'Two' },
      ],
      meta: { request_id: 'req_1', current_page: 1, per_page: 2, total_pages: 2, total_count: 4 },
    });
    const server = await serve(first, handler);
    const proc = spawnHire(box, ['jobs', 'list', '--all', '--per-page', '2', '-o', 'ndjson', '--timeout', '600'], {
      env: apiEnv(server.origin),
    });
    await waitFor(
      proc,
      'the first page on stdout and the second requested',
      () => proc.stdout.includes('job_2') && server.requests.length > 1,
    );

    expect(await stop(proc, signal, 'jobs list --all')).toEqual({ code: 130, signal: null });
    expect(
      proc.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id),
    ).toEqual(['job_1', 'job_2']);
    expect(
      server.requests.map(
        (request) => `${request.path} page ${new URL(request.url, server.origin).searchParams.get('page') ?? 1}`,
      ),
    ).toEqual(['/api/v1/jobs page 1', '/api/v1/jobs page 2']);
  });
});
