// The OpenAPI document is the emulator's whole contract (docs/emulator.md "OpenAPI description"):
// requests generated from the document alone (test/helpers/openapi-requests.ts, over its JSON
// Schemas) are answered as it says. Each request valid by the document is accepted (2xx; or 409
// where the operation documents a conflict of the record's state, such as a move the pipeline does
// not allow); each request breaking exactly one rule the document states is refused with 400
// validation_error whose details name the field. The properties project runs each operation at its
// full count; the integration project runs the first few of each (HIRE_FC_QUICK).
//
// What the document cannot know comes from records this test makes: a path's id names a record made
// for it (a fresh one for each request that changes or deletes it), and a body's or analytics'
// `job_id` / `webhook_id` names the test's job or webhook. Each operation has its own emulator, so
// its state grows only by what one operation's requests write; nothing here waits on a clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '../../src/domain/vocabulary.js';
import { startEmulator } from '../../src/emulator/http/server.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';
import { operationsOf, type Operation, type Parts } from '../helpers/openapi-requests.js';
import { properties } from '../helpers/properties.js';
import { SchemaArbitraries, within } from '../helpers/schema-arbitrary.js';

/** Requests per operation at full count: valid ones, and breaking ones spread over its rules. */
const VALID_RUNS = 200;
const BREAKING_RUNS = 300;
/** Every rule is tried at least this often, however many rules an operation has. */
const RUNS_PER_RULE_MIN = 4;

const { property } = properties('openapi-requests', 20261128);

/** The document as the emulator serves it, read once to name the tests. */
const document = await (async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hire-openapi-requests-'));
  const emulator = await startEmulator({ dataDir, port: 0 });
  try {
    return (await (await fetch(`${emulator.origin}/openapi.json`)).json()) as Record<string, any>;
  } finally {
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
})();
const operations = operationsOf(document);

const DESCRIPTION =
  'Build and run the services behind our hiring platform. You will own APIs, data pipelines and the on-call rota with the team.';
/** A job with every field set, so that a patch of any one field leaves a whole job. */
const FULL_JOB = {
  title: 'Platform Engineer',
  department: 'Engineering',
  location: { type: 'onsite', city: 'Lisbon', state: 'Lisboa', country: 'PT' },
  description: DESCRIPTION,
  requirements: ['Five years of backend work'],
  skills: ['TypeScript', 'SQL'],
  experience_level: 'senior',
  employment_type: 'full_time',
  salary: { min: 50_000, max: 90_000, currency: 'EUR', period: 'yearly' },
  publish: true,
};

/** The records an operation's requests name, and a fresh one where a request changes or deletes it. */
class Records {
  readonly ids: Record<string, string> = {};
  #idempotency = 0;

  constructor(
    readonly emulator: TestEmulator,
    readonly key: string,
  ) {}

  static async make(emulator: TestEmulator): Promise<Records> {
    const made = await control(emulator, '/_emulator/keys', {
      name: 'generated requests',
      level: 'admin',
      tier: 'enterprise',
      // Thousands of requests in one hour: the budget is not what this test is about.
      limits: { hour: 1_000_000, day: 1_000_000, concurrent: 1_000 },
    });
    const records = new Records(emulator, made.key as string);
    // The webhook first, so that the job's events are delivered to it (an event resent by default
    // goes back to the webhooks it went to). Nothing listens on port 9: deliveries fail, harmlessly.
    records.ids.webhook = await records.webhook();
    records.ids.job = await records.job();
    records.ids.candidate = await records.candidate();
    const job = await records.send('GET', `/jobs/${records.ids.job}`);
    records.ids.assessment = job.json.data.assessment_id;
    const events = await records.send('GET', '/events?type=job.created&per_page=1');
    records.ids.event = events.json.data[0].id;
    return records;
  }

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.emulator.call(method, path, { headers: { authorization: `Bearer ${this.key}`, ...headers }, body });
  }

  async job(): Promise<string> {
    const answer = await this.send('POST', '/jobs', FULL_JOB);
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    return answer.json.data.id;
  }

  async webhook(): Promise<string> {
    const answer = await this.send('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: [...EVENT_KINDS],
      secret: 'a-secret-of-at-least-16-characters',
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    return answer.json.data.id;
  }

  async candidate(): Promise<string> {
    await control(this.emulator, '/_emulator/simulate', { job_id: this.ids.job, applications: 1, seed: 1 });
    const listed = await this.send('GET', `/candidates?job_id=${this.ids.job}&per_page=1`);
    return listed.json.data[0].id;
  }

  /** The id a path's `{id}` names: a fresh record where the request changes or deletes it. */
  async idFor(operation: Operation): Promise<string> {
    const resource = operation.template.split('/')[1]!;
    const kind = {
      jobs: 'job',
      candidates: 'candidate',
      assessments: 'assessment',
      webhooks: 'webhook',
      events: 'event',
    }[resource];
    if (!kind) throw new Error(`no record for ${operation.template}`);
    if (operation.method === 'GET' || operation.method === 'POST') return this.ids[kind]!;
    if (kind === 'job') return this.job();
    if (kind === 'webhook') return this.webhook();
    if (kind === 'candidate') return this.candidate();
    return this.ids[kind]!;
  }

  /** The request, with the ids the document cannot know and an Idempotency-Key used once. */
  async request(operation: Operation, parts: Parts, broken?: string) {
    let path = operation.template;
    for (const name of operation.pathParameters) {
      const value = parts.path[name] ?? (await this.idFor(operation));
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    }
    const query = new URLSearchParams(parts.query);
    let body = parts.body;
    // An id the document says must name a record (404 otherwise) names the test's record, unless
    // it is the field the request breaks; a list's filter may name none (an empty page).
    if (isPlain(body)) body = { ...body, ...this.#references(body, broken) };
    if (operation.statuses.includes('404') && operation.pathParameters.length === 0)
      for (const [name, id] of [
        ['job_id', this.ids.job],
        ['webhook_id', this.ids.webhook],
      ] as const)
        if (query.has(name) && name !== broken) query.set(name, id!);
    const headers = { ...parts.headers };
    for (const name of Object.keys(headers))
      if (name.toLowerCase() === 'idempotency-key' && headers[name] !== '')
        headers[name] = `${++this.#idempotency}-${headers[name]}`;
    const search = query.toString();
    return { path: search ? `${path}?${search}` : path, body, headers };
  }

  #references(body: Record<string, unknown>, broken?: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (typeof body.job_id === 'string' && broken !== 'job_id') out.job_id = this.ids.job;
    if (typeof body.webhook_id === 'string' && broken !== 'webhook_id') out.webhook_id = this.ids.webhook;
    return out;
  }
}

/**
 * Rules across fields, which JSON Schema cannot state: the document states each in words (the test
 * checks the words are there, so a rule the document drops fails here), and a request breaking one
 * is not what this test tries: it breaks one schema rule, or none.
 */
const STATED_RULES: {
  operation: RegExp;
  words: { at: (doc: Record<string, any>) => unknown; says: RegExp };
  holds: (parts: Parts, operation: string) => boolean;
}[] = [
  {
    operation: /^getAnalytics$/,
    words: {
      at: (doc) => doc.paths['/analytics'].get.parameters.find((p: { name: string }) => p.name === 'to')?.description,
      says: /not before from/,
    },
    holds: ({ query }) =>
      query.from === undefined || query.to === undefined || boundOf(query.from, false) <= boundOf(query.to, true),
  },
  {
    // salary.min ≤ salary.max, judged on the job a patch leaves (JSON Merge Patch onto FULL_JOB).
    operation: /^(createJob|updateJob)$/,
    words: {
      at: (doc) => JSON.stringify(doc.components.schemas.JobInput.properties.salary),
      says: /min[^"]{0,40}(≤|<=|at most|not (be )?(more|greater|above))[^"]{0,20}max|max[^"]{0,40}(≥|>=|at least|not (be )?(less|below))[^"]{0,20}min/i,
    },
    holds: ({ body }, operation) => {
      const salary = (body as { salary?: Record<string, unknown> | null } | undefined)?.salary;
      if (!isPlain(salary)) return true;
      const base: Record<string, unknown> = operation === 'updateJob' ? FULL_JOB.salary : {};
      const min = 'min' in salary ? salary.min : base.min;
      const max = 'max' in salary ? salary.max : base.max;
      return typeof min !== 'number' || typeof max !== 'number' || min <= max;
    },
  },
  {
    // A patch is judged on the job it leaves: JSON Merge Patch onto FULL_JOB, valid as a JobInput.
    operation: /^updateJob$/,
    words: {
      at: (doc) =>
        JSON.stringify([doc.paths['/jobs/{id}'].patch.description, doc.components.schemas.JobPatch.description]),
      says: /after the patch|patched job|job it leaves|still (be )?a valid|remain(s)? (a )?valid/i,
    },
    holds: ({ body }) => {
      const { status: _status, ...fields } = isPlain(body) ? body : {};
      const { publish: _publish, ...input } = FULL_JOB;
      return judge.errors(JOB_INPUT, mergePatch(input, fields)).length === 0;
    },
  },
];

const judge = new SchemaArbitraries(document);
const JOB_INPUT = { $ref: '#/components/schemas/JobInput' };

/** RFC 7396: null removes, objects merge, anything else replaces. */
function mergePatch(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = isPlain(value) ? mergePatch(isPlain(out[key]) ? out[key] : {}, value) : value;
  }
  return out;
}

function boundOf(text: string, end: boolean): number {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const start = Date.parse(dateOnly ? `${text}T00:00:00.000Z` : text);
  return dateOnly && end ? start + 86_400_000 - 1 : start;
}

function meetsStatedRules(operation: Operation, parts: Parts): boolean {
  return STATED_RULES.filter((rule) => rule.operation.test(operation.id)).every((rule) => {
    expect(String(rule.words.at(document)), `${operation.id}: the document states the rule`).toMatch(rule.words.says);
    return rule.holds(parts, operation.id);
  });
}

function isPlain(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

async function control(emulator: TestEmulator, path: string, body: unknown): Promise<Record<string, any>> {
  const answer = await fetch(`${emulator.origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await answer.json()) as { data: Record<string, any> };
  expect(answer.status, JSON.stringify(json)).toBeLessThan(300);
  return json.data;
}

function shown(
  request: { path: string; body?: unknown; headers: Record<string, string> },
  answer: { status: number; json: any },
) {
  return `${JSON.stringify(request)}\n  → ${answer.status} ${JSON.stringify(answer.json)}`;
}

describe('requests generated from the OpenAPI document', () => {
  it('finds every operation of the document, each with rules to break', () => {
    expect(operations.length).toBeGreaterThanOrEqual(21);
    const ruled = operations.filter((operation) => operation.rules.length > 0).map((operation) => operation.id);
    // Every operation that takes a body or list parameters states rules.
    expect(ruled).toEqual(expect.arrayContaining(['createJob', 'listJobs', 'updateJob', 'createWebhook']));
  });

  for (const operation of operations) {
    const name = `${operation.method} ${operation.template} (${operation.id})`;

    it(`${name}: a request valid by the document is accepted`, async () => {
      const emulator = await testEmulator((await sandbox()).dataDir);
      const records = await Records.make(emulator);
      await property(`${operation.id} valid`, operation.valid, VALID_RUNS, async (parts) => {
        if (!meetsStatedRules(operation, parts)) return;
        const request = await records.request(operation, parts);
        const answer = await records.send(operation.method, request.path, request.body, request.headers);
        const accepted =
          (answer.status >= 200 && answer.status < 300) ||
          (answer.status === 409 && operation.statuses.includes('409'));
        expect(accepted, shown(request, answer)).toBe(true);
      });
    });

    it(`${name}: a request breaking one documented rule is refused with 400 naming the field`, async () => {
      const emulator = await testEmulator((await sandbox()).dataDir);
      const records = await Records.make(emulator);
      const runs = Math.max(RUNS_PER_RULE_MIN, Math.ceil(BREAKING_RUNS / Math.max(operation.rules.length, 1)));
      for (const rule of operation.rules) {
        await property(`${operation.id} ${rule.field} ${rule.rule}`, rule.sample, runs, async ({ parts, field }) => {
          if (!meetsStatedRules(operation, parts)) return;
          const request = await records.request(operation, parts, field);
          const answer = await records.send(operation.method, request.path, request.body, request.headers);
          const details = Object.keys(answer.json?.error?.details ?? {});
          expect(
            answer.status === 400 &&
              answer.json.error.code === 'validation_error' &&
              field.split(' | ').some((one) => details.some((key) => within(key, one))),
            `breaks ${rule.rule} of ${field}: ${shown(request, answer)}`,
          ).toBe(true);
        });
      }
    });
  }
});
