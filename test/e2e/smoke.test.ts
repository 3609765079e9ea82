// End-to-end smoke tests: the built bin/hire.js spawned exactly as a user runs it, on a sandboxed
// config and data dir, with the local emulator run in-process or as a standing `emulator start`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, hire, spawnHire, waitExit, waitFor, type Exit, type Result, type Spawned } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';

const { version: VERSION } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

const CREATE = [
  'jobs',
  'create',
  '--title',
  'Backend Engineer',
  '--description',
  DESCRIPTION,
  '--skill',
  'go',
  '--publish',
];
const ANSI = /\u001b\[/;
const BOX_DRAWING = /[\u2500-\u257f]/;
const LISTENING = /Emulator listening on (http:\/\/([^\s/]+):(\d+))\/api\/v1/;

type Job = Record<string, unknown> & { id: string };

/** Ports held by a plain TCP server during a test, closed after it. */
const occupied: Server[] = [];

afterEach(async () => {
  await Promise.all(occupied.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

function parseJson<T>(result: Result): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}

interface StandingEmulator {
  proc: Spawned;
  origin: string;
  host: string;
  port: number;
  apiUrl: string;
}

/** `hire emulator start ARGS`, once it says it listens. */
async function startEmulator(box: Sandbox, args: readonly string[] = ['--port', '0']): Promise<StandingEmulator> {
  const proc = spawnHire(box, ['emulator', 'start', ...args]);
  const match = await waitFor(proc, 'the "Emulator listening on" line', () => LISTENING.exec(proc.stderr));
  return { proc, origin: match[1]!, host: match[2]!, port: Number(match[3]), apiUrl: `${match[1]}/api/v1` };
}

async function stopEmulator(emulator: StandingEmulator, signal: 'SIGINT' | 'SIGTERM'): Promise<Exit> {
  emulator.proc.child.kill(signal);
  return waitExit(emulator.proc, `the emulator after ${signal}`);
}

function pointLocalProfileAt(box: Sandbox, apiUrl: string): void {
  box.writeConfig({ profiles: { local: { environment: 'local', base_url: apiUrl } } });
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A shell line running the built hire with ARGS, its stdout to FILE in the sandbox's root. */
function hireLine(args: readonly string[], file: string): string {
  return `${shellQuote(process.execPath)} ${shellQuote(join(ROOT, 'bin', 'hire.js'))} ${args.map(shellQuote).join(' ')} > ${shellQuote(file)}`;
}

/**
 * Runs shell lines (joined with &&) in a network namespace of their own, loopback up: as root with
 * `unshare --net`, otherwise as a user namespace's root. Fails, with the reason, where it cannot.
 */
function inOwnNetwork(box: Sandbox, lines: string[]): Promise<Result> {
  const isRoot = process.getuid?.() === 0;
  const script = ['ip link set lo up', ...lines].join(' && ');
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', [...(isRoot ? [] : ['--map-root-user']), '--net', '--', 'sh', '-c', script], {
      cwd: box.root,
      env: box.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) =>
      reject(new Error(`cannot run unshare (util-linux) for a network namespace: ${error.message}`)),
    );
    child.once('close', (code, signal) => {
      if (code !== 0 && /unshare:|Operation not permitted/.test(stderr)) {
        reject(new Error(`this test needs a network namespace of its own (unshare --net): ${stderr.trim()}`));
      } else resolve({ code, signal, stdout, stderr });
    });
  });
}

function isListening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function createJob(box: Sandbox, title: string): Promise<{ job: Job; result: Result }> {
  // -v: under --json the notice that names the emulator is written only then (README "Output").
  const result = await hire(box, [
    'jobs',
    'create',
    '--title',
    title,
    '--description',
    DESCRIPTION,
    '--skill',
    'go',
    '--publish',
    '--json',
    '-v',
  ]);
  expect(result.code, result.stderr).toBe(0);
  return { job: parseJson<Job>(result), result };
}

/** stderr's lines for people: the -v trace lines (`> ` request, `< ` response) left out. */
function people(stderr: string): string[] {
  return stderr
    .trimEnd()
    .split('\n')
    .filter((line) => !line.startsWith('> ') && !line.startsWith('< '));
}

async function listJobs(box: Sandbox): Promise<{ jobs: Job[]; result: Result }> {
  const result = await hire(box, ['jobs', 'list', '--json', '-v']);
  expect(result.code, result.stderr).toBe(0);
  return { jobs: parseJson<Job[]>(result), result };
}

const byId = (jobs: Job[]) => [...jobs].sort((a, b) => a.id.localeCompare(b.id));
/** A job as an emulator at `origin` serves it: links name the origin serving the data (docs/emulator.md "The candidate's side"). */
const servedAt = (origin: string, jobs: Job[]) =>
  jobs.map((job) => ({ ...job, application_url: `${origin}/apply/${job.id}` }));
/** The local profile's origin: an in-process emulator's links name it (its own port goes with the command). */
function profileOrigin(box: Sandbox): string {
  const config = JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8')) as {
    profiles: { local: { base_url: string } };
  };
  return new URL(config.profiles.local.base_url).origin;
}

// ---------------------------------------------------------------------------------------------

describe('the binary', () => {
  it('--version prints the package.json version and exits 0', async () => {
    for (const flag of ['--version', '-V']) {
      const result = await hire(await sandbox(), [flag]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim()).toBe(VERSION);
      expect(result.stderr).toBe('');
    }
  });

  it('--help exits 0 and lists the commands', async () => {
    const box = await sandbox();
    const root = await hire(box, ['--help']);
    expect(root.code, root.stderr).toBe(0);
    expect(root.stdout).toMatch(/^Usage: hire/m);
    // Commands are grouped: Hiring (jobs…), Access, Local platform and shell (emulator…).
    const hiring = root.stdout.slice(root.stdout.indexOf('Hiring:'));
    expect(root.stdout).toContain('Hiring:');
    expect(hiring).toMatch(/^\s+jobs\b/m);
    expect(root.stdout.slice(root.stdout.indexOf('Local platform and shell:'))).toMatch(/^\s+emulator\b/m);

    const jobs = await hire(box, ['jobs', '--help']);
    expect(jobs.code, jobs.stderr).toBe(0);
    expect(jobs.stdout).toMatch(/^\s+create\b/m);
    expect(jobs.stdout).toMatch(/^\s+list\b/m);

    const emulator = await hire(box, ['emulator', 'start', '--help']);
    expect(emulator.code, emulator.stderr).toBe(0);
    expect(emulator.stdout).toContain('--port');
    expect(emulator.stdout).toContain('--host');
  });
});

describe('jobs on the in-process (embedded) emulator', () => {
  it('creates a job with --json: stdout is exactly the job, stderr nothing (the notice is for people), and jobs list returns it', async () => {
    const box = await sandbox();
    const created = await hire(box, [...CREATE, '--json']);
    expect(created.code, created.stderr).toBe(0);

    const job = parseJson<Job>(created);
    expect(job).toMatchObject({ title: 'Backend Engineer', status: 'active', skills: ['go'], candidate_count: 0 });
    expect(job.id).toMatch(/^job_/);
    expect(job).not.toHaveProperty('data');
    expect(job).not.toHaveProperty('meta');

    expect(created.stderr).toBe('');

    // The local profile provisioned its own key in the data dir, and never prints it.
    const key = readFileSync(join(box.dataDir, 'local.key'), 'utf8').trim();
    expect(key).not.toBe('');
    expect(created.stdout + created.stderr).not.toContain(key);
    // The command's in-process emulator released the data dir when it ended.
    expect(existsSync(join(box.dataDir, 'emulator.json'))).toBe(false);

    const { jobs } = await listJobs(box);
    expect(jobs).toEqual([job]);

    const second = await hire(box, [
      'jobs',
      'create',
      '--title',
      'Data Engineer',
      '--description',
      DESCRIPTION,
      '--json',
    ]);
    expect(second.code, second.stderr).toBe(0);
    const draft = parseJson<Job>(second);
    expect(draft.status).toBe('draft');

    const piped = await hire(box, ['jobs', 'list']);
    expect(piped.code, piped.stderr).toBe(0);
    const stderrLines = people(piped.stderr);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(/^Using the local emulator in-process/);
    expect(stderrLines[0]).toContain(box.dataDir);
    expect(piped.stdout).not.toMatch(ANSI);
    expect(piped.stdout).not.toMatch(BOX_DRAWING);
    expect(piped.stderr).not.toMatch(ANSI);
    const lines = piped.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line).toContain('\t');
    const rows = new Map(lines.map((line) => line.split('\t')).map((cells) => [cells[0], cells]));
    expect(rows.get(job.id)?.slice(0, 3)).toEqual([job.id, 'Backend Engineer', 'active']);
    expect(rows.get(draft.id)?.slice(0, 3)).toEqual([draft.id, 'Data Engineer', 'draft']);
  });

  it('works on a fresh machine with no config file at all, on the default address 127.0.0.1:4010', async () => {
    // A network namespace of its own: 4010 there is free whatever listens on this machine's 4010.
    const box = await sandbox();
    rmSync(box.configDir, { recursive: true, force: true });
    const result = await inOwnNetwork(box, [
      hireLine([...CREATE, '--json', '-v'], 'created.json'),
      hireLine(['jobs', 'list', '--json', '-v'], 'list.json'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    const job = JSON.parse(readFileSync(join(box.root, 'created.json'), 'utf8')) as Job;
    expect(result.stderr).toMatch(/^Using the local emulator in-process/m);
    expect(result.stderr).not.toMatch(/answers at/);
    expect(existsSync(join(box.dataDir, 'local.key'))).toBe(true);
    const jobs = JSON.parse(readFileSync(join(box.root, 'list.json'), 'utf8')) as Job[];
    expect(jobs.map((item) => item.id)).toEqual([job.id]);
    expect(existsSync(box.configDir)).toBe(false);
  });

  it('on a fresh machine whose 127.0.0.1:4010 is taken by another program: works in-process, sends it no key, says so once', async () => {
    const box = await sandbox();
    rmSync(box.configDir, { recursive: true, force: true });
    const log = join(box.root, 'stranger.log');
    // A plain HTTP server on 4010 (in the namespace) that logs each request's Authorization header.
    const stranger = `node -e ${shellQuote(
      `require('http').createServer((q,s)=>{require('fs').appendFileSync(${JSON.stringify(log)}, q.method+' '+q.url+' auth='+(q.headers.authorization?'yes':'no')+'\\n');s.writeHead(404,{'content-type':'text/html'});s.end('<h1>not here</h1>')}).listen(4010,'127.0.0.1',()=>require('fs').writeFileSync(${JSON.stringify(log + '.ready')},''))`,
    )} > /dev/null 2>&1 & server=$!; trap 'kill $server' EXIT; until [ -e ${shellQuote(log + '.ready')} ]; do sleep 0.05; done`;
    const result = await inOwnNetwork(box, [
      stranger,
      hireLine([...CREATE, '--json', '-v'], 'created.json'),
      hireLine(['jobs', 'list', '--json', '-v'], 'list.json'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    const job = JSON.parse(readFileSync(join(box.root, 'created.json'), 'utf8')) as Job;
    const jobs = JSON.parse(readFileSync(join(box.root, 'list.json'), 'utf8')) as Job[];
    expect(jobs.map((item) => item.id)).toEqual([job.id]);
    const seen = readFileSync(log, 'utf8').trim().split('\n');
    // It was asked to prove itself (no key in that), and was sent nothing else.
    expect(seen.length).toBeGreaterThan(0);
    for (const line of seen) expect(line).toMatch(/^GET \/_emulator\/info\?nonce=[0-9a-f]+ auth=no$/);
    // One notice per command, naming the address.
    expect(
      result.stderr.match(
        /Something other than this data dir's emulator answers at 127\.0\.0\.1:4010; it was sent nothing\./g,
      ),
    ).toHaveLength(2);
    expect(result.stderr).not.toMatch(/Invalid API key|not JSON|HTTP 404/);
  });

  it('a validation failure exits 2, names the field and flag, prints nothing on stdout and stores nothing', async () => {
    const box = await sandbox();
    const result = await hire(box, [...CREATE, '--question-count', '3']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('assessment_config.question_count');
    expect(result.stderr).toContain('--question-count');
    expect(result.stderr).not.toContain('Using the local emulator'); // nothing was sent

    const asJson = await hire(box, [...CREATE, '--question-count', '3', '--json']);
    expect(asJson.code).toBe(2);
    expect(asJson.stdout).toBe('');
    const envelope = JSON.parse(asJson.stderr) as { error: { code: string; details: Record<string, string> } };
    expect(envelope.error.code).toBe('validation_error');
    expect(Object.keys(envelope.error.details)).toContain('assessment_config.question_count');

    const { jobs } = await listJobs(box);
    expect(jobs).toEqual([]);
  });
});

describe('hire emulator start', () => {
  it('serves the same jobs as embedded mode, logs requests, and stops on Ctrl-C with 130 keeping the state', async () => {
    const box = await sandbox();
    const { job: embeddedJob } = await createJob(box, 'Made in-process');

    const emulator = await startEmulator(box);
    expect(emulator.host).toBe('127.0.0.1');
    expect(emulator.port).toBeGreaterThan(0);
    const record = JSON.parse(readFileSync(join(box.dataDir, 'emulator.json'), 'utf8')) as {
      pid: number;
      url?: string;
    };
    expect(record).toMatchObject({ pid: emulator.proc.child.pid, url: emulator.origin });
    pointLocalProfileAt(box, emulator.apiUrl);

    const { job: standingJob, result: created } = await createJob(box, 'Made on the server');
    expect(people(created.stderr)).toEqual([`Using the local emulator at ${emulator.origin}.`]);
    await waitFor(emulator.proc, 'the POST in the request log', () =>
      /POST \/api\/v1\/jobs → 201 .*req_/.exec(emulator.proc.stderr),
    );

    const { jobs, result: listed } = await listJobs(box);
    expect(listed.stderr).toContain(`Using the local emulator at ${emulator.origin}.`);
    expect(standingJob.application_url).toBe(`${emulator.origin}/apply/${standingJob.id}`);
    expect(byId(jobs)).toEqual(byId(servedAt(emulator.origin, [embeddedJob, standingJob])));
    await waitFor(emulator.proc, 'the GET in the request log', () =>
      /GET \/api\/v1\/jobs\S* → 200 /.exec(emulator.proc.stderr),
    );

    // A validation failure sends nothing: the server logs no second POST before the next GET.
    const invalid = await hire(box, [...CREATE, '--question-count', '3']);
    expect(invalid.code).toBe(2);
    expect(invalid.stdout).toBe('');
    const { jobs: after } = await listJobs(box);
    expect(after).toHaveLength(2);
    await waitFor(
      emulator.proc,
      'the second GET in the request log',
      () => emulator.proc.stderr.match(/GET \/api\/v1\/jobs/g)?.[1],
    );
    expect(emulator.proc.stderr.match(/POST /g)).toHaveLength(1);

    const exit = await stopEmulator(emulator, 'SIGINT');
    expect(exit).toEqual({ code: 130, signal: null });
    expect(emulator.proc.stderr).toContain('Emulator stopped');
    expect(emulator.proc.stdout).toBe('');
    expect(existsSync(join(box.dataDir, 'emulator.json'))).toBe(false);

    // Nothing listens at the profile's address now: the next command runs the emulator in-process.
    const { jobs: survived, result: embedded } = await listJobs(box);
    expect(embedded.stderr).toMatch(/^Using the local emulator in-process/);
    expect(byId(survived)).toEqual(byId(servedAt(profileOrigin(box), [embeddedJob, standingJob])));
  });

  it('stops on SIGTERM with exit 0, and its state survives a restart', async () => {
    const box = await sandbox();
    const first = await startEmulator(box);
    pointLocalProfileAt(box, first.apiUrl);
    const { job } = await createJob(box, 'Before the restart');

    const exit = await stopEmulator(first, 'SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(first.proc.stderr).toContain('Emulator stopped');
    expect(existsSync(join(box.dataDir, 'emulator.json'))).toBe(false);

    const second = await startEmulator(box);
    pointLocalProfileAt(box, second.apiUrl);
    const { jobs, result } = await listJobs(box);
    expect(result.stderr).toContain(`Using the local emulator at ${second.origin}.`);
    expect(jobs).toEqual(servedAt(second.origin, [job]));
    expect(await stopEmulator(second, 'SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('--port and --host choose where it listens', async () => {
    const box = await sandbox();
    const port = await unusedPort();
    const emulator = await startEmulator(box, ['--port', String(port), '--host', '127.0.0.2']);
    expect(emulator.origin).toBe(`http://127.0.0.2:${port}`);
    expect(await isListening('127.0.0.2', port)).toBe(true);

    pointLocalProfileAt(box, emulator.apiUrl);
    const { result } = await createJob(box, 'On another loopback address');
    expect(result.stderr).toContain(`Using the local emulator at ${emulator.origin}.`);
    await waitFor(emulator.proc, 'the POST in the request log', () =>
      /POST \/api\/v1\/jobs → 201/.exec(emulator.proc.stderr),
    );
    expect(await stopEmulator(emulator, 'SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('on a port already in use: exit 1 naming the port, and the data dir is left unlocked', async () => {
    const box = await sandbox();
    const blocker = createServer();
    occupied.push(blocker);
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };

    const result = await hire(box, ['emulator', 'start', '--port', String(port)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`\\b${port}\\b`));
    expect(result.stderr).toMatch(/in use/);
    expect(existsSync(join(box.dataDir, 'emulator.json'))).toBe(false);
  });

  it("a second emulator on the same data dir: exit 1 naming the running one's address", async () => {
    const box = await sandbox();
    const running = await startEmulator(box);

    const second = await hire(box, ['emulator', 'start', '--port', '0']);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toContain(running.origin);
    expect(second.stderr).not.toContain('Emulator listening');

    // The first one is untouched: still running, still owning the data dir.
    expect(running.proc.exit).toBeUndefined();
    const record = JSON.parse(readFileSync(join(box.dataDir, 'emulator.json'), 'utf8')) as { url?: string };
    expect(record.url).toBe(running.origin);
    expect(await stopEmulator(running, 'SIGINT')).toEqual({ code: 130, signal: null });
  });

  it("commands find a standing emulator on another port than the profile's through the data dir's record", async () => {
    const box = await sandbox(); // the local profile points at an unused port
    const emulator = await startEmulator(box);

    const { job, result } = await createJob(box, 'Found through the record');
    expect(people(result.stderr)).toEqual([`Using the local emulator at ${emulator.origin}.`]);
    await waitFor(emulator.proc, 'the POST in the request log', () =>
      /POST \/api\/v1\/jobs → 201/.exec(emulator.proc.stderr),
    );

    const { jobs } = await listJobs(box);
    expect(jobs).toEqual([job]);
    await waitFor(emulator.proc, 'the GET in the request log', () =>
      /GET \/api\/v1\/jobs\S* → 200/.exec(emulator.proc.stderr),
    );

    expect(await stopEmulator(emulator, 'SIGINT')).toEqual({ code: 130, signal: null });
    const { jobs: survived } = await listJobs(box);
    expect(survived).toEqual(servedAt(profileOrigin(box), [job]));
    expect(profileOrigin(box)).not.toBe(emulator.origin);
  });
});
