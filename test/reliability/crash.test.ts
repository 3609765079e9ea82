// Reliability: crash safety of the emulator (docs/emulator.md "Data": state
// survives restarts and crashes; writes are atomic). The built emulator runs as a child process,
// takes a stream of job creates, and is killed with SIGKILL while requests are in flight, once a
// given number of writes has been acknowledged (never after a given time: the machine's speed
// must not matter). The database must then pass SQLite's integrity check, and an emulator started
// on it must hold every write that was acknowledged with a 2xx, each with its assessment.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { beforeSandboxRemoval, sandbox, type Sandbox } from '../helpers/env.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { startEmulator } from '../../src/emulator/http/server.js';
import { Store } from '../../src/emulator/storage/store.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'hire.js');
const WRITERS = 8;

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
  child.stdout.resume();
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the emulator did not start within 50 s; stderr:\n${stderr}`)),
      50_000,
    );
    child.stderr.on('data', (chunk: Buffer) => {
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
}

/** Starts the child, streams writes, and SIGKILLs it once `acknowledgedAtKill` writes were acknowledged. */
async function streamAndKill(label: string, acknowledgedAtKill: number, box?: Sandbox): Promise<KillReport> {
  box ??= await sandbox();
  const child = await startChild(box);
  const stream = writeStream(child.apiUrl, child.key, label);
  // Polled: the kill comes at a count of acknowledged writes, whatever the time it takes to get there.
  while (stream.acknowledged.size < acknowledgedAtKill) {
    if (child.process.exitCode !== null || child.process.signalCode !== null)
      throw new Error(`${label}: the emulator exited before the kill; stderr:\n${child.stderr()}`);
    if (stream.unexpected.length > 0) break;
    await sleep(2);
  }
  // Every writer loops without a pause: between two macrotasks, each has a request under way.
  const inFlightAtKill = stream.inFlight();
  const acknowledgedBefore = stream.acknowledged.size;
  child.process.kill('SIGKILL');
  await stream.stop();
  const exit = await child.exited;
  expect(exit.signal, 'the emulator died of SIGKILL, not of anything else').toBe('SIGKILL');
  expect(stream.unexpected, 'every write before the kill was acknowledged with 201').toEqual([]);
  console.log(
    `crash ${label}: killed with ${inFlightAtKill} requests in flight and ${acknowledgedBefore} writes acknowledged (${stream.acknowledged.size} by the end, ${stream.sent.size} sent)`,
  );
  return { box, acknowledged: stream.acknowledged, sent: stream.sent, inFlightAtKill };
}

/** SQLite's own check of the database file after the crash. */
function checkIntegrity(box: Sandbox): void {
  const store = Store.open(box.dataDir);
  try {
    expect(store.db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
  } finally {
    store.close();
  }
}

/** An emulator on the data dir after the crash holds every acknowledged write, and nothing foreign. */
async function checkRecovered(report: KillReport, label: string): Promise<void> {
  const { box, acknowledged, sent } = report;
  const emulator = await startEmulator({ dataDir: box.dataDir, port: 0, mode: 'server' });
  let closed = false;
  beforeSandboxRemoval(async () => {
    if (!closed) await emulator.close();
  });
  const jobs = emulator.store.all<StoredJob>('jobs');
  const missing = [...acknowledged.keys()].filter((id) => emulator.store.get('jobs', id) === undefined);
  expect(missing, `${label}: acknowledged jobs missing after the restart`).toEqual([]);
  const wrongTitle = [...acknowledged.entries()].filter(
    ([id, title]) => emulator.store.get<StoredJob>('jobs', id)?.title !== title,
  );
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
  for (const id of [...acknowledged.keys()].filter(
    (_, index) => index % Math.max(1, Math.floor(acknowledged.size / 25)) === 0,
  )) {
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
  console.log(
    `crash ${label}: recovered ${count} jobs for ${acknowledged.size} acknowledged (${count - acknowledged.size} landed without an answer)`,
  );
}

describe('crash safety of the emulator (kill -9 during writes)', () => {
  const moments: [string, number][] = [
    ['early', 5],
    ['mid', 150],
    ['late', 1_200],
  ];

  it.each(moments)(
    '%s kill (after %i acknowledged writes): every acknowledged write survives',
    async (label, acknowledgedAtKill) => {
      const report = await streamAndKill(label, acknowledgedAtKill);
      expect(report.inFlightAtKill, 'requests were in flight at the kill').toBeGreaterThan(0);
      expect(report.acknowledged.size, 'writes were acknowledged before the kill').toBeGreaterThanOrEqual(
        acknowledgedAtKill,
      );
      checkIntegrity(report.box);
      await checkRecovered(report, label);
    },
    120_000,
  );

  it('killed again after a restart: the writes of both lives survive', async () => {
    const first = await streamAndKill('first life', 50);
    const second = await streamAndKill('second life', 50, first.box);
    checkIntegrity(first.box);
    const acknowledged = new Map([...first.acknowledged, ...second.acknowledged]);
    const sent = new Set([...first.sent, ...second.sent]);
    await checkRecovered(
      { box: first.box, acknowledged, sent, inFlightAtKill: first.inFlightAtKill + second.inFlightAtKill },
      'two lives',
    );
  }, 120_000);
});
