// The CLI against a platform that offers only what the API spec publishes (the emulator with
// --published-only, behind a proxy that counts what reaches it): a job or candidate that the list
// shows is read from the list, with a note; a write the server does not offer stops with
// operation_not_offered (exit 1); what was learned is kept in the profile, so that the next command
// goes straight to the published way; a job that is not there is still not found (exit 4).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HiringClient } from '../../src/lib/index.js';
import { json, runCli } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { publishedPlatform as platform } from '../helpers/published-platform.js';

const learned = (box: Sandbox) =>
  (JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8')) as { learned?: unknown }).learned;

describe('a platform that offers only the published operations', () => {
  it('jobs get shows the job that jobs list showed, from the list, with a note; then reads the list straight', async () => {
    const { box, seen, job } = await platform();
    const env = box.env;
    const list = await runCli(['jobs', 'list', '--json'], { env });
    expect(list.code, list.stderr).toBe(0);
    const shown = json<{ id: string }[]>(list).find((listed) => listed.id === job);
    expect(shown).toBeDefined();

    seen.length = 0;
    const got = await runCli(['jobs', 'get', job, '--json'], { env });
    expect(got.code, got.stderr).toBe(0);
    expect(json(got)).toEqual(shown);
    // --json: stdout is the record; the note reaches a script as the one warnings document on stderr.
    expect(JSON.parse(got.stderr)).toEqual({
      warnings: [
        {
          code: 'record_from_list',
          message: expect.stringContaining(`Read ${job} from GET /jobs`),
          id: job,
          operation: 'GET /jobs/{id}',
          list: 'GET /jobs',
        },
      ],
    });
    expect(seen).toEqual([`GET /api/v1/jobs/${job}`, 'GET /api/v1/jobs']);
    expect(learned(box)).toEqual({ gw: { base_url: expect.stringMatching(/\/api\/v1$/), not_offered: ['getJob'] } });

    // Piped, as a person would read it: the same lines as ever, the note on stderr.
    seen.length = 0;
    const again = await runCli(['jobs', 'get', job], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`id\t${job}`);
    expect(again.stderr).toContain(
      `Read ${job} from GET /jobs: the server does not offer GET /jobs/{id}, which the API spec does not publish (learned earlier; \`hire doctor\` checks again).`,
    );
    // Straight to the list: the assumed request is not sent again.
    expect(seen).toEqual(['GET /api/v1/jobs']);

    const quiet = await runCli(['jobs', 'get', job, '--quiet'], { env });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it('candidates get shows the candidate from the list', async () => {
    const { box, emu, candidates } = await platform();
    const expected = (await emu.call('GET', `/candidates?id=${candidates[0]}`)).json.data[0];
    const got = await runCli(['candidates', 'get', candidates[0]!, '--json'], { env: box.env });
    expect(got.code, got.stderr).toBe(0);
    expect(json(got)).toEqual(expected);
  });

  it('candidates move stops with operation_not_offered (exit 1); the second run sends nothing assumed', async () => {
    const { box, seen, candidates } = await platform();
    const env = box.env;
    const id = candidates[0]!;
    const moved = await runCli(['candidates', 'move', id, '--status', 'screening', '--yes'], { env });
    expect(moved.code).toBe(1);
    expect(moved.stderr).toContain(
      'Error: The server does not offer PATCH /candidates/{id}: the API spec does not publish it, and hire assumed it',
    );
    expect(moved.stderr).toContain("Change the candidate's status in the platform's web app.");
    expect(moved.stderr).toContain('`hire doctor`');
    expect(seen).toEqual([`PATCH /api/v1/candidates/${id}`, 'GET /api/v1/candidates']);

    seen.length = 0;
    const again = await runCli(['candidates', 'move', id, '--status', 'screening', '--yes', '--json'], { env });
    expect(again.code).toBe(1);
    const envelope = JSON.parse(again.stderr) as { error: { code: string; message: string } };
    expect(envelope.error.code).toBe('operation_not_offered');
    expect(envelope.error.message).toContain('PATCH /candidates/{id}');
    expect(envelope.error.message).toContain('as learned earlier from this server; nothing was sent');
    expect(again.stdout).toBe('');
    expect(seen).toEqual([]);
  });

  it('jobs update and delete stop with operation_not_offered, named, with what to do instead', async () => {
    const { box, job } = await platform();
    const update = await runCli(['jobs', 'update', job, '--title', 'Staff Engineer', '--json'], { env: box.env });
    expect(update.code).toBe(1);
    expect(JSON.parse(update.stderr)).toMatchObject({
      error: { code: 'operation_not_offered', message: expect.stringContaining('PATCH /jobs/{id}') },
    });
    const remove = await runCli(['jobs', 'delete', job, '--yes'], { env: box.env });
    expect(remove.code).toBe(1);
    expect(remove.stderr).toContain('DELETE /jobs/{id}');
    expect(remove.stderr).toContain("Delete the job in the platform's web app.");
  });

  it('a job that is not there is still not found (exit 4), and nothing is learned', async () => {
    const { box } = await platform();
    const result = await runCli(['jobs', 'get', 'job_doesnotexist', '--json'], { env: box.env });
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'not_found' } });
    expect(learned(box)).toBeUndefined();
  });

  it('an operation nothing published can check says both: the record may be missing, or the operation not offered', async () => {
    const { box } = await platform();
    const result = await runCli(['events', 'get', 'evt_1'], { env: box.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'Error: Not found. Or the server may not offer GET /events/{id}, which the API spec does not publish, and no published operation can tell which.',
    );
  });
});

describe('a list the platform does not offer', () => {
  it('webhooks list and events list stop with operation_not_offered (exit 1); status still reports, its deliveries said missing', async () => {
    const { box, seen } = await platform();
    const webhooks = await runCli(['webhooks', 'list', '--json'], { env: box.env });
    expect(webhooks.code, webhooks.stderr).toBe(1);
    expect(JSON.parse(webhooks.stderr)).toMatchObject({
      error: {
        code: 'operation_not_offered',
        message: expect.stringContaining('The server does not offer GET /webhooks'),
      },
    });
    const events = await runCli(['events', 'list'], { env: box.env });
    expect(events.code).toBe(1);
    expect(events.stderr).toContain('GET /events');
    expect(events.stderr).toContain("See the events in the platform's web app");
    expect(learned(box)).toMatchObject({ gw: { not_offered: ['listEvents', 'listWebhooks'] } });

    // Learned: the next run sends nothing for it.
    seen.length = 0;
    const again = await runCli(['webhooks', 'list'], { env: box.env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('nothing was sent');
    expect(seen.filter((request) => request.startsWith('GET /api/v1/webhooks'))).toEqual([]);

    const status = await runCli(['status', '--json'], { env: box.env });
    expect(status.code, status.stderr).toBe(0);
    expect(json<{ failed_deliveries: unknown; errors?: Record<string, string> }>(status)).toMatchObject({
      failed_deliveries: null,
      errors: { failed_deliveries: 'this server does not offer GET /deliveries, which the API spec does not publish' },
    });
  });
});

describe('hire doctor and the commands share one book', () => {
  it('what doctor finds, the next command uses: jobs get goes to the list straight, webhooks list sends nothing', async () => {
    const { box, seen, job } = await platform();
    const doctor = await runCli(['doctor', '--json'], { env: box.env });
    expect(doctor.code, doctor.stderr).toBe(0);
    seen.length = 0;
    const got = await runCli(['jobs', 'get', job], { env: box.env });
    expect(got.code, got.stderr).toBe(0);
    expect(got.stderr).toContain('learned earlier');
    expect(seen).toEqual(['GET /api/v1/jobs']);
    seen.length = 0;
    const webhooks = await runCli(['webhooks', 'list'], { env: box.env });
    expect(webhooks.code).toBe(1);
    expect(seen).toEqual([]);
  });
});

describe('the emulator as it is (every operation offered)', () => {
  it('a missing job is the API’s own not_found, after one look at the list', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: emu.apiUrl } } });
    const result = await runCli(['jobs', 'get', 'job_doesnotexist', '--json'], { env: box.env });
    expect(result.code).toBe(4);
    const envelope = JSON.parse(result.stderr) as { error: { code: string; message: string } };
    expect(envelope.error.code).toBe('not_found');
    expect(envelope.error.message).not.toContain('does not offer');
    expect(learned(box)).toBeUndefined();
  });
});

describe('the library against a published-only platform', () => {
  it('HiringClient reads the job from the list (onWarning says so) and refuses a move, remembering in memory', async () => {
    const { baseUrl, emu, seen, job, candidates } = await platform();
    const notes: string[] = [];
    const client = new HiringClient({ baseUrl, apiKey: emu.key, onWarning: (message) => notes.push(message) });
    try {
      expect((await client.jobs.get(job)).id).toBe(job);
      expect(notes).toEqual([
        `Read ${job} from GET /jobs: the server does not offer GET /jobs/{id}, which the API spec does not publish.`,
      ]);
      await expect(client.candidates.move(candidates[0]!, 'screening')).rejects.toMatchObject({
        code: 'operation_not_offered',
        exitCode: 1,
      });
      seen.length = 0;
      await expect(client.candidates.move(candidates[0]!, 'screening')).rejects.toMatchObject({
        code: 'operation_not_offered',
      });
      expect(seen).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
