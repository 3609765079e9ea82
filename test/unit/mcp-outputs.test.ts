// The tools' outputSchemas (mcp/outputs.ts) and the one mapping results leave through
// (mcp/results.ts): every tool has a schema, made from the OpenAPI document's records; what a
// webhook target answered is taken out of every result and declared never there; a list is
// `{"items": …}`, the text compact.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { describe, expect, it } from 'vitest';
import { COMMANDS, NOUNS, ROOT, loadManifest } from '../../src/program.js';
import { commandTree } from '../../src/commands/manifest.js';
import { allTools } from '../../src/mcp/serve.js';
import { outputSchemas } from '../../src/mcp/outputs.js';
import { Results, toolResult, withoutAnswers } from '../../src/mcp/results.js';

const tools = allTools({ registry: COMMANDS, tree: commandTree(ROOT, NOUNS, await loadManifest(COMMANDS)) });
const schemas = outputSchemas();
const validator = new AjvJsonSchemaValidator();
const valid = (tool: string, value: unknown) => validator.getValidator(schemas[tool] as JsonSchemaType)(value).valid;

const JOB = {
  id: 'job_1',
  title: 'Backend Engineer',
  status: 'active',
  description: 'A job.',
  assessment_id: null,
  application_url: 'http://127.0.0.1:4010/apply/job_1',
  candidate_count: 0,
  created_at: '2026-11-28T08:00:00.000Z',
  updated_at: '2026-11-28T08:00:00.000Z',
};

const ATTEMPT = {
  number: 1,
  at: '2026-11-28T08:00:00.000Z',
  duration_ms: 3,
  response_status: 500,
  response_body: 'what the target said',
  error: 'HTTP 500',
  success: false,
};

describe('outputSchemas', () => {
  it('has one for every tool (a new command needs its own), each an object schema, and none for what is no tool', () => {
    expect(tools.length).toBeGreaterThan(20);
    expect(Object.keys(schemas).sort()).toEqual(tools.map((tool) => tool.name).sort());
    for (const [name, schema] of Object.entries(schemas)) expect(schema, name).toMatchObject({ type: 'object' });
  });

  it('types records as the OpenAPI document does: a wrong type or status is refused, a record cut to fields is not', () => {
    expect(valid('jobs_get', JOB)).toBe(true);
    expect(valid('jobs_get', { id: 'job_1', title: 'Only Two' })).toBe(true);
    expect(valid('jobs_get', { ...JOB, status: 'sleeping' })).toBe(false);
    expect(valid('jobs_get', { ...JOB, candidate_count: 'many' })).toBe(false);
    expect(valid('jobs_list', { items: [JOB] })).toBe(true);
    expect(valid('jobs_list', [JOB])).toBe(false);
    expect(valid('jobs_list', { items: [{ ...JOB, status: 'sleeping' }] })).toBe(false);
    // A field a platform adds (or the secret `webhooks add` shows once) is allowed.
    expect(valid('jobs_get', { ...JOB, extra: 1 })).toBe(true);
    expect(valid('jobs_delete', {})).toBe(true);
    expect(valid('jobs_delete', { id: 'job_1' })).toBe(false);
  });

  it('declares that no attempt carries what the webhook target answered', () => {
    const { response_body: _answer, ...told } = ATTEMPT;
    const delivery = (attempt: object) => ({
      id: 'dlv_1',
      webhook_id: 'wh_1',
      event_id: 'evt_1',
      event_type: 'job.created',
      url: 'http://127.0.0.1:9/admin',
      state: 'failed',
      attempts: [attempt],
    });
    expect(valid('webhooks_deliveries', { items: [delivery(told)] })).toBe(true);
    expect(valid('webhooks_deliveries', { items: [delivery(ATTEMPT)] })).toBe(false);
    expect(valid('events_get', { id: 'evt_1', deliveries: [delivery(ATTEMPT)] })).toBe(false);
  });
});

describe('toolResult', () => {
  it('gives structuredContent beside compact JSON text: an object as it is, a list as items, nothing as {}', () => {
    const one = new Results();
    one.data(JOB);
    expect(toolResult({ ok: true, results: one, warnings: [] })).toEqual({
      content: [{ type: 'text', text: JSON.stringify(JOB) }],
      structuredContent: JOB,
    });
    const list = new Results();
    list.data([JOB]);
    expect(toolResult({ ok: true, results: list, warnings: [] })).toMatchObject({
      content: [{ type: 'text', text: JSON.stringify([JOB]) }],
      structuredContent: { items: [JOB] },
    });
    expect(toolResult({ ok: true, results: new Results(), warnings: [] })).toEqual({
      content: [{ type: 'text', text: 'Done.' }],
      structuredContent: {},
    });
    const failure = toolResult({ ok: false, document: { exit_code: 4, error: { code: 'not_found', message: 'No.' } } });
    expect(failure).toEqual({
      isError: true,
      content: [{ type: 'text', text: '{"exit_code":4,"error":{"code":"not_found","message":"No."}}' }],
    });
  });

  it('takes out every response_body, in records and in a raw body, and leaves a body without one as it was sent', () => {
    const records = new Results();
    records.data({ id: 'evt_1', deliveries: [{ attempts: [{ ...ATTEMPT }, { ...ATTEMPT, number: 2 }] }] });
    const result = toolResult({ ok: true, results: records, warnings: [] });
    expect(JSON.stringify(result)).not.toContain('what the target said');
    expect(result.structuredContent).toMatchObject({ deliveries: [{ attempts: [{ number: 1 }, { number: 2 }] }] });

    const raw = new Results();
    raw.text(`{"data": {"attempts": [${JSON.stringify(ATTEMPT)}]}}\n`);
    const rawResult = toolResult({ ok: true, results: raw, warnings: [] });
    expect(JSON.stringify(rawResult)).not.toContain('what the target said');
    expect(rawResult.structuredContent).toEqual({
      body: { data: { attempts: [expect.objectContaining({ number: 1 })] } },
    });

    const plain = new Results();
    plain.text('{"data": [] }\n');
    expect(toolResult({ ok: true, results: plain, warnings: [] })).toMatchObject({
      content: [{ type: 'text', text: '{"data": [] }' }],
      structuredContent: { body: { data: [] } },
    });
  });

  it('walks a value nested far deeper than recursion allows', () => {
    let deep: unknown = { response_body: 'said', leaf: true };
    for (let level = 0; level < 20_000; level += 1) deep = { next: deep };
    expect(withoutAnswers(deep)).toBe(true);
    let node = deep as { next?: unknown; response_body?: string };
    while (node.next) node = node.next;
    expect(node).toEqual({ leaf: true });
  });
});
