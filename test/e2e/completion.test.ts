// Shell completion: the checked-in scripts are what `hire completion SHELL` prints, the hidden
// `hire __complete` answers the right candidates, and bash, zsh and fish really complete with them
// (each shell sources the checked-in script and calls a `hire` on PATH that runs bin/hire.js).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = { bash: 'hire.bash', zsh: '_hire', fish: 'hire.fish' } as const;
type ShellName = keyof typeof SCRIPTS;
const scriptPath = (shell: ShellName) => join(ROOT, 'completions', SCRIPTS[shell]);

// The spec's vocabularies, written out here so that a change to them in src shows up as a failure.
const TOP_LEVEL = [
  'status',
  'jobs',
  'candidates',
  'assessments',
  'analytics',
  'webhooks',
  'events',
  'auth',
  'profiles',
  'doctor',
  'api',
  'mcp',
  'emulator',
  'trigger',
  'logs',
  'completion',
];
const JOB_SUBCOMMANDS = ['create', 'import', 'list', 'get', 'update', 'publish', 'pause', 'close', 'reopen', 'delete'];
const JOB_STATUSES = ['draft', 'active', 'paused', 'closed'];
const CANDIDATE_STATUSES = ['new', 'screening', 'review', 'interview', 'offer', 'hired', 'rejected'];
const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior', 'lead', 'executive'];
const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship'];
const LOCATION_TYPES = ['remote', 'hybrid', 'onsite'];
const SALARY_PERIODS = ['hourly', 'monthly', 'yearly'];
const QUESTION_TYPES = ['ranksort', 'multiple_choice', 'scenario'];
const EVENT_KINDS = [
  'job.created',
  'assessment.generated',
  'application.received',
  'application.created',
  'assessment.completed',
  'candidate.statusChanged',
  'interview.scheduled',
  'offer.extended',
];
const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv'];
const LEVELS = ['read', 'write', 'admin'];
const GLOBAL_FLAGS = [
  '--profile',
  '-p',
  '--json',
  '--output',
  '-o',
  '--fields',
  '--no-color',
  '--quiet',
  '-q',
  '--verbose',
  '-v',
  '--timeout',
  '--max-retries',
  '--yes',
  '-y',
  '--no-input',
];
const LIST_FLAGS = ['--page', '--per-page', '--sort', '--filter', '--all', '--limit'];

const PROFILES = {
  prod: { environment: 'production', base_url: 'https://api.example.com/api/v1' },
  sandbox: { environment: 'sandbox', base_url: 'https://sandbox.example.com/api/v1' },
};

// ---------------------------------------------------------------------------------------------
// hire __complete

interface Completed {
  code: number;
  stderr: string;
  lines: string[];
  values: string[];
  /** value → description ('' when none). */
  descriptions: Map<string, string>;
}

async function complete(box: Sandbox, words: string[]): Promise<Completed> {
  const result = await runCli(['__complete', '--', ...words], { env: box.env });
  const lines = result.stdout.split('\n').filter((line) => line !== '');
  const descriptions = new Map<string, string>();
  for (const line of lines) {
    const tab = line.indexOf('\t');
    descriptions.set(tab < 0 ? line : line.slice(0, tab), tab < 0 ? '' : line.slice(tab + 1));
  }
  return { code: result.code, stderr: result.stderr, lines, values: [...descriptions.keys()], descriptions };
}

/** The candidates, asserting that completion itself succeeded quietly. */
async function values(box: Sandbox, words: string[]): Promise<string[]> {
  const result = await complete(box, words);
  expect(result.code, `hire __complete -- ${words.join(' ')}: ${result.stderr}`).toBe(0);
  expect(result.stderr).toBe('');
  return result.values;
}

describe('checked-in completion scripts', () => {
  for (const shell of Object.keys(SCRIPTS) as ShellName[]) {
    it(`completions/${SCRIPTS[shell]} is what \`hire completion ${shell}\` prints (npm run completions)`, async () => {
      const box = await sandbox();
      const result = spawnSync(process.execPath, ['bin/hire.js', 'completion', shell], { cwd: ROOT, env: box.env });
      expect(result.status, result.stderr.toString()).toBe(0);
      expect(result.stderr.toString()).toBe('');
      const checkedIn = readFileSync(scriptPath(shell));
      expect(result.stdout.length).toBeGreaterThan(0);
      // Byte for byte; the string comparison first, for a readable diff.
      expect(result.stdout.toString('utf8'), `completions/${SCRIPTS[shell]} is stale: run npm run completions`).toBe(
        checkedIn.toString('utf8'),
      );
      expect(Buffer.compare(result.stdout, checkedIn)).toBe(0);
    });
  }

  it('each script completes hire through hire __complete', () => {
    expect(readFileSync(scriptPath('bash'), 'utf8')).toMatch(/^complete -F _hire_complete hire$/m);
    expect(readFileSync(scriptPath('zsh'), 'utf8')).toMatch(/^#compdef hire$/m);
    expect(readFileSync(scriptPath('fish'), 'utf8')).toMatch(/^complete -c hire /m);
    for (const shell of Object.keys(SCRIPTS) as ShellName[])
      expect(readFileSync(scriptPath(shell), 'utf8')).toContain('hire __complete --');
  });

  it('an unknown shell is a usage error (exit 2) naming the shells', async () => {
    const box = await sandbox();
    const result = spawnSync(process.execPath, ['bin/hire.js', 'completion', 'powershell'], {
      cwd: ROOT,
      env: box.env,
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('powershell');
    for (const shell of ['bash', 'zsh', 'fish']) expect(result.stderr).toContain(shell);
  });
});

describe('hire __complete', () => {
  it('offers the top-level commands with their descriptions, never the hidden __complete', async () => {
    const box = await sandbox();
    const result = await complete(box, ['']);
    expect(result.code).toBe(0);
    expect(result.values).toEqual(TOP_LEVEL);
    expect(result.values).not.toContain('__complete');
    expect(result.lines).toContain('jobs\tcreate, list and change job postings');
    expect(result.lines).toContain('completion\tprint the shell completion script: bash, zsh or fish');
    for (const line of result.lines) expect(line).toMatch(/^[a-z]+\t\S/);
    // Not even when asked for by its prefix.
    expect(await values(box, ['__'])).toEqual([]);
    expect(await values(box, ['__complete'])).toEqual([]);
  });

  it('offers the subcommands of jobs, and those of a nested noun', async () => {
    const box = await sandbox();
    const jobs = await complete(box, ['jobs', '']);
    expect(jobs.values).toEqual(JOB_SUBCOMMANDS);
    expect(jobs.descriptions.get('list')).toBe('list job postings (GET /jobs)');
    expect(await values(box, ['emulator', 'keys', ''])).toEqual(['create', 'list', 'revoke']);
    expect(await values(box, ['candidates', ''])).toEqual(['list', 'get', 'move']);
    // Global flags (and their values) before the noun do not get in the way.
    expect(await values(box, ['--json', '--profile', 'prod', 'jobs', 'l'])).toEqual(['list']);
  });

  it('offers the flags of jobs list, its own and the global ones, and not those of other commands', async () => {
    const box = await sandbox();
    const result = await complete(box, ['jobs', 'list', '-']);
    expect(result.code).toBe(0);
    for (const flag of ['--status', ...LIST_FLAGS, ...GLOBAL_FLAGS]) expect(result.values, flag).toContain(flag);
    expect(result.values).not.toContain('--title');
    expect(result.values).not.toContain('--score-min');
    expect(result.descriptions.get('--status')).toContain('draft|active|paused|closed');
    expect(result.descriptions.get('--timeout')).toBe('request timeout in seconds');
    // `--` narrows to the long flags.
    const long = await values(box, ['jobs', 'list', '--']);
    expect(long.length).toBeGreaterThan(0);
    for (const flag of long) expect(flag.startsWith('--'), flag).toBe(true);
    expect(long).toContain('--per-page');
    // Each noun has its own flags.
    const candidates = await values(box, ['candidates', 'list', '--']);
    expect(candidates).toEqual(expect.arrayContaining(['--status', '--score-min', '--job', ...LIST_FLAGS]));
    expect(candidates).not.toContain('--title');
  });

  it('offers job statuses for jobs, candidate statuses for candidates', async () => {
    const box = await sandbox();
    expect(await values(box, ['jobs', 'list', '--status', ''])).toEqual(JOB_STATUSES);
    expect(await values(box, ['candidates', 'list', '--status', ''])).toEqual(CANDIDATE_STATUSES);
    expect(await values(box, ['candidates', 'move', 'cand_abc123', '--status', ''])).toEqual(CANDIDATE_STATUSES);
  });

  const enumCases: { words: string[]; expected: string[] }[] = [
    { words: ['jobs', 'create', '--experience-level', ''], expected: EXPERIENCE_LEVELS },
    { words: ['jobs', 'update', 'job_abc123', '--experience-level', ''], expected: EXPERIENCE_LEVELS },
    { words: ['jobs', 'create', '--employment-type', ''], expected: EMPLOYMENT_TYPES },
    { words: ['jobs', 'update', 'job_abc123', '--employment-type', ''], expected: EMPLOYMENT_TYPES },
    { words: ['jobs', 'create', '--location-type', ''], expected: LOCATION_TYPES },
    { words: ['jobs', 'create', '--salary-period', ''], expected: SALARY_PERIODS },
    { words: ['jobs', 'create', '--question-type', ''], expected: QUESTION_TYPES },
    { words: ['assessments', 'create', '--question-type', ''], expected: QUESTION_TYPES },
    { words: ['webhooks', 'add', '--event', ''], expected: EVENT_KINDS },
    { words: ['webhooks', 'listen', '--events', ''], expected: EVENT_KINDS },
    { words: ['-o', ''], expected: OUTPUT_FORMATS },
    { words: ['--output', ''], expected: OUTPUT_FORMATS },
    { words: ['jobs', 'list', '-o', ''], expected: OUTPUT_FORMATS },
    { words: ['candidates', 'list', '--output', ''], expected: OUTPUT_FORMATS },
    { words: ['emulator', 'keys', 'create', '--level', ''], expected: LEVELS },
    { words: ['emulator', 'keys', 'create', '--tier', ''], expected: ['standard', 'enterprise'] },
    { words: ['auth', 'login', '--environment', ''], expected: ['production', 'sandbox'] },
    { words: ['jobs', 'import', '--format', ''], expected: ['csv', 'ndjson', 'json'] },
  ];
  for (const { words, expected } of enumCases) {
    it(`offers the values of ${words.slice(0, -1).join(' ')}`, async () => {
      const box = await sandbox();
      expect(await values(box, words)).toEqual(expected);
    });
  }

  it('offers the event kinds for trigger, events list --kind and webhooks add --event', async () => {
    const box = await sandbox();
    expect((await complete(box, ['trigger', ''])).values).toEqual(EVENT_KINDS);
    expect((await complete(box, ['events', 'list', '--kind', ''])).values).toEqual(EVENT_KINDS);
    expect((await complete(box, ['events', ''])).values).toEqual(['list', 'get', 'resend']);
  });

  it('the built binary ends quietly when its reader goes (| head -1), with no stack trace', async () => {
    const box = await sandbox();
    const piped = spawnSync('sh', ['-c', `"${process.execPath}" bin/hire.js __complete -- trigger '' | head -1`], {
      cwd: ROOT,
      env: box.env,
      encoding: 'utf8',
    });
    expect(piped.stdout).toBe('job.created\n');
    expect(piped.stderr).toBe('');
  });

  it('offers the HTTP methods after api -X', async () => {
    const box = await sandbox();
    const methods = await values(box, ['api', '-X', '']);
    expect([...methods].sort()).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
  });

  it('offers profile names from the config, the built-in local and local-sandbox first, after --profile, -p and profiles use|show|remove', async () => {
    const box = await sandbox();
    expect(await values(box, ['--profile', ''])).toEqual(['local', 'local-sandbox']);
    box.writeConfig({ profiles: PROFILES });
    const expected = ['local', 'local-sandbox', 'prod', 'sandbox'];
    expect(await values(box, ['--profile', ''])).toEqual(expected);
    expect(await values(box, ['-p', ''])).toEqual(expected);
    expect(await values(box, ['jobs', 'list', '--profile', ''])).toEqual(expected);
    expect(await values(box, ['profiles', 'use', ''])).toEqual(expected);
    expect(await values(box, ['profiles', 'show', ''])).toEqual(expected);
    expect(await values(box, ['profiles', 'remove', ''])).toEqual(expected);
  });

  it('puts local first even when the config lists it later, once', async () => {
    const box = await sandbox();
    writeFileSync(
      join(box.configDir, 'config.json'),
      JSON.stringify({
        profiles: {
          zeta: PROFILES.prod,
          local: { environment: 'local', base_url: 'http://127.0.0.1:4010/api/v1' },
          alpha: PROFILES.sandbox,
        },
      }),
    );
    const names = await values(box, ['--profile', '']);
    expect(names[0]).toBe('local');
    expect([...names].sort()).toEqual(['alpha', 'local', 'local-sandbox', 'zeta']);
  });

  it('offers local and local-sandbox even without any config file', async () => {
    const box = await sandbox();
    const result = await runCli(['__complete', '--', '--profile', ''], {
      env: { ...box.env, HIRE_CONFIG_DIR: join(box.root, 'nowhere') },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('local\nlocal-sandbox\n');
  });

  it('filters every kind of candidate by the prefix under the cursor', async () => {
    const box = await sandbox();
    box.writeConfig({ profiles: PROFILES });
    expect(await values(box, ['jo'])).toEqual(['jobs']);
    expect(await values(box, ['a'])).toEqual(['assessments', 'analytics', 'auth', 'api']);
    expect(await values(box, ['jobs', 'li'])).toEqual(['list']);
    expect(await values(box, ['jobs', 'p'])).toEqual(['publish', 'pause']);
    expect(await values(box, ['jobs', 'zz'])).toEqual([]);
    expect(await values(box, ['jobs', 'list', '--st'])).toEqual(['--status']);
    expect(await values(box, ['jobs', 'list', '--per'])).toEqual(['--per-page']);
    expect(await values(box, ['candidates', 'list', '--status', 're'])).toEqual(['review', 'rejected']);
    expect(await values(box, ['jobs', 'create', '--question-type', 'm'])).toEqual(['multiple_choice']);
    expect(await values(box, ['jobs', 'create', '--employment-type', 'p'])).toEqual(['part_time']);
    expect(await values(box, ['webhooks', 'add', '--event', 'assessment.'])).toEqual([
      'assessment.generated',
      'assessment.completed',
    ]);
    expect(await values(box, ['-o', 'n'])).toEqual(['ndjson']);
    expect(await values(box, ['--profile', 's'])).toEqual(['sandbox']);
    expect(await values(box, ['profiles', 'use', 'p'])).toEqual(['prod']);
    expect(await values(box, ['completion', 'z'])).toEqual(['zsh']);
  });

  it('completes --flag=value in one word, and as bash splits it (--flag = value)', async () => {
    const box = await sandbox();
    expect(await values(box, ['jobs', 'list', '--status=a'])).toEqual(['--status=active']);
    expect(await values(box, ['jobs', 'list', '--status='])).toEqual(
      JOB_STATUSES.map((status) => `--status=${status}`),
    );
    expect(await values(box, ['jobs', 'list', '--status', '=', 'p'])).toEqual(['paused']);
    // A flag given its value already is done with: the next word is a command again.
    expect(await values(box, ['jobs', 'list', '--status', 'active', '--al'])).toEqual(['--all']);
  });

  it('offers bash, zsh and fish after completion', async () => {
    const box = await sandbox();
    expect(await values(box, ['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('offers nothing for an id or a file, so that the shell completes file names', async () => {
    const box = await sandbox();
    const get = await complete(box, ['jobs', 'get', '']);
    expect(get.code).toBe(0);
    expect(get.lines).toEqual([]);
    expect(await values(box, ['jobs', 'import', ''])).toEqual([]);
    expect(await values(box, ['jobs', 'create', '--from-file', ''])).toEqual([]);
  });

  it('still completes, with the built-in profiles only, when the config file is corrupt', async () => {
    const box = await sandbox();
    writeFileSync(join(box.configDir, 'config.json'), '{"profiles": {"prod": ');
    const profile = await complete(box, ['--profile', '']);
    expect(profile.code).toBe(0);
    expect(profile.stderr).toBe('');
    expect(profile.values).toEqual(['local', 'local-sandbox']);
    expect(await values(box, ['profiles', 'use', ''])).toEqual(['local', 'local-sandbox']);
    // A config that parses but does not fit the schema is no different.
    writeFileSync(join(box.configDir, 'config.json'), JSON.stringify({ profiles: { prod: { environment: 'mars' } } }));
    expect(await values(box, ['-p', ''])).toEqual(['local', 'local-sandbox']);
    // And the rest of completion does not need the config at all.
    expect(await values(box, ['jobs', 'li'])).toEqual(['list']);
  });
});

// ---------------------------------------------------------------------------------------------
// Real shells

interface ShellRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The sandbox's env with a `hire` first on PATH that runs this checkout's bin/hire.js. */
function shellEnv(box: Sandbox): Record<string, string> {
  const bin = join(box.root, 'bin');
  mkdirSync(bin, { recursive: true });
  const wrapper = join(bin, 'hire');
  writeFileSync(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin', 'hire.js')}" "$@"\n`);
  chmodSync(wrapper, 0o755);
  return { ...box.env, PATH: `${bin}:${box.env.PATH}` };
}

function run(command: string, args: string[], env: Record<string, string>, cwd = ROOT): ShellRun {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 45_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

describe('bash', () => {
  /** Runs _hire_complete for COMP_WORDS = words, the cursor on the last; `compopt` is recorded. */
  function bash(env: Record<string, string>, words: string[], cword = words.length - 1) {
    const script = `
      source "$HIRE_SCRIPT" || exit 90
      compopt() { printf 'COMPOPT %s\\n' "$*"; }
      COMP_WORDS=("$@")
      COMP_CWORD=${cword}
      COMPREPLY=(stale)
      _hire_complete
      printf 'RC %s\\n' "$?"
      for word in "\${COMPREPLY[@]}"; do printf 'REPLY %s\\n' "$word"; done
    `;
    const result = run('bash', ['--norc', '--noprofile', '-c', script, 'bash', ...words], {
      ...env,
      HIRE_SCRIPT: scriptPath('bash'),
    });
    expect(result.status, result.stderr).toBe(0);
    const out = lines(result.stdout);
    expect(out).toContain('RC 0');
    return {
      reply: out.filter((line) => line.startsWith('REPLY ')).map((line) => line.slice('REPLY '.length)),
      compopt: out.filter((line) => line.startsWith('COMPOPT ')),
    };
  }

  it('registers _hire_complete for hire', async () => {
    const box = await sandbox();
    const result = run(
      'bash',
      ['--norc', '--noprofile', '-c', 'source "$1" && complete -p hire', 'bash', scriptPath('bash')],
      shellEnv(box),
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('complete -F _hire_complete hire');
  });

  it('completes commands, subcommands, flags and values', async () => {
    const box = await sandbox();
    const env = shellEnv(box);
    expect(bash(env, ['hire', 'jobs', 'li'])).toEqual({ reply: ['list'], compopt: [] });
    expect(bash(env, ['hire', 'jo']).reply).toEqual(['jobs']);
    expect(bash(env, ['hire', '']).reply).toEqual(TOP_LEVEL);
    expect(bash(env, ['hire', 'jobs', '']).reply).toEqual(JOB_SUBCOMMANDS);
    expect(bash(env, ['hire', 'candidates', 'list', '--status', '']).reply).toEqual(CANDIDATE_STATUSES);
    expect(bash(env, ['hire', 'jobs', 'list', '--status', '']).reply).toEqual(JOB_STATUSES);
    expect(bash(env, ['hire', 'jobs', 'create', '--question-type', 'm']).reply).toEqual(['multiple_choice']);
    expect(bash(env, ['hire', 'jobs', 'list', '--st']).reply).toEqual(['--status']);
    expect(bash(env, ['hire', '-o', '']).reply).toEqual(OUTPUT_FORMATS);
    // bash splits --status=p into three words.
    expect(bash(env, ['hire', 'jobs', 'list', '--status', '=', 'p']).reply).toEqual(['paused']);
  });

  it('completes only up to the cursor', async () => {
    const box = await sandbox();
    // The cursor on "li" of `hire jobs li --json`: the words after it do not count.
    expect(bash(shellEnv(box), ['hire', 'jobs', 'li', '--json'], 2).reply).toEqual(['list']);
  });

  it('completes profile names from the config', async () => {
    const box = await sandbox();
    box.writeConfig({ profiles: PROFILES });
    const env = shellEnv(box);
    expect(bash(env, ['hire', '--profile', '']).reply).toEqual(['local', 'local-sandbox', 'prod', 'sandbox']);
    expect(bash(env, ['hire', 'profiles', 'use', 's']).reply).toEqual(['sandbox']);
  });

  it('leaves COMPREPLY empty and falls back to file names for an id', async () => {
    const box = await sandbox();
    const result = bash(shellEnv(box), ['hire', 'jobs', 'get', '']);
    expect(result.reply).toEqual([]);
    expect(result.compopt).toEqual(['COMPOPT -o default']);
  });
});

describe('zsh', () => {
  // Stand-ins for the completion system: _describe prints the array named by its last argument.
  const STUBS = `
    _describe() { print -rl -- "\${(@P)\${@[-1]}}"; }
    _files() { print FILES; }
    compdef() { : ; }
  `;

  function zsh(env: Record<string, string>, words: string[], current = words.length): string[] {
    const script = `${STUBS}
      source "$HIRE_SCRIPT" || exit 90
      words=("$@")
      CURRENT=${current}
      _hire
    `;
    const result = run('zsh', ['-f', '-c', script, 'zsh', ...words], { ...env, HIRE_SCRIPT: scriptPath('zsh') });
    expect(result.status, result.stderr).toBe(0);
    return lines(result.stdout);
  }

  it('completes commands, subcommands, flags and values, with descriptions', async () => {
    const box = await sandbox();
    const env = shellEnv(box);
    expect(zsh(env, ['hire', 'jobs', 'li'])).toEqual(['list:list job postings (GET /jobs)']);
    expect(zsh(env, ['hire', 'jo'])).toEqual(['jobs:create, list and change job postings']);
    expect(zsh(env, ['hire', 'jobs', 'p'])).toEqual([
      'publish:publish a draft (draft → active)',
      'pause:stop taking applications for now (active → paused)',
    ]);
    expect(zsh(env, ['hire', 'candidates', 'list', '--status', ''])).toEqual(
      CANDIDATE_STATUSES.map((status) => `${status}:`),
    );
    expect(zsh(env, ['hire', 'jobs', 'create', '--question-type', 'm'])).toEqual(['multiple_choice:']);
    expect(zsh(env, ['hire', 'jobs', 'list', '--st'])).toEqual([
      '--status:only jobs with this status: draft|active|paused|closed (comma-separated for several)',
    ]);
    expect(zsh(env, ['hire', 'completion', ''])).toEqual(['bash:', 'zsh:', 'fish:']);
  });

  it('completes profile names from the config', async () => {
    const box = await sandbox();
    box.writeConfig({ profiles: PROFILES });
    expect(zsh(shellEnv(box), ['hire', '--profile', ''])).toEqual(['local:', 'local-sandbox:', 'prod:', 'sandbox:']);
  });

  it('falls back to _files for an id', async () => {
    const box = await sandbox();
    expect(zsh(shellEnv(box), ['hire', 'jobs', 'get', ''])).toEqual(['FILES']);
  });

  it('works autoloaded from $fpath (#compdef), completing on its first call', async () => {
    const box = await sandbox();
    const script = `${STUBS}
      fpath=("$HIRE_COMPLETIONS" $fpath)
      autoload -Uz _hire
      words=(hire jobs li)
      CURRENT=3
      _hire
    `;
    const result = run('zsh', ['-f', '-c', script], { ...shellEnv(box), HIRE_COMPLETIONS: join(ROOT, 'completions') });
    expect(result.status, result.stderr).toBe(0);
    expect(lines(result.stdout)).toEqual(['list:list job postings (GET /jobs)']);
  });
});

describe('fish', () => {
  function fish(env: Record<string, string>, commandLine: string, cwd = ROOT): string[] {
    const result = run(
      'fish',
      ['--no-config', '-c', 'source $argv[1]; or exit 90; complete -C $argv[2]', scriptPath('fish'), commandLine],
      env,
      cwd,
    );
    expect(result.status, result.stderr).toBe(0);
    return lines(result.stdout);
  }
  const valuesOf = (candidates: string[]) => candidates.map((line) => line.split('\t')[0]!);

  it('completes commands, subcommands, flags and values, with descriptions', async () => {
    const box = await sandbox();
    const env = shellEnv(box);
    expect(fish(env, 'hire jobs li')).toEqual(['list\tlist job postings (GET /jobs)']);
    expect(valuesOf(fish(env, 'hire jo'))).toEqual(['jobs']);
    expect(valuesOf(fish(env, 'hire jobs ')).sort()).toEqual([...JOB_SUBCOMMANDS].sort());
    expect(valuesOf(fish(env, 'hire candidates list --status ')).sort()).toEqual([...CANDIDATE_STATUSES].sort());
    expect(valuesOf(fish(env, 'hire jobs list --status ')).sort()).toEqual([...JOB_STATUSES].sort());
    expect(valuesOf(fish(env, 'hire jobs create --question-type m'))).toEqual(['multiple_choice']);
    expect(valuesOf(fish(env, 'hire jobs list --st'))).toEqual(['--status']);
    expect(valuesOf(fish(env, 'hire jobs list --status=a'))).toEqual(['--status=active']);
  });

  it('completes profile names from the config', async () => {
    const box = await sandbox();
    box.writeConfig({ profiles: PROFILES });
    expect(valuesOf(fish(shellEnv(box), 'hire --profile ')).sort()).toEqual([
      'local',
      'local-sandbox',
      'prod',
      'sandbox',
    ]);
  });

  it('offers file names where hire has nothing to offer, and only there', async () => {
    const box = await sandbox();
    const env = shellEnv(box);
    const work = join(box.root, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'jobs.csv'), 'title\n');
    writeFileSync(join(work, 'lint.txt'), '');
    expect(valuesOf(fish(env, 'hire jobs import ./', work))).toContain('./jobs.csv');
    expect(valuesOf(fish(env, 'hire jobs import j', work))).toEqual(['jobs.csv']);
    // Where there are candidates, no file names (lint.txt also starts with "li").
    expect(valuesOf(fish(env, 'hire jobs li', work))).toEqual(['list']);
  });
});
