// jobs create / jobs list through main(), against the emulator over real HTTP on loopback.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox, unusedPort } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { DATABASE_FILE } from '../../src/emulator/storage/schema.js';
import { Store } from '../../src/emulator/storage/store.js';

const create = ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION];

/** The jobs in the emulator's database, if a command made one. */
function storedJobs(dataDir: string): unknown[] {
  if (!existsSync(join(dataDir, DATABASE_FILE))) return [];
  const store = Store.open(dataDir);
  try {
    return store.all('jobs');
  } finally {
    store.close();
  }
}

describe('jobs create and list on the embedded emulator', () => {
  it('creates a job with every kind of flag and prints exactly the data object with --json', async () => {
    const box = await sandbox();
    const result = await runCli(
      [
        ...create,
        '--department',
        'Platform',
        '--location-type',
        'hybrid',
        '--city',
        'Berlin',
        '--state',
        'BE',
        '--country',
        'DE',
        '--requirement',
        '5+ years of backend work',
        '--requirement',
        'On-call, shared fairly',
        '--skill',
        'go,sql',
        '--skill',
        'kubernetes',
        '--experience-level',
        'senior',
        '--employment-type',
        'full_time',
        '--salary-min',
        '90000',
        '--salary-max',
        '120000',
        '--salary-currency',
        'EUR',
        '--salary-period',
        'yearly',
        '--question-count',
        '12',
        '--time-limit',
        '900',
        '--question-type',
        'scenario',
        '--question-type',
        'multiple_choice',
        '--proctoring',
        '--publish',
        '--json',
        '-v',
      ],
      { env: box.env },
    );
    expect(result.stderr).toContain('Using the local emulator in-process');
    expect(result.code).toBe(0);
    const job = json<Record<string, any>>(result);
    expect(job).toMatchObject({
      title: 'Backend Engineer',
      status: 'active',
      department: 'Platform',
      location: { type: 'hybrid', city: 'Berlin', state: 'BE', country: 'DE' },
      requirements: ['5+ years of backend work', 'On-call, shared fairly'],
      skills: ['go', 'sql', 'kubernetes'],
      experience_level: 'senior',
      employment_type: 'full_time',
      salary: { min: 90000, max: 120000, currency: 'EUR', period: 'yearly' },
      assessment_config: {
        question_count: 12,
        time_limit: 900,
        proctoring: true,
        question_types: ['scenario', 'multiple_choice'],
        auto_generate: true,
      },
      candidate_count: 0,
    });
    expect(job.id).toMatch(/^job_/);
    expect(job.assessment_id).toMatch(/^asmt_/);
    expect(job).not.toHaveProperty('data');
    expect(job).not.toHaveProperty('meta');

    const list = await runCli(['jobs', 'list', '--json'], { env: box.env });
    expect(list.code).toBe(0);
    expect(json<any[]>(list).map((item) => item.id)).toEqual([job.id]);
  });

  it('creates a draft unless --publish, and --no-auto-generate leaves the assessment without questions', async () => {
    const box = await sandbox();
    const result = await runCli([...create, '--no-auto-generate', '--json'], { env: box.env });
    expect(result.code).toBe(0);
    const job = json<Record<string, any>>(result);
    expect(job.status).toBe('draft');
    expect(job.assessment_config.auto_generate).toBe(false);
  });

  it('prints a key/value table with the generation time, tab-separated when piped', async () => {
    const box = await sandbox();
    const result = await runCli([...create, '--skill', 'go'], { env: box.env });
    expect(result.code).toBe(0);
    const rows = Object.fromEntries(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')),
    );
    expect(rows.title).toBe('Backend Engineer');
    expect(rows.status).toBe('draft');
    expect(rows.skills).toBe('go');
    expect(rows.assessment_generation_time).toMatch(/^\d+(\.\d+)? ms$/);
    expect(rows).not.toHaveProperty('salary'); // absent fields are not printed
    expect(result.stdout).not.toMatch(/\u001b\[/);
  });

  it('draws tables with coloured statuses at a terminal, and none with --no-color', async () => {
    const box = await sandbox();
    await runCli([...create, '--publish'], { env: box.env });
    const coloured = await runCli(['jobs', 'list'], { env: box.env, tty: true });
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain('TITLE');
    expect(coloured.stdout).toContain('│');
    expect(coloured.stdout).toContain('\u001b[32mactive');
    const plain = await runCli(['jobs', 'list', '--no-color'], { env: box.env, tty: true });
    expect(plain.stdout).toContain('active');
    expect(plain.stdout).not.toMatch(/\u001b\[/);
    const noColorEnv = await runCli(['jobs', 'list'], { env: { ...box.env, NO_COLOR: '1' }, tty: true });
    expect(noColorEnv.stdout).not.toMatch(/\u001b\[/);
  });

  it('lists as tab-separated rows when piped, with --fields choosing and ordering columns', async () => {
    const box = await sandbox();
    const first = json<any>(await runCli([...create, '--json', '--publish'], { env: box.env }));
    const second = json<any>(
      await runCli(['jobs', 'create', '--title', 'Data Engineer', '--description', DESCRIPTION, '--json'], {
        env: box.env,
      }),
    );
    const piped = await runCli(['jobs', 'list', '--fields', 'status,title,id'], { env: box.env });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(`draft\tData Engineer\t${second.id}\nactive\tBackend Engineer\t${first.id}\n`);
    const jsonFields = json<any[]>(await runCli(['jobs', 'list', '--json', '--fields', 'id,status'], { env: box.env }));
    expect(jsonFields).toEqual([
      { id: second.id, status: 'draft' },
      { id: first.id, status: 'active' },
    ]);
  });

  it('passes --status, --sort, --page, --per-page and --filter to the server', async () => {
    const box = await sandbox();
    for (const title of ['Charlie', 'Alpha', 'Bravo']) {
      await runCli(
        [
          'jobs',
          'create',
          '--title',
          title,
          '--description',
          DESCRIPTION,
          '--publish',
          '--department',
          title === 'Bravo' ? 'Sales' : 'Eng',
        ],
        { env: box.env },
      );
    }
    await runCli(['jobs', 'create', '--title', 'Delta', '--description', DESCRIPTION], { env: box.env });
    const active = json<any[]>(
      await runCli(['jobs', 'list', '--status', 'active', '--sort', 'title', '--json'], { env: box.env }),
    );
    expect(active.map((job) => job.title)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const page2 = json<any[]>(
      await runCli(['jobs', 'list', '--sort', '-title', '--per-page', '2', '--page', '2', '--json'], { env: box.env }),
    );
    expect(page2.map((job) => job.title)).toEqual(['Bravo', 'Alpha']);
    const sales = json<any[]>(
      await runCli(['jobs', 'list', '--filter', 'department=Sales', '--json'], { env: box.env }),
    );
    expect(sales.map((job) => job.title)).toEqual(['Bravo']);
  });

  it('prints nothing on stdout for an empty list, and exits 0', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'list'], { env: box.env });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    const asJson = await runCli(['jobs', 'list', '--json'], { env: box.env });
    expect(json(asJson)).toEqual([]);
  });
});

describe('input from files and stdin', () => {
  it('reads YAML from --from-file, and flags override the file', async () => {
    const box = await sandbox();
    const file = join(box.root, 'job.yaml');
    writeFileSync(
      file,
      `title: From YAML\ndescription: >-\n  ${DESCRIPTION}\nlocation:\n  type: onsite\n  city: Austin\n  state: TX\nskills: [go]\n`,
    );
    const result = await runCli(
      ['jobs', 'create', '--from-file', file, '--title', 'From flags', '--country', 'US', '--json'],
      { env: box.env },
    );
    expect(result.code).toBe(0);
    expect(json(result)).toMatchObject({
      title: 'From flags',
      location: { type: 'onsite', city: 'Austin', state: 'TX', country: 'US' },
      skills: ['go'],
    });
  });

  it('reads JSON from stdin with --from-file -', async () => {
    const box = await sandbox();
    const body = JSON.stringify({ title: 'From stdin', description: DESCRIPTION, publish: true });
    const result = await runCli(['jobs', 'create', '--from-file', '-', '--json'], { env: box.env, stdin: body });
    expect(result.code).toBe(0);
    expect(json(result)).toMatchObject({ title: 'From stdin', status: 'active' });
  });

  it('reads the description from --description-file', async () => {
    const box = await sandbox();
    const file = join(box.root, 'role.md');
    writeFileSync(file, `# The role\n\n${DESCRIPTION}\n`);
    const result = await runCli(['jobs', 'create', '--title', 'T', '--description-file', file, '--json'], {
      env: box.env,
    });
    expect(result.code).toBe(0);
    expect(json<any>(result).description).toBe(`# The role\n\n${DESCRIPTION}\n`);
  });

  it.each([
    [
      'a missing file',
      (root: string) => join(root, 'nope.json'),
      '--from-file',
      /--from-file .*nope\.json: cannot read it \(no such file\)/,
    ],
    [
      'broken JSON',
      (root: string) => write(root, 'bad.json', '{"title": '),
      '--from-file',
      /--from-file .*bad\.json: not valid JSON/,
    ],
    [
      'broken YAML',
      (root: string) => write(root, 'bad.yaml', 'title: [unclosed\n'),
      '--from-file',
      /--from-file .*bad\.yaml: not valid YAML or JSON at line \d+/,
    ],
    [
      'a list instead of a job',
      (root: string) => write(root, 'list.json', '[]'),
      '--from-file',
      /must hold one job, as a JSON or YAML object/,
    ],
  ])('refuses %s with exit 2, naming the flag and file', async (_name, makeFile, flag, message) => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'create', flag, makeFile(box.root)], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('names fields from the file by the file, and fields from flags by the flag', async () => {
    const box = await sandbox();
    const file = write(
      box.root,
      'job.json',
      JSON.stringify({ title: 'T', description: DESCRIPTION, location: { type: 'onsite' } }),
    );
    const result = await runCli(['jobs', 'create', '--from-file', file, '--question-count', '30'], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`location.city (in ${file}): is required when location.type is onsite`);
    expect(result.stderr).toContain(
      'assessment_config.question_count (--question-count): must be a whole number from 5 to 20',
    );
  });
});

function write(root: string, name: string, text: string): string {
  const path = join(root, name);
  writeFileSync(path, text);
  return path;
}

describe('local validation', () => {
  it.each([
    [['--title', ''], 'title (--title): must not be empty'],
    [['--description', 'too short'], 'description (--description): must be at least 100 characters (got 9)'],
    [['--location-type', 'moon'], 'location.type (--location-type): must be one of: remote, hybrid, onsite'],
    [
      ['--location-type', 'onsite', '--city', 'Austin'],
      'location.state (--state): is required when location.type is onsite',
    ],
    [
      ['--location-type', 'remote', '--country', 'XX'],
      'location.country (--country): "XX" is not an ISO 3166-1 alpha-2 country code (such as US, DE, GB)',
    ],
    [
      ['--experience-level', 'guru'],
      'experience_level (--experience-level): must be one of: entry, mid, senior, lead, executive',
    ],
    [
      ['--employment-type', 'gig'],
      'employment_type (--employment-type): must be one of: full_time, part_time, contract, internship',
    ],
    [['--salary-min', '10', '--salary-max', '5'], 'salary.max (--salary-max): must not be less than salary.min (10)'],
    [['--salary-min', 'lots'], 'salary.min (--salary-min): must be a number'],
    [['--salary-period', 'weekly'], 'salary.period (--salary-period): must be one of: hourly, monthly, yearly'],
    [
      ['--question-count', '4'],
      'assessment_config.question_count (--question-count): must be a whole number from 5 to 20',
    ],
    [
      ['--question-count', '7.5'],
      'assessment_config.question_count (--question-count): must be a whole number from 5 to 20',
    ],
    [['--time-limit', '1801'], 'assessment_config.time_limit (--time-limit): must be a whole number from 300 to 1800'],
    [
      ['--question-type', 'essay'],
      'assessment_config.question_types[0] (--question-type): must be one of: ranksort, multiple_choice, scenario',
    ],
  ])('%j is refused before any request: exit 2, field and flag named, nothing stored', async (flags, message) => {
    const box = await sandbox();
    const result = await runCli([...create, ...flags], { env: box.env });
    expect(result.stderr).toContain(message);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain('Using the local emulator'); // no request, no emulator
    expect(existsSync(join(box.dataDir, DATABASE_FILE))).toBe(false);
  });

  it('names every bad field at once, the cross-field rules too (issue 28): exit 2, --dry-run or not', async () => {
    const box = await sandbox();
    const hybrid = await runCli([...create, '--location-type', 'hybrid', '--country', 'Portugal', '--dry-run'], {
      env: box.env,
    });
    expect(hybrid.code).toBe(2);
    expect(hybrid.stdout).toBe('');
    expect(hybrid.stderr).toContain('location.country (--country): "Portugal" is not an ISO 3166-1 alpha-2');
    expect(hybrid.stderr).toContain('location.city (--city): is required when location.type is hybrid');
    expect(hybrid.stderr).toContain('location.state (--state): is required when location.type is hybrid');
    const salary = await runCli([...create, '--salary-min', '10', '--salary-max', '5', '--salary-currency', 'EURO'], {
      env: box.env,
    });
    expect(salary.code).toBe(2);
    expect(salary.stderr).toContain('salary.currency (--salary-currency): "EURO" is not an ISO 4217 currency code');
    expect(salary.stderr).toContain('salary.max (--salary-max): must not be less than salary.min (10)');
    expect(existsSync(join(box.dataDir, DATABASE_FILE))).toBe(false);
  });

  it('names every missing required field and the flags to pass', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'create'], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('title (--title): is required');
    expect(result.stderr).toContain('description (--description): is required');
    expect(result.stderr).toContain('--from-file FILE');
  });

  it('prints the validation error as a JSON envelope on stderr with --json', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'create', '--title', 'T', '--json'], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: 'validation_error',
        message: 'The job is not valid; nothing was sent.',
        details: { description: 'is required' },
      },
    });
  });

  it('--dry-run prints the request body and sends nothing', async () => {
    const box = await sandbox();
    const result = await runCli([...create, '--skill', 'go', '--publish', '--dry-run'], { env: box.env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      title: 'Backend Engineer',
      description: DESCRIPTION,
      skills: ['go'],
      publish: true,
    });
    expect(existsSync(join(box.dataDir, DATABASE_FILE))).toBe(false);
    expect(storedJobs(box.dataDir)).toEqual([]);
  });

  it('rejects bad list flags with exit 2', async () => {
    const box = await sandbox();
    expect((await runCli(['jobs', 'list', '--status', 'open'], { env: box.env })).stderr).toContain(
      '--status must be one of draft, active, paused, closed (got "open")',
    );
    const page = await runCli(['jobs', 'list', '--page', '0'], { env: box.env });
    expect(page.code).toBe(2);
    expect(page.stderr).toContain('--page must be a whole number of at least 1 (got "0")');
    const output = await runCli(['jobs', 'list', '-o', 'xml'], { env: box.env });
    expect(output.code).toBe(2);
    expect(output.stderr).toContain("Error: Option '-o, --output <format>' argument 'xml' is invalid.");
  });

  it("reports the server's validation errors with exit 2 and the request id", async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'list', '--sort', 'salary_band'], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Error: Invalid list parameters\. \(validation_error, HTTP 400\)/);
    expect(result.stderr).toContain('sort: cannot sort by salary_band');
    expect(result.stderr).toMatch(/Request ID: req_\w+/);
  });
});

describe('profiles, addresses and failures', () => {
  it('uses a standing emulator at the local profile address and says so', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: emulator.apiUrl } } });
    const result = await runCli([...create, '--json', '-v'], { env: box.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Using the local emulator at ${emulator.origin}`);
    expect(emulator.store.all('jobs')).toHaveLength(1);
  });

  it('finds a standing emulator on another port through the data dir', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir, { mode: 'server' });
    const result = await runCli([...create, '--json', '-v'], { env: box.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Using the local emulator at ${emulator.origin}`);
    expect(emulator.store.all('jobs')).toHaveLength(1);
  });

  it('says nothing about the emulator with --quiet or when the profile is chosen', async () => {
    const box = await sandbox();
    expect((await runCli(['jobs', 'list', '-q'], { env: box.env })).stderr).toBe('');
    expect((await runCli(['jobs', 'list', '--profile', 'local'], { env: box.env })).stderr).toBe('');
  });

  it("does not take another command's in-process emulator, at the profile's address by chance, for a standing one", async () => {
    const box = await sandbox();
    // What a command's own emulator is: in-process, on any free port, proving the same data dir.
    const other = await testEmulator(box.dataDir, { mode: 'embedded' });
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: other.apiUrl } } });
    const result = await runCli(['jobs', 'list', '--json', '-v'], { env: box.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Using the local emulator in-process');
    expect(result.stderr).not.toContain(`Using the local emulator at ${other.origin}`);
  });

  it('never starts an emulator for HIRE_BASE_URL: a refused connection is exit 6', async () => {
    const box = await sandbox();
    const port = await unusedPort();
    const result = await runCli(['jobs', 'list'], { env: { ...box.env, HIRE_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(`Cannot reach http://127.0.0.1:${port}: connection refused.`);
    expect(existsSync(join(box.dataDir, DATABASE_FILE))).toBe(false);
  });

  it('appends /api/v1 to HIRE_BASE_URL and uses the local key for a loopback emulator', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const result = await runCli(['jobs', 'list', '--json'], { env: { ...box.env, HIRE_BASE_URL: emulator.origin } });
    expect(result.code).toBe(0);
    expect(json(result)).toEqual([]);
  });

  it('refuses plain http to a non-loopback host with exit 2', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'list'], {
      env: { ...box.env, HIRE_BASE_URL: 'http://api.example.com', HIRE_API_KEY: 'hk_test_x' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('uses plain http; the API is HTTPS only');
  });

  it('exits 3 with an invalid key, naming HIRE_API_KEY and the profile in the hint', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const result = await runCli(['jobs', 'list'], {
      env: { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: 'hk_local_wrong' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('Invalid API key. (unauthorized, HTTP 401)');
    expect(result.stderr).toContain('fix HIRE_API_KEY, or unset it to use the key of profile "local"');
    expect(result.stderr).not.toContain('hk_local_wrong');
  });

  it('exits 3 when a profile has no key', async () => {
    const box = await sandbox();
    box.writeConfig({ profiles: { prod: { environment: 'production', base_url: 'https://api.example.com' } } });
    const result = await runCli(['jobs', 'list', '-p', 'prod'], { env: box.env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('No API key for profile "prod".');
  });

  it('exits 2 for an unknown profile, from the flag or the environment', async () => {
    const box = await sandbox();
    const flag = await runCli(['jobs', 'list', '--profile', 'staging'], { env: box.env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain(
      'Profile "staging" (from --profile) does not exist. Known profiles: local, local-sandbox.',
    );
    const env = await runCli(['jobs', 'list'], { env: { ...box.env, HIRE_PROFILE: 'qa' } });
    expect(env.stderr).toContain('Profile "qa" (from HIRE_PROFILE) does not exist.');
  });

  it('reports a config file that cannot be parsed, with its path, and leaves it untouched (exit 1)', async () => {
    const box = await sandbox();
    const path = join(box.configDir, 'config.json');
    writeFileSync(path, '{"profiles": {');
    const result = await runCli(['jobs', 'list'], { env: box.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The config file ${path} cannot be parsed`);
    expect(readFileSync(path, 'utf8')).toBe('{"profiles": {');
  });

  it('turns unknown commands and options into exit 2 with a suggestion', async () => {
    const box = await sandbox();
    const command = await runCli(['jobs', 'lst'], { env: box.env });
    expect(command.code).toBe(2);
    expect(command.stderr).toBe(
      "Error: Unknown command 'lst'. Did you mean list?\nUsage: hire jobs [options] [command]\nRun `hire jobs --help` for its commands.\n",
    );
    const option = await runCli(['jobs', 'list', '--colour'], { env: box.env });
    expect(option.code).toBe(2);
    expect(option.stderr).toBe(
      "Error: Unknown option '--colour'.\nUsage: hire jobs list [options]\nRun `hire jobs list --help` for the flags.\n",
    );
  });

  it('prints the version and help with exit 0', async () => {
    const box = await sandbox();
    const version = await runCli(['--version'], { env: box.env });
    expect(version).toMatchObject({ code: 0 });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = await runCli(['jobs', 'create', '--help'], { env: box.env });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--question-count <n>');
    expect(help.stdout).toContain('Examples:');
    const root = await runCli([], { env: box.env });
    expect(root.code).toBe(0);
    expect(root.stdout).toContain('Exit codes:');
    expect(root.stdout).toContain('HIRE_API_KEY');
  });
});
