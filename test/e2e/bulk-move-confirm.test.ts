// Moving candidates in bulk at a terminal (tmux 80x24, the built binary; docs/profiles.md
// "Confirmations"): on a production profile it asks once, naming the count and the environment —
// "n" moves nothing, "y" moves them all — also when the ids come from a pipe (the answer is read
// from the terminal itself); on a sandbox profile it asks nothing. The refusal when no terminal
// can be opened: test/integration/confirmations.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLocalKey, environmentDataDir } from '../../src/emulator/access/local-key.js';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { hirePane, shellPane, type Pane } from '../helpers/tmux.js';

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

/** How many candidates each test moves. */
const COUNT = 3;
const QUESTION = new RegExp(`Move ${COUNT} candidates to screening on production \\(profile "prod"\\)\\? \\(y/N\\)`);

/** Noon UTC of today and on from there: no sandbox reset at midnight falls inside a test. */
function middayClock(): () => Date {
  const start = Date.now();
  const midday = Math.floor(start / 86_400_000) * 86_400_000 + 12 * 3_600_000;
  return () => new Date(midday + (Date.now() - start));
}

interface Setup {
  box: Sandbox;
  emulator: TestEmulator;
}

/** A standing emulator, and profiles on it: "prod" (production) and "sbx" (sandbox). */
async function setup(): Promise<Setup> {
  const box = await sandbox();
  const emulator = await testEmulator(box.dataDir, { now: middayClock() });
  box.writeConfig({
    profiles: {
      prod: { environment: 'production', base_url: emulator.apiUrl, api_key: emulator.key },
      sbx: {
        environment: 'sandbox',
        base_url: emulator.sandboxApiUrl,
        api_key: ensureLocalKey(environmentDataDir(box.dataDir, 'sandbox')),
      },
    },
  });
  return { box, emulator };
}

/** COUNT new candidates of a fresh job in an environment of the emulator. */
async function newCandidates({ box, emulator }: Setup, environment: 'production' | 'sandbox'): Promise<string[]> {
  const [api, key, control] =
    environment === 'production'
      ? [emulator.apiUrl, emulator.key, `${emulator.origin}/_emulator`]
      : [
          emulator.sandboxApiUrl,
          ensureLocalKey(environmentDataDir(box.dataDir, 'sandbox')),
          `${emulator.origin}/sandbox/_emulator`,
        ];
  const post = (url: string, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const job = await post(`${api}/jobs`, { title: 'Backend Engineer', description: DESCRIPTION, publish: true });
  expect(job.status).toBe(201);
  const jobId = ((await job.json()) as { data: { id: string } }).data.id;
  const simulated = await post(`${control}/simulate`, { job_id: jobId, applications: COUNT });
  expect(simulated.status).toBe(201);
  const listed = await fetch(`${api}/candidates?job_id=${jobId}&per_page=100`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const candidates = ((await listed.json()) as { data: { id: string; status: string }[] }).data;
  expect(candidates.map((candidate) => candidate.status)).toEqual(Array(COUNT).fill('new'));
  return candidates.map((candidate) => candidate.id);
}

/** Each candidate's status, as `hire candidates get ID --json` shows it. */
async function statuses(box: Sandbox, profile: string, ids: string[]): Promise<string[]> {
  const statusOf = async (id: string) => {
    const result = await runCli(['candidates', 'get', id, '--json', '-q', '--profile', profile], { env: box.env });
    expect(result.code, result.stderr).toBe(0);
    return json<{ status: string }>(result).status;
  };
  return Promise.all(ids.map(statusOf));
}

/**
 * How many times a question was asked, in the whole pane (its scrollback too): once answered, the
 * prompt's line stays as "✔ Move 3 candidates … ? Yes".
 */
const questionsIn = (pane: Pane) => pane.capture({ history: true }).match(/Move \d+ candidates to \w+/g)?.length ?? 0;

const track = (pane: Pane): Pane => {
  panes.push(pane);
  return pane;
};

describe('candidates move with many ids at an 80x24 terminal', () => {
  it('on production asks once, naming the count: "n" moves none, "y" moves all', async () => {
    const setupDone = await setup();
    const { box } = setupDone;
    const ids = await newCandidates(setupDone, 'production');
    const argv = ['candidates', 'move', ...ids, '--status', 'screening', '--profile', 'prod'];

    const declined = track(hirePane(box, argv, { width: 80, height: 24 }));
    await declined.waitFor(QUESTION);
    declined.sendKeys('n', 'Enter');
    const refused = await declined.waitFor(/EXIT=\d+/);
    expect(refused).toContain('Nothing was sent.');
    expect(refused).toContain('EXIT=0'); // a no is an answer, not a failure
    expect(questionsIn(declined)).toBe(1);
    expect(await statuses(box, 'prod', ids)).toEqual(Array(COUNT).fill('new'));

    const accepted = track(hirePane(box, argv, { width: 80, height: 24 }));
    await accepted.waitFor(QUESTION);
    accepted.sendKeys('y', 'Enter');
    const done = await accepted.waitFor(/EXIT=\d+/);
    expect(done).toContain('EXIT=0');
    expect(done).toContain(`${COUNT} candidates: ${COUNT} moved to screening.`);
    expect(questionsIn(accepted)).toBe(1);
    expect(await statuses(box, 'prod', ids)).toEqual(Array(COUNT).fill('screening'));
  });

  it('on production with the ids piped to -, still asks at the terminal, once', async () => {
    const setupDone = await setup();
    const { box } = setupDone;
    const ids = await newCandidates(setupDone, 'production');
    const line = `printf '${ids.join('\\n')}\\n' | hire candidates move - --status screening --profile prod`;

    const declined = track(shellPane(box, line, { width: 80, height: 24 }));
    await declined.waitFor(QUESTION);
    declined.sendKeys('n', 'Enter');
    const refused = await declined.waitFor(/EXIT=\d+/);
    expect(refused).toContain('Nothing was sent.');
    expect(refused).toContain('EXIT=0');
    expect(await statuses(box, 'prod', ids)).toEqual(Array(COUNT).fill('new'));

    const accepted = track(shellPane(box, line, { width: 80, height: 24 }));
    await accepted.waitFor(QUESTION);
    accepted.sendKeys('y', 'Enter');
    const done = await accepted.waitFor(/EXIT=\d+/);
    expect(done).toContain('EXIT=0');
    expect(done).toContain(`${COUNT} candidates: ${COUNT} moved to screening.`);
    expect(questionsIn(accepted)).toBe(1);
    expect(await statuses(box, 'prod', ids)).toEqual(Array(COUNT).fill('screening'));
  });

  it('on a sandbox profile asks nothing and moves them all', async () => {
    const setupDone = await setup();
    const { box } = setupDone;
    const ids = await newCandidates(setupDone, 'sandbox');
    const pane = track(
      hirePane(box, ['candidates', 'move', ...ids, '--status', 'screening', '--profile', 'sbx'], {
        width: 80,
        height: 24,
      }),
    );
    const done = await pane.waitFor(/EXIT=\d+/);
    expect(done).toContain('EXIT=0');
    expect(done).toContain(`${COUNT} candidates: ${COUNT} moved to screening.`);
    expect(questionsIn(pane)).toBe(0);
    expect(await statuses(box, 'sbx', ids)).toEqual(Array(COUNT).fill('screening'));
  });
});
