// An interrupted bulk move still reports what it did: `candidates move - --json` stopped by Ctrl-C
// after some moves prints on stdout the candidates moved so far (what a finished one prints), and
// the error envelope counts every outcome in `details`; exit 130 (docs/exit-codes.md). Piped
// without --json, the report's table. The built binary against the emulator, through a proxy that
// holds the moves from the 33rd on: "after some moves" is a place, and SIGINT is sent once the
// 33rd is held.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { describeOutput, spawnHire, waitExit, waitFor } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { forward, listen, readBody, relay } from '../helpers/scripted-server.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';

type Obj = Record<string, unknown>;

/** A proxy before the emulator that passes `pass` PATCHes, then holds every later one unanswered. */
async function holdingMovesAfter(apiUrl: string, pass: number): Promise<{ apiUrl: string; held: () => number }> {
  const target = new URL(apiUrl);
  let patches = 0;
  let held = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method === 'PATCH' && ++patches > pass) {
        held += 1;
        return; // never answered: the client drops it when it gives up
      }
      relay(res, await forward(req, body, target));
    })();
  });
  return { apiUrl: `${await listen(server)}${target.pathname}`, held: () => held };
}

async function newCandidates(emu: TestEmulator, count: number): Promise<string[]> {
  const job = await emu.call('POST', '/jobs', { body: { title: 'Busy', description: DESCRIPTION, publish: true } });
  expect(job.status).toBe(201);
  const simulated = await fetch(`${emu.origin}/_emulator/simulate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ job_id: job.json.data.id, applications: count }),
  });
  expect(simulated.status).toBe(201);
  const listed = await emu.call('GET', '/candidates?status=new&per_page=100&sort=created_at,id');
  const ids = (listed.json.data as Obj[]).map((candidate) => String(candidate.id));
  expect(ids).toHaveLength(count);
  return ids;
}

async function inScreening(emu: TestEmulator): Promise<string[]> {
  const listed = await emu.call('GET', '/candidates?status=screening&per_page=100');
  return (listed.json.data as Obj[]).map((candidate) => String(candidate.id)).sort();
}

/** 60 new candidates moved to screening one at a time, Ctrl-C once 32 are moved and the 33rd is held. */
async function interruptedMove(json: boolean) {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir);
  const ids = await newCandidates(emu, 60);
  const proxy = await holdingMovesAfter(emu.apiUrl, 32);
  const args = ['candidates', 'move', '-', '--status', 'screening', '--concurrency', '1', '--timeout', '600'];
  const proc = spawnHire(box, json ? [...args, '--json'] : args, {
    env: { HIRE_BASE_URL: proxy.apiUrl, HIRE_API_KEY: emu.key },
    stdin: `${ids.join('\n')}\n`,
  });
  await waitFor(proc, 'the 33rd move held, 32 done', () => proxy.held() > 0);
  proc.child.kill('SIGINT');
  const exit = await waitExit(proc, 'the move after SIGINT');
  return { proc, exit, ids, moved: await inScreening(emu) };
}

describe('candidates move, many ids, stopped by Ctrl-C', () => {
  it('--json: the candidates moved so far on stdout, the envelope counting each outcome; exit 130', async () => {
    const { proc, exit, ids, moved } = await interruptedMove(true);
    expect(exit, describeOutput(proc)).toEqual({ code: 130, signal: null });
    expect(moved).toHaveLength(32);
    // stdout: the candidates as moved, as a finished run prints them; exactly those the platform moved.
    const printed = JSON.parse(proc.stdout) as Obj[];
    expect(printed.map((candidate) => candidate.id).sort()).toEqual(moved);
    expect(printed.every((candidate) => candidate.status === 'screening')).toBe(true);
    expect(ids.slice(0, 32).sort()).toEqual(moved);
    // stderr: the envelope alone, its details counting every outcome (the 33rd, in flight, was cut off).
    const envelope = JSON.parse(proc.stderr) as { error: { code: string; message: string; details: Obj } };
    expect(envelope.error.code).toBe('interrupted');
    expect(envelope.error.message).toBe('Interrupted. 60 candidates: 32 moved to screening, 1 failed, 27 not sent.');
    expect(envelope.error.details).toEqual({
      moved: 32,
      already: 0,
      refused: 0,
      not_found: 0,
      failed: 1,
      not_sent: 27,
      not_attempted: 0,
    });
  });

  it('piped, without --json: the report table of every candidate on stdout, the summary on stderr; exit 130', async () => {
    const { proc, exit, ids, moved } = await interruptedMove(false);
    expect(exit, describeOutput(proc)).toEqual({ code: 130, signal: null });
    const rows = proc.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => row[0])).toEqual(ids);
    expect(
      rows
        .filter((row) => row[1] === 'moved')
        .map((row) => row[0])
        .sort(),
    ).toEqual(moved);
    expect(rows.filter((row) => row[1] === 'not_sent')).toHaveLength(27);
    expect(proc.stderr).toContain('Interrupted. 60 candidates: 32 moved to screening, 1 failed, 27 not sent.');
  });
});
