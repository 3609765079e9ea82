// The event log says what it keeps (docs/emulator.md "Webhooks and events"): a command whose events
// push older ones out of the log says on stderr how many, and the limit; `emulator simulate --json`
// carries the count. Against standing emulators whose log keeps a few events (the server's
// `eventsKept` option), so that the limit is passed in a few requests.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { EVENTS_KEPT } from '../../src/emulator/platform/event-records.js';

type Rec = Record<string, any>;

async function world(eventsKept?: number): Promise<{ emulator: TestEmulator; env: Record<string, string> }> {
  const box = await sandbox();
  const emulator = await testEmulator(box.dataDir, eventsKept === undefined ? {} : { eventsKept });
  return { emulator, env: { ...box.env, HIRE_BASE_URL: emulator.apiUrl, HIRE_API_KEY: emulator.key } };
}

async function ok<T = Rec>(env: Record<string, string>, argv: string[]): Promise<T> {
  const result = await runCli([...argv, '--json'], { env });
  if (result.code !== 0) throw new Error(`hire ${argv.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return json<T>(result);
}

/** How many events the log holds now. */
async function logged(emulator: TestEmulator): Promise<number> {
  const { json: answer } = await emulator.call('GET', '/events?per_page=1');
  return answer.meta.total_count as number;
}

/** A published job and 30 applications to it (seeded): the events that makes. */
async function busyDay(env: Record<string, string>, result: { json?: boolean; tty?: boolean; verbose?: boolean }) {
  const job = await ok(env, [
    'jobs',
    'create',
    '--title',
    'Backend Engineer',
    '--description',
    DESCRIPTION,
    '--publish',
  ]);
  const argv = ['emulator', 'simulate', '--job', job.id, '--applications', '30', '--seed', '6', '--advance'];
  return runCli([...argv, ...(result.json ? ['--json'] : []), ...(result.verbose ? ['-v'] : [])], {
    env,
    tty: result.tty === true,
    columns: 200,
  });
}

describe('events pushed out of the log', () => {
  it('emulator simulate says how many were dropped and the limit, at a terminal and in its --json', async () => {
    // What the same day makes in a log that keeps them all.
    const roomy = await world();
    const quiet = await busyDay(roomy.env, { tty: true });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toContain('dropped');
    const made = await logged(roomy.emulator);
    expect(made).toBeGreaterThan(30);
    expect(made).toBeLessThan(EVENTS_KEPT);

    const small = await world(10);
    const screen = await busyDay(small.env, { tty: true });
    expect(screen.code, screen.stderr).toBe(0);
    expect(screen.stderr).toContain(
      `Warning: ${made - 10} older events were dropped from the event log, which keeps the newest 10; they can no longer be read or resent.`,
    );
    expect(await logged(small.emulator)).toBe(10);

    const machine = await world(10);
    const result = await busyDay(machine.env, { json: true });
    expect(result.code, result.stderr).toBe(0);
    expect(json<Rec>(result)).toMatchObject({ created: 30, dropped_events: made - 10, events_kept: 10 });
    // Under --json stderr stays for machine lines; with -v the sentence is there too.
    const verbose = await busyDay((await world(10)).env, { json: true, verbose: true });
    expect(verbose.stderr).toContain(
      `${made - 10} older events were dropped from the event log, which keeps the newest 10`,
    );
  });

  it('trigger says it too, for one event; nothing is said while the log has room', async () => {
    const { env, emulator } = await world(5);
    for (let index = 0; index < 2; index++) {
      const result = await runCli(['trigger', 'job.created'], { env, tty: true, columns: 200 });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toContain('dropped');
    }
    // job.created comes with its assessment: two events a trigger, five kept.
    expect(await logged(emulator)).toBe(4);
    const third = await runCli(['trigger', 'job.created'], { env, tty: true, columns: 200 });
    expect(third.code, third.stderr).toBe(0);
    expect(third.stderr).toContain(
      'Warning: 1 older event was dropped from the event log, which keeps the newest 5; it can no longer be read or resent.',
    );
    expect(await logged(emulator)).toBe(5);
  });

  it('the default limit is EVENTS_KEPT, in the answer of the emulator', async () => {
    const { env } = await world();
    const job = await ok(env, [
      'jobs',
      'create',
      '--title',
      'Backend Engineer',
      '--description',
      DESCRIPTION,
      '--publish',
    ]);
    const result = await ok(env, ['emulator', 'simulate', '--job', job.id, '--applications', '2']);
    expect(result).toMatchObject({ dropped_events: 0, events_kept: EVENTS_KEPT });
  });
});
