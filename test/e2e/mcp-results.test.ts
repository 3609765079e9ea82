// `hire mcp`'s results as data, through the MCP SDK's own client against the built binary: every
// tool declares an outputSchema, every success carries structuredContent that the schema accepts
// (the SDK client validates it; so does this test) beside compact JSON text, failures stay isError
// with the envelope; and no result carries what a webhook target answered, while `hire events get`
// still shows it to a person.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { describe, expect, it } from 'vitest';
import { hire } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { connectMcp as connect } from '../helpers/mcp-client.js';
import { sandbox } from '../helpers/env.js';
import { serve } from '../helpers/scripted-server.js';

interface Result {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
}

/** Calls a tool through the SDK client (which validates structuredContent against the tool's outputSchema). */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Result> {
  return (await client.callTool({ name, arguments: args })) as Result;
}

describe('hire mcp results as data', () => {
  it('declares an outputSchema for every tool, and each result carries structuredContent it accepts beside compact JSON', async () => {
    const box = await sandbox();
    const admin = await connect(box, ['--allow-writes', '--allow-deletes']);
    const { tools } = await admin.listTools();
    expect(tools.length).toBeGreaterThan(20);
    const validator = new AjvJsonSchemaValidator();
    const check = new Map(
      tools.map((tool) => {
        expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
        return [tool.name, validator.getValidator(tool.outputSchema as JsonSchemaType)] as const;
      }),
    );
    /** The result's data, checked: structuredContent valid by the declared schema, the text its compact JSON. */
    const data = async (name: string, args: Record<string, unknown> = {}): Promise<unknown> => {
      const result = await call(admin, name, args);
      expect(result.isError, `${name}: ${result.content[0]?.text}`).toBeFalsy();
      const structured = result.structuredContent;
      expect(structured, name).toBeTypeOf('object');
      expect(check.get(name)!(structured), name).toMatchObject({ valid: true });
      const text = result.content[0]!.text;
      const parsed = JSON.parse(text) as unknown;
      // Compact: no indentation, one line for one document.
      expect(text).toBe(JSON.stringify(parsed));
      expect(structured).toEqual(Array.isArray(parsed) ? { items: parsed } : parsed);
      return parsed;
    };

    const job = (await data('jobs_create', {
      title: 'Platform Engineer',
      description: DESCRIPTION,
      skill: ['go'],
      publish: true,
    })) as { id: string };
    await hire(box, ['emulator', 'simulate', '--job', job.id, '--applications', '3', '--seed', '5', '-q']);
    // The same documents as `hire … --json`.
    expect(await data('jobs_list')).toEqual(JSON.parse((await hire(box, ['jobs', 'list', '--json', '-q'])).stdout));
    expect(await data('jobs_get', { id: job.id })).toMatchObject({ id: job.id, title: 'Platform Engineer' });
    // A record cut to `fields` is still valid by the schema.
    expect(await data('jobs_list', { fields: 'id,title' })).toEqual([{ id: job.id, title: 'Platform Engineer' }]);
    const candidates = (await data('candidates_list', { job: job.id })) as { id: string }[];
    expect(candidates).toHaveLength(3);
    expect(await data('candidates_get', { id: candidates[0]!.id })).toMatchObject({ id: candidates[0]!.id });
    // One candidate moved is its record; several, the list of them.
    expect(await data('candidates_move', { ids: [candidates[0]!.id], status: 'screening' })).toMatchObject({
      status: 'screening',
    });
    expect(
      await data('candidates_move', { ids: [candidates[1]!.id, candidates[2]!.id], status: 'rejected' }),
    ).toHaveLength(2);
    expect(await data('jobs_create', { title: 'Dry Run', description: DESCRIPTION, dry_run: true })).toEqual({
      title: 'Dry Run',
      description: DESCRIPTION,
    });
    expect(await data('jobs_pause', { id: job.id })).toMatchObject({ status: 'paused' });
    await data('analytics');
    await data('assessments_list');
    // What `hire status --json` says of the server, the emulator here, whichever session asks.
    const status = (await data('status')) as { profile: { emulator: boolean } };
    expect(status.profile.emulator).toBe(true);
    await data('doctor');
    await data('events_list');
    // A webhook made with a secret of our own (a generated one is shown once, on purpose: not here).
    await hire(
      box,
      ['webhooks', 'add', '--url', 'https://example.com/hook', '--event', 'job.created', '--secret-stdin', '-q'],
      {
        stdin: `whsec_${'A'.repeat(32)}`,
      },
    );
    expect(await data('webhooks_list')).toMatchObject([{ url: 'https://example.com/hook' }]);
    // A raw body, as the server sent it (compact JSON already), as `body`.
    const raw = await call(admin, 'api', { path: '/jobs' });
    expect(check.get('api')!(raw.structuredContent)).toMatchObject({ valid: true });
    expect(raw.structuredContent).toEqual({ body: JSON.parse(raw.content[0]!.text) });
    // Nothing handed back: `{}` and "Done.".
    const deleted = await call(admin, 'jobs_delete', { id: job.id });
    expect(deleted).toMatchObject({ structuredContent: {}, content: [{ type: 'text', text: 'Done.' }] });

    // A failure: isError, the envelope, no structuredContent.
    const missing = await call(admin, 'jobs_get', { id: 'job_missing' });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toBeUndefined();
    expect(JSON.parse(missing.content[0]!.text)).toMatchObject({ exit_code: 4, error: { code: 'not_found' } });
  });

  it('never returns what a webhook target answered (events_get, deliveries, status, api, resend); `hire events get` still shows it', async () => {
    const box = await sandbox();
    const ANSWER = 'internal-admin-token-4242 (what a local service said)';
    let hit!: () => void;
    const reached = new Promise<void>((resolve) => (hit = resolve));
    const target = await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(ANSWER);
      hit();
    });
    const added = await hire(
      box,
      [
        'webhooks',
        'add',
        '--url',
        `${target.origin}/internal/admin`,
        '--event',
        'job.created',
        '--secret-stdin',
        '--json',
        '-q',
      ],
      { stdin: `whsec_${'B'.repeat(32)}` },
    );
    const hook = JSON.parse(added.stdout) as { id: string };
    const admin = await connect(box, ['--allow-writes', '--allow-deletes']);
    await call(admin, 'jobs_create', { title: 'Lure', description: DESCRIPTION });
    await reached;
    // The attempt is recorded once the target's answer is read: waited for, as it happens.
    const [event] = JSON.parse((await call(admin, 'events_list', { kind: ['job.created'] })).content[0]!.text) as {
      id: string;
    }[];
    type Shown = { deliveries?: { attempts: Record<string, unknown>[] }[] };
    let got: Result;
    let shown: Shown;
    for (;;) {
      got = await call(admin, 'events_get', { id: event!.id });
      shown = JSON.parse(got.content[0]!.text) as Shown;
      if ((shown.deliveries?.[0]?.attempts.length ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const attempt = shown.deliveries![0]!.attempts[0]!;
    // What it tells: the target was reached and answered 500; never what it said.
    expect(attempt).toMatchObject({ response_status: 500, success: false });
    expect(attempt).not.toHaveProperty('response_body');
    const results = [
      got,
      await call(admin, 'webhooks_deliveries', { id: hook.id }),
      await call(admin, 'status'),
      await call(admin, 'api', { path: `/events/${event!.id}` }),
      await call(admin, 'events_resend', { id: event!.id }),
    ];
    for (const result of results) expect(JSON.stringify(result)).not.toContain('internal-admin-token');
    // The resend failed (the target answered 500): an error, saying so without the answer.
    expect(JSON.parse(results[4]!.content[0]!.text)).toMatchObject({
      exit_code: 1,
      error: { code: 'delivery_failed' },
    });
    expect(JSON.parse(results[3]!.content[0]!.text)).toMatchObject({ data: { id: event!.id } });

    // A person (and a script) reading `hire events get` still sees it.
    const forPeople = await hire(box, ['events', 'get', event!.id]);
    expect(forPeople.stdout).toContain('internal-admin-token-4242');
    const forScripts = await hire(box, ['events', 'get', event!.id, '--json', '-q']);
    expect(forScripts.stdout).toContain('internal-admin-token-4242');
  });
});
