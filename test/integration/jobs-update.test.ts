// jobs update (issue 19): booleans both ways (--proctoring/--no-proctoring, --auto-generate/
// --no-auto-generate); --clear FIELD (or null in --from-file) removes an optional field, which the
// emulator applies as JSON Merge Patch and `jobs get` then shows gone; help written for update.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

type Rec = Record<string, any>;

async function ok(box: Sandbox, argv: string[]): Promise<Rec> {
  const result = await runCli([...argv, '--json', '-q'], { env: box.env });
  expect(result.code, result.stderr).toBe(0);
  return json<Rec>(result);
}

const FULL = [
  '--department',
  'Platform',
  '--location-type',
  'onsite',
  '--city',
  'Austin',
  '--state',
  'TX',
  '--country',
  'US',
  '--skill',
  'go',
  '--requirement',
  '5 years',
  '--experience-level',
  'senior',
  '--employment-type',
  'contract',
  '--salary-min',
  '100',
  '--salary-max',
  '200',
  '--salary-currency',
  'USD',
  '--salary-period',
  'yearly',
  '--proctoring',
];

async function fullJob(box: Sandbox): Promise<Rec> {
  return ok(box, ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION, ...FULL]);
}

describe('jobs update: switching off and clearing', () => {
  it('--no-proctoring and --proctoring, --no-auto-generate and --auto-generate set the booleans both ways', async () => {
    const box = await sandbox();
    const job = await fullJob(box);
    expect(job.assessment_config.proctoring).toBe(true);
    expect((await ok(box, ['jobs', 'update', job.id, '--no-proctoring'])).assessment_config.proctoring).toBe(false);
    expect((await ok(box, ['jobs', 'get', job.id])).assessment_config.proctoring).toBe(false);
    expect((await ok(box, ['jobs', 'update', job.id, '--proctoring'])).assessment_config.proctoring).toBe(true);
    expect((await ok(box, ['jobs', 'update', job.id, '--no-auto-generate'])).assessment_config.auto_generate).toBe(
      false,
    );
    expect((await ok(box, ['jobs', 'update', job.id, '--auto-generate'])).assessment_config.auto_generate).toBe(true);
    // Only what was given is sent.
    const dry = await runCli(['jobs', 'update', job.id, '--no-proctoring', '--auto-generate', '--dry-run'], {
      env: box.env,
    });
    expect(JSON.parse(dry.stdout)).toEqual({ assessment_config: { auto_generate: true, proctoring: false } });
  });

  const clears: { clear: string; gone: (job: Rec) => unknown; kept: (job: Rec) => unknown }[] = [
    { clear: 'department', gone: (job) => job.department, kept: (job) => job.title },
    { clear: 'salary', gone: (job) => job.salary, kept: (job) => job.department },
    {
      clear: 'salary.min,salary.currency',
      gone: (job) => job.salary.min ?? job.salary.currency,
      kept: (job) => job.salary.max,
    },
    { clear: 'location.country', gone: (job) => job.location.country, kept: (job) => job.location.city },
    {
      clear: 'skills,requirements',
      gone: (job) => job.skills ?? job.requirements,
      kept: (job) => job.experience_level,
    },
    {
      clear: 'experience_level,employment_type',
      gone: (job) => job.experience_level ?? job.employment_type,
      kept: (job) => job.skills,
    },
    { clear: 'location', gone: (job) => job.location, kept: (job) => job.salary },
  ];
  for (const { clear, gone, kept } of clears) {
    it(`--clear ${clear} removes it: the answer and jobs get show it gone, the rest kept`, async () => {
      const box = await sandbox();
      const job = await fullJob(box);
      expect(gone(job)).toBeDefined();
      const dry = await runCli(['jobs', 'update', job.id, '--clear', clear, '--dry-run'], { env: box.env });
      expect(dry.code).toBe(0);
      const updated = await ok(box, ['jobs', 'update', job.id, '--clear', clear]);
      const read = await ok(box, ['jobs', 'get', job.id]);
      for (const shown of [updated, read]) {
        expect(gone(shown)).toBeUndefined();
        expect(kept(shown)).toEqual(kept(job));
      }
      // Cleared means absent, not null or empty.
      expect(JSON.stringify(read)).not.toContain('null');
    });
  }

  it('--clear is sent as null (JSON Merge Patch); null in --from-file clears too', async () => {
    const box = await sandbox();
    const job = await fullJob(box);
    const dry = await runCli(
      ['jobs', 'update', job.id, '--clear', 'department', '--clear', 'salary.min', '--dry-run'],
      { env: box.env },
    );
    expect(JSON.parse(dry.stdout)).toEqual({ department: null, salary: { min: null } });
    writeFileSync(join(box.root, 'patch.yaml'), 'department: null\nlocation:\n  country: null\n');
    const updated = await ok(box, ['jobs', 'update', job.id, '--from-file', join(box.root, 'patch.yaml')]);
    expect(updated.department).toBeUndefined();
    expect(updated.location).toEqual({ type: 'onsite', city: 'Austin', state: 'TX' });
  });

  it('the emulator checks the job a clear leaves: clearing the city of an onsite job is a 400, nothing changed', async () => {
    const box = await sandbox();
    const job = await fullJob(box);
    const result = await runCli(['jobs', 'update', job.id, '--clear', 'location.city'], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('location.city: is required when location.type is onsite');
    expect((await ok(box, ['jobs', 'get', job.id])).location.city).toBe('Austin');
  });

  const refusals: { argv: string[]; stderr: string }[] = [
    {
      argv: ['--clear', 'title'],
      stderr:
        'Error: --clear takes optional fields: title cannot be cleared (it takes department, location, location.city, location.state, location.country, requirements, skills, experience_level, employment_type, salary, salary.min, salary.max, salary.currency, salary.period).\n',
    },
    {
      argv: ['--clear', 'salary', '--salary-max', '300'],
      stderr: 'Error: --clear salary and --salary-max disagree: clear it or set it, not both.\n',
    },
    {
      argv: ['--clear', 'department', '--department', 'Data'],
      stderr: 'Error: --clear department and --department disagree: clear it or set it, not both.\n',
    },
    {
      argv: ['--department', ''],
      stderr: 'Error: --department "" is empty: to remove department, pass --clear department.\n',
    },
    {
      argv: ['--city', ' '],
      stderr: 'Error: --city "" is empty: to remove location.city, pass --clear location.city.\n',
    },
    {
      argv: [],
      stderr: 'Error: Nothing to update: pass the fields to change as flags, --clear FIELD, or --from-file FILE.\n',
    },
  ];
  for (const { argv, stderr } of refusals) {
    it(`refuses ${JSON.stringify(argv)} before any request, exit 2`, async () => {
      const box = await sandbox();
      const job = await fullJob(box);
      const result = await runCli(['jobs', 'update', job.id, ...argv], { env: box.env });
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr,
      });
      expect(await ok(box, ['jobs', 'get', job.id])).toEqual(job);
    });
  }

  it("help is written for update: nothing required, no create's defaults, both forms of the booleans, --clear", async () => {
    const box = await sandbox();
    const help = await runCli(['jobs', 'update', '--help'], { env: box.env });
    expect(help.code).toBe(0);
    expect(help.stdout).not.toContain('(required)');
    expect(help.stdout).not.toMatch(/\(default \d+\)/);
    expect(help.stdout).toMatch(/^ {2}--title <text> +new job title$/m);
    expect(help.stdout).toMatch(/^ {2}--proctoring +turn anti-cheating proctoring on$/m);
    expect(help.stdout).toMatch(/^ {2}--no-proctoring +turn anti-cheating proctoring off$/m);
    expect(help.stdout).toMatch(/^ {2}--auto-generate +generate assessment questions$/m);
    expect(help.stdout).toMatch(/^ {2}--no-auto-generate +do not generate assessment questions$/m);
    expect(help.stdout).toMatch(/^ {2}--clear <fields> +remove optional fields/m);
    // create keeps its own: required fields marked, defaults shown.
    const create = await runCli(['jobs', 'create', '--help'], { env: box.env });
    expect(create.stdout).toContain('job title (required)');
    expect(create.stdout).toMatch(/\(default 10\)/);
  });
});
