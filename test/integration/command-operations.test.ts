// Each command's `operations` (commands/define.ts) held true: every command that reaches the API is
// run against the emulator, what it sent is read from the emulator's request log and named by the
// route table's operation ids, and an operation the command did not declare fails the test
// (ARCHITECTURE.md "A new command").
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import type { OperationId } from '../../src/domain/operations.js';
import { API_ROUTES, findRoute } from '../../src/emulator/http/route-table.js';
import { DESCRIPTION, captureIO, json, runCli, type RunResult } from '../helpers/cli.js';
import { localEmulator, type TestEmulator } from '../helpers/emulator.js';
import { reply, serve } from '../helpers/scripted-server.js';

interface HelpCommand {
  path: string[];
  local?: string;
  operations: { id: OperationId; method: string; path: string; published: boolean }[];
}

/** What a command sent to the API, by operation id, read from the request log after `mark`. */
async function sentSince(emu: TestEmulator, mark: number): Promise<{ operations: Set<string>; last: number }> {
  const response = await fetch(`${emu.origin}/_emulator/requests?after=${mark}`, {
    headers: { authorization: `Bearer ${emu.key}` },
  });
  const body = (await response.json()) as { data: { method: string; path: string }[]; meta: { last: number } };
  const operations = new Set<string>();
  for (const entry of body.data) {
    const api = /^\/api\/v[01](\/[^?]*)/.exec(entry.path);
    if (!api) continue; // the emulator's own controls and pages: not the platform's API
    try {
      operations.add(findRoute(API_ROUTES, entry.method, api[1]!.replace(/\/+$/, '')).route.doc!.operation);
    } catch {
      operations.add(`${entry.method} ${api[1]} (no operation)`);
    }
  }
  return { operations, last: body.meta.last };
}

async function logMark(emu: TestEmulator): Promise<number> {
  return (await sentSince(emu, 0)).last;
}

/** A command that goes on until stopped: run until `ready` shows on stderr, then SIGTERM. */
async function runUntil(argv: string[], env: Record<string, string>, ready: RegExp): Promise<RunResult> {
  const signals = new EventEmitter();
  const captured = captureIO({ argv, signals });
  const done = main(argv, captured.io, env);
  const deadline = Date.now() + 30_000;
  while (!ready.test(captured.stderr()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  signals.emit('signal', 'SIGTERM');
  const code = await done;
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

async function create(emu: TestEmulator, path: string, body: unknown): Promise<string> {
  const response = await emu.call('POST', path, { body });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json.data.id as string;
}

describe("each command's declared operations", () => {
  it('cover every operation it sends, for a run of every command that reaches the API', async () => {
    const { box, emu } = await localEmulator();
    const env = box.env;
    const help = json<{ commands: HelpCommand[] }>(await runCli(['help', '--json'], { env }));
    const declared = new Map(help.commands.map((command) => [command.path.join(' '), command.operations]));

    // The data the runs work on.
    const job = await create(emu, '/jobs', { title: 'Backend Engineer', description: DESCRIPTION, publish: true });
    const draft = await create(emu, '/jobs', { title: 'Draft', description: DESCRIPTION });
    const doomed = await create(emu, '/jobs', { title: 'Doomed', description: DESCRIPTION });
    const simulated = await fetch(`${emu.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: job, applications: 3 }),
    });
    expect(simulated.status).toBe(201);
    const candidates = (await emu.call('GET', `/candidates?job_id=${job}`)).json.data as {
      id: string;
      status: string;
    }[];
    const candidate = candidates[0]!.id;
    const assessment = (await emu.call('GET', `/assessments?job_id=${job}`)).json.data[0].id as string;
    // A receiver that takes every delivery, so that a resend is delivered.
    const receiver = await serve(reply(200, {}));
    const webhook = await create(emu, '/webhooks', {
      url: `${receiver.origin}/hooks`,
      events: ['job.created'],
      secret: 'a-secret-of-some-length',
    });
    const doomedHook = await create(emu, '/webhooks', {
      url: 'https://example.com/other',
      events: ['job.created'],
      secret: 'a-secret-of-some-length',
    });
    const event = (await emu.call('GET', '/events')).json.data[0].id as string;
    const jobsFile = join(box.root, 'jobs.ndjson');
    writeFileSync(jobsFile, `${JSON.stringify({ title: 'Imported', description: DESCRIPTION })}\n`);

    const runs: { command: string; argv: string[]; stdin?: string; until?: RegExp }[] = [
      { command: 'status', argv: ['status'] },
      { command: 'jobs create', argv: ['jobs', 'create', '--title', 'Created', '--description', DESCRIPTION] },
      { command: 'jobs import', argv: ['jobs', 'import', jobsFile] },
      { command: 'jobs list', argv: ['jobs', 'list'] },
      { command: 'jobs get', argv: ['jobs', 'get', job] },
      { command: 'jobs update', argv: ['jobs', 'update', job, '--title', 'Senior Backend Engineer'] },
      { command: 'jobs publish', argv: ['jobs', 'publish', draft] },
      { command: 'jobs pause', argv: ['jobs', 'pause', draft] },
      { command: 'jobs reopen', argv: ['jobs', 'reopen', draft] },
      { command: 'jobs close', argv: ['jobs', 'close', draft] },
      { command: 'jobs delete', argv: ['jobs', 'delete', doomed, '--yes'] },
      { command: 'candidates list', argv: ['candidates', 'list'] },
      { command: 'candidates get', argv: ['candidates', 'get', candidate] },
      { command: 'candidates move', argv: ['candidates', 'move', candidate, '--status', 'screening', '--yes'] },
      { command: 'assessments create', argv: ['assessments', 'create', '--job', job] },
      { command: 'assessments get', argv: ['assessments', 'get', assessment] },
      { command: 'assessments list', argv: ['assessments', 'list'] },
      { command: 'analytics', argv: ['analytics'] },
      {
        command: 'webhooks add',
        argv: ['webhooks', 'add', '--url', 'https://example.com/added', '--event', 'job.created'],
      },
      { command: 'webhooks list', argv: ['webhooks', 'list'] },
      { command: 'webhooks deliveries', argv: ['webhooks', 'deliveries', webhook] },
      { command: 'webhooks remove', argv: ['webhooks', 'remove', doomedHook, '--yes'] },
      { command: 'webhooks listen', argv: ['webhooks', 'listen', '--register'], until: /Registered webhook wh_/ },
      { command: 'events list', argv: ['events', 'list'] },
      { command: 'events get', argv: ['events', 'get', event] },
      { command: 'events resend', argv: ['events', 'resend', event, '--webhook', webhook] },
      { command: 'auth status', argv: ['auth', 'status'] },
      { command: 'doctor', argv: ['doctor'] },
      {
        command: 'auth login',
        argv: ['auth', 'login', '--profile', 'other', '--base-url', emu.apiUrl, '--with-key'],
        stdin: emu.key,
      },
      { command: 'trigger', argv: ['trigger', 'job.created'] },
      { command: 'emulator simulate', argv: ['emulator', 'simulate', '--job', job, '--applications', '1'] },
      { command: 'emulator keys list', argv: ['emulator', 'keys', 'list'] },
    ];

    const undeclared: string[] = [];
    for (const run of runs) {
      const mark = await logMark(emu);
      const result = run.until
        ? await runUntil(run.argv, env, run.until)
        : await runCli(run.argv, { env, ...(run.stdin !== undefined ? { stdin: run.stdin } : {}) });
      expect(result.code, `hire ${run.argv.join(' ')}\n${result.stderr}${result.stdout}`).toBe(0);
      const { operations } = await sentSince(emu, mark);
      const allowed = new Set((declared.get(run.command) ?? []).map((operation) => operation.id));
      for (const operation of operations)
        if (!allowed.has(operation as OperationId)) undeclared.push(`${run.command}: ${operation}`);
      // The run reached the API as the declaration says it would.
      if (allowed.size > 0) expect(operations.size, `hire ${run.argv.join(' ')} sent nothing`).toBeGreaterThan(0);
    }
    expect(undeclared).toEqual([]);

    // Every command that declares operations was run above; `mcp` runs the others as tools, and `api`
    // sends what it is given: both declare none.
    const ran = new Set(runs.map((run) => run.command));
    const declaring = help.commands.filter((command) => command.operations.length > 0).map((c) => c.path.join(' '));
    expect(declaring.filter((command) => !ran.has(command))).toEqual([]);
  });

  it('name at least one operation for every command whose work is on the platform', async () => {
    const { box } = await localEmulator();
    const help = json<{ commands: HelpCommand[] }>(await runCli(['help', '--json'], { env: box.env }));
    const platform = help.commands.filter((command) => command.local === undefined && command.path.join(' ') !== 'api');
    expect(platform.length).toBeGreaterThan(20);
    expect(platform.filter((command) => command.operations.length === 0).map((c) => c.path.join(' '))).toEqual([]);
  });

  it('cover what a command sends to a server that offers only the published operations', async () => {
    // The other way a command may go: where an assumed operation is not offered (a bare 404), what
    // it then sends (a published list, to tell a missing record from a missing operation) is declared too.
    const { box, emu } = await localEmulator({ publishedOnly: true });
    const help = json<{ commands: HelpCommand[] }>(await runCli(['help', '--json'], { env: box.env }));
    const declared = new Map(help.commands.map((command) => [command.path.join(' '), command.operations]));
    const job = await create(emu, '/jobs', { title: 'Backend Engineer', description: DESCRIPTION });
    const runs: [string, string[]][] = [
      ['jobs get', ['jobs', 'get', job]],
      ['jobs update', ['jobs', 'update', job, '--title', 'Senior']],
      ['jobs publish', ['jobs', 'publish', job]],
      ['jobs delete', ['jobs', 'delete', job, '--yes']],
      ['candidates get', ['candidates', 'get', 'cand_missing']],
      ['candidates move', ['candidates', 'move', 'cand_missing', '--status', 'screening', '--yes']],
      ['webhooks list', ['webhooks', 'list']],
      ['events list', ['events', 'list']],
    ];
    const undeclared: string[] = [];
    for (const [command, argv] of runs) {
      const mark = await logMark(emu);
      // Whether it succeeds depends on what hire makes of the 404; what it sent is the point here.
      await runCli(argv, { env: box.env });
      const allowed = new Set((declared.get(command) ?? []).map((operation) => operation.id));
      const { operations } = await sentSince(emu, mark);
      expect(operations.size, `hire ${argv.join(' ')} sent nothing`).toBeGreaterThan(0);
      for (const operation of operations)
        if (!allowed.has(operation as OperationId)) undeclared.push(`${command}: ${operation}`);
    }
    expect(undeclared).toEqual([]);
  });

  it('are read from the request log by the route table, one operation per request', async () => {
    const { box, emu } = await localEmulator();
    const job = await create(emu, '/jobs', { title: 'Backend Engineer', description: DESCRIPTION });
    const mark = await logMark(emu);
    expect((await runCli(['jobs', 'get', job], { env: box.env })).code).toBe(0);
    const { operations } = await sentSince(emu, mark);
    expect([...operations]).toEqual(['getJob']);
  });
});
