// Suggested commands copied from a real terminal run (tmux, the built binary; docs/output.md
// "Suggested commands"): at 60 columns, `hire status`'s `Next:` command and the next steps after
// `jobs publish` are wider than the pane, so they stand on lines of their own, continued with ` \`;
// at 80 columns, `candidates move`'s NOTE column cannot hold its command, which moves under the
// table. Each command is copied from the pane as a person would select its lines, and run
// through `sh`: it runs, on the profile it names, and does what it says.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { shellPane, type Pane } from '../helpers/tmux.js';
import { shellWords } from '../helpers/shell-words.js';

type Rec = Record<string, any>;

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

const PROFILE = 'local-sandbox';

async function ok<T = Rec>(box: Sandbox, argv: string[]): Promise<T> {
  const result = await runCli([...argv, '--json', '-q', '-p', PROFILE], { env: box.env });
  expect(result.code, `hire ${argv.join(' ')}\n${result.stderr}`).toBe(0);
  return json<T>(result);
}

/** What the pane shows after `line` ran in it (stdout and stderr both), each screen row apart. */
async function rows(box: Sandbox, line: string, width: number): Promise<string[]> {
  const pane = shellPane(box, line, { width, height: 50 });
  panes.push(pane);
  await pane.waitFor(/EXIT=\d+/);
  // Rows as the terminal shows them (no soft-wrapped line joined): what a person selects.
  const screen = pane.capture({ history: true, rows: true });
  pane.kill();
  expect(screen, screen).toContain('EXIT=0');
  return screen.split('\n').map((row) => row.trimEnd());
}

/**
 * The commands shown on the rows: a row that starts (after its indent) with `hire `, with the rows
 * after it while one ends with ` \`. Each as the text a person copies.
 */
function copiedCommands(screen: readonly string[]): string[] {
  const commands: string[] = [];
  for (let index = 0; index < screen.length; index++) {
    if (!/^\s*hire /.test(screen[index]!)) continue;
    let text = screen[index]!.trimStart();
    while (text.endsWith(' \\') && index + 1 < screen.length) text += `\n${screen[++index]!}`;
    commands.push(text);
  }
  return commands;
}

/** Runs copied text through sh, `hire` being the built binary; its exit code and output. */
function runCopied(box: Sandbox, text: string): { code: number; output: string } {
  const hire = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'bin', 'hire.js'))}`;
  try {
    const output = execFileSync('/bin/sh', ['-c', `hire() { ${hire} "$@"; }\n${text}`], {
      cwd: box.root,
      env: { ...box.env, PATH: process.env.PATH ?? '/usr/bin:/bin' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: `${failed.stdout}\n${failed.stderr}` };
  }
}

describe('suggested commands copied from the terminal run', () => {
  it('at 60 columns: the `Next:` of hire status and the next steps after jobs publish', async () => {
    const box = await sandbox();
    const job: Rec = await ok(box, ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION]);

    const published = await rows(box, `hire jobs publish ${job.id} -p ${PROFILE}`, 60);
    const steps = copiedCommands(published);
    expect(steps, published.join('\n')).toHaveLength(2);
    for (const row of published) expect(row.length, row).toBeLessThanOrEqual(60);
    expect(
      steps.some((step) => step.includes(' \\\n')),
      steps.join('\n\n'),
    ).toBe(true);
    const simulate = runCopied(box, steps[0]!);
    expect(simulate.code, simulate.output).toBe(0);
    expect(simulate.output).toContain(`10 candidates applied to ${job.id}`);

    // The sandbox's seeded jobs and this one: status names the work waiting, with a command.
    const status = await rows(box, `hire status -p ${PROFILE}`, 60);
    const next = copiedCommands(status).find((command) => command.includes('--status'));
    expect(next, status.join('\n')).toBeDefined();
    expect(next).toContain(' \\\n');
    for (const row of status) if (/^\s*hire |^\s+--/.test(row)) expect(row.length, row).toBeLessThanOrEqual(60);
    const [, , , , jobId, , wanted] = shellWords(next!);
    expect(shellWords(next!)).toEqual([
      'hire',
      'candidates',
      'list',
      '--job',
      jobId,
      '--status',
      wanted,
      '--profile',
      PROFILE,
    ]);
    const listed = runCopied(box, `${next!} --json`);
    expect(listed.code, listed.output).toBe(0);
    const candidates = JSON.parse(listed.output) as Rec[];
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) expect([candidate.job_id, candidate.status]).toEqual([jobId, wanted]);
  });

  it('at 80 columns: the command of a NOTE cell moves under the candidates move table, and runs', async () => {
    const box = await sandbox();
    const job: Rec = await ok(box, [
      'jobs',
      'create',
      '--title',
      'Backend Engineer',
      '--description',
      DESCRIPTION,
      '--publish',
    ]);
    const simulated = await runCli(
      ['emulator', 'simulate', '--job', job.id, '--applications', '2', '-q', '-p', PROFILE],
      {
        env: box.env,
      },
    );
    expect(simulated.code, simulated.stderr).toBe(0);
    const ids = (await ok<Rec[]>(box, ['candidates', 'list', '--job', job.id])).map(
      (candidate) => candidate.id as string,
    );
    const table = await rows(box, `hire candidates move ${ids.join(' ')} --status review -p ${PROFILE}; true`, 80);
    const text = table.join('\n');
    expect(text).not.toContain('hire candid…');
    expect(text).not.toMatch(/`hire [^`]*…/);
    for (const row of table) expect(row.length, row).toBeLessThanOrEqual(80);
    expect(text).toMatch(/\[1\]/);
    // Under the table, each command after its mark (the error on stderr repeats them, laid out alike).
    const under = table.slice(
      table.findIndex((row) => row.startsWith('└')),
      table.findIndex((row) => row.startsWith('Error:')),
    );
    expect(under.filter((row) => /^# \[\d\]$/.test(row))).toEqual(['# [1]', '# [2]']);
    const moves = copiedCommands(under);
    expect(moves.map((move) => move.replace(/ \\\n\s*/g, ' ')).sort()).toEqual(
      ids.map((id) => `hire candidates move ${id} --status screening --profile ${PROFILE}`).sort(),
    );
    for (const move of moves) {
      const moved = runCopied(box, move);
      expect(moved.code, moved.output).toBe(0);
    }
    const after = await ok<Rec[]>(box, ['candidates', 'list', '--job', job.id]);
    expect(after.map((candidate) => candidate.status)).toEqual(['screening', 'screening']);
  });
});
