// Reliability: a soak of mixed operations through the CLI's API layer (main(), in-process) against
// the emulator with 20% of API requests faulted (docs/exit-codes.md for retries and exit codes,
// docs/emulator.md "Faults, for tests"). Afterwards the emulator holds exactly the jobs that were reported created
// (none lost, none duplicated), and every command that failed exited with the contract's code for
// the fault it met.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/env.js';
import { DESCRIPTION, runCli, type RunResult } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { FAULTS } from '../../src/emulator/http/chaos.js';
import { seededRandom } from '../../src/emulator/platform/random.js';

const SEED = 20_260_101;
const OPERATIONS = 1_040;
const CONCURRENCY = 16;
const MAX_RETRIES = 6;

type OpKind = 'create' | 'list' | 'list-all' | 'get' | 'update' | 'transition' | 'import';

interface Outcome {
  op: OpKind;
  argv: string[];
  code: number;
  /** error.code from the JSON error envelope on stderr, for a non-zero exit. */
  reason: string | undefined;
  /** stderr says the last of the retries was made ("retry 6 of 6"). */
  retriesSpent: boolean;
  stderrTail: string;
}

interface StoredJob {
  id: string;
  title: string;
  status: string;
}

/**
 * The operations, in order: creates first (so that reads and updates have jobs to work on), then a
 * seeded mix: 40% create, 20% list (a quarter of them --all), 15% get, 10% update, 10% transition,
 * 5% import.
 */
function planOperations(random: () => number): OpKind[] {
  const plan: OpKind[] = [];
  for (let index = 0; index < OPERATIONS; index++) {
    if (index < CONCURRENCY * 2) {
      plan.push('create');
      continue;
    }
    const roll = random();
    if (roll < 0.4) plan.push('create');
    else if (roll < 0.6) plan.push(random() < 0.25 ? 'list-all' : 'list');
    else if (roll < 0.75) plan.push('get');
    else if (roll < 0.85) plan.push('update');
    else if (roll < 0.95) plan.push('transition');
    else plan.push('import');
  }
  return plan;
}

/** The error envelope's `error.code` that --json prints last on stderr (after any retry notices). */
function errorReason(stderr: string): string | undefined {
  const start = stderr.lastIndexOf('{\n  "error"');
  if (start === -1) return undefined;
  try {
    const envelope = JSON.parse(stderr.slice(start)) as { error?: { code?: unknown } };
    return typeof envelope.error?.code === 'string' ? envelope.error.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * docs/exit-codes.md for the faults the emulator injects: a 503 is exit 1, a 429 after retries exit 5,
 * a dropped connection or a cut-off answer is a network failure, exit 6.
 */
const EXIT_FOR_FAULT: Readonly<Record<string, number>> = {
  service_unavailable: 1,
  rate_limited: 5,
  network_error: 6,
  timeout: 6,
};

/** Commands whose requests the client retries on every injected fault (GET and POST). */
const RETRIED: ReadonlySet<OpKind> = new Set(['create', 'list', 'list-all', 'get', 'import']);

describe('soak under injected faults', () => {
  it(`${OPERATIONS} mixed operations with 20% of requests faulted lose and duplicate nothing, and fail only with the contract's codes`, async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir, { chaos: { rate: 0.2, seed: SEED } });
    const env = { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
    const random = seededRandom(SEED);
    const plan = planOperations(random);

    // What the CLI reported.
    /** Every job id reported created (by create, or by an import row created/existing), with its titles. */
    const reported = new Map<string, { via: 'create' | 'import'; titles: Set<string> }>();
    /** Titles of creates and import rows that did not report a job. */
    const unreportedTitles = new Map<string, string>();
    /** Every title ever sent in a create or import row: unique by construction. */
    const sentTitles = new Set<string>();
    const outcomes: Outcome[] = [];
    const crashes: string[] = [];
    const problems: string[] = [];
    let importRowsCreated = 0;
    let importRowsExisting = 0;
    let importRowsFailed = 0;
    let patchesApplied = 0;
    /**
     * PATCHes that exited non-zero although the emulator applied them: none may be, since a PATCH
     * whose answer is lost, cut off or a 5xx is checked by reading the job back (docs/api-choices.md §7).
     */
    const patchesAppliedDespiteFailure: string[] = [];
    /** Jobs a PATCH is working on: no two PATCHes on one job at once (the verb is chosen from its status). */
    const busy = new Set<string>();
    let titleCounter = 0;
    let fileCounter = 0;

    const newTitle = () => {
      const title = `Soak ${SEED} Engineer ${String(++titleCounter).padStart(5, '0')}`;
      sentTitles.add(title);
      return title;
    };
    const pickJob = (filter: (job: StoredJob) => boolean = () => true): string | undefined => {
      const candidates = [...reported.keys()].filter(
        (id) => !busy.has(id) && filter(emu.store.get<StoredJob>('jobs', id) ?? { id, title: '', status: '' }),
      );
      if (candidates.length === 0) return undefined;
      return candidates[Math.floor(random() * candidates.length)];
    };

    const hire = async (op: OpKind, args: string[]): Promise<RunResult | undefined> => {
      const argv = ['--max-retries', String(MAX_RETRIES), ...args];
      let result: RunResult;
      try {
        result = await runCli(argv, { env });
      } catch (error) {
        crashes.push(`${argv.join(' ')}: main() threw ${(error as Error).stack ?? String(error)}`);
        return undefined;
      }
      if (/unexpected failure/i.test(result.stderr) || /\n\s+at .+\(.+:\d+:\d+\)/.test(result.stderr)) {
        crashes.push(`${argv.join(' ')}: exit ${result.code}\n${result.stderr}`);
      }
      outcomes.push({
        op,
        argv,
        code: result.code,
        reason: result.code === 0 ? undefined : errorReason(result.stderr),
        retriesSpent: result.stderr.includes(`(retry ${MAX_RETRIES} of ${MAX_RETRIES})`),
        stderrTail: result.stderr.slice(-600),
      });
      return result;
    };

    const parseStdout = <T>(result: RunResult, what: string): T | undefined => {
      try {
        return JSON.parse(result.stdout) as T;
      } catch {
        problems.push(`${what}: exit 0 but stdout is not JSON: ${result.stdout.slice(0, 300)}`);
        return undefined;
      }
    };

    const create = async () => {
      const title = newTitle();
      const publish = random() < 0.5 ? ['--publish'] : [];
      const result = await hire('create', [
        'jobs',
        'create',
        '--title',
        title,
        '--description',
        DESCRIPTION,
        ...publish,
        '--json',
      ]);
      if (!result) return;
      if (result.code !== 0) {
        unreportedTitles.set(title, `create exited ${result.code}`);
        return;
      }
      const job = parseStdout<{ id?: unknown; title?: unknown }>(result, `create ${title}`);
      if (!job) return;
      if (typeof job.id !== 'string' || job.title !== title) {
        problems.push(`create ${title}: printed ${JSON.stringify(job).slice(0, 200)}`);
        return;
      }
      if (reported.has(job.id))
        problems.push(`create ${title}: reported id ${job.id}, already reported for another job`);
      reported.set(job.id, { via: 'create', titles: new Set([title]) });
    };

    const importRows = async () => {
      const rows = [newTitle(), newTitle(), newTitle()].map((title, index) => ({
        title,
        description: DESCRIPTION,
        skills: ['go', `skill-${index}`],
      }));
      const file = join(box.root, `soak-${++fileCounter}.ndjson`);
      writeFileSync(file, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
      const result = await hire('import', ['jobs', 'import', file, '--concurrency', '3', '--json']);
      if (!result) return;
      let report: { status?: unknown; id?: unknown; title?: unknown }[] | undefined;
      try {
        report = JSON.parse(result.stdout) as typeof report;
      } catch {
        report = undefined;
      }
      if (!Array.isArray(report) || report.length !== rows.length) {
        problems.push(
          `import ${file}: exit ${result.code}, no report of ${rows.length} rows: ${result.stdout.slice(0, 300)} ${result.stderr.slice(-300)}`,
        );
        for (const row of rows) unreportedTitles.set(row.title, 'import printed no report');
        return;
      }
      for (const row of report) {
        const title = String(row.title);
        if (!sentTitles.has(title))
          problems.push(`import ${file}: a report row for a title never sent: ${JSON.stringify(row)}`);
        if ((row.status === 'created' || row.status === 'existing') && typeof row.id === 'string') {
          if (row.status === 'created') importRowsCreated += 1;
          else importRowsExisting += 1;
          if (reported.has(row.id))
            problems.push(`import ${file}: row ${title} reported id ${row.id}, already reported for another job`);
          reported.set(row.id, { via: 'import', titles: new Set([title]) });
        } else {
          importRowsFailed += 1;
          unreportedTitles.set(title, `import row ${String(row.status)}`);
        }
      }
      const failedRows = report.some((row) => row.status !== 'created' && row.status !== 'existing');
      if (failedRows !== (result.code !== 0))
        problems.push(
          `import ${file}: exit ${result.code} but rows ${JSON.stringify(report.map((row) => row.status))}`,
        );
    };

    const list = async (all: boolean) => {
      const result = await hire(all ? 'list-all' : 'list', [
        'jobs',
        'list',
        '--json',
        ...(all ? ['--all'] : ['--per-page', '50']),
      ]);
      if (!result || result.code !== 0) return;
      const items = parseStdout<unknown>(result, 'jobs list');
      if (items !== undefined && !Array.isArray(items))
        problems.push(`jobs list: stdout is not an array: ${result.stdout.slice(0, 200)}`);
    };

    const get = async () => {
      const id = pickJob();
      if (!id) return create();
      const result = await hire('get', ['jobs', 'get', id, '--json']);
      if (!result || result.code !== 0) return;
      const job = parseStdout<{ id?: unknown }>(result, `jobs get ${id}`);
      if (job && job.id !== id) problems.push(`jobs get ${id}: printed job ${String(job.id)}`);
    };

    const update = async () => {
      const id = pickJob();
      if (!id) return create();
      busy.add(id);
      try {
        const record = reported.get(id)!;
        const [original] = [...record.titles];
        const title = `${original} rev ${record.titles.size}`;
        const result = await hire('update', ['jobs', 'update', id, '--title', title, '--json']);
        if (!result) return;
        const stored = emu.store.get<StoredJob>('jobs', id)?.title;
        // A title is the job's only if the command said so: one applied but reported failed is a misreport.
        if (result.code === 0 || stored === title) record.titles.add(title);
        if (result.code === 0) {
          patchesApplied += 1;
          if (stored !== title)
            problems.push(`jobs update ${id}: exit 0 but the stored title is "${String(stored)}", not "${title}"`);
        } else if (stored === title)
          patchesAppliedDespiteFailure.push(
            `jobs update ${id}: exit ${result.code}\n    ${result.stderr.slice(-400).replace(/\n/g, '\n    ')}`,
          );
      } finally {
        busy.delete(id);
      }
    };

    const transition = async () => {
      const id = pickJob((job) => job.status === 'active' || job.status === 'paused');
      if (!id) return update();
      busy.add(id);
      try {
        const status = emu.store.get<StoredJob>('jobs', id)!.status;
        const verb = status === 'active' ? 'pause' : 'reopen';
        const result = await hire('transition', ['jobs', verb, id, '--json']);
        if (!result) return;
        const stored = emu.store.get<StoredJob>('jobs', id)?.status;
        if (result.code === 0) {
          patchesApplied += 1;
          if (stored === status) problems.push(`jobs ${verb} ${id}: exit 0 but the job is still ${status}`);
        } else if (stored !== status)
          patchesAppliedDespiteFailure.push(
            `jobs ${verb} ${id}: exit ${result.code}\n    ${result.stderr.slice(-400).replace(/\n/g, '\n    ')}`,
          );
      } finally {
        busy.delete(id);
      }
    };

    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < plan.length) {
        const op = plan[next++]!;
        if (op === 'create') await create();
        else if (op === 'list' || op === 'list-all') await list(op === 'list-all');
        else if (op === 'get') await get();
        else if (op === 'update') await update();
        else if (op === 'transition') await transition();
        else await importRows();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;

    // ---- What the emulator holds, read from its store directly.
    const stored = emu.store.all<StoredJob>('jobs');
    const storedIds = new Map(stored.map((job) => [job.id, job]));
    const lost = [...reported.keys()].filter((id) => !storedIds.has(id));
    const wrongTitle = [...reported.entries()]
      .filter(([id, record]) => storedIds.has(id) && !record.titles.has(storedIds.get(id)!.title))
      .map(
        ([id, record]) =>
          `${id}: stored "${storedIds.get(id)!.title}", expected one of ${JSON.stringify([...record.titles])}`,
      );
    const unreported = stored.filter((job) => !reported.has(job.id));
    /** Every title any reported job may have now, mapped to its id. */
    const titleOwner = new Map<string, string>();
    for (const [id, record] of reported) for (const title of record.titles) titleOwner.set(title, id);
    const duplicated = unreported.filter((job) => titleOwner.has(job.title));
    const orphans = unreported.filter((job) => !titleOwner.has(job.title));
    const titleCounts = new Map<string, number>();
    for (const job of stored) titleCounts.set(job.title, (titleCounts.get(job.title) ?? 0) + 1);
    const repeatedTitles = [...titleCounts.entries()].filter(([, count]) => count > 1);

    const exits: Record<string, number> = {};
    for (const outcome of outcomes) exits[outcome.code] = (exits[outcome.code] ?? 0) + 1;
    const failed = outcomes.filter((outcome) => outcome.code !== 0);
    const wrongExit = failed.filter((outcome) => EXIT_FOR_FAULT[outcome.reason ?? ''] !== outcome.code);
    const retriedFailures = failed.filter((outcome) => RETRIED.has(outcome.op));
    // A GET or POST gives up only when every retry is spent (7 faults in a row: about 4 in a million).
    const gaveUpEarly = retriedFailures.filter((outcome) => !outcome.retriesSpent);
    const byOp: Record<string, number> = {};
    for (const outcome of outcomes) byOp[outcome.op] = (byOp[outcome.op] ?? 0) + 1;
    const counts = { ...emu.chaosCounts! };
    const faults = Object.values(counts).reduce((sum, count) => sum + count, 0);

    console.log(
      `soak: ${outcomes.length} operations in ${seconds.toFixed(1)} s (${Object.entries(byOp)
        .map(([op, count]) => `${op} ${count}`)
        .join(', ')}); faults injected ${faults} (${FAULTS.map((fault) => `${fault} ${counts[fault]}`).join(', ')}); ` +
        `exits ${Object.entries(exits)
          .map(([code, count]) => `${code}: ${count}`)
          .join(
            ', ',
          )}; jobs created ${reported.size} (import rows created ${importRowsCreated}, existing ${importRowsExisting}, failed ${importRowsFailed}), ` +
        `stored ${stored.length}; PATCHes acknowledged ${patchesApplied}, failed but applied ${patchesAppliedDespiteFailure.length}; lost ${lost.length}, duplicated ${duplicated.length}, unreported ${orphans.length}`,
    );
    for (const outcome of failed.filter(
      (item) => RETRIED.has(item.op) || EXIT_FOR_FAULT[item.reason ?? ''] !== item.code,
    )) {
      console.log(
        `  ${outcome.op} exit ${outcome.code} (${outcome.reason ?? 'no error code'}): ${outcome.argv.join(' ')}\n    ${outcome.stderrTail.replace(/\n/g, '\n    ')}`,
      );
    }
    for (const [title, why] of unreportedTitles)
      if (stored.some((job) => job.title === title)) console.log(`  a job titled "${title}" exists although ${why}`);

    expect(crashes, 'no command crashed').toEqual([]);
    expect(problems, 'no command printed something wrong').toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(1_000);
    // Every import row is new content: a row made by a retried request whose first answer was
    // lost is "created", not "already there".
    expect(importRowsExisting, 'import rows reported as imported before').toBe(0);
    // The mix the brief asks for actually ran.
    expect(byOp.create ?? 0).toBeGreaterThanOrEqual(350);
    expect((byOp.list ?? 0) + (byOp['list-all'] ?? 0)).toBeGreaterThanOrEqual(150);
    expect(byOp['list-all'] ?? 0).toBeGreaterThanOrEqual(30);
    expect(byOp.get ?? 0).toBeGreaterThanOrEqual(100);
    expect(byOp.update ?? 0).toBeGreaterThanOrEqual(60);
    expect(byOp.transition ?? 0).toBeGreaterThanOrEqual(60);
    expect(byOp.import ?? 0).toBeGreaterThanOrEqual(30);
    // Every kind of fault happened, at about the rate asked for.
    for (const fault of FAULTS) expect(counts[fault], `${fault} faults injected`).toBeGreaterThan(0);
    expect(faults).toBeGreaterThanOrEqual(150);

    // None lost, none duplicated, nothing unreported.
    expect(lost, 'jobs reported created that the emulator does not hold').toEqual([]);
    expect(
      duplicated.map((job) => `${job.id} "${job.title}" (reported as ${titleOwner.get(job.title)})`),
      'jobs created twice',
    ).toEqual([]);
    expect(
      orphans.map((job) => `${job.id} "${job.title}": ${unreportedTitles.get(job.title) ?? 'never reported'}`),
      'jobs that no command reported created',
    ).toEqual([]);
    expect(repeatedTitles, 'no title appears twice').toEqual([]);
    expect(wrongTitle, 'every job has its own title').toEqual([]);
    expect(stored.length).toBe(reported.size);
    expect(reported.size).toBeGreaterThanOrEqual(400);

    // Every failure is a fault's contract exit code: 1 for a 503, 5 for a 429, 6 for a lost or cut
    // connection; never 2 for valid input. GETs and POSTs are retried on every fault.
    expect(
      wrongExit.map(
        (outcome) => `${outcome.argv.join(' ')}: exit ${outcome.code}, error ${outcome.reason ?? '(none)'}`,
      ),
      'exit codes match the faults met',
    ).toEqual([]);
    expect(exits['2'] ?? 0, 'no usage errors for valid input').toBe(0);
    for (const code of Object.keys(exits).map(Number)) expect([0, 1, 5, 6]).toContain(code);
    expect(
      gaveUpEarly.map((outcome) => `${outcome.argv.join(' ')}: exit ${outcome.code} (${outcome.reason ?? '?'})`),
      'GETs and POSTs fail only after all 6 retries',
    ).toEqual([]);
    // Writes reported truly: a PATCH that failed was not applied (its job was read back).
    expect(patchesAppliedDespiteFailure, 'PATCHes failed but applied').toEqual([]);
  }, 150_000);
});
