// Values a person copies stay whole at a real 80x24 terminal (tmux, the built binary; issue 28,
// docs/output.md "Values a person copies"): ids, URLs, email addresses and commands in lists,
// detail views, `hire status` and the wizard's summary. The pane is captured with its soft-wrapped
// lines joined (-J), so a value is whole when it is inside one captured line; and every captured
// line is at most 80 columns unless it is one such value alone, longer than the terminal — so
// hire broke no word and no value itself, and the terminal wrapped nothing else.
import { afterEach, describe, expect, it } from 'vitest';
import { hire } from '../helpers/bin.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { hirePane, type Pane } from '../helpers/tmux.js';
import { copyKind } from '../../src/output/fit.js';

type Rec = Record<string, any>;

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

const WIDTH = 80;
const DESCRIPTION_URL =
  'https://careers.example-company.com/lisbon/recruiting/senior-recruiter-iberia-2026?utm_source=hire&ref=job-board';
const DESCRIPTION_EMAIL = 'talent.acquisition.iberia@recruiting.example-company.com';
const HOOK_URL =
  'https://hooks.example-company.com:8443/integrations/hiring/webhooks/v2/receive/lisbon-office?token=abcdefghijklmnopqrstuvwxyz0123456789&mode=strict';
const NOTE_URL = 'https://portfolio.example.org/maria-joao/case-studies/recruiting-operations-2026?from=hire';
const APPLICANT_EMAIL = 'maria.joao.fernandes-oliveira@recruiting.example-company.com';

async function ok(box: Sandbox, args: string[]): Promise<any> {
  const result = await hire(box, [...args, '--json', '-q']);
  expect(result.code, `hire ${args.join(' ')}\n${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout);
}

/** Runs `args` in an 80x24 pane; the whole output with soft-wrapped lines joined, scrolled-off lines included. */
async function screen(box: Sandbox, args: string[], width = WIDTH): Promise<string> {
  const pane = hirePane(box, args, { width, height: 24 });
  panes.push(pane);
  await pane.waitFor(/EXIT=\d+/);
  const text = pane.capture({ history: true });
  pane.kill();
  expect(text, `hire ${args.join(' ')}\n${text}`).toContain('EXIT=0');
  return text;
}

/** Each value inside one captured line; no line wider than the pane but a copyable value alone. */
function expectWhole(text: string, values: readonly string[], width = WIDTH): void {
  const lines = text.split('\n');
  for (const value of values)
    expect(
      lines.some((line) => line.includes(value)),
      `${value} is not whole in one line:\n${text}`,
    ).toBe(true);
  for (const line of lines)
    if ([...line].length > width)
      expect(
        copyKind(line.trim()),
        `a line the terminal wrapped (${[...line].length} columns):\n${line}\n\n${text}`,
      ).not.toBe(undefined);
}

describe('values a person copies, whole at 80x24', () => {
  it('lists, detail views, status, profiles and auth status', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: emu.apiUrl } } });
    const job: Rec = await ok(box, [
      'jobs',
      'create',
      '--title',
      'Senior Recruiter for the Portuguese and Spanish speaking markets (Lisbon, Portugal)',
      '--description',
      `We are growing our recruiting team in Lisbon. Read more at ${DESCRIPTION_URL} and write to ${DESCRIPTION_EMAIL} with questions about the role, the team and the hiring process.`,
      '--location-type',
      'hybrid',
      '--city',
      'Lisbon',
      '--state',
      'Lisbon District',
      '--country',
      'PT',
      '--skill',
      'Portuguese',
      '--skill',
      'Spanish',
      '--publish',
    ]);
    expect(job.application_url).toContain(job.id);
    // An application with a note, through the job's own application page.
    const applied = await fetch(job.application_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Maria João Fernandes Oliveira',
        email: APPLICANT_EMAIL,
        note: `My recruiting work is at ${NOTE_URL} and you can reach me at ${APPLICANT_EMAIL} any day.`,
      }).toString(),
    });
    expect(applied.status).toBeLessThan(400);
    await ok(box, ['emulator', 'simulate', '--job', job.id, '--applications', '3', '--advance', '--seed', '7']);
    const hook: Rec = await ok(box, ['webhooks', 'add', '--url', HOOK_URL, '--event', 'application.created']);
    const candidates: Rec[] = await ok(box, ['candidates', 'list']);
    const maria = candidates.find((candidate) => candidate.email === APPLICANT_EMAIL)!;
    expect(maria).toBeDefined();

    expectWhole(await screen(box, ['jobs', 'get', job.id]), [
      job.id,
      job.application_url,
      job.assessment_id,
      DESCRIPTION_URL,
      DESCRIPTION_EMAIL,
    ]);
    expectWhole(await screen(box, ['jobs', 'list']), [job.id]);
    expectWhole(
      await screen(box, ['candidates', 'list']),
      candidates.map((candidate) => candidate.id),
    );
    expectWhole(await screen(box, ['candidates', 'list', '--fields', 'id,name,email']), [
      ...candidates.map((candidate) => candidate.id),
      ...candidates.map((candidate) => candidate.email),
    ]);
    expectWhole(await screen(box, ['candidates', 'get', maria.id]), [
      maria.id,
      APPLICANT_EMAIL,
      job.id,
      NOTE_URL,
      `${APPLICANT_EMAIL} any day.`.split(' ')[0]!,
    ]);
    const hooks = await screen(box, ['webhooks', 'list']);
    expectWhole(hooks, [hook.id, HOOK_URL]);
    expect(hooks).not.toContain('…');
    const sandboxUrl = emu.apiUrl.replace(/\/api\/v1$/, '/sandbox/api/v1');
    expectWhole(await screen(box, ['profiles', 'list']), [emu.apiUrl]);
    expectWhole(await screen(box, ['auth', 'status']), [emu.apiUrl]);
    const status = await screen(box, ['status']);
    expectWhole(status, [job.id, emu.apiUrl]);
    // A command named in a hint is whole on one line.
    for (const command of status.match(/`hire [^`\n]*`/g) ?? []) expect(copyKind(command)).toBe('command');
    expect(sandboxUrl).toContain('/sandbox/');
    // Narrower, its headlines wrap between words too (the profile's URL, the rate limit's sentence).
    expectWhole(await screen(box, ['status'], 50), [job.id, emu.apiUrl], 50);
  });

  it("the wizard's summary wraps between words beside its labels", async () => {
    const box = await sandbox();
    const pane = hirePane(
      box,
      [
        'jobs',
        'create',
        '--title',
        'Senior Recruiter for the Portuguese and Spanish speaking markets',
        '--description',
        `We are growing our recruiting team in Lisbon, Portugal. Read more at ${DESCRIPTION_URL} before you apply to us.`,
        '--department',
        'People and Talent Acquisition, Iberia',
        '--location-type',
        'hybrid',
        '--city',
        'Lisbon',
        '--state',
        'Lisbon District',
        '--country',
        'PT',
        '--requirement',
        'Fluent Portuguese and Spanish, with English for working with the rest of the company',
        '--requirement',
        'Five years of agency or in-house recruiting in Portugal or Spain',
        '--skill',
        'Portuguese',
        '--skill',
        'Spanish',
        '--skill',
        'English',
        '--skill',
        'sourcing',
        '--skill',
        'interviewing',
        '--skill',
        'negotiation',
        '--skill',
        'employer branding',
        '--experience-level',
        'senior',
        '--employment-type',
        'full_time',
        '--no-auto-generate',
        '--publish',
        '-i',
      ],
      { width: WIDTH, height: 24 },
    );
    panes.push(pane);
    await pane.waitFor(/^\? Add a salary range\?/m);
    pane.sendKeys('n', 'Enter');
    await pane.waitFor(/^\? Save the answers to a file/m);
    const shown = pane.capture({ history: true });
    expect(shown).toContain('The job to create:');
    expectWhole(shown, []);
    const summary = shown.slice(shown.indexOf('The job to create:'));
    for (const word of ['Portuguese', 'Portugal', 'Lisbon', 'recruiting', 'interviewing', 'negotiation', 'branding'])
      expect(summary, summary).toMatch(new RegExp(`\\b${word}\\b`));
    // Continuation lines hang under the value (21 columns in), not at the left edge.
    expect(summary).toMatch(/^ {21}\S/m);
    pane.sendKeys('C-c');
    await pane.waitFor(/EXIT=\d+/);
  });
});
