// With --json (or -o json|ndjson) both streams are for machines (README "Output"; docs/output.md
// "Warnings"): stdout carries the data; stderr exactly one JSON document on failure — the error
// envelope, with the warnings a script should know as `warnings` — and on success nothing, or,
// when a warning was said, exactly one `{"warnings": […]}` document. Every path that used to
// write a line for people under --json is here: the local-emulator notice, retry lines, the
// deprecation warning, a write reconciled after a lost answer, import progress, the pacing notice
// of a list with --all, a field the API does not show. -v brings the lines for people back; without
// --json they are as they were.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { listen, readBody, serve } from '../helpers/scripted-server.js';

const KEY = 'hk_test_machinestreams0000000000000';

/** Success under machine output: exit 0 and not one byte on stderr. */
function silentSuccess(result: RunResult): void {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
}

interface Warned {
  code: string;
  message: string;
  [fact: string]: unknown;
}

/** Success with warnings under machine output: exit 0, and stderr is exactly one `{"warnings": […]}` document. */
function warningsOf(result: RunResult): Warned[] {
  expect(result.code, result.stderr).toBe(0);
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.stderr);
  } catch {
    throw new Error(`stderr is not one JSON document:\n${result.stderr}`);
  }
  expect(Object.keys(parsed as object)).toEqual(['warnings']);
  return (parsed as { warnings: Warned[] }).warnings;
}

interface Envelope {
  error: { code: string; message: string };
  warnings?: string[];
}

/** Failure under machine output: stderr is exactly one JSON document (the envelope), nothing before or after it. */
function envelopeOf(result: RunResult): Envelope {
  expect(result.code).not.toBe(0);
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.stderr);
  } catch {
    throw new Error(`stderr is not one JSON document (exit ${result.code}):\n${result.stderr}`);
  }
  expect(parsed).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  return parsed as Envelope;
}

const JOB = {
  id: 'job_m1',
  title: 'Backend Engineer',
  description: DESCRIPTION,
  status: 'draft',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};
const PAGE = { data: [JOB], meta: { page: 1, per_page: 20, total_count: 1, total_pages: 1 } };
const NOT_FOUND = {
  error: { code: 'not_found', message: 'No job job_missing.', status: 404 },
  meta: { request_id: 'req_m404' },
};

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** The server named by HIRE_BASE_URL, its key in HIRE_API_KEY: what CI does. */
function against(box: Sandbox, origin: string): Record<string, string> {
  return { ...box.env, HIRE_BASE_URL: `${origin}/api/v1`, HIRE_API_KEY: KEY };
}

describe('the local-emulator notice', () => {
  it('is said to people, and not under --json, -o json or -o ndjson; -v says it again', async () => {
    const box = await sandbox();
    const human = await runCli(['jobs', 'list'], { env: box.env });
    expect(human.code).toBe(0);
    expect(human.stderr).toContain('Using the local emulator in-process');

    for (const flags of [['--json'], ['-o', 'json'], ['-o', 'ndjson']]) {
      const result = await runCli(['jobs', 'list', ...flags], { env: box.env });
      silentSuccess(result);
      expect(result.stdout).toBe(flags.includes('ndjson') ? '' : '[]\n');
    }
    const verbose = await runCli(['jobs', 'list', '--json', '-v'], { env: box.env });
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toContain('Using the local emulator in-process');
  });

  it('a 404 on the local profile: stderr is the envelope alone', async () => {
    const box = await sandbox();
    for (const flags of [['--json'], ['-o', 'ndjson']]) {
      const result = await runCli(['jobs', 'get', 'job_missing', ...flags], { env: box.env });
      expect(result.code).toBe(4);
      expect(result.stdout).toBe('');
      const envelope = envelopeOf(result);
      expect(envelope.error.code).toBe('not_found');
      expect(envelope.warnings).toBeUndefined();
    }
  });
});

describe('retry lines', () => {
  it('a 503 retried: people read "retrying in"; under --json stderr stays empty', async () => {
    const box = await sandbox();
    const unavailable = { error: { code: 'service_unavailable', message: 'Try again.', status: 503 } };
    const human = await serve(
      (_req, res) => send(res, 503, unavailable),
      (_req, res) => send(res, 200, PAGE),
    );
    const shown = await runCli(['jobs', 'list'], { env: against(box, human.origin) });
    expect(shown.code).toBe(0);
    expect(shown.stderr).toMatch(/retrying in \d+ ms \(retry 1 of 3\)/);

    const machine = await serve(
      (_req, res) => send(res, 503, unavailable),
      (_req, res) => send(res, 200, PAGE),
    );
    const result = await runCli(['jobs', 'list', '--json'], { env: against(box, machine.origin) });
    silentSuccess(result);
    expect(machine.requests).toHaveLength(2);
    expect(JSON.parse(result.stdout)).toEqual([JOB]);
  });

  it('an unreachable server: after the retries, exit 6 and one JSON document', async () => {
    const box = await sandbox();
    const origin = `http://127.0.0.1:${await unusedPort()}`;
    const result = await runCli(['--max-retries', '1', 'jobs', 'list', '--json'], { env: against(box, origin) });
    expect(result.code).toBe(6);
    expect(envelopeOf(result).error.code).toBe('connection_refused');
    const human = await runCli(['--max-retries', '1', 'jobs', 'list'], { env: against(box, origin) });
    expect(human.stderr).toMatch(/retrying in .*\(retry 1 of 1\)/);
  });
});

describe('the deprecation warning', () => {
  const deprecated = { Deprecation: 'true', Sunset: 'Wed, 31 Dec 2025 23:59:59 GMT' };

  it('on success under --json, -o json and -o ndjson: one warnings document on stderr with its facts', async () => {
    const box = await sandbox();
    const link = '<https://example.test/deprecation>; rel="deprecation"';
    const server = await serve((_req, res) => send(res, 200, PAGE, { ...deprecated, Link: link }));
    for (const flags of [['--json'], ['-o', 'json'], ['-o', 'ndjson']]) {
      const result = await runCli(['jobs', 'list', '--all', ...flags], { env: against(box, server.origin) });
      expect(result.stdout).toContain(JOB.id);
      expect(warningsOf(result)).toEqual([
        {
          code: 'api_deprecated',
          message:
            'API version deprecated: the server marks GET /jobs as deprecated. It will be removed after Wed, 31 Dec 2025 23:59:59 GMT. Use /api/v1.',
          method: 'GET',
          path: '/jobs',
          deprecation: 'true',
          sunset: 'Wed, 31 Dec 2025 23:59:59 GMT',
          link,
        },
      ]);
    }
  });

  it('said once however many answers carry it; -v shows it to people too; without --json, people alone read it', async () => {
    const box = await sandbox();
    const server = await serve((_req, res) => send(res, 200, PAGE, deprecated));
    // Three requests (a status report asks several things), one warning.
    const status = await runCli(['status', '--json'], { env: against(box, server.origin) });
    expect(server.requests.length).toBeGreaterThan(1);
    expect(warningsOf(status).map((warning) => warning.code)).toEqual(['api_deprecated']);
    const verbose = await runCli(['jobs', 'list', '--json', '-v'], { env: against(box, server.origin) });
    expect(verbose.stderr).toContain('Warning: API version deprecated');
    const human = await runCli(['jobs', 'list'], { env: against(box, server.origin) });
    expect(human.stderr).toContain('Warning: API version deprecated: the server marks GET /jobs as deprecated.');
    expect(human.stderr).not.toContain('"warnings"');
  });

  it('a /api/v0 base URL on the emulator: the warning names the base URL, and the data is the same', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    await emulator.call('POST', '/jobs', { body: { title: 'Old Version', description: DESCRIPTION } });
    const env = { ...box.env, HIRE_BASE_URL: `${emulator.origin}/api/v0`, HIRE_API_KEY: emulator.key };
    const result = await runCli(['jobs', 'list', '--json'], { env });
    expect((JSON.parse(result.stdout) as { title: string }[]).map((job) => job.title)).toEqual(['Old Version']);
    expect(warningsOf(result)).toEqual([
      {
        code: 'api_deprecated',
        message: 'API version deprecated: the base URL uses /api/v0. Use /api/v1.',
        base_url: `${emulator.origin}/api/v0`,
      },
    ]);
    // The same server at /api/v1: nothing on stderr.
    silentSuccess(
      await runCli(['jobs', 'list', '--json'], { env: { ...env, HIRE_BASE_URL: `${emulator.origin}/api/v1` } }),
    );
  });

  it('on failure: inside the envelope, as `warnings`', async () => {
    const box = await sandbox();
    const server = await serve((_req, res) => send(res, 404, NOT_FOUND, deprecated));
    const result = await runCli(['jobs', 'get', 'job_missing', '--json'], { env: against(box, server.origin) });
    expect(result.code).toBe(4);
    const envelope = envelopeOf(result);
    expect(envelope).toMatchObject({ error: { code: 'not_found' }, meta: { request_id: 'req_m404' } });
    expect(envelope.warnings).toEqual([
      expect.stringMatching(/^API version deprecated: the server marks GET \/jobs\/job_missing as deprecated\./),
    ]);
  });
});

describe('a write reconciled after a lost answer', () => {
  /** The PATCH's answer is lost (the connection closed); the read-back finds the change there (or not, `applied` false). */
  async function lostAnswer(applied = true): Promise<string> {
    let title = JOB.title;
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      void readBody(req).then((body) => {
        if (req.method === 'PATCH') {
          if (applied) title = (JSON.parse(body.toString('utf8')) as { title: string }).title;
          req.socket.destroy();
          return;
        }
        send(res, 200, { data: { ...JOB, title } });
      });
    });
    return listen(server);
  }

  it('people read that it was read back; under --json one warnings document says it; -v says it too', async () => {
    const box = await sandbox();
    const human = await runCli(['jobs', 'update', JOB.id, '--title', 'Staff Engineer'], {
      env: against(box, await lostAnswer()),
    });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stderr).toContain(`read back ${JOB.id}: the change is there.`);

    const result = await runCli(['jobs', 'update', JOB.id, '--title', 'Staff Engineer', '--json'], {
      env: against(box, await lostAnswer()),
    });
    expect(JSON.parse(result.stdout)).toMatchObject({ id: JOB.id, title: 'Staff Engineer' });
    expect(warningsOf(result)).toEqual([
      {
        code: 'write_reconciled',
        message: `The answer was lost; read back ${JOB.id}: the change is there.`,
        id: JOB.id,
        method: 'PATCH',
        path: `/jobs/${JOB.id}`,
        reason: 'The answer was lost',
      },
    ]);
    const verbose = await runCli(['jobs', 'update', JOB.id, '--title', 'Staff Engineer', '--json', '-v'], {
      env: against(box, await lostAnswer()),
    });
    expect(verbose.stderr).toContain(`read back ${JOB.id}: the change is there.`);
  });

  it('the change not there: exit 6, and stderr is the envelope alone', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'update', JOB.id, '--title', 'Staff Engineer', '--json'], {
      env: against(box, await lostAnswer(false)),
    });
    expect(result.code).toBe(6);
    expect(result.stdout).toBe('');
    expect(envelopeOf(result).error.code).toBe('network_error');
  });
});

describe('jobs import', () => {
  function rows(box: Sandbox, count: number): string {
    const path = join(box.root, 'jobs.ndjson');
    writeFileSync(
      path,
      Array.from({ length: count }, (_, index) =>
        JSON.stringify({ title: `Imported ${index}`, description: DESCRIPTION }),
      ).join('\n'),
    );
    return path;
  }

  it('at a terminal: the progress line and the summary for people; under --json, none', async () => {
    const box = await sandbox();
    const file = rows(box, 3);
    const human = await runCli(['jobs', 'import', file], { env: box.env, tty: true });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stderr).toContain('Importing [');
    expect(human.stderr).toContain('3 rows: 3 created.');

    const again = await runCli(['jobs', 'import', file, '--json'], { env: box.env, tty: true });
    silentSuccess(again);
    expect((JSON.parse(again.stdout) as { status: string }[]).map((row) => row.status)).toEqual([
      'existing',
      'existing',
      'existing',
    ]);
  });

  it('rows that failed: the report on stdout, and one envelope on stderr naming what failed', async () => {
    const box = await sandbox();
    const file = rows(box, 2);
    const origin = `http://127.0.0.1:${await unusedPort()}`;
    const result = await runCli(['jobs', 'import', file, '--max-retries', '0', '--json'], {
      env: against(box, origin),
      tty: true,
    });
    expect(result.code).toBe(6);
    expect((JSON.parse(result.stdout) as { status: string }[]).map((row) => row.status)).toEqual(['failed', 'failed']);
    const envelope = envelopeOf(result);
    expect(envelope.error).toEqual({
      code: 'rows_failed',
      message: expect.stringMatching(/^2 rows: 0 created, 2 failed\. The rows left over are in /),
    });
  });
});

describe('jobs list --all at the rate limit', () => {
  it('the pacing notice ("rate limit: … waiting") is for people; under --json stderr stays empty', async () => {
    const box = await sandbox();
    // A truthful server whose first page spends the window (0 of 5 left, a reset two seconds away):
    // the list waits for the reset whatever the machine's speed, and says so to people.
    const twoPages = () => {
      return serve((req, res) => {
        const now = Date.now();
        const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
        const data = page <= 2 ? [{ ...JOB, id: `job_${page}` }] : [];
        send(
          res,
          200,
          { data, meta: { page, per_page: 1, total_count: 2, total_pages: 2 } },
          {
            date: new Date(now).toUTCString(),
            'x-ratelimit-limit': '5',
            'x-ratelimit-remaining': String(page === 1 ? 0 : 4 - page),
            'x-ratelimit-reset': String(Math.ceil(now / 1000) + (page === 1 ? 2 : 3600)),
          },
        );
      });
    };
    const list = ['jobs', 'list', '--all', '--per-page', '1', '--reserve', '0'];

    const human = await twoPages();
    const shown = await runCli(list, { env: against(box, human.origin) });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stderr).toMatch(/rate limit: 0 of 5 left, resets in .* — waiting/);

    const machine = await twoPages();
    const result = await runCli([...list, '--json'], { env: against(box, machine.origin) });
    silentSuccess(result);
    expect((JSON.parse(result.stdout) as { id: string }[]).map((job) => job.id)).toEqual(['job_1', 'job_2']);
    expect(machine.requests.length).toBeLessThanOrEqual(3);
  });

  it('past --max-wait: exit 5, and stderr is the envelope alone', async () => {
    const box = await sandbox();
    // A real-time clock: the next window is most of an hour away, far past --max-wait.
    const emulator = await testEmulator(box.dataDir);
    for (const index of [1, 2, 3])
      await emulator.call('POST', '/jobs', { body: { title: `Slow ${index}`, description: DESCRIPTION } });
    const made = await fetch(`${emulator.origin}/_emulator/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'read', name: 'slow', limits: { hour: 2 } }),
    });
    const key = ((await made.json()) as { data: { key: string } }).data.key;
    const result = await runCli(
      ['jobs', 'list', '--all', '--per-page', '1', '--reserve', '0', '--max-wait', '1s', '--json'],
      {
        env: { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: key },
      },
    );
    expect(result.code).toBe(5);
    expect(envelopeOf(result).error.message).toContain('--max-wait');
  });
});

describe('a command that prints its data and fails all the same', () => {
  it('status with a part the server could not give: the report on stdout, the envelope on stderr', async () => {
    const box = await sandbox();
    const server = await serve((req, res) => {
      const path = new URL(req.url ?? '', 'http://x').pathname;
      if (path.endsWith('/deliveries'))
        return send(res, 500, { error: { code: 'internal_error', message: 'Broken.' } });
      return send(
        res,
        200,
        path.endsWith('/jobs')
          ? { data: [], meta: { current_page: 1, per_page: 100, total_pages: 0, total_count: 0 } }
          : { data: {} },
      );
    });
    const result = await runCli(['status', '--max-retries', '0', '--json'], { env: against(box, server.origin) });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toHaveProperty('errors.failed_deliveries');
    expect(envelopeOf(result).error).toEqual({
      code: 'status_incomplete',
      message: expect.stringContaining('Broken.'),
    });
    // For people, the report says it; no envelope.
    const human = await runCli(['status', '--max-retries', '0'], { env: against(box, server.origin) });
    expect(human.code).toBe(1);
    expect(human.stderr).not.toContain('status_incomplete');
  });

  it('auth status with a refused key: the profiles on stdout, the envelope on stderr', async () => {
    const box = await sandbox();
    const server = await serve((_req, res) =>
      send(res, 401, { error: { code: 'unauthorized', message: 'Invalid API key.', status: 401 } }),
    );
    const result = await runCli(['auth', 'status', '--json'], { env: against(box, server.origin) });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'local' })]));
    expect(envelopeOf(result).error).toEqual({
      code: 'key_check_failed',
      message: expect.stringMatching(/^Profile "local": /),
    });
  });
});

describe('a field the API spec does not show', () => {
  it('is a warning for people; under --json it goes into the envelope of a failure, or the warnings of a success', async () => {
    const box = await sandbox();
    const server = await serve((_req, res) => send(res, 404, NOT_FOUND));
    const argv = ['assessments', 'create', '--job', 'job_missing', '--data', '{"difficulty":"hard"}'];
    const human = await runCli(argv, { env: against(box, server.origin) });
    expect(human.stderr).toContain('Warning: Sending a field the API spec does not show, unchecked: difficulty.');
    const result = await runCli([...argv, '--json'], { env: against(box, server.origin) });
    expect(result.code).toBe(4);
    expect(envelopeOf(result).warnings).toEqual(['Sending a field the API spec does not show, unchecked: difficulty.']);

    const created = {
      id: 'asmt_m1',
      job_id: 'job_m1',
      status: 'ready',
      questions: [],
      created_at: '2026-11-01T00:00:00Z',
    };
    const accepting = await serve((_req, res) => send(res, 201, { data: created }));
    const success = await runCli([...argv.slice(0, 3), 'job_m1', ...argv.slice(4), '--json'], {
      env: against(box, accepting.origin),
    });
    expect(JSON.parse(success.stdout)).toMatchObject({ id: 'asmt_m1' });
    expect(warningsOf(success)).toEqual([
      {
        code: 'unpublished_fields',
        message: 'Sending a field the API spec does not show, unchecked: difficulty.',
        fields: ['difficulty'],
      },
    ]);
  });
});

describe('HIRE_BASE_URL without a key (issue 29 item 6)', () => {
  it('names HIRE_API_KEY, not `hire auth login --profile local`, for people and in the envelope', async () => {
    const box = await sandbox();
    const env = { ...box.env, HIRE_BASE_URL: 'https://api.example.com/api/v1' };
    const human = await runCli(['jobs', 'list'], { env });
    expect(human.code).toBe(3);
    expect(human.stderr).toContain('HIRE_API_KEY');
    expect(human.stderr).not.toContain('hire auth login --profile local');
    const result = await runCli(['jobs', 'list', '--json'], { env });
    expect(result.code).toBe(3);
    expect(envelopeOf(result).error).toEqual({
      code: 'no_credentials',
      message: 'No API key for https://api.example.com (HIRE_BASE_URL): set HIRE_API_KEY.',
    });
  });
});
