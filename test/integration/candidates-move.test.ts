// `hire candidates move ID… --status S`: many ids (or `-` for ids on stdin), each reported — moved,
// already there, refused with the step toward the status asked, not found — with the exit code of
// the first failure; `--dry-run` changes nothing; `--json` is the candidates as moved. And the hint
// after a refused move points forward, never back unless back is what was asked.
import { describe, expect, it } from 'vitest';
import { moveHint } from '../../src/domain/candidate.js';
import { commandText } from '../../src/commands/suggest.js';
import { CANDIDATE_STATUSES } from '../../src/domain/vocabulary.js';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

type Candidate = { id: string; status: string; job_id: string };

async function pipeline(): Promise<{
  box: Sandbox;
  env: Record<string, string>;
  byStatus: Map<string, string[]>;
  job: string;
}> {
  const box = await sandbox();
  const env = { ...box.env };
  const created = await runCli(
    ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION, '--publish', '--json', '-q'],
    { env },
  );
  const job = (JSON.parse(created.stdout) as { id: string }).id;
  const simulated = await runCli(
    ['emulator', 'simulate', '--job', job, '--applications', '30', '--advance', '--seed', '7', '-q'],
    { env },
  );
  expect(simulated.code, simulated.stderr).toBe(0);
  const all = json<Candidate[]>(await runCli(['candidates', 'list', '--job', job, '--all', '--json', '-q'], { env }));
  const byStatus = new Map<string, string[]>();
  for (const candidate of all)
    byStatus.set(candidate.status, [...(byStatus.get(candidate.status) ?? []), candidate.id]);
  return { box, env, byStatus, job };
}

const statuses = async (env: Record<string, string>, ids: string[]) =>
  Promise.all(
    ids.map(async (id) => json<Candidate>(await runCli(['candidates', 'get', id, '--json', '-q'], { env })).status),
  );

describe('candidates move with many ids', () => {
  it('moves those that can move, reports the others with the step forward, and exits with the first failure', async () => {
    const { env, byStatus } = await pipeline();
    const review = byStatus.get('review') ?? [];
    const fresh = byStatus.get('new') ?? [];
    expect(review.length).toBeGreaterThan(1);
    expect(fresh.length).toBeGreaterThan(0);
    const ids = [review[0]!, review[1]!, fresh[0]!, 'cand_doesnotexist'];
    const result = await runCli(['candidates', 'move', ...ids, '--status', 'interview'], { env });
    expect(result.code).toBe(1); // the first failure: a refused move
    const rows = result.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => [row[0], row[1], row[2]])).toEqual([
      [review[0], 'moved', 'interview'],
      [review[1], 'moved', 'interview'],
      [fresh[0], 'refused', 'new'],
      ['cand_doesnotexist', 'not_found', ''],
    ]);
    expect(rows[2]![3]).toBe(
      `From new, interview is 3 steps on (screening → review → interview), one at a time: \`hire candidates move ${fresh[0]} --status screening\` first.`,
    );
    expect(result.stderr).toContain('4 candidates: 2 moved to interview, 1 refused, 1 not found.');
    expect(result.stderr).toContain('2 candidates of 4 did not end in interview.');
    expect(await statuses(env, ids.slice(0, 3))).toEqual(['interview', 'interview', 'new']);

    // Again: the two are there already, which is success for them; only the refused one fails.
    const again = await runCli(
      ['candidates', 'move', review[0]!, review[1]!, '--status', 'interview', '--json', '-q'],
      { env },
    );
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');
    expect(json<Candidate[]>(again).map((candidate) => [candidate.id, candidate.status])).toEqual([
      [review[0], 'interview'],
      [review[1], 'interview'],
    ]);
  });

  it('reads ids from stdin with -, as piped from candidates list --json | jq', async () => {
    const { env, byStatus, job } = await pipeline();
    const listed = await runCli(
      ['candidates', 'list', '--job', job, '--status', 'review', '--score-min', '0', '--json', '-q'],
      { env },
    );
    const ids = json<Candidate[]>(listed).map((candidate) => candidate.id);
    expect(ids.sort()).toEqual([...(byStatus.get('review') ?? [])].sort());
    const moved = await runCli(['candidates', 'move', '-', '--status', 'interview', '--json'], {
      env,
      stdin: `${ids.join('\n')}\n\n`,
    });
    expect(moved.code, moved.stderr).toBe(0);
    expect(json<Candidate[]>(moved).map((candidate) => candidate.status)).toEqual(ids.map(() => 'interview'));
    const none = await runCli(['candidates', 'move', '-', '--status', 'interview'], { env, stdin: '\n' });
    expect([none.code, none.stderr]).toEqual([
      2,
      'Error: No candidate ids: pass them as arguments, or - to read them from stdin, one a line.\n',
    ]);
    const bad = await runCli(['candidates', 'move', '-', '--status', 'interview'], {
      env,
      stdin: 'cand_ok\nnot an id\n',
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"not an id" is not a candidate id.');
  });

  it('--dry-run says who would move and who would be refused, and changes nothing', async () => {
    const { env, byStatus } = await pipeline();
    const interview = byStatus.get('interview') ?? [];
    const review = byStatus.get('review') ?? [];
    const rejected = byStatus.get('rejected') ?? [];
    const ids = [
      review[0]!,
      ...(interview.length > 0 ? [interview[0]!] : []),
      ...(rejected.length > 0 ? [rejected[0]!] : []),
    ];
    const before = await statuses(env, ids);
    const dry = await runCli(['candidates', 'move', ...ids, '--status', 'interview', '--dry-run'], { env });
    const rows = dry.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows[0]!.slice(0, 3)).toEqual([review[0], 'would_move', 'review']);
    if (interview.length > 0) expect(rows[1]!.slice(0, 3)).toEqual([interview[0], 'already', 'interview']);
    if (rejected.length > 0)
      expect(rows.at(-1)!.slice(0, 4)).toEqual([
        rejected[0],
        'would_refuse',
        'rejected',
        'rejected is final: the candidate cannot move any more.',
      ]);
    expect(dry.stderr).toContain('Dry run: ');
    expect(dry.stderr).toContain('Nothing was changed.');
    expect(dry.code).toBe(rejected.length > 0 ? 1 : 0);
    expect(await statuses(env, ids)).toEqual(before);
    // A single id with --dry-run is judged too, not moved.
    const one = await runCli(['candidates', 'move', review[0]!, '--status', 'interview', '--dry-run'], { env });
    expect(one.code).toBe(0);
    expect(await statuses(env, [review[0]!])).toEqual(['review']);
  });

  it('exits 4 when the first failure is a candidate not found, with the JSON error naming each', async () => {
    const { env, byStatus } = await pipeline();
    const review = byStatus.get('review')!;
    const result = await runCli(
      ['candidates', 'move', 'cand_missing', review[0]!, '--status', 'interview', '--json', '-q'],
      { env },
    );
    expect(result.code).toBe(4);
    expect(json<Candidate[]>(result).map((candidate) => candidate.id)).toEqual([review[0]]);
    const error = JSON.parse(result.stderr) as { error: { code: string; details: Record<string, string> } };
    expect(error.error.code).toBe('not_found');
    expect(error.error.details).toEqual({ cand_missing: 'not found: no such candidate' });
  });

  it('one id keeps the record and the hint of a single move', async () => {
    const { env, byStatus } = await pipeline();
    const review = byStatus.get('review')!;
    const refused = await runCli(['candidates', 'move', review[0]!, '--status', 'hired'], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `From review, hired is 3 steps on (interview → offer → hired), one at a time: \`hire candidates move ${review[0]} --status interview\` first.`,
    );
  });
});

describe('the hint after a refused move', () => {
  const moveTo = (status: string) => commandText(['candidates', 'move'], { args: ['cand_x'], flags: { status } });
  it('points at the next step toward the status asked, forward when it lies ahead and back only when asked back', () => {
    const pipeline = ['new', 'screening', 'review', 'interview', 'offer', 'hired'];
    for (const from of CANDIDATE_STATUSES) {
      for (const to of CANDIDATE_STATUSES) {
        const hint = moveHint(from, to, moveTo);
        const suggested = /--status (\w+)/.exec(hint)?.[1];
        if (from === to) expect(hint).toBe(`The candidate is ${to} already.`);
        else if (from === 'hired' || from === 'rejected')
          expect(hint).toBe(`${from} is final: the candidate cannot move any more.`);
        else if (suggested) {
          const at = pipeline.indexOf(from);
          const step = pipeline.indexOf(suggested) - at;
          const ahead = pipeline.indexOf(to) > at;
          expect({ from, to, step }).toEqual({ from, to, step: ahead ? 1 : -1 });
        }
      }
    }
    expect(moveHint('review', 'hired', moveTo)).toContain('--status interview');
    expect(moveHint('interview', 'new', moveTo)).toContain('--status review');
  });
});

describe('candidates move with a key that may not move', () => {
  it('stops at the first refusal of the key: one PATCH, the rest not attempted, exit 3', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const job = await emulator.call('POST', '/jobs', {
      body: { title: 'Backend Engineer', description: DESCRIPTION, publish: true },
    });
    expect(job.status).toBe(201);
    const simulated = await fetch(`${emulator.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: job.json.data.id, applications: 6 }),
    });
    expect(simulated.status).toBe(201);
    const ids = ((await emulator.call('GET', `/candidates?job_id=${job.json.data.id}`)).json.data as Candidate[]).map(
      (candidate) => candidate.id,
    );
    expect(ids).toHaveLength(6);
    const created = await fetch(`${emulator.origin}/_emulator/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'read', name: 'reader' }),
    });
    expect(created.status).toBe(201);
    const readKey = ((await created.json()) as { data: { key: string } }).data.key;
    box.writeConfig({
      profiles: { reader: { environment: 'sandbox', base_url: emulator.apiUrl, api_key: readKey } },
    });
    const log = async (after: number) =>
      (
        await fetch(`${emulator.origin}/_emulator/requests?after=${after}`, {
          headers: { authorization: `Bearer ${emulator.key}` },
        })
      ).json() as Promise<{ data: { method: string; path: string; status: number }[]; meta: { last: number } }>;
    const before = (await log(0)).meta.last;

    const result = await runCli(
      ['candidates', 'move', ...ids, '--status', 'screening', '--concurrency', '4', '--profile', 'reader'],
      { env: box.env },
    );
    expect(result.code, result.stderr).toBe(3);
    const rows = result.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => [row[0], row[1]])).toEqual([
      [ids[0], 'failed'],
      ...ids.slice(1).map((id) => [id, 'not_attempted']),
    ]);
    expect(rows[1]![3]).toBe(`the key was refused (forbidden) for ${ids[0]}`);
    expect(result.stderr).toContain(
      '6 candidates: 0 moved to screening, 1 failed, 5 not attempted (the key was refused).',
    );
    expect(result.stderr).toContain('The key was refused (forbidden): 5 candidates of 6 not attempted.');
    const patches = (await log(before)).data.filter((entry) => entry.method === 'PATCH');
    expect(patches.map((entry) => [entry.path, entry.status])).toEqual([[`/api/v1/candidates/${ids[0]}`, 403]]);

    // --json: stdout the candidates moved (none); the error on stderr names each one not attempted.
    const asJson = await runCli(
      ['candidates', 'move', ...ids, '--status', 'screening', '--profile', 'reader', '--json', '-q'],
      { env: box.env },
    );
    expect(asJson.code).toBe(3);
    expect(JSON.parse(asJson.stdout)).toEqual([]);
    const error = JSON.parse(asJson.stderr.slice(asJson.stderr.indexOf('{'))) as {
      error: { code: string; details: Record<string, string> };
    };
    expect(error.error.code).toBe('forbidden');
    expect(error.error.details[ids[5]!]).toBe(`not attempted: the key was refused (forbidden) for ${ids[0]}`);
    expect(await statuses({ ...box.env, HIRE_PROFILE: 'reader' }, ids)).toEqual(Array(6).fill('new'));
  });
});
