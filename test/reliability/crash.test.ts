// Reliability: crash safety of the emulator (CONTRACT §6: "State persists in the data dir and
// survives restarts and crashes; writes are atomic"). The built emulator runs as a child process,
// takes a stream of job creates, and is killed with SIGKILL while requests are in flight; the
// data dir must then parse, and an emulator started on it must hold every write that was
// acknowledged with a 2xx. A torn last journal line (a crash mid-append) is dropped on start.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { beforeSandboxRemoval, sandbox, type Sandbox } from '../helpers/env.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { startEmulator } from '../../src/emulator/server.js';
import { Store } from '../../src/emulator/store.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'hire.js');
const WRITERS = 8;
/** The store's default: after this many journal entries it writes state.json and empties the journal. */
const COMPACT_EVERY = 2_000;

interface Child {
  process: ChildProcess;
  apiUrl: string;
  key: string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `hire emulator start --port 0` on the box's data dir, once it says where it listens. */
async function startChild(box: Sandbox): Promise<Child> {
  const child = spawn(process.execPath, [BIN, 'emulator', 'start', '--port', '0'], {
    env: { ...box.env, HIRE_DATA_DIR: box.dataDir, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  beforeSandboxRemoval(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  let stderr = '';
  // Read continuously: the emulator logs every request, and a full pipe would stall it.
  child.stdout!.resume();
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator did not start within 15 s; stderr:\n${stderr}`)), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /Emulator listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited (code ${code}, signal ${signal}) before listening; stderr:\n${stderr}`));
    });
  });
  const apiUrl = await listening;
  const key = readFileSync(join(box.dataDir, 'local.key'), 'utf8').trim();
  expect(key).toMatch(/^hk_local_/);
  return { process: child, apiUrl, key, stderr: () => stderr, exited };
}

interface Stream {
  /** Job ids answered 201, with the title sent. */
  acknowledged: Map<string, string>;
  /** Every title sent, answered or not. */
  sent: Set<string>;
  /** Requests sent and not yet answered (or failed). */
  inFlight: () => number;
  /** Non-201 answers received before the kill (there should be none). */
  unexpected: string[];
  /** Stops sending; resolves when every writer has finished. */
  stop: () => Promise<void>;
}

/** WRITERS concurrent loops of POST /jobs, each with a unique title, until stopped or refused. */
function writeStream(apiUrl: string, key: string, label: string): Stream {
  const acknowledged = new Map<string, string>();
  const sent = new Set<string>();
  const unexpected: string[] = [];
  let inFlight = 0;
  let stopping = false;
  let counter = 0;
  const writer = async (): Promise<void> => {
    while (!stopping) {
      const title = `Crash ${label} Engineer ${String(++counter).padStart(5, '0')}`;
      sent.add(title);
      inFlight += 1;
      try {
        const response = await fetch(`${apiUrl}/jobs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title, description: DESCRIPTION, skills: ['go', 'sql'] }),
        });
        const text = await response.text();
        if (response.status === 201) {
          const id = (JSON.parse(text) as { data: { id: string } }).data.id;
          acknowledged.set(id, title);
        } else if (!stopping) {
          unexpected.push(`${response.status} ${text.slice(0, 200)}`);
        }
      } catch {
        // The emulator was killed: this request's fate is unknown (it may have been stored).
        if (stopping) return;
        unexpected.push(`${title}: the request failed before the kill`);
      } finally {
        inFlight -= 1;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  return {
    acknowledged,
    sent,
    unexpected,
    inFlight: () => inFlight,
    async stop() {
      stopping = true;
      await Promise.all(writers);
    },
  };
}

interface StoredJob {
  id: string;
  title: string;
  assessment_id: string;
}

interface KillReport {
  box: Sandbox;
  acknowledged: Map<string, string>;
  sent: Set<string>;
  inFlightAtKill: number;
  snapshotBeforeKill: boolean;
}

/** Starts the child, streams writes, and SIGKILLs it `killAfterMs` into the stream (later if `until` says so). */
async function streamAndKill(label: string, killAfterMs: number, until?: (box: Sandbox) => boolean): Promise<KillReport> {
  const box = await sandbox();
  const child = await startChild(box);
  const stream = writeStream(child.apiUrl, child.key, label);
  const started = Date.now();
  await sleep(killAfterMs);
  if (until) {
    const deadline = Date.now() + 30_000;
    while (!until(box)) {
      if (Date.now() > deadline) throw new Error(`${label}: the condition to kill was not met within 30 s (${stream.acknowledged.size} acknowledged)`);
      await sleep(10);
    }
  }
  const snapshotBeforeKill = existsSync(join(box.dataDir, 'state.json'));
  const inFlightAtKill = stream.inFlight();
  child.process.kill('SIGKILL');
  const ms = Date.now() - started;
  await stream.stop();
  const exit = await child.exited;
  expect(exit.signal, 'the emulator died of SIGKILL, not of anything else').toBe('SIGKILL');
  expect(stream.unexpected, 'every write before the kill was acknowledged with 201').toEqual([]);
  console.log(
    `crash ${label}: killed after ${ms} ms with ${inFlightAtKill} requests in flight; ${stream.acknowledged.size} writes acknowledged, ${stream.sent.size} sent; state.json ${snapshotBeforeKill ? 'present' : 'absent'} at the kill`,
  );
  return { box, acknowledged: stream.acknowledged, sent: stream.sent, inFlightAtKill, snapshotBeforeKill };
}

/** The files on disk are readable as the store writes them: state.json parses, every whole journal line parses. */
function checkFiles(box: Sandbox): { journalLines: number; tornTail: boolean } {
  const snapshotPath = join(box.dataDir, 'state.json');
  if (existsSync(snapshotPath)) {
    const snapshot = JSON.parse(readFileSync(snapshotPath, 'utf8')) as { version?: unknown; collections?: unknown };
    expect(snapshot.version).toBe(1);
    expect(typeof snapshot.collections).toBe('object');
  }
  const journalPath = join(box.dataDir, 'journal.jsonl');
  const journal = existsSync(journalPath) ? readFileSync(journalPath, 'utf8') : '';
  const lines = journal.split('\n');
  const tail = lines.pop()!;
  const bad = lines.filter((line) => {
    try {
      JSON.parse(line);
      return false;
    } catch {
      return true;
    }
  });
  expect(bad, 'every whole journal line parses').toEqual([]);
  return { journalLines: lines.length, tornTail: tail !== '' };
}

/** An emulator on the data dir after the crash holds every acknowledged write, and nothing foreign. */
async function checkRecovered(report: KillReport, label: string): Promise<void> {
  const { box, acknowledged, sent } = report;
  const emulator = await startEmulator({ dataDir: box.dataDir, port: 0, mode: 'server', lockWaitMs: 5_000 });
  let closed = false;
  beforeSandboxRemoval(async () => {
    if (!closed) await emulator.close();
  });
  const jobs = emulator.store.all<StoredJob>('jobs');
  const missing = [...acknowledged.keys()].filter((id) => emulator.store.get('jobs', id) === undefined);
  expect(missing, `${label}: acknowledged jobs missing after the restart`).toEqual([]);
  const wrongTitle = [...acknowledged.entries()].filter(([id, title]) => emulator.store.get<StoredJob>('jobs', id)?.title !== title);
  expect(wrongTitle, `${label}: acknowledged jobs with another title`).toEqual([]);
  // The job's assessment is written before the job: an acknowledged job has it.
  const noAssessment = [...acknowledged.keys()].filter((id) => {
    const job = emulator.store.get<StoredJob>('jobs', id);
    return !job || emulator.store.get('assessments', job.assessment_id) === undefined;
  });
  expect(noAssessment, `${label}: acknowledged jobs without their assessment`).toEqual([]);
  expect(jobs.length).toBeGreaterThanOrEqual(acknowledged.size);
  // A write may have landed without its answer, but only a write that was sent.
  expect(jobs.filter((job) => !sent.has(job.title)).map((job) => job.id)).toEqual([]);
  expect(jobs.length).toBeLessThanOrEqual(acknowledged.size + report.inFlightAtKill);
  // Over HTTP too, for a sample of them.
  const key = readFileSync(join(box.dataDir, 'local.key'), 'utf8').trim();
  for (const id of [...acknowledged.keys()].filter((_, index) => index % Math.max(1, Math.floor(acknowledged.size / 25)) === 0)) {
    const response = await fetch(`${emulator.apiUrl}/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status, `GET /jobs/${id}`).toBe(200);
    expect(((await response.json()) as { data: { id: string } }).data.id).toBe(id);
  }
  const count = jobs.length;
  closed = true;
  await emulator.close();
  // What it recovered is written back whole: a clean reopen holds the same.
  const reopened = Store.open(box.dataDir);
  try {
    expect(reopened.count('jobs')).toBe(count);
  } finally {
    reopened.close();
  }
  console.log(`crash ${label}: recovered ${count} jobs for ${acknowledged.size} acknowledged (${count - acknowledged.size} landed without an answer)`);
}

describe('crash safety of the emulator (kill -9 during writes)', () => {
  const moments: [string, number, boolean][] = [
    ['early', 200, false],
    ['mid', 600, false],
    // Late: at least 1.5 s, and past a compaction (state.json written, journal emptied and refilled).
    ['late', 1_500, true],
  ];

  it.each(moments)('%s kill (%i ms into the stream): every acknowledged write survives', async (label, killAfterMs, pastCompaction) => {
    const report = await streamAndKill(
      label,
      killAfterMs,
      pastCompaction ? (box) => existsSync(join(box.dataDir, 'state.json')) && existsSync(join(box.dataDir, 'journal.jsonl')) : undefined,
    );
    expect(report.inFlightAtKill, 'requests were in flight at the kill').toBeGreaterThan(0);
    expect(report.acknowledged.size, 'writes were acknowledged before the kill').toBeGreaterThan(pastCompaction ? COMPACT_EVERY / 5 : 20);
    if (pastCompaction) expect(report.snapshotBeforeKill, 'the journal was compacted at least once before the kill').toBe(true);
    const files = checkFiles(report.box);
    console.log(`crash ${label}: journal holds ${files.journalLines} whole lines${files.tornTail ? ' and a torn tail' : ''}`);
    await checkRecovered(report, label);
  }, 60_000);

  it('a torn last journal line is dropped, the emulator starts, and later writes stay readable', async () => {
    const report = await streamAndKill('torn', 300);
    expect(report.acknowledged.size).toBeGreaterThan(0);
    checkFiles(report.box);
    const journalPath = join(report.box.dataDir, 'journal.jsonl');
    const whole = JSON.stringify({ c: 'jobs', op: 'put', v: { id: 'job_torn0000', title: 'Torn Write', description: DESCRIPTION, status: 'draft' } });
    // Half a line, as a crash in the middle of an append would leave it.
    appendFileSync(journalPath, whole.slice(0, Math.floor(whole.length / 2)));
    const before = readFileSync(journalPath, 'utf8');
    expect(checkFiles(report.box).tornTail).toBe(true);

    // The built emulator starts on it, and serves every acknowledged write, and not the torn one.
    const child = await startChild(report.box);
    const get = (id: string) => fetch(`${child.apiUrl}/jobs/${id}`, { headers: { authorization: `Bearer ${child.key}` } });
    expect((await get('job_torn0000')).status).toBe(404);
    for (const id of [...report.acknowledged.keys()].slice(0, 20)) expect((await get(id)).status, `GET /jobs/${id}`).toBe(200);
    const list = await fetch(`${child.apiUrl}/jobs?per_page=1`, { headers: { authorization: `Bearer ${child.key}` } });
    const total = ((await list.json()) as { meta: { total_count: number } }).meta.total_count;
    expect(total).toBeGreaterThanOrEqual(report.acknowledged.size);
    // The torn bytes were cut off: the journal is whole lines again.
    const after = readFileSync(journalPath, 'utf8');
    expect(after.length).toBeLessThan(before.length);
    expect(after === '' || after.endsWith('\n')).toBe(true);

    // A write after the restart, then another kill: the write is on a line of its own and survives.
    const response = await fetch(`${child.apiUrl}/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${child.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'After The Tear', description: DESCRIPTION }),
    });
    expect(response.status).toBe(201);
    const afterId = ((await response.json()) as { data: { id: string } }).data.id;
    report.acknowledged.set(afterId, 'After The Tear');
    report.sent.add('After The Tear');
    child.process.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
    expect(checkFiles(report.box).tornTail).toBe(false);
    await checkRecovered(report, 'torn');
  }, 60_000);
});
