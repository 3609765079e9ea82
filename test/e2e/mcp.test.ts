// `hire mcp` driven by the MCP SDK's own client over stdio, against the built binary on a sandbox:
// initialize, the tools offered at each level of permission, calls that read, a write refused
// without --allow-writes, invalid input, a failure carrying the API's code, and a raw session
// proving that stdout carries nothing but the protocol.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ROOT, hire } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { testEmulator } from '../helpers/emulator.js';
import { connectMcp as connect } from '../helpers/mcp-client.js';
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';

type Content = { type: string; text: string }[];
const textOf = (result: object) => (result as { content: Content }).content[0]!.text;

describe('hire mcp', () => {
  it('offers read tools by default, runs them as --json does, and refuses writes without --allow-writes', async () => {
    const box = await sandbox();
    const created = await hire(box, [
      'jobs',
      'create',
      '--title',
      'Backend Engineer',
      '--description',
      DESCRIPTION,
      '--skill',
      'go',
      '--publish',
      '--json',
      '-q',
    ]);
    expect(created.code).toBe(0);
    const job = JSON.parse(created.stdout) as { id: string };
    await hire(box, ['emulator', 'simulate', '--job', job.id, '--applications', '6', '--advance', '--seed', '7', '-q']);

    const client = await connect(box);
    expect(client.getServerVersion()).toMatchObject({ name: 'hire' });
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'jobs_list',
        'jobs_get',
        'candidates_list',
        'candidates_get',
        'analytics',
        'status',
        'events_list',
      ]),
    );
    for (const absent of [
      'jobs_create',
      'candidates_move',
      'jobs_delete',
      'webhooks_remove',
      'mcp',
      'emulator_start',
      'webhooks_listen',
      'logs_tail',
      'auth_login',
    ])
      expect(names).not.toContain(absent);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    // Input schemas from the flags: types, enums, ranges.
    const candidates = tools.find((tool) => tool.name === 'candidates_list')!;
    expect(candidates.inputSchema.properties).toMatchObject({
      status: {
        type: 'array',
        items: { type: 'string', enum: ['new', 'screening', 'review', 'interview', 'offer', 'hired', 'rejected'] },
      },
      score_min: { type: 'number', minimum: 0, maximum: 100 },
      job: { type: 'string' },
    });
    expect(tools.find((tool) => tool.name === 'jobs_get')!.inputSchema.required).toEqual(['id']);

    // A read: the same JSON as `hire jobs list --json`.
    const listed = await client.callTool({ name: 'jobs_list', arguments: { fields: 'id,title,status' } });
    expect(listed.isError).toBeFalsy();
    expect(JSON.parse(textOf(listed))).toEqual(
      JSON.parse((await hire(box, ['jobs', 'list', '--fields', 'id,title,status', '--json', '-q'])).stdout),
    );
    const inReview = await client.callTool({
      name: 'candidates_list',
      arguments: { job: job.id, status: ['review', 'interview'], score_min: 0 },
    });
    const rows = JSON.parse(textOf(inReview)) as { job_id: string; status: string }[];
    for (const row of rows)
      expect(row).toMatchObject({ job_id: job.id, status: expect.stringMatching(/^(review|interview)$/) });
    expect(JSON.parse(textOf(await client.callTool({ name: 'jobs_get', arguments: { id: job.id } })))).toMatchObject({
      id: job.id,
      title: 'Backend Engineer',
    });
    // doctor, a read of the platform: the same document as `hire doctor --json`, each operation with its commands.
    const doctor = JSON.parse(textOf(await client.callTool({ name: 'doctor', arguments: {} }))) as {
      operations: { offered: boolean | null; commands: string[] }[];
    };
    const doctorCli = JSON.parse((await hire(box, ['doctor', '--json', '-q'])).stdout) as typeof doctor;
    expect(doctor.operations).toHaveLength(21);
    expect(doctor.operations.every((operation) => operation.offered === true)).toBe(true);
    expect(doctor.operations.map((operation) => operation.commands)).toEqual(
      doctorCli.operations.map((operation) => operation.commands),
    );

    // A write, not offered: told why and what would allow it; nothing created.
    const refused = await client.callTool({
      name: 'jobs_create',
      arguments: { title: 'Sneaky', description: DESCRIPTION },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(textOf(refused))).toMatchObject({
      exit_code: 2,
      error: { code: 'not_allowed', message: expect.stringContaining('--allow-writes') },
    });
    expect(JSON.parse((await hire(box, ['jobs', 'list', '--json', '-q'])).stdout)).toHaveLength(1);

    // Invalid input: out of range, unknown, and a failure of the API (its code and the exit code).
    const range = JSON.parse(textOf(await client.callTool({ name: 'candidates_list', arguments: { score_min: 150 } })));
    expect(range).toMatchObject({
      exit_code: 2,
      error: { code: 'usage_error', message: expect.stringContaining('--score-min') },
    });
    const unknown = JSON.parse(
      textOf(await client.callTool({ name: 'jobs_get', arguments: { id: job.id, colour: 'red' } })),
    );
    expect(unknown).toMatchObject({ exit_code: 2, error: { message: expect.stringContaining('"colour"') } });
    const missing = await client.callTool({ name: 'jobs_get', arguments: { id: 'job_missing' } });
    expect(missing.isError).toBe(true);
    expect(JSON.parse(textOf(missing))).toMatchObject({ exit_code: 4, error: { code: 'not_found' } });
    // A value that looks like a flag stays a value.
    const dashed = JSON.parse(textOf(await client.callTool({ name: 'jobs_get', arguments: { id: '--help' } })));
    expect(dashed).toMatchObject({ exit_code: 4 });
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/no_such_tool/);
  });

  it('with --allow-writes creates and moves, and deletes only with --allow-deletes too', async () => {
    const box = await sandbox();
    const writer = await connect(box, ['--allow-writes']);
    const names = (await writer.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['jobs_create', 'jobs_publish', 'candidates_move', 'webhooks_add', 'jobs_list']),
    );
    expect(names).not.toContain('jobs_delete');
    const created = await writer.callTool({
      name: 'jobs_create',
      arguments: { title: 'Data Engineer', description: DESCRIPTION, skill: ['sql', 'python'], publish: true },
    });
    expect(created.isError).toBeFalsy();
    const job = JSON.parse(textOf(created)) as { id: string; status: string; skills: string[] };
    expect(job).toMatchObject({ status: 'active', skills: ['sql', 'python'] });
    await hire(box, ['emulator', 'simulate', '--job', job.id, '--applications', '3', '--seed', '3', '-q']);
    const [candidate] = JSON.parse(
      textOf(await writer.callTool({ name: 'candidates_list', arguments: { job: job.id, status: ['new'] } })),
    ) as { id: string }[];
    const moved = await writer.callTool({
      name: 'candidates_move',
      arguments: { ids: [candidate!.id], status: 'screening' },
    });
    expect(JSON.parse(textOf(moved))).toMatchObject({ id: candidate!.id, status: 'screening' });
    const invalid = JSON.parse(
      textOf(await writer.callTool({ name: 'jobs_create', arguments: { title: 'Short', description: 'too short' } })),
    );
    expect(invalid).toMatchObject({
      exit_code: 2,
      error: { code: 'validation_error', details: { description: expect.any(String) } },
    });
    const deleting = await writer.callTool({ name: 'jobs_delete', arguments: { id: job.id } });
    expect(JSON.parse(textOf(deleting))).toMatchObject({
      exit_code: 2,
      error: { code: 'not_allowed', message: expect.stringContaining('--allow-deletes') },
    });
    expect(JSON.parse((await hire(box, ['jobs', 'get', job.id, '--json', '-q'])).stdout)).toMatchObject({ id: job.id });

    const admin = await connect(box, ['--allow-writes', '--allow-deletes']);
    const deleted = await admin.callTool({ name: 'jobs_delete', arguments: { id: job.id } });
    expect(deleted.isError).toBeFalsy();
    expect((await hire(box, ['jobs', 'get', job.id, '--json', '-q'])).code).toBe(4);

    // A profile that does not exist: refused before serving, naming it.
    const nosuch = await hire(box, ['mcp', '-p', 'nosuch']);
    expect(nosuch).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('"nosuch"') });

    const lone = await hire(box, ['mcp', '--allow-deletes']);
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain('--allow-writes');
  });

  it('never reaches the local disk, config or emulator keys, even with --allow-writes --allow-deletes', async () => {
    const box = await sandbox();
    const admin = await connect(box, ['--allow-writes', '--allow-deletes']);
    const { tools } = await admin.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['jobs_create', 'jobs_update', 'jobs_delete', 'api', 'status']));
    // Commands whose whole job is on this machine are no tools.
    for (const local of [
      'jobs_import',
      'profiles_use',
      'profiles_list',
      'profiles_remove',
      'auth_logout',
      'auth_status',
      'emulator_keys_create',
      'emulator_keys_list',
      'emulator_reset',
      'emulator_simulate',
      'trigger',
      'webhooks_verify',
      'completion',
    ])
      expect(names).not.toContain(local);
    // No flag that names a local file is an input.
    for (const tool of tools)
      for (const property of [
        'from_file',
        'description_file',
        'save',
        'resume',
        'failures_file',
        'input',
        'payload_file',
      ])
        expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).not.toContain(property);
    expect(Object.keys(tools.find((tool) => tool.name === 'api')!.inputSchema.properties ?? {})).not.toContain('field');

    const secret = join(box.root, 'secret.txt');
    writeFileSync(secret, `${'the contents of a private file on the machine. '.repeat(4)}\n`);
    const read = await admin.callTool({
      name: 'jobs_create',
      arguments: { title: 'Reader', description_file: secret, dry_run: true },
    });
    expect(read.isError).toBe(true);
    expect(textOf(read)).not.toContain('private file');
    expect(JSON.parse(textOf(read))).toMatchObject({
      exit_code: 2,
      error: { message: expect.stringContaining('"description_file"') },
    });
    const saved = join(box.root, 'saved.json');
    const save = await admin.callTool({
      name: 'jobs_create',
      arguments: { title: 'Writer', description: DESCRIPTION, save: saved, dry_run: true },
    });
    expect(JSON.parse(textOf(save))).toMatchObject({ exit_code: 2 });
    expect(existsSync(saved)).toBe(false);

    // The raw request cannot climb out of the API to the emulator's controls, which hand out keys.
    for (const path of ['/../../_emulator/keys', '/%2e%2e/%2E%2E/_emulator/keys']) {
      const climbed = await admin.callTool({
        name: 'api',
        arguments: { path, method: 'POST', raw_field: ['level=admin'] },
      });
      expect(climbed.isError).toBe(true);
      expect(textOf(climbed)).not.toMatch(/hk_(test|live)_/);
      expect(JSON.parse(textOf(climbed))).toMatchObject({
        exit_code: 2,
        error: { message: expect.stringContaining('..') },
      });
    }
    // Spellings the URL parser reads as a climb (`\` as `/`, TAB dropped): refused on the built URL.
    for (const path of ['/x\\..\\..\\..\\_emulator/keys', '/.\t./.\t./_emulator/keys']) {
      const climbed = await admin.callTool({
        name: 'api',
        arguments: { path, method: 'POST', raw_field: ['level=admin'] },
      });
      expect(climbed.isError).toBe(true);
      expect(textOf(climbed)).not.toMatch(/hk_(test|live|local)_/);
      expect(JSON.parse(textOf(climbed))).toMatchObject({
        exit_code: 2,
        error: { code: 'usage_error', message: expect.stringContaining('PATH') },
      });
    }
    const keys = await hire(box, ['emulator', 'keys', 'list', '--json', '-q']);
    expect(keys.code).toBe(0);
    expect((JSON.parse(keys.stdout) as unknown[]).length).toBeLessThanOrEqual(1);
  });

  it('keeps the profile it started with for its whole life: a default changed later in another shell changes nothing', async () => {
    const box = await sandbox();
    // A second profile at an address where nothing listens: a call that used it would fail (exit 6).
    box.writeConfig({
      profiles: {
        elsewhere: {
          environment: 'sandbox',
          base_url: `http://127.0.0.1:${await unusedPort()}/api/v1`,
          api_key: 'hk_test_elsewhere',
        },
      },
    });
    const client = await connect(box);
    const before = await client.callTool({ name: 'status', arguments: {} });
    expect(before.isError).toBeFalsy();
    expect(JSON.parse(textOf(before))).toMatchObject({ profile: { name: 'local' } });
    expect((await hire(box, ['profiles', 'use', 'elsewhere', '-q'])).code).toBe(0);
    expect(JSON.parse((await hire(box, ['profiles', 'show', '--json', '-q'])).stdout)).toMatchObject({
      name: 'elsewhere',
    });
    const after = await client.callTool({ name: 'status', arguments: {} });
    expect(after.isError).toBeFalsy();
    expect(JSON.parse(textOf(after))).toMatchObject({ profile: { name: 'local' } });
  });

  it('puts the warnings of a call in its result: a deprecated /api/v0 on every call after it is said', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    await emulator.call('POST', '/jobs', { body: { title: 'Old Version', description: DESCRIPTION } });
    const at = (version: string): Sandbox => ({
      ...box,
      env: { ...box.env, HIRE_BASE_URL: `${emulator.origin}/api/${version}`, HIRE_API_KEY: emulator.key },
    });
    const client = await connect(at('v0'));
    for (const _call of [1, 2]) {
      const result = (await client.callTool({ name: 'jobs_list', arguments: {} })) as { content: Content };
      expect((JSON.parse(result.content[0]!.text) as { title: string }[]).map((job) => job.title)).toEqual([
        'Old Version',
      ]);
      expect(result.content).toHaveLength(2);
      expect(JSON.parse(result.content[1]!.text)).toEqual({
        warnings: [
          {
            code: 'api_deprecated',
            message: 'API version deprecated: the base URL uses /api/v0. Use /api/v1.',
            base_url: `${emulator.origin}/api/v0`,
          },
        ],
      });
    }
    // A failure carries them in its envelope, as --json does.
    const missing = (await client.callTool({ name: 'jobs_get', arguments: { id: 'job_missing' } })) as {
      content: Content;
    };
    expect(JSON.parse(textOf(missing))).toMatchObject({
      exit_code: 4,
      warnings: ['API version deprecated: the base URL uses /api/v0. Use /api/v1.'],
    });
    // The same server at /api/v1: the result alone.
    const current = await connect(at('v1'));
    const plain = (await current.callTool({ name: 'jobs_list', arguments: {} })) as { content: Content };
    expect(plain.content).toHaveLength(1);
  });

  it('writes nothing to stdout but JSON-RPC messages, answers calls in flight when stdin closes, and exits 0', async () => {
    const box = await sandbox();
    const child = spawn(process.execPath, ['bin/hire.js', 'mcp'], {
      cwd: ROOT,
      env: box.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // A line that is not JSON, and JSON that is no JSON-RPC message: answered with id null.
    child.stdin.write('this is not json\n');
    child.stdin.write('{"hello":"world"}\n');
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'jobs_list', arguments: {} } });
    send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'status', arguments: {} } });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const all = lines.map(
      (line) =>
        JSON.parse(line) as {
          jsonrpc: string;
          id: number | null;
          result?: { isError?: boolean };
          error?: { code: number };
        },
    );
    for (const message of all) expect(message.jsonrpc).toBe('2.0');
    expect(
      all
        .filter((message) => message.id === null)
        .map((message) => message.error?.code)
        .sort(),
    ).toEqual([-32600, -32700]);
    const messages = all.filter((message) => message.id !== null);
    expect(messages.map((message) => message.id).sort()).toEqual([1, 2, 3, 4]);
    expect(messages.find((message) => message.id === 3)?.result?.isError).toBeFalsy();
  });
});
