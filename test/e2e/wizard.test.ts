// The job-creation wizard in a real pseudo-terminal (tmux), driven as a person would: wait for each
// question, then type. Also: where the wizard must not start (no terminal, CI, --no-input).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DESCRIPTION } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { pastedLines } from '../helpers/pasted.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { shellWords } from '../helpers/shell-words.js';
import { hirePane, shellPane, type Pane } from '../helpers/tmux.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'hire.js');

type Job = Record<string, unknown> & { id: string };

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

function track(pane: Pane): Pane {
  panes.push(pane);
  return pane;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The question being asked now (inquirer marks it "?"; answered ones "✔"). */
const asking = (message: string) => new RegExp(`^\\? ${escapeRegExp(message)}`, 'm');

/** Waits for the question, then types the keys. */
async function answer(pane: Pane, message: string, ...keys: string[]): Promise<string> {
  const screen = await pane.waitFor(asking(message));
  pane.sendKeys(...keys);
  return screen;
}

/** Moves a select's cursor to `choice`, waits until it is there, and picks it. */
async function pick(pane: Pane, message: string, downs: number, choice: string): Promise<void> {
  await pane.waitFor(asking(message));
  for (let i = 0; i < downs; i++) pane.sendKeys('Down');
  await pane.waitFor(new RegExp(`^❯ ${escapeRegExp(choice)}\\s*$`, 'm'));
  pane.sendKeys('Enter');
}

async function exitOf(pane: Pane): Promise<{ code: number; screen: string }> {
  const screen = await pane.waitFor(/^EXIT=\d+/m);
  return { code: Number(/^EXIT=(\d+)/m.exec(screen)![1]), screen };
}

function hire(box: Sandbox, args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: box.root,
    env: box.env,
    encoding: 'utf8',
    timeout: 45_000,
  });
}

function listJobs(box: Sandbox): Job[] {
  const result = hire(box, ['jobs', 'list', '--json']);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Job[];
}

/** No stack trace and no error class names: a cancel is a one-line message, not a crash. */
function expectCleanCancel(screen: string): void {
  expect(screen).toMatch(/^Cancelled/m);
  expect(screen).not.toMatch(/^\s*at\s/m);
  expect(screen).not.toMatch(/Error/);
}

// Questions, exactly as flow.ts words them.
const Q = {
  title: 'Job title',
  department: 'Department (optional)',
  location: 'Location',
  city: 'City',
  state: 'State or province',
  country: 'Country, two letters such as US or DE (optional)',
  description: 'Description (Markdown, at least 100 characters)',
  requirement: (n: number) => `Requirement ${n}; empty to finish`,
  skills: 'Skills (one or several, comma-separated); empty to finish',
  moreSkills: (n: number) => `More skills (${n} so far); empty to finish`,
  experience: 'Experience level',
  employment: 'Employment type',
  salary: 'Add a salary range? (y/N)',
  ai: 'Generate the assessment with AI? (Y/n)',
  count: 'Questions (5-20)',
  timeLimit: 'Time limit in seconds (300-1800)',
  types: 'Question types',
  proctoring: 'Proctoring (anti-cheating)? (y/N)',
  publish: 'Publish now (status active)? (y/N)',
  save: 'Save the answers to a file, for --from-file? File name (empty to skip)',
  confirm: 'Create this job? (Y/n)',
};

const LINE_1 = 'We build reliable services in Go and SQL for customers around the world.';
const LINE_2 = 'You will own them in production and improve our delivery pipeline.';

// Everything but the assessment, from flags: the wizard (-i) asks only about the rest.
const ALL_BUT_ASSESSMENT = [
  '--title',
  'Flagged',
  '--description',
  DESCRIPTION,
  '--department',
  'Eng',
  '--location-type',
  'remote',
  '--country',
  'US',
  '--requirement',
  'Go',
  '--skill',
  'go',
  '--experience-level',
  'mid',
  '--employment-type',
  'full_time',
  '--salary-min',
  '1',
  '--salary-max',
  '2',
  '--salary-currency',
  'USD',
  '--salary-period',
  'yearly',
];

describe('the job-creation wizard at a terminal', () => {
  it('asks every question in order and creates the job; the saved answers make it again', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create'], { height: 50 }));

    await answer(pane, Q.title, 'Backend Engineer', 'Enter');
    await answer(pane, Q.department, 'Platform', 'Enter');
    await pick(pane, Q.location, 2, 'onsite');
    await answer(pane, Q.city, 'Berlin', 'Enter');
    await answer(pane, Q.state, 'BE', 'Enter');
    await answer(pane, Q.country, 'DE', 'Enter');

    await answer(pane, Q.description, LINE_1, 'Enter');
    await pane.waitFor(new RegExp(`^  ${escapeRegExp(LINE_1)}\\n.*\\n${[...LINE_1].length}/100 characters`, 'm'));
    // "." below 100 characters does not end it: the rule shows and the prompt stays.
    pane.sendKeys('.', 'Enter');
    const short = await pane.waitFor(/must be at least 100 characters/);
    expect(short).toMatch(asking(Q.description));
    expect(short).not.toMatch(asking(Q.requirement(1)));
    pane.sendKeys(LINE_2, 'Enter');
    const total = [...`${LINE_1}\n${LINE_2}`].length;
    await pane.waitFor(new RegExp(`^${total} characters ✓$`, 'm'));
    pane.sendKeys('.', 'Enter');
    await pane.waitFor(new RegExp(`^✔ ${escapeRegExp(Q.description)} ${total} characters`, 'm'));

    await answer(pane, Q.requirement(1), 'Five years of Go', 'Enter');
    await answer(pane, Q.requirement(2), 'Enter');
    await answer(pane, Q.skills, 'go, sql', 'Enter');
    await answer(pane, Q.moreSkills(2), 'Enter');
    // Optional selects start on "skip" (the last choice): Down wraps to the first.
    await pick(pane, Q.experience, 3, 'senior');
    await pick(pane, Q.employment, 3, 'contract');
    await answer(pane, Q.salary, 'n', 'Enter');
    await answer(pane, Q.ai, 'y', 'Enter');
    await pane.waitFor(/^\? Questions \(5-20\) \(10\)/m); // the default, shown
    pane.sendKeys('C-u', '8');
    await pane.waitFor(/^\? Questions \(5-20\) 8\s*$/m);
    pane.sendKeys('Enter');
    await answer(pane, Q.timeLimit, 'Enter');
    await pane.waitFor(/^❯◉ ranksort\n ◉ multiple_choice\n ◉ scenario$/m); // all checked by default
    pane.sendKeys('Enter');
    await answer(pane, Q.proctoring, 'n', 'Enter');
    await answer(pane, Q.publish, 'y', 'Enter');

    const summary = await answer(pane, Q.save, 'saved.json', 'Enter');
    expect(summary).toContain('The job to create:');
    expect(summary).toMatch(/^  location\s+onsite · Berlin, BE, DE$/m);
    expect(summary).toMatch(/^  skills\s+go, sql$/m);
    expect(summary).toMatch(/^  assessment\s+8 questions, 300 s, ranksort\/multiple_choice\/scenario$/m);
    expect(summary).toMatch(/^  publish\s+yes \(active at once\)$/m);
    await answer(pane, Q.confirm, 'Enter');

    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/│ title\s+│ Backend Engineer\s+│/);
    expect(screen).toMatch(/│ status\s+│ active\s+│/);
    expect(screen).toContain('Next steps:');
    expect(screen).toMatch(/^ {2}hire candidates list --job job_\w+$/m);

    const jobs = listJobs(box);
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    expect(screen).toContain(`hire jobs get ${job.id}`);
    expect(job).toMatchObject({
      title: 'Backend Engineer',
      status: 'active',
      department: 'Platform',
      location: { type: 'onsite', city: 'Berlin', state: 'BE', country: 'DE' },
      description: `${LINE_1}\n${LINE_2}`,
      requirements: ['Five years of Go'],
      skills: ['go', 'sql'],
      experience_level: 'senior',
      employment_type: 'contract',
      assessment_config: {
        auto_generate: true,
        question_count: 8,
        time_limit: 300,
        proctoring: false,
        question_types: ['ranksort', 'multiple_choice', 'scenario'],
      },
    });
    expect(job).not.toHaveProperty('salary');

    const savedPath = join(box.root, 'saved.json');
    const saved = JSON.parse(readFileSync(savedPath, 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({
      title: 'Backend Engineer',
      publish: true,
      skills: ['go', 'sql'],
      assessment_config: { question_count: 8 },
    });
    const again = hire(box, ['jobs', 'create', '--from-file', 'saved.json', '--dry-run']);
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual(saved);
    expect(listJobs(box)).toHaveLength(1); // the dry run sent nothing
  });

  it('shows the rule at the question-count prompt and stays there until the answer is valid', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create', ...ALL_BUT_ASSESSMENT, '-i']));
    await answer(pane, Q.ai, 'Enter');
    await answer(pane, Q.count, 'C-u', '3', 'Enter');
    const screen = await pane.waitFor(/must be a whole number from 5 to 20/);
    expect(screen).toMatch(/^\? Questions \(5-20\) 3\s*$/m);
    expect(screen).not.toContain(Q.timeLimit);
    // Still there after the rule showed: keys typed after it still edit this answer (had the prompt
    // moved on, they would go to the next question), and a valid value moves on.
    pane.sendKeys('BSpace', '8');
    const edited = await pane.waitFor(/^\? Questions \(5-20\) 8\s*$/m);
    expect(edited).not.toContain(Q.timeLimit);
    pane.sendKeys('Enter');
    const next = await pane.waitFor(asking(Q.timeLimit));
    expect(next).toMatch(/^✔ Questions \(5-20\) 8\s*$/m);
    expect(next).not.toContain('must be a whole number');
    pane.sendKeys('Enter');
    await answer(pane, Q.types, 'Enter');
    await answer(pane, Q.proctoring, 'Enter');
    await answer(pane, Q.publish, 'Enter');
    await answer(pane, Q.save, 'Enter');
    await answer(pane, Q.confirm, 'Enter');
    const { code, screen: end } = await exitOf(pane);
    expect(code, end).toBe(0);
    const jobs = listJobs(box);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ title: 'Flagged', status: 'draft', assessment_config: { question_count: 8 } });
  });

  it('Ctrl-C in the middle exits 130 without a stack trace, and creates nothing', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create']));
    await answer(pane, Q.title, 'Doomed', 'Enter');
    await answer(pane, Q.department, 'Ops', 'C-c');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(130);
    expectCleanCancel(screen);
    expect(screen).not.toMatch(asking(Q.location));
    expect(listJobs(box)).toEqual([]);
  });

  it('Esc cancels like Ctrl-C: exit 130, nothing created', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create']));
    await answer(pane, Q.title, 'Doomed', 'Enter');
    await answer(pane, Q.department, 'Enter');
    await answer(pane, Q.location, 'Enter');
    await answer(pane, Q.country, 'Enter');
    await answer(pane, Q.description, LINE_1, 'Enter');
    await pane.waitFor(new RegExp(`^  ${escapeRegExp(LINE_1)}$`, 'm'));
    pane.sendKeys('Escape');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(130);
    expectCleanCancel(screen);
    expect(listJobs(box)).toEqual([]);
  });

  it('declining the final confirmation sends nothing and exits 130', async () => {
    const box = await sandbox();
    const pane = track(
      hirePane(box, ['jobs', 'create', ...ALL_BUT_ASSESSMENT, '--no-auto-generate', '--publish', '-i']),
    );
    const summary = await answer(pane, Q.save, 'Enter');
    expect(summary).toMatch(/^  title\s+Flagged$/m);
    expect(summary).toMatch(/^  assessment\s+no AI questions$/m);
    await answer(pane, Q.confirm, 'n', 'Enter');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(130);
    expect(screen).toMatch(/^✔ Create this job\? No/m);
    expect(screen).toContain('Cancelled: nothing was sent.');
    expectCleanCancel(screen);
    expect(listJobs(box)).toEqual([]);
  });

  it('on a production profile asks one question, naming production, default No (no second guard question)', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    box.writeConfig({
      profiles: { prod: { environment: 'production', base_url: emulator.apiUrl, api_key: emulator.key } },
    });
    const argv = [
      'jobs',
      'create',
      ...ALL_BUT_ASSESSMENT,
      '--no-auto-generate',
      '--publish',
      '-i',
      '--profile',
      'prod',
    ];
    const question = 'Create this job on production (profile "prod")? (y/N)';
    /** Every confirmation of the job in the pane, its scrollback too: the wizard's and the guard's. */
    const questions = (pane: Pane) => pane.capture({ history: true }).match(/^[?✔] Create (this )?job\b.*$/gm) ?? [];
    const jobs = async () => ((await emulator.call('GET', '/jobs')).json as { data: unknown[] }).data;

    // Enter alone is No on production: nothing is sent.
    const declined = track(hirePane(box, argv, { height: 50 }));
    await answer(declined, Q.save, 'Enter');
    await answer(declined, question, 'Enter');
    const refused = await exitOf(declined);
    expect(refused.code, refused.screen).toBe(130);
    expect(refused.screen).toContain('Cancelled: nothing was sent.');
    expect(questions(declined)).toHaveLength(1);
    expect(await jobs()).toEqual([]);

    const accepted = track(hirePane(box, argv, { height: 50 }));
    await answer(accepted, Q.save, 'Enter');
    await answer(accepted, question, 'y', 'Enter');
    const done = await exitOf(accepted);
    expect(done.code, done.screen).toBe(0);
    expect(questions(accepted)).toEqual([`✔ ${question.replace(' (y/N)', '')} Yes`]);
    expect(done.screen).toMatch(/^Created job job_\w+ on production \(profile "prod"\)\.$/m);
    expect(await jobs()).toHaveLength(1);
    // Named at the start, before the first question, and not again when the job is sent.
    const history = accepted.capture({ history: true });
    expect(history.split('\n')[0]).toBe(`production · profile prod · ${emulator.apiUrl}`);
    expect(history.match(/· profile /g)).toHaveLength(1);
  });

  it('does not ask again what flags gave (-i), and the job keeps those values', async () => {
    const box = await sandbox();
    // Tall enough that nothing scrolls away: the whole session stays on the screen.
    const pane = track(
      hirePane(box, ['jobs', 'create', '--title', 'From flag', '--skill', 'go', '--publish', '-i'], { height: 100 }),
    );
    await answer(pane, Q.department, 'Enter');
    await answer(pane, Q.location, 'Enter'); // remote
    await answer(pane, Q.country, 'Enter');
    await answer(pane, Q.description, DESCRIPTION, 'Enter');
    await pane.waitFor(/characters ✓/);
    pane.sendKeys('.', 'Enter');
    await answer(pane, Q.requirement(1), 'Enter');
    await answer(pane, Q.experience, 'Enter');
    await answer(pane, Q.employment, 'Enter');
    await answer(pane, Q.salary, 'Enter');
    await answer(pane, Q.ai, 'n', 'Enter');
    const summary = await answer(pane, Q.save, 'Enter');
    expect(summary).toMatch(/^  title\s+From flag$/m);
    expect(summary).toMatch(/^  skills\s+go$/m);
    expect(summary).toMatch(/^  publish\s+yes \(active at once\)$/m);
    await answer(pane, Q.confirm, 'Enter');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(0);
    // Where the job goes, named at the start; then the first question; nothing scrolled off.
    expect(screen.split('\n')[0]).toMatch(
      /^production · profile local · emulator at http:\/\/127\.0\.0\.1:\d+\/api\/v1$/,
    );
    expect(screen.split('\n')[1]).toMatch(/^✔ Department \(optional\)/);
    expect(screen).not.toContain(Q.title);
    expect(screen).not.toMatch(/Skills \(|More skills/);
    expect(screen).not.toContain('Publish now');
    const jobs = listJobs(box);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      title: 'From flag',
      skills: ['go'],
      status: 'active',
      assessment_config: { auto_generate: false },
    });
    // Enter on the optional selects chose nothing.
    expect(jobs[0]).not.toHaveProperty('experience_level');
    expect(jobs[0]).not.toHaveProperty('employment_type');
  });

  it('on -p local-sandbox, the next steps carry --profile local-sandbox (copied, they run where the job is), whole at 80 columns (one too wide continued with ` \\`)', async () => {
    const box = await sandbox();
    const pane = track(
      hirePane(
        box,
        [
          '-p',
          'local-sandbox',
          'jobs',
          'create',
          '--title',
          'Sandboxed',
          '--description',
          DESCRIPTION,
          '--skill',
          'go',
          '--publish',
          '-i',
        ],
        { height: 100, width: 80 },
      ),
    );
    const first = await answer(pane, Q.department, 'Enter');
    // Where the job goes is named before the first question (wrapped between words at 80 columns).
    expect(first).toMatch(
      /^sandbox · profile local-sandbox · emulator at\s+http:\/\/127\.0\.0\.1:\d+\/sandbox\/api\/v1\n/,
    );
    await answer(pane, Q.location, 'Enter'); // remote
    await answer(pane, Q.country, 'Enter');
    await answer(pane, Q.requirement(1), 'Enter');
    await answer(pane, Q.experience, 'Enter');
    await answer(pane, Q.employment, 'Enter');
    await answer(pane, Q.salary, 'Enter');
    await answer(pane, Q.ai, 'n', 'Enter');
    await answer(pane, Q.save, 'Enter');
    await answer(pane, Q.confirm, 'Enter');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(0);
    const created = hire(box, ['-p', 'local-sandbox', 'jobs', 'list', '--json']);
    const [job] = JSON.parse(created.stdout) as Job[];
    expect(job).toMatchObject({ title: 'Sandboxed', status: 'active' });
    expect(screen).toContain('Next steps:');
    expect(screen).toMatch(new RegExp(`^ {2}hire candidates list --job ${job!.id} --profile local-sandbox$`, 'm'));
    expect(screen).toMatch(new RegExp(`^ {2}hire jobs get ${job!.id} --profile local-sandbox$`, 'm'));
    // Longer than the terminal: on lines of its own, broken between arguments and continued with ` \`, so
    // that the lines copied together are the whole command (docs/output.md "Suggested commands").
    const webhook = /^ {2}hire webhooks add .*\\\n(?: {4}.*\\\n)* {4}.*$/m.exec(screen)?.[0];
    expect(webhook, screen).toBeDefined();
    for (const line of webhook!.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(shellWords(webhook!)).toEqual([
      'hire',
      'webhooks',
      'add',
      '--url',
      'https://example.com/hooks',
      '--event',
      'application.received',
      '--profile',
      'local-sandbox',
    ]);
  });

  it('lines pasted into a one-line question (Country) show joined on its line, whole, and answer nothing by themselves', async () => {
    const box = await sandbox();
    const flags = ALL_BUT_ASSESSMENT.filter((arg, index, all) => arg !== '--country' && all[index - 1] !== '--country');
    const pane = track(
      hirePane(box, ['jobs', 'create', ...flags, '--no-auto-generate', '-i'], { width: 120, height: 24 }),
    );
    await pane.waitFor(asking(Q.country));
    // Unmarked (the terminal sends each line break as Enter): the last one answers, with the lines joined.
    pane.paste('Line 1: we speak English\nLine 2: and clients\nLine 3: in Europe\n');
    const joined = await pane.waitFor(
      /^\? Country.* Line 1: we speak English Line 2: and clients Line 3: in Europe\s*$/m,
    );
    expect(joined).not.toMatch(/English(Line|[^ ]Line)|clientsLine/);
    // Marked (bracketed paste): no line break of it answers; the joined text waits for Enter.
    pane.sendKeys('C-u');
    await pane.waitFor(/^\? Country, two letters such as US or DE \(optional\)\s*$/m);
    pane.paste('DE\nFR\n', { bracketed: true });
    await pane.waitFor(/^\? Country.*\) DE FR\s*$/m);
    expect(pane.capture()).toMatch(asking(Q.country));
    pane.sendKeys('C-u');
    await pane.waitFor(/^\? Country, two letters such as US or DE \(optional\)\s*$/m);
    pane.sendKeys('-l', 'US');
    await pane.waitFor(/^\? Country.*\) US\s*$/m);
    pane.sendKeys('Enter');
    await answer(pane, Q.publish, 'Enter');
    await answer(pane, Q.save, 'Enter');
    await answer(pane, Q.confirm, 'Enter');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(0);
    const jobs = listJobs(box);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.location).toMatchObject({ type: 'remote', country: 'US' });
  });

  it('asks on stderr when stdout is redirected; the file holds only the job JSON', async () => {
    const box = await sandbox();
    const pane = track(shellPane(box, 'hire jobs create --title T --json > out.json'));
    await answer(pane, Q.department, 'Enter');
    await answer(pane, Q.location, 'Enter');
    await answer(pane, Q.country, 'Enter');
    await answer(pane, Q.description, DESCRIPTION, 'Enter');
    await pane.waitFor(/characters ✓/);
    pane.sendKeys('.', 'Enter');
    await answer(pane, Q.requirement(1), 'Enter');
    await answer(pane, Q.skills, 'Enter');
    await answer(pane, Q.experience, 'Enter');
    await answer(pane, Q.employment, 'Enter');
    await answer(pane, Q.salary, 'Enter');
    await answer(pane, Q.ai, 'n', 'Enter');
    await answer(pane, Q.publish, 'Enter');
    await answer(pane, Q.save, 'Enter');
    await answer(pane, Q.confirm, 'Enter');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/^✔ Create this job\? Yes/m);
    expect(screen).not.toContain('"title"'); // the JSON went to the file, not the terminal
    const text = readFileSync(join(box.root, 'out.json'), 'utf8');
    expect(text).not.toMatch(/\u001b|\?|✔/); // no prompt, colour or cursor codes in the data
    const written = JSON.parse(text) as Job;
    const jobs = listJobs(box);
    expect(jobs).toHaveLength(1);
    expect(written).toEqual(jobs[0]);
    expect(written).toMatchObject({ title: 'T', status: 'draft', description: DESCRIPTION });
  });
});

describe('the description: Markdown paragraphs, ended by "." or Ctrl-D, or written in an editor', () => {
  const P1 = 'We build reliable services in Go for customers around the world.';
  const P2 = 'You will own them in production, on call one week in six.';
  const P3 = '- Go and SQL\n- Kubernetes';
  const THREE = `${P1}\n\n${P2}\n\n${P3}`;
  // Everything but the description, from flags: the wizard (-i) asks for it, then save and confirm.
  const ALL_BUT_DESCRIPTION = [
    '--title',
    'Paragraphs',
    '--location-type',
    'remote',
    '--department',
    'Eng',
    '--country',
    'US',
    '--requirement',
    'Go',
    '--skill',
    'go',
    '--experience-level',
    'mid',
    '--employment-type',
    'full_time',
    '--salary-min',
    '1',
    '--salary-max',
    '2',
    '--salary-currency',
    'USD',
    '--salary-period',
    'yearly',
    '--no-auto-generate',
    '--publish',
    '-i',
  ];
  const shellArgs = ALL_BUT_DESCRIPTION.map((arg) => `'${arg}'`).join(' ');

  /** Answers save and confirm, waits for the exit, and returns the created job as `jobs get --json` shows it. */
  async function created(box: Sandbox, pane: Pane): Promise<Job> {
    const summary = await answer(pane, Q.save, 'Enter');
    // Lines joined by the capture (-J) are lines that wrapped: at 80 columns, none does.
    for (const line of summary.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
    await answer(pane, Q.confirm, 'Enter');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(0);
    const jobs = listJobs(box);
    expect(jobs).toHaveLength(1);
    const got = hire(box, ['jobs', 'get', jobs[0]!.id, '--json']);
    expect(got.status, got.stderr).toBe(0);
    return JSON.parse(got.stdout) as Job;
  }

  /** Types lines, each followed by Enter, waiting for each to show (tmux may merge fast keys). */
  async function typeLines(pane: Pane, lines: string[]): Promise<void> {
    for (const line of lines) {
      pane.sendKeys('-l', '--', line);
      if (line !== '') await pane.waitFor(new RegExp(`^  ${escapeRegExp(line)}\\s*$`, 'm'));
      pane.sendKeys('Enter');
    }
  }

  it('three paragraphs typed at 80x24, empty lines kept, ended by a line holding only "."', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create', ...ALL_BUT_DESCRIPTION], { width: 80, height: 24 }));
    const first = await pane.waitFor(asking(Q.description));
    // How to end it is said in the prompt, and fits the 80 columns on one line.
    expect(first).toMatch(/^0\/100 characters$/m);
    expect(first).toMatch(/^End with a line holding only "\." \(or Ctrl-D\); "e" alone opens your editor\.$/m);
    await typeLines(pane, [P1, '', P2, '', ...P3.split('\n')]);
    // An empty line no longer ends it: the prompt is still there, with the count.
    const typed = await pane.waitFor(new RegExp(`^${[...THREE].length} characters ✓$`, 'm'));
    expect(typed).toMatch(asking(Q.description));
    expect(typed).not.toMatch(asking(Q.save));
    pane.sendKeys('.', 'Enter');
    await pane.waitFor(new RegExp(`^✔ ${escapeRegExp(Q.description)} ${[...THREE].length} characters`, 'm'));
    const job = await created(box, pane);
    expect(job.description).toBe(THREE);
  });

  it('a pasted description of 60 lines (taller than the screen): shown in a window at 80x24, one prompt left in the scrollback, all of it kept', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create', ...ALL_BUT_DESCRIPTION], { width: 80, height: 24 }));
    await pane.waitFor(asking(Q.description));
    // Taller than the 24-line screen (a redraw that tall left a copy of the prompt in the scrollback);
    // the bench measures the CPU of 200 lines (`npm run bench -- --only=paste`).
    const pasted = Array.from({ length: 60 }, (_, index) => `Line ${index + 1} of the role: we build and ship.`);
    pane.paste(`${pasted.join('\n')}\n`);
    const text = pasted.join('\n');
    await pane.waitFor(new RegExp(`^${[...text].length} characters ✓$`, 'm'));
    const screen = pane.capture();
    expect(screen).toContain('Line 60 of the role');
    expect(screen).toMatch(/… 52 lines above/);
    pane.sendKeys('.', 'Enter');
    await pane.waitFor(new RegExp(`^✔ ${escapeRegExp(Q.description)} ${[...text].length} characters`, 'm'));
    // The whole session, scrolled off lines included: the description was asked once, not once a redraw.
    const history = pane.capture({ history: true });
    expect(history.match(new RegExp(`^[?✔] ${escapeRegExp(Q.description)}`, 'gm')) ?? []).toHaveLength(1);
    const job = await created(box, pane);
    expect(job.description).toBe(text);
  });

  it("a pasted description of 200 lines with tabs, wide and combined characters, long and empty lines is the job's description exactly", async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create', ...ALL_BUT_DESCRIPTION], { width: 80, height: 24 }));
    await pane.waitFor(asking(Q.description));
    // The bench measures what such a paste costs (`npm run bench -- --only=paste`); this, that it all arrives.
    const text = pastedLines().join('\n');
    pane.paste(`${text}\n`);
    await pane.waitFor(new RegExp(`^${[...text].length} characters ✓$`, 'm'));
    expect(pane.capture()).toMatch(/^  The last line\.$/m);
    pane.sendKeys('.', 'Enter');
    await pane.waitFor(new RegExp(`^✔ ${escapeRegExp(Q.description)} ${[...text].length} characters`, 'm'));
    const history = pane.capture({ history: true });
    expect(history.match(new RegExp(`^[?✔] ${escapeRegExp(Q.description)}`, 'gm')) ?? []).toHaveLength(1);
    const job = await created(box, pane);
    expect(job.description).toBe(text);
  });

  it('after questions answered by hand (title typed, Location chosen, city typed), a pasted 200 lines is the description exactly, one prompt left', async () => {
    const box = await sandbox();
    // The title and the location asked: each earlier question reads the terminal with a readline of
    // its own, and the description's paste comes after them (issue 28: it was drawn once a key then).
    const asked = ALL_BUT_DESCRIPTION.filter(
      (arg, index, all) =>
        !['--title', '--location-type'].includes(arg) && !['--title', '--location-type'].includes(all[index - 1]!),
    );
    const pane = track(hirePane(box, ['jobs', 'create', ...asked], { width: 80, height: 24 }));
    await answer(pane, Q.title, '-l', 'Pasted after typing');
    await pane.waitFor(/^\? Job title Pasted after typing\s*$/m);
    pane.sendKeys('Enter');
    await pick(pane, Q.location, 1, 'hybrid');
    await answer(pane, Q.city, '-l', 'Berlin');
    await pane.waitFor(/^\? City Berlin\s*$/m);
    pane.sendKeys('Enter');
    await answer(pane, Q.state, '-l', 'BE');
    await pane.waitFor(/^\? State or province BE\s*$/m);
    pane.sendKeys('Enter');
    await pane.waitFor(asking(Q.description));
    const text = pastedLines().join('\n');
    pane.paste(`${text}\n`);
    await pane.waitFor(new RegExp(`^${[...text].length} characters ✓$`, 'm'));
    expect(pane.capture()).toMatch(/^  The last line\.$/m);
    pane.sendKeys('.', 'Enter');
    await pane.waitFor(new RegExp(`^✔ ${escapeRegExp(Q.description)} ${[...text].length} characters`, 'm'));
    const history = pane.capture({ history: true });
    expect(history.match(new RegExp(`^[?✔] ${escapeRegExp(Q.description)}`, 'gm')) ?? []).toHaveLength(1);
    const job = await created(box, pane);
    expect(job.description).toBe(text);
    expect(job.title).toBe('Pasted after typing');
    expect(job.location).toMatchObject({ type: 'hybrid', city: 'Berlin', state: 'BE', country: 'US' });
  });

  it('a paste marked by the terminal (bracketed paste) is text: "." and "e" alone in it are lines of the description', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create', ...ALL_BUT_DESCRIPTION], { width: 80, height: 24 }));
    await pane.waitFor(asking(Q.description));
    const text = [P1, '.', 'e', P2].join('\n');
    pane.paste(`${text}\n`, { bracketed: true });
    // Still asking, all four lines there: neither line ended the text nor opened an editor.
    const pasted = await pane.waitFor(new RegExp(`^${[...text].length} characters ✓$`, 'm'));
    expect(pasted).toMatch(asking(Q.description));
    expect(pasted).toMatch(/^  \.\n  e\n/m);
    // Typed, "." ends it as before.
    pane.sendKeys('.', 'Enter');
    await pane.waitFor(new RegExp(`^✔ ${escapeRegExp(Q.description)} ${[...text].length} characters`, 'm'));
    const job = await created(box, pane);
    expect(job.description).toBe(text);
  });

  it('typed by hand, each key shows as it is typed; Ctrl-C then exits 130 and creates nothing', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create', ...ALL_BUT_DESCRIPTION], { width: 80, height: 24 }));
    await pane.waitFor(asking(Q.description));
    const keys = [...'Zürich ☕ 東京, on call'];
    for (let index = 0; index < keys.length; index++) {
      // One key at a time, the next only once the last shows: each is a read of its own.
      pane.sendKeys('-l', '--', keys[index]!);
      const shown = keys
        .slice(0, index + 1)
        .join('')
        .trimEnd();
      await pane.waitFor(new RegExp(`^  ${escapeRegExp(shown)}$`, 'm'));
    }
    pane.sendKeys('C-c');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(130);
    expectCleanCancel(screen);
    expect(listJobs(box)).toEqual([]);
  });

  it('three paragraphs ended by Ctrl-D on an empty line', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create', ...ALL_BUT_DESCRIPTION], { width: 80, height: 24 }));
    await pane.waitFor(asking(Q.description));
    await typeLines(pane, [P1, '', P2, '', ...P3.split('\n')]);
    pane.sendKeys('C-d');
    await pane.waitFor(new RegExp(`^✔ ${escapeRegExp(Q.description)} ${[...THREE].length} characters`, 'm'));
    const job = await created(box, pane);
    expect(job.description).toBe(THREE);
  });

  /** An editor script in the sandbox: logs the file and its mode, then runs `body` on it ($f). */
  function editorScript(box: Sandbox, body: string): string {
    const path = join(box.root, 'editor.sh');
    writeFileSync(
      path,
      `#!/bin/sh\nf="$1"\nprintf '%s %s\\n' "$f" "$(stat -c %a "$f")" >> "${box.root}/editor.log"\n${body}\n`,
    );
    chmodSync(path, 0o755);
    return path;
  }

  it('"e" opens $EDITOR on the text so far; what it saves is the description; the temp file is gone', async () => {
    const box = await sandbox();
    const editor = editorScript(box, `printf '\\n%s\\n' '${P2}' >> "$f"`);
    const tmp = join(box.root, 'tmp');
    mkdirSync(tmp);
    const pane = track(
      shellPane(box, `hire jobs create ${shellArgs}`, { width: 80, height: 24, env: { EDITOR: editor, TMPDIR: tmp } }),
    );
    await pane.waitFor(asking(Q.description));
    await typeLines(pane, [P1, 'e']);
    await pane.waitFor(new RegExp(`^✔ ${escapeRegExp(Q.description)} ${[...`${P1}\n\n${P2}`].length} characters`, 'm'));
    const job = await created(box, pane);
    expect(job.description).toBe(`${P1}\n\n${P2}`);
    const [file, mode] = readFileSync(join(box.root, 'editor.log'), 'utf8').trim().split(' ');
    expect(file).toMatch(/\/description\.md$/);
    expect(file!.startsWith(`${tmp}/`)).toBe(true);
    expect(mode).toBe('600');
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('an editor that exits non-zero keeps the typed text and says so; typing goes on', async () => {
    const box = await sandbox();
    const editor = editorScript(box, 'echo "replaced" > "$f"; exit 1');
    const pane = track(
      shellPane(box, `hire jobs create ${shellArgs}`, { width: 80, height: 24, env: { EDITOR: editor } }),
    );
    await pane.waitFor(asking(Q.description));
    await typeLines(pane, [P1, 'e']);
    const failed = await pane.waitFor(/exited with 1; the text is unchanged\./);
    expect(failed).toMatch(asking(Q.description));
    await typeLines(pane, [P2, '.']);
    const job = await created(box, pane);
    expect(job.description).toBe(`${P1}\n${P2}`);
  });

  it('Ctrl-C while the editor is open ends the editor and the wizard: exit 130, nothing created', async () => {
    const box = await sandbox();
    // An editor that waits (as a person would) until Ctrl-C ends it.
    // No shell around hire here: Ctrl-C goes to the terminal's whole foreground group.
    box.env.EDITOR = editorScript(box, 'sleep 300');
    const pane = track(hirePane(box, ['jobs', 'create', ...ALL_BUT_DESCRIPTION]));
    await pane.waitFor(asking(Q.description));
    await typeLines(pane, [P1, 'e']);
    await pane.waitFor(/^Waiting for your editor \(.*editor\.sh\) to close the file…$/m);
    pane.sendKeys('C-c');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(130);
    expectCleanCancel(screen);
    expect(listJobs(box)).toEqual([]);
  });

  it('Ctrl-C in the description exits 130 and creates nothing', async () => {
    const box = await sandbox();
    const pane = track(hirePane(box, ['jobs', 'create', ...ALL_BUT_DESCRIPTION]));
    await pane.waitFor(asking(Q.description));
    await typeLines(pane, [P1, '']);
    pane.sendKeys('C-c');
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(130);
    expectCleanCancel(screen);
    expect(listJobs(box)).toEqual([]);
  });
});

describe('where no one can answer, the wizard never starts', () => {
  it('stdin not a terminal: exit 2 at once, naming --title and --description', async () => {
    const box = await sandbox();
    // stdin stays open (nothing is written, it is never closed while the command runs): a command
    // that tried to read it would never end on its own, so exiting at all proves it did not wait.
    const child = spawn(process.execPath, [BIN, 'jobs', 'create'], {
      cwd: box.root,
      env: box.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let killed = false;
    // Only so that a hang fails with the output rather than at the test's own timeout.
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, 45_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
    clearTimeout(timer);
    child.stdin.destroy();
    expect(killed, `the command waited for stdin until killed; stderr:\n${stderr}`).toBe(false);
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('--title');
    expect(stderr).toContain('--description');
    expect(stderr).not.toContain(Q.title);
    expect(stdout).toBe('');
    expect(listJobs(box)).toEqual([]);
  });

  it('-i without a terminal is a usage error', async () => {
    const box = await sandbox();
    const result = spawnSync(process.execPath, [BIN, 'jobs', 'create', '-i'], {
      cwd: box.root,
      env: box.env,
      encoding: 'utf8',
      input: '',
      timeout: 45_000,
    });
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toContain('--interactive needs a terminal');
  });

  it('stdin a pipe, stderr a terminal: exit 2, no question, no wait for input', async () => {
    const box = await sandbox();
    // The pipe stays open for longer than the test may run (the pane is killed after it): a wizard
    // reading it would never end, so CODE would never show.
    const pane = track(shellPane(box, 'sleep 600 | { hire jobs create; echo "CODE=$?"; }'));
    const screen = await pane.waitFor(/^CODE=\d+/m);
    expect(screen).toMatch(/^CODE=2$/m);
    expect(screen).not.toContain(Q.title);
    expect(screen).toContain('--title');
    expect(screen).toContain('--description');
  });

  /** At a terminal, but told not to ask: exit 2 naming the required flags, no question, no job. */
  async function expectRefusedAtTerminal(box: Sandbox, pane: Pane): Promise<void> {
    const { code, screen } = await exitOf(pane);
    expect(code, screen).toBe(2);
    expect(screen).not.toContain(Q.title);
    expect(screen).not.toMatch(/^\? /m);
    expect(screen).toContain('--title');
    expect(screen).toContain('--description');
    expect(listJobs(box)).toEqual([]);
  }

  it('CI=1 at a terminal: exit 2, no question', async () => {
    const box = await sandbox();
    await expectRefusedAtTerminal(box, track(shellPane(box, 'hire jobs create', { env: { CI: '1' } })));
  });

  it('--no-input at a terminal: exit 2, no question', async () => {
    const box = await sandbox();
    await expectRefusedAtTerminal(box, track(hirePane(box, ['jobs', 'create', '--no-input'])));
  });
});
