// The local profile uses its own emulator only (docs/emulator.md "Finding a standing emulator"): a
// server at the profile's address is trusted with the key only when it proves that it serves this
// data dir; a stranger there (another data dir's emulator, a plain web server, a relay in front of
// the real emulator) is sent nothing, named once, and the command runs the emulator in-process.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hire, spawnHire, waitExit, waitFor, type Result } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { forward, listen, readBody, relay, serve } from '../helpers/scripted-server.js';

const LISTENING = /Emulator listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/;
const STRANGER_NOTICE = /Something other than this data dir's emulator answers at (\S+); it was sent nothing\./g;

type Job = { id: string; title: string };

async function create(box: Sandbox, title: string): Promise<{ job: Job; result: Result }> {
  // -v: under --json the notices that name the emulator are written only then (README "Output").
  const result = await hire(box, ['jobs', 'create', '--title', title, '--description', DESCRIPTION, '--json', '-v']);
  expect(result.code, result.stderr).toBe(0);
  return { job: JSON.parse(result.stdout) as Job, result };
}

async function list(box: Sandbox): Promise<Job[]> {
  const result = await hire(box, ['jobs', 'list', '--all', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Job[];
}

/** `hire emulator start --port 0` on the box's data dir, once it listens. */
async function standing(box: Sandbox) {
  const proc = spawnHire(box, ['emulator', 'start', '--port', '0']);
  const origin = (await waitFor(proc, 'the emulator to listen', () => LISTENING.exec(proc.stderr), 45_000))[1]!;
  return { proc, origin };
}

describe('the local profile with a stranger on its address', () => {
  it("another data dir's emulator there: nothing is sent to it, the command runs in-process on its own data", async () => {
    const other = await sandbox();
    const theirs = await standing(other);
    const box = await sandbox({ localUrl: `${theirs.origin}/api/v1` });

    const { job, result } = await create(box, 'Mine, not theirs');
    expect(result.stderr).toContain('Using the local emulator in-process');
    expect([...result.stderr.matchAll(STRANGER_NOTICE)].map((match) => match[1])).toEqual([
      new URL(theirs.origin).host,
    ]);
    expect(result.stderr).not.toMatch(/Invalid API key|auth login/);
    expect((await list(box)).map((item) => item.id)).toEqual([job.id]);

    // Their emulator was asked for its proof and nothing else: no API request reached it.
    await waitFor(theirs.proc, 'the proof request in its log', () =>
      /GET \/_emulator\/info\?nonce=/.exec(theirs.proc.stderr),
    );
    expect(theirs.proc.stderr).not.toMatch(/(GET|POST|PATCH|DELETE) \/api\//);
    theirs.proc.child.kill('SIGTERM');
    expect(await waitExit(theirs.proc, 'their emulator', 45_000)).toEqual({ code: 0, signal: null });
    // And their data holds nothing of ours.
    const theirJobs = await hire(other, ['jobs', 'list', '--json']);
    expect(JSON.parse(theirJobs.stdout)).toEqual([]);
  });

  it('a plain web server there: sent no key, named once per command, and the command works', async () => {
    const stranger = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not Found</h1>');
    });
    const box = await sandbox({ localUrl: `${stranger.origin}/api/v1` });
    const { job, result } = await create(box, 'Beside a web server');
    expect(result.stderr.match(STRANGER_NOTICE)).toHaveLength(1);
    expect(result.stderr).not.toMatch(/not JSON|HTTP 404/);
    expect((await list(box)).map((item) => item.id)).toEqual([job.id]);
    expect(stranger.requests.length).toBeGreaterThan(0);
    for (const request of stranger.requests) {
      expect(request.path).toBe('/_emulator/info');
      expect(request.headers.authorization).toBeUndefined();
    }
  });

  it("a relay in front of this data dir's own emulator cannot pass its proof off as its own", async () => {
    const box = await sandbox();
    const ours = await standing(box);
    const seen: { path: string; authorization: string | undefined }[] = [];
    // Forwards every request to the real emulator and its answers back, reading the headers on the way.
    const relayOrigin = await listen(
      createServer((req, res) => {
        void readBody(req).then(async (body) => {
          seen.push({ path: new URL(req.url ?? '/', 'http://x').pathname, authorization: req.headers.authorization });
          relay(res, await forward(req, body, new URL(ours.origin)));
        });
      }),
    );
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: `${relayOrigin}/api/v1` } } });

    const { result } = await create(box, 'Not through the relay');
    // The relay failed the proof; the command found the real emulator through the data dir's record.
    expect(result.stderr.match(STRANGER_NOTICE)).toHaveLength(1);
    expect(result.stderr).toContain(`Using the local emulator at ${ours.origin}.`);
    await waitFor(ours.proc, 'the POST in its log', () => /POST \/api\/v1\/jobs → 201/.exec(ours.proc.stderr));
    expect(seen.map((request) => request.path)).toEqual(['/_emulator/info']);
    expect(seen.every((request) => request.authorization === undefined)).toBe(true);
  });
});

describe("the data dir's record of its standing emulator", () => {
  it('is written while it runs and removed when it stops; a record left by a killed one is not trusted', async () => {
    const box = await sandbox();
    const ours = await standing(box);
    const record = join(box.dataDir, 'emulator.json');
    expect(JSON.parse(readFileSync(record, 'utf8'))).toMatchObject({ pid: ours.proc.child.pid, url: ours.origin });
    expect((await create(box, 'Served standing')).result.stderr).toContain(
      `Using the local emulator at ${ours.origin}.`,
    );

    ours.proc.child.kill('SIGKILL');
    await waitExit(ours.proc, 'the killed emulator', 45_000);
    expect(existsSync(record)).toBe(true);
    // A stranger takes the dead emulator's port: the record names it, but it cannot prove anything.
    const port = new URL(ours.origin).port;
    const squatter = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { proof: 'f'.repeat(64), pid: 1 }, headers: req.headers }));
    });
    let squatted = true;
    await new Promise<void>((resolve) => {
      squatter.once('error', () => {
        squatted = false; // the port went elsewhere meanwhile: the record's pid is dead anyway
        resolve();
      });
      squatter.listen(Number(port), '127.0.0.1', resolve);
    });
    try {
      const { result } = await create(box, 'After the crash');
      expect(result.stderr).toContain('Using the local emulator in-process');
      expect((await list(box)).map((job) => job.title).sort()).toEqual(['After the crash', 'Served standing']);
    } finally {
      if (squatted) await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });
});
