// Reliability: many processes on one data dir (docs/emulator.md "Data": one SQLite
// database in WAL mode; any number of `hire` processes and one standing emulator may use a data
// dir at once, each request's writes one transaction). The built CLI is spawned as users run it:
//   1. 20 creates at once, each running the emulator in-process, 10 rounds on one data dir;
//   2. 50 creates at once through a standing emulator while 10 in-process creates write too;
//   3. `jobs import` killed with SIGKILL at seeded random points of its progress, then run again;
//   4. list commands reading while an import (and a simulation) write.
// Every job a command acknowledged is stored, none twice, and nothing depends on timing: kills are
// placed by progress read from the store, never by a clock, and no figure of speed is asserted.
// HIRE_TEST_SEED=N replays test 3 with other kill points.
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/emulator/platform/random.js';
import { Store } from '../../src/emulator/storage/store.js';
import { describeOutput, hire, spawnHire, waitExit, waitFor, type Result, type Spawned } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';

type Obj = Record<string, any>;

interface StoredJob {
  id: string;
  title: string;
}

const SEED = Number.parseInt(process.env.HIRE_TEST_SEED ?? '', 10) || 20_261_124;

const ROUNDS = 10;
const PER_ROUND = 20;
const STANDING_CREATES = 50;
const IN_PROCESS_CREATES = 10;
const IMPORT_ROWS = 300;
const KILLS_WANTED = 50;
/**
 * The kill loop stops after this many iterations (then fails if too few were killed mid-import);
 * its only clock is the test's timeout, so that a slow machine cannot fail it.
 */
const MAX_ITERATIONS = 80;
/** Kill iterations run this many at a time, each on its own data dir. */
const LANES = 2;
const BULK_ROWS = 1_000;

/** Generous: 70 node processes starting at once on a busy 2-core machine take a while. */
const PROCESS_TIMEOUT_MS = 180_000;

const IN_PROCESS_NOTICE = 'Using the local emulator in-process';

/** Signs that something failed inside a command instead of working (or failing as designed). */
function troubles(stderr: string): string[] {
  const signs: [RegExp, string][] = [
    [/SQLITE_[A-Z_]+|database is locked|database table is locked/i, 'a SQLite error'],
    [/The emulator failed/, 'an emulator failure (500)'],
    [/Server error \d+; retrying/, 'a retried server error'],
    [/Rate limited \(429\)/, 'a rate limit'],
    [/unexpected failure/i, 'an unexpected failure'],
    [/\n\s+at .+:\d+:\d+\)?\n/, 'a stack trace'],
  ];
  return signs.filter(([pattern]) => pattern.test(stderr)).map(([, name]) => `${name}: ${stderr.slice(-800)}`);
}

function parseJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${what}: stdout is not JSON:\n${text.slice(0, 1_000)}`);
  }
}

// -v: under --json the notices (where the emulator ran) and retry lines (the troubles above) are written only then.
const createArgs = (title: string) => [
  'jobs',
  'create',
  '--title',
  title,
  '--description',
  DESCRIPTION,
  '--json',
  '-v',
];

/** Checks one finished create: exit 0, the job printed with an id and its title. Returns the id, or records a problem. */
function acknowledgedId(result: Result, title: string, problems: string[]): string | undefined {
  const trouble = troubles(result.stderr);
  if (trouble.length > 0) problems.push(`create "${title}": ${trouble.join('; ')}`);
  if (result.code !== 0) {
    problems.push(`create "${title}" exited ${result.code} (signal ${result.signal})${describeOutput(result)}`);
    return undefined;
  }
  let job: Obj;
  try {
    job = JSON.parse(result.stdout) as Obj;
  } catch {
    problems.push(`create "${title}": exit 0 but stdout is not JSON${describeOutput(result)}`);
    return undefined;
  }
  if (typeof job.id !== 'string' || !/^job_/.test(job.id) || job.title !== title) {
    problems.push(`create "${title}": printed ${JSON.stringify(job).slice(0, 300)}`);
    return undefined;
  }
  return job.id;
}

/** Titles held more than once. */
function repeated(titles: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const title of titles) counts.set(title, (counts.get(title) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([title, count]) => `${title} ×${count}`);
}

/**
 * Every job in the store, opened directly in this process (as a library user would) and closed
 * again. Test 1 does this once a round on the same data dir: a process that opens the store again
 * after other processes wrote must read it whole.
 */
function storedJobs(dataDir: string, where = ''): StoredJob[] {
  let store: Store;
  try {
    store = Store.open(dataDir);
  } catch (error) {
    throw new Error(`${where}Store.open(${dataDir}) failed in the test process: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return store.all<StoredJob>('jobs');
  } finally {
    store.close();
  }
}

/**
 * The data dir holds exactly the acknowledged jobs, each once with its title: seen through
 * `hire jobs list --all --json` and in the store opened directly.
 */
async function expectExactlyStored(
  box: Sandbox,
  acknowledged: ReadonlyMap<string, string>,
  where: string,
): Promise<number> {
  const list = await hire(box, ['jobs', 'list', '--all', '--json'], { timeoutMs: PROCESS_TIMEOUT_MS });
  expect(list.code, `${where}: jobs list --all${describeOutput(list)}`).toBe(0);
  expect(troubles(list.stderr), `${where}: jobs list --all`).toEqual([]);
  const listed = parseJson<StoredJob[]>(list.stdout, 'jobs list --all');
  const stored = storedJobs(box.dataDir, `${where}: `);
  for (const [source, jobs] of [
    ['jobs list --all', listed],
    ['the store', stored],
  ] as const) {
    const byId = new Map(jobs.map((job) => [job.id, job]));
    const lost = [...acknowledged.keys()].filter((id) => !byId.has(id));
    const wrongTitle = [...acknowledged].filter(([id, title]) => byId.has(id) && byId.get(id)!.title !== title);
    const unacknowledged = jobs.filter((job) => !acknowledged.has(job.id)).map((job) => `${job.id} "${job.title}"`);
    expect(lost, `${where}: acknowledged jobs missing from ${source}`).toEqual([]);
    expect(wrongTitle, `${where}: jobs with another title in ${source}`).toEqual([]);
    expect(repeated(jobs.map((job) => job.id)), `${where}: ids repeated in ${source}`).toEqual([]);
    expect(repeated(jobs.map((job) => job.title)), `${where}: titles repeated in ${source}`).toEqual([]);
    expect(unacknowledged, `${where}: jobs in ${source} that no command acknowledged`).toEqual([]);
    expect(jobs, `${where}: ${source}`).toHaveLength(acknowledged.size);
  }
  return stored.length;
}

/** `hire emulator start --port 0` on the box's data dir, once it says where it listens. */
async function startStanding(box: Sandbox): Promise<{ proc: Spawned; apiUrl: string; origin: string }> {
  const proc = spawnHire(box, ['emulator', 'start', '--port', '0']);
  const apiUrl = await waitFor(
    proc,
    'the standing emulator to listen',
    () => /Emulator listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(proc.stderr)?.[1],
    60_000,
  );
  return { proc, apiUrl, origin: new URL(apiUrl).origin };
}

/** A config dir of its own whose `local` profile points at a loopback port nobody listens on. */
async function unusedPortConfig(box: Sandbox, name: string): Promise<string> {
  const dir = join(box.root, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const profiles = { local: { environment: 'local', base_url: `http://127.0.0.1:${await unusedPort()}/api/v1` } };
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles }, null, 2), { mode: 0o600 });
  return dir;
}

function ndjsonRows(prefix: string, count: number, width: number): { titles: string[]; text: string } {
  const titles = Array.from({ length: count }, (_, index) => `${prefix} ${String(index + 1).padStart(width, '0')}`);
  return { titles, text: titles.map((title) => JSON.stringify({ title, description: DESCRIPTION })).join('\n') + '\n' };
}

interface ReportRow {
  row: number;
  status: string;
  id: string | null;
  title: string | null;
  error: string | null;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('concurrency on one data dir', () => {
  it(`${PER_ROUND} in-process creates at once, ${ROUNDS} rounds: every acknowledged job stored once`, async () => {
    const box = await sandbox();
    const acknowledged = new Map<string, string>();
    const roundMs: number[] = [];
    let stored = 0;
    const started = performance.now();
    for (let round = 1; round <= ROUNDS; round++) {
      const titles = Array.from(
        { length: PER_ROUND },
        (_, index) => `Embedded r${String(round).padStart(2, '0')} n${String(index + 1).padStart(2, '0')}`,
      );
      const roundStarted = performance.now();
      const results = await Promise.all(
        titles.map((title) => hire(box, createArgs(title), { timeoutMs: PROCESS_TIMEOUT_MS })),
      );
      roundMs.push(performance.now() - roundStarted);
      const problems: string[] = [];
      results.forEach((result, index) => {
        const title = titles[index]!;
        const id = acknowledgedId(result, title, problems);
        // No standing emulator: each ran its own, in-process, on the shared data dir.
        if (!result.stderr.includes(IN_PROCESS_NOTICE))
          problems.push(`create "${title}" did not run the emulator in-process${describeOutput(result)}`);
        if (id === undefined) return;
        if (acknowledged.has(id))
          problems.push(`create "${title}" printed ${id}, already printed for "${acknowledged.get(id)}"`);
        acknowledged.set(id, title);
      });
      expect(problems, `round ${round}`).toEqual([]);
      stored = await expectExactlyStored(box, acknowledged, `round ${round}`);
    }
    const wallMs = performance.now() - started;
    console.log(
      `concurrency, in-process: ${ROUNDS} rounds × ${PER_ROUND} processes = ${ROUNDS * PER_ROUND} creates, ${acknowledged.size} acknowledged, ` +
        `${stored} jobs stored; creates' wall ${seconds(roundMs.reduce((sum, ms) => sum + ms, 0))} ` +
        `(a round ${seconds(Math.min(...roundMs))}–${seconds(Math.max(...roundMs))}), with the checks ${seconds(wallMs)}`,
    );
    expect(acknowledged.size).toBe(ROUNDS * PER_ROUND);
    expect(stored).toBe(ROUNDS * PER_ROUND);
  }, 300_000);

  it(`${STANDING_CREATES} creates through a standing emulator and ${IN_PROCESS_CREATES} in-process ones at once: every acknowledged job stored once`, async () => {
    const box = await sandbox();
    const standing = await startStanding(box);
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: standing.apiUrl } } });
    const inProcessEnv = { HIRE_CONFIG_DIR: await unusedPortConfig(box, 'config-in-process') };
    // A command finds a standing emulator at its profile's address or where the data dir's record
    // (emulator.json) says, so while the record is there every command on this data dir uses the
    // standing one. Set aside while these run, it lets the second group run the emulator
    // in-process on the same data, writing alongside the standing emulator; it is put back after.
    const record = join(box.dataDir, 'emulator.json');
    const recordAside = join(box.root, 'emulator.json.aside');
    renameSync(record, recordAside);

    const viaStanding = Array.from(
      { length: STANDING_CREATES },
      (_, index) => `Standing n${String(index + 1).padStart(2, '0')}`,
    );
    const inProcess = Array.from(
      { length: IN_PROCESS_CREATES },
      (_, index) => `In-process n${String(index + 1).padStart(2, '0')}`,
    );
    // Interleaved: one in-process create after every few standing ones, all started at once.
    const plan: { title: string; group: 'standing' | 'in-process' }[] = [];
    const every = Math.ceil(STANDING_CREATES / IN_PROCESS_CREATES);
    for (const [index, title] of viaStanding.entries()) {
      plan.push({ title, group: 'standing' });
      const other = (index + 1) % every === 0 ? inProcess[(index + 1) / every - 1] : undefined;
      if (other) plan.push({ title: other, group: 'in-process' });
    }
    expect(plan).toHaveLength(STANDING_CREATES + IN_PROCESS_CREATES);
    const started = performance.now();
    const runs = plan.map(({ title, group }) =>
      hire(box, createArgs(title), {
        timeoutMs: PROCESS_TIMEOUT_MS,
        ...(group === 'in-process' ? { env: inProcessEnv } : {}),
      }).then((result) => ({
        title,
        group,
        result,
      })),
    );
    const outcomes = await Promise.all(runs);
    const wallMs = performance.now() - started;
    renameSync(recordAside, record);

    const problems: string[] = [];
    const acknowledged = new Map<string, string>();
    let served = 0;
    let fellBack = 0;
    for (const { title, group, result } of outcomes) {
      const id = acknowledgedId(result, title, problems);
      if (group === 'in-process') {
        if (!result.stderr.includes(IN_PROCESS_NOTICE))
          problems.push(`create "${title}" did not run the emulator in-process${describeOutput(result)}`);
      } else if (result.stderr.includes(`Using the local emulator at ${standing.origin}.`)) {
        served += 1;
      } else if (result.stderr.includes(IN_PROCESS_NOTICE)) {
        // The standing emulator did not prove itself in time (its probe has a timeout): the
        // command ran the emulator in-process on the same data, which is allowed.
        fellBack += 1;
      } else {
        problems.push(`create "${title}" says neither where the emulator was${describeOutput(result)}`);
      }
      if (id === undefined) continue;
      if (acknowledged.has(id))
        problems.push(`create "${title}" printed ${id}, already printed for "${acknowledged.get(id)}"`);
      acknowledged.set(id, title);
    }
    expect(problems).toEqual([]);
    // The standing emulator logged a 201 for each create it served (its log reaches its stderr a little later).
    const logged = () => standing.proc.stderr.match(/^POST \/api\/v1\/jobs → 201 /gm)?.length ?? 0;
    await waitFor(standing.proc, `${served} creates in the standing emulator's log`, () => logged() >= served);
    expect(logged()).toBe(served);
    expect(standing.proc.stderr.match(/^.* → 5\d\d .*$/gm) ?? [], 'server errors in the standing emulator').toEqual([]);

    const stored = await expectExactlyStored(box, acknowledged, 'after the creates');
    console.log(
      `concurrency, standing + in-process: ${STANDING_CREATES + IN_PROCESS_CREATES} processes at once (${served} served by the standing emulator, ` +
        `${fellBack} fell back in-process, ${IN_PROCESS_CREATES} in-process by design), ${acknowledged.size} acknowledged, ${stored} jobs stored; wall ${seconds(wallMs)}`,
    );
    expect(acknowledged.size).toBe(STANDING_CREATES + IN_PROCESS_CREATES);

    standing.proc.child.kill('SIGTERM');
    const exit = await waitExit(standing.proc, 'the standing emulator', 60_000);
    expect(exit.code, describeOutput(standing.proc)).toBe(0);
  }, 300_000);

  it(`jobs import killed with SIGKILL at ${KILLS_WANTED}+ random points of its progress, then run again: every row exactly once`, async () => {
    const { titles, text } = ndjsonRows('Imp', IMPORT_ROWS, 3);
    const rowTitles = new Set(titles);
    const importArgs = (file: string) => ['jobs', 'import', file, '--concurrency', '8', '--json'];
    const random = seededRandom(SEED);
    /** How many jobs are stored when the kill is sent, per iteration: 1 to rows-1. */
    const killAt = Array.from({ length: MAX_ITERATIONS }, () => 1 + Math.floor(random() * (IMPORT_ROWS - 1)));

    interface Iteration {
      index: number;
      killAt: number;
      killed: boolean;
      /** Jobs stored after the kill, before the second run. */
      before: number;
      created: number;
      existing: number;
    }

    const iterate = async (index: number): Promise<Iteration> => {
      const box = await sandbox();
      const file = join(box.root, 'rows.ndjson');
      writeFileSync(file, text);
      const where = `iteration ${index + 1} (kill at ${killAt[index]} jobs, seed ${SEED})`;

      // ---- The first run, killed once the store holds killAt jobs (read from the store itself).
      let store = Store.open(box.dataDir);
      let beforeJobs: StoredJob[];
      let killed: boolean;
      try {
        const first = spawnHire(box, importArgs(file));
        const deadline = Date.now() + PROCESS_TIMEOUT_MS;
        while (first.exit === undefined && store.count('jobs') < killAt[index]!) {
          if (Date.now() > deadline)
            throw new Error(
              `${where}: the import stored ${store.count('jobs')} jobs in ${PROCESS_TIMEOUT_MS} ms${describeOutput(first)}`,
            );
          await sleep(2);
        }
        if (first.exit === undefined) first.child.kill('SIGKILL');
        const exit = await first.exited;
        killed = exit.signal === 'SIGKILL';
        // Finished before the kill landed: then it must have worked.
        if (!killed) expect(exit.code, `${where}: the first run ended by itself${describeOutput(first)}`).toBe(0);
        expect(troubles(first.stderr), where).toEqual([]);
        // What the killed process left: each job with its assessment and idempotency record, or none of them.
        beforeJobs = store.all<StoredJob>('jobs');
        expect(store.count('assessments'), `${where}: assessments after the kill`).toBe(beforeJobs.length);
        expect(store.count('idempotency'), `${where}: idempotency records after the kill`).toBe(beforeJobs.length);
      } finally {
        store.close();
      }
      expect(repeated(beforeJobs.map((job) => job.title)), `${where}: titles repeated after the kill`).toEqual([]);
      expect(
        beforeJobs.filter((job) => !rowTitles.has(job.title)),
        `${where}: jobs that are no row`,
      ).toEqual([]);
      if (killed) expect(beforeJobs.length, `${where}: jobs stored when killed`).toBeGreaterThanOrEqual(killAt[index]!);
      const idBefore = new Map(beforeJobs.map((job) => [job.title, job.id]));

      // ---- The same import again, to completion: what was stored is "already there", the rest created.
      const second = await hire(box, importArgs(file), { timeoutMs: PROCESS_TIMEOUT_MS });
      expect(second.code, `${where}: the second run${describeOutput(second)}`).toBe(0);
      expect(troubles(second.stderr), where).toEqual([]);
      const report = parseJson<ReportRow[]>(second.stdout, `${where}: the second run`);
      expect(report, `${where}: report rows`).toHaveLength(IMPORT_ROWS);
      const wrong = report.filter((row) => {
        const earlier = idBefore.get(row.title ?? '');
        return earlier === undefined
          ? row.status !== 'created' || !row.id
          : row.status !== 'existing' || row.id !== earlier;
      });
      expect(
        wrong.map(
          (row) =>
            `row ${row.row} "${row.title}": ${row.status} ${row.id} (stored before: ${idBefore.get(row.title ?? '') ?? 'no'})`,
        ),
        `${where}: rows stored before the kill are "existing" with their id, the others "created"`,
      ).toEqual([]);

      store = Store.open(box.dataDir);
      try {
        const jobs = store.all<StoredJob>('jobs');
        expect(repeated(jobs.map((job) => job.title)), `${where}: titles repeated`).toEqual([]);
        expect(
          titles.filter((title) => !jobs.some((job) => job.title === title)),
          `${where}: rows lost`,
        ).toEqual([]);
        expect(jobs, where).toHaveLength(IMPORT_ROWS);
        const reported = new Map(report.map((row) => [row.title, row.id]));
        expect(
          jobs.filter((job) => reported.get(job.title) !== job.id).map((job) => job.title),
          `${where}: stored ids differ from the report`,
        ).toEqual([]);
        expect(store.count('assessments'), `${where}: assessments`).toBe(IMPORT_ROWS);
        expect(store.count('idempotency'), `${where}: idempotency records`).toBe(IMPORT_ROWS);
      } finally {
        store.close();
      }
      const count = (status: string) => report.filter((row) => row.status === status).length;
      return {
        index,
        killAt: killAt[index]!,
        killed,
        before: beforeJobs.length,
        created: count('created'),
        existing: count('existing'),
      };
    };

    const done: Iteration[] = [];
    let kills = 0;
    let next = 0;
    let failure: unknown;
    const started = Date.now();
    const lane = async () => {
      while (failure === undefined && kills < KILLS_WANTED && next < MAX_ITERATIONS) {
        const index = next++;
        try {
          const iteration = await iterate(index);
          done.push(iteration);
          if (iteration.killed) kills += 1;
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    const elapsed = Date.now() - started;
    const befores = done
      .filter((item) => item.killed)
      .map((item) => item.before)
      .sort((a, b) => a - b);
    console.log(
      `concurrency, kill -9 import: ${done.length} iterations in ${seconds(elapsed)} (seed ${SEED}, ${LANES} at a time), ${kills} killed mid-import, ` +
        `${done.length - kills} finished before the kill; jobs stored at the kill ${befores[0] ?? '-'}–${befores.at(-1) ?? '-'} ` +
        `(median ${befores[Math.floor(befores.length / 2)] ?? '-'}); rows checked ${done.length * IMPORT_ROWS}, ` +
        `reported existing ${done.reduce((sum, item) => sum + item.existing, 0)}, created on re-run ${done.reduce((sum, item) => sum + item.created, 0)}`,
    );
    if (failure !== undefined) throw failure as Error;
    if (kills < KILLS_WANTED) {
      throw new Error(
        `only ${kills} of the ${KILLS_WANTED} kills wanted happened: ${done.length} iterations ran in ${seconds(elapsed)} ` +
          `(at most ${MAX_ITERATIONS} iterations): the others finished before their kill point`,
      );
    }
  }, 900_000);

  it('lists read consistent pages while an import and a simulation write to the same data dir', async () => {
    const box = await sandbox();
    const host = await hire(box, [
      'jobs',
      'create',
      '--title',
      'Bulk host',
      '--description',
      DESCRIPTION,
      '--publish',
      '--json',
    ]);
    expect(host.code, describeOutput(host)).toBe(0);
    const hostId = parseJson<{ id: string }>(host.stdout, 'jobs create').id;
    const applied = await hire(box, ['emulator', 'simulate', '--job', hostId, '--applications', '150']);
    expect(applied.code, describeOutput(applied)).toBe(0);
    let candidates = 150;

    const { titles, text } = ndjsonRows('Bulk', BULK_ROWS, 4);
    const file = join(box.root, 'bulk.ndjson');
    writeFileSync(file, text);
    const store = Store.open(box.dataDir);
    try {
      const importing = spawnHire(box, ['jobs', 'import', file, '--concurrency', '4', '--json']);
      await waitFor(importing, 'the import to store its first job', () => store.count('jobs') >= 2, PROCESS_TIMEOUT_MS);

      const problems: string[] = [];
      let batches = 0;
      let batchesDuringImport = 0;
      let lists = 0;
      let sawPartWay = 0;
      let defaultOrderRepeats = 0;
      const page = (result: Result, what: string, prefix: string, max: number): Obj[] | undefined => {
        lists += 1;
        problems.push(...troubles(result.stderr).map((trouble) => `${what}: ${trouble}`));
        if (result.code !== 0) {
          problems.push(`${what} exited ${result.code}${describeOutput(result)}`);
          return undefined;
        }
        let items: Obj[];
        try {
          items = JSON.parse(result.stdout) as Obj[];
        } catch {
          problems.push(`${what}: stdout is not JSON${describeOutput(result)}`);
          return undefined;
        }
        if (!Array.isArray(items)) {
          problems.push(`${what}: not an array: ${result.stdout.slice(0, 200)}`);
          return undefined;
        }
        if (items.length > max) problems.push(`${what}: ${items.length} items, more than ${max}`);
        const bad = items.filter((item) => typeof item.id !== 'string' || !item.id.startsWith(prefix));
        if (bad.length > 0) problems.push(`${what}: items without a ${prefix} id: ${JSON.stringify(bad.slice(0, 2))}`);
        return items;
      };
      const distinct = (items: Obj[] | undefined, what: string) => {
        const repeats = repeated((items ?? []).map((item) => String(item.id)));
        if (repeats.length > 0) problems.push(`${what}: ids repeated: ${repeats.slice(0, 5).join(', ')}`);
      };

      // Batches of reads (and a writer of candidates) while the import runs: the first starts as
      // soon as the import has stored a job, and one more starts whenever one ends before it.
      do {
        const running = importing.exit === undefined;
        batches += 1;
        if (running) batchesDuringImport += 1;
        const storedBefore = new Set(store.all<StoredJob>('jobs').map((job) => job.id));
        const run = (args: string[]) => hire(box, args, { timeoutMs: PROCESS_TIMEOUT_MS });
        const [jobs1, jobs2, cands1, cands2, ascending, newestFirst, simulated] = await Promise.all([
          run(['jobs', 'list', '--json', '--per-page', '100']),
          run(['jobs', 'list', '--json', '--per-page', '100', '--page', '2']),
          run(['candidates', 'list', '--json', '--per-page', '100']),
          run(['candidates', 'list', '--json', '--per-page', '100', '--page', '2']),
          run(['jobs', 'list', '--all', '--json', '--sort', 'created_at']),
          run(['jobs', 'list', '--all', '--json']),
          run(['emulator', 'simulate', '--job', hostId, '--applications', '10']),
        ]);
        distinct(page(jobs1, 'jobs list page 1', 'job_', 100), 'jobs list page 1');
        distinct(page(jobs2, 'jobs list page 2', 'job_', 100), 'jobs list page 2');
        distinct(page(cands1, 'candidates list page 1', 'cand_', 100), 'candidates list page 1');
        distinct(page(cands2, 'candidates list page 2', 'cand_', 100), 'candidates list page 2');
        // Oldest first, new jobs land after every page already read: each job once, and every
        // job stored before the command started is there.
        const all = page(ascending, 'jobs list --all --sort created_at', 'job_', Infinity);
        distinct(all, 'jobs list --all --sort created_at');
        if (all) {
          const seen = new Set(all.map((item) => String(item.id)));
          const missing = [...storedBefore].filter((id) => !seen.has(id));
          if (missing.length > 0)
            problems.push(
              `jobs list --all --sort created_at: ${missing.length} jobs stored before it started are missing`,
            );
          if (all.length > 1 && all.length < BULK_ROWS + 1) sawPartWay += 1;
        }
        // Newest first, by page number: a job stored between two pages shifts the later ones, so
        // an item may come twice (a limit of page-number pagination, counted, not asserted).
        const newest = page(newestFirst, 'jobs list --all', 'job_', Infinity);
        if (newest && repeated(newest.map((item) => String(item.id))).length > 0) defaultOrderRepeats += 1;
        problems.push(...troubles(simulated.stderr).map((trouble) => `simulate: ${trouble}`));
        if (simulated.code === 0) candidates += 10;
        else problems.push(`simulate exited ${simulated.code}${describeOutput(simulated)}`);
      } while (importing.exit === undefined && problems.length === 0);
      expect(problems).toEqual([]);
      expect(batchesDuringImport, 'batches started while the import ran').toBeGreaterThanOrEqual(1);

      const exit = await waitExit(importing, 'the import', PROCESS_TIMEOUT_MS);
      expect(exit.code, describeOutput(importing)).toBe(0);
      expect(troubles(importing.stderr)).toEqual([]);
      const report = parseJson<ReportRow[]>(importing.stdout, 'jobs import');
      expect(report.filter((row) => row.status !== 'created')).toEqual([]);
      expect(report).toHaveLength(BULK_ROWS);

      const jobs = store.all<StoredJob>('jobs');
      expect(repeated(jobs.map((job) => job.title))).toEqual([]);
      expect(titles.filter((title) => !jobs.some((job) => job.title === title))).toEqual([]);
      expect(jobs).toHaveLength(BULK_ROWS + 1);
      expect(store.count('candidates')).toBe(candidates);
      const listed = await hire(box, ['jobs', 'list', '--all', '--json'], { timeoutMs: PROCESS_TIMEOUT_MS });
      expect(listed.code, describeOutput(listed)).toBe(0);
      expect(new Set(parseJson<StoredJob[]>(listed.stdout, 'jobs list --all').map((job) => job.id))).toEqual(
        new Set(jobs.map((job) => job.id)),
      );
      const listedCandidates = await hire(box, ['candidates', 'list', '--all', '--json'], {
        timeoutMs: PROCESS_TIMEOUT_MS,
      });
      expect(listedCandidates.code, describeOutput(listedCandidates)).toBe(0);
      expect(parseJson<Obj[]>(listedCandidates.stdout, 'candidates list --all')).toHaveLength(candidates);

      console.log(
        `concurrency, reads during writes: import of ${BULK_ROWS} rows alongside ${lists} list commands and ${batches} simulations in ${batches} batches ` +
          `(${batchesDuringImport} started while the import ran; ${sawPartWay} full lists saw it part-way); ` +
          `newest-first --all lists with a repeated id: ${defaultOrderRepeats}; ${jobs.length} jobs, ${candidates} candidates stored`,
      );
    } finally {
      store.close();
    }
  }, 300_000);
});
