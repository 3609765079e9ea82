// --fields with nested paths (`location.city`): the API is asked for the top-level field (the spec's
// `fields` takes field names), the path is picked out for every format; the emulator takes dotted
// paths too; an unknown field is still the API's 400.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

type Rec = Record<string, any>;

async function seeded(): Promise<{ box: Sandbox; job: Rec }> {
  const box = await sandbox();
  const created = await runCli(
    [
      'jobs',
      'create',
      '--title',
      'Backend Engineer',
      '--description',
      DESCRIPTION,
      '--location-type',
      'onsite',
      '--city',
      'Austin',
      '--state',
      'TX',
      '--country',
      'US',
      '--json',
      '-q',
    ],
    { env: box.env },
  );
  expect(created.code, created.stderr).toBe(0);
  await runCli(
    ['jobs', 'create', '--title', 'Remote Designer', '--description', DESCRIPTION, '--location-type', 'remote', '-q'],
    { env: box.env },
  );
  return { box, job: json<Rec>(created) };
}

describe('nested --fields', () => {
  it('asks the API for the top-level field and prints the nested value', async () => {
    const { box, job } = await seeded();
    const result = await runCli(['jobs', 'list', '--fields', 'id,location.city,location.state', '--json', '-v'], {
      env: box.env,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/> GET \S+\/jobs\?fields=id%2Clocation\n/);
    expect(result.stderr).not.toContain('location.city');
    const rows = json<Rec[]>(result);
    expect(rows.find((row) => row.id === job.id)).toEqual({ id: job.id, location: { city: 'Austin', state: 'TX' } });
    expect(rows.find((row) => row.id !== job.id)).toEqual({ id: expect.any(String) });

    const csv = await runCli(['jobs', 'list', '--fields', 'id,location.city', '-o', 'csv', '--sort', 'created_at'], {
      env: box.env,
    });
    expect(csv.stdout).toBe(
      `id,location.city\r\n${job.id},Austin\r\n${rows.find((row) => row.id !== job.id)!.id},\r\n`,
    );

    const drawn = await runCli(['jobs', 'list', '--fields', 'id,location.city'], {
      env: box.env,
      tty: true,
      columns: 80,
    });
    expect(drawn.stdout).toMatch(new RegExp(`│ ${job.id} │ Austin +│`));
    expect(drawn.stdout).toContain('LOCATION.CITY');
  });

  it('the emulator takes dotted paths in fields, and still refuses unknown fields', async () => {
    const { box, job } = await seeded();
    const direct = await runCli(['api', `/jobs?fields=id,location.city&sort=created_at`], { env: box.env });
    expect(direct.code, direct.stderr).toBe(0);
    expect(JSON.parse(direct.stdout).data[0]).toEqual({ id: job.id, location: { city: 'Austin' } });
    const both = await runCli(['api', `/jobs?fields=location,location.city&sort=created_at`], { env: box.env });
    expect(JSON.parse(both.stdout).data[0].location).toEqual(job.location);

    const unknown = await runCli(['jobs', 'list', '--fields', 'id,nope.city'], { env: box.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown field nope');
    const unknownNested = await runCli(['api', '/jobs?fields=location.nope.deeper'], { env: box.env });
    expect(unknownNested.code).toBe(0);
  });
});
