// Every command hire suggests is worded by one builder (src/commands/suggest.ts) from the
// declarations: on a profile that is not the default one (`-p local-sandbox`), each carries
// `--profile local-sandbox`, so that copied as printed it runs where the command ran; on the
// default profile, none does. Through main() against the in-process emulator.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

type Rec = Record<string, any>;

const on = (profile: string | undefined, argv: string[]) => (profile ? ['-p', profile, ...argv] : argv);

async function ok<T = Rec>(box: Sandbox, profile: string | undefined, argv: string[]): Promise<T> {
  const result = await runCli(on(profile, [...argv, '--json']), { env: box.env });
  if (result.code !== 0) throw new Error(`hire ${argv.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return json<T>(result);
}

/** Every `hire …` command quoted in the text. */
const suggested = (text: string): string[] => [...text.matchAll(/`(hire [^`]*)`/g)].map((match) => match[1]!);

/** A published job with candidates waiting, on `profile`. */
async function world(profile: string | undefined): Promise<{ box: Sandbox; job: Rec; candidates: Rec[] }> {
  const box = await sandbox();
  const job = await ok(box, profile, [
    'jobs',
    'create',
    '--title',
    'Backend Engineer',
    '--description',
    DESCRIPTION,
    '--publish',
  ]);
  await ok(box, profile, ['emulator', 'simulate', '--job', job.id, '--applications', '25', '--seed', '5']);
  const candidates = await ok<Rec[]>(box, profile, ['candidates', 'list', '--job', job.id, '--all']);
  return { box, job, candidates };
}

const screen = (box: Sandbox, profile: string | undefined, argv: string[]): Promise<RunResult> =>
  runCli(on(profile, argv), { env: box.env, tty: true, columns: 200 });

describe('suggested commands carry the profile in use when it is not the default', () => {
  it('on -p local-sandbox: hire status, a refused move, a refused job verb and the paging hint all name --profile local-sandbox', async () => {
    const { box, job, candidates } = await world('local-sandbox');
    const seen: string[] = [];

    const status = await screen(box, 'local-sandbox', ['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/Next: `hire candidates list --job job_\w+ --status \w+ --profile local-sandbox`/);
    seen.push(...suggested(status.stdout));

    const fresh = candidates.find((candidate) => candidate.status === 'new')!;
    const refused = await runCli(on('local-sandbox', ['candidates', 'move', fresh.id, '--status', 'interview']), {
      env: box.env,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `\`hire candidates move ${fresh.id} --status screening --profile local-sandbox\` first.`,
    );
    seen.push(...suggested(refused.stderr));

    const draft = await ok(box, 'local-sandbox', ['jobs', 'create', '--title', 'Draft', '--description', DESCRIPTION]);
    const paused = await runCli(on('local-sandbox', ['jobs', 'pause', draft.id]), { env: box.env });
    expect(paused.code).toBe(1);
    expect(paused.stderr).toContain(`\`hire jobs publish ${draft.id} --profile local-sandbox\``);
    seen.push(...suggested(paused.stderr));

    const page = await screen(box, 'local-sandbox', ['candidates', 'list', '--job', job.id, '--per-page', '10']);
    expect(page.code, page.stderr).toBe(0);
    expect(page.stderr).toContain('Page 1 of 3 (25 candidates). Next: --page 2 --profile local-sandbox, or --all.');

    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const command of seen) expect(command).toMatch(/ --profile local-sandbox$/);
  });

  it('with HIRE_PROFILE naming a profile that is not the default, the same', async () => {
    const { box } = await world('local-sandbox');
    const status = await runCli(['status'], {
      env: { ...box.env, HIRE_PROFILE: 'local-sandbox' },
      tty: true,
      columns: 200,
    });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/`hire candidates list --job job_\w+ --status \w+ --profile local-sandbox`/);
  });

  it('on the default profile (local, or the one saved as default), no suggestion names a profile', async () => {
    const { box, job, candidates } = await world(undefined);
    const status = await screen(box, undefined, ['status']);
    expect(status.stdout).toMatch(/Next: `hire candidates list --job job_\w+ --status \w+`:/);
    const fresh = candidates.find((candidate) => candidate.status === 'new')!;
    const refused = await runCli(['candidates', 'move', fresh.id, '--status', 'interview'], { env: box.env });
    expect(refused.stderr).toContain(`\`hire candidates move ${fresh.id} --status screening\` first.`);
    const page = await screen(box, undefined, ['candidates', 'list', '--job', job.id, '--per-page', '10']);
    expect(page.stderr).toContain('Page 1 of 3 (25 candidates). Next: --page 2, or --all.');
    for (const command of [...suggested(status.stdout), ...suggested(refused.stderr)])
      expect(command).not.toContain('--profile');
    // -p naming the default profile is the default profile: nothing to add.
    const named = await screen(box, 'local', ['status']);
    expect(named.stdout).toMatch(/Next: `hire candidates list --job job_\w+ --status \w+`:/);
    // local-sandbox saved as the default: then `local` is the one that is named.
    box.writeConfig({ default_profile: 'local-sandbox' });
    const other = await screen(box, 'local', ['status']);
    expect(other.stdout).toMatch(/Next: `hire candidates list --job job_\w+ --status \w+ --profile local`:/);
  });
});
