// The OpenAPI description (docs/emulator.md "OpenAPI description"): every API route documents
// itself, and the generated document is valid OpenAPI 3.1 by a validator independent of ours
// (@seriousme/openapi-schema-validator). Its answers are checked against real traffic in
// test/integration/openapi.test.ts.
import { Validator } from '@seriousme/openapi-schema-validator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePoints } from '../../src/domain/rules.js';
import { validateWebhookInput, WEBHOOK_URL_PATTERN } from '../../src/domain/webhook.js';
import { EVENT_KINDS } from '../../src/domain/vocabulary.js';
import { properties } from '../helpers/properties.js';
import { buildDocument, servedDocument } from '../../src/emulator/openapi/document.js';
import { API_ROUTES } from '../../src/emulator/http/route-table.js';

/** The spec's "Published operations": every other operation is assumed. */
const PUBLISHED = [
  'POST /jobs',
  'GET /jobs',
  'GET /candidates',
  'POST /assessments',
  'GET /analytics',
  'POST /webhooks',
];

type Json = Record<string, any>;
const document = (): Json =>
  JSON.parse(servedDocument(buildDocument(API_ROUTES), 'http://127.0.0.1:4010', 'production'));

describe('the OpenAPI description', () => {
  it('has a doc for every API route, with a unique operationId', () => {
    const missing = API_ROUTES.filter((route) => !route.doc).map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    const ids = API_ROUTES.map((route) => route.doc!.operation);
    expect(new Set(ids).size).toBe(ids.length);
    // The generator refuses a route without one, rather than leave it out.
    const [first] = API_ROUTES;
    expect(() => buildDocument([{ ...first!, doc: undefined }])).toThrow(/has no doc/);
  });

  it('is valid OpenAPI 3.1 by an independent validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(document());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('the validator is not a rubber stamp: it refuses a broken description', async () => {
    const broken = document();
    broken.paths['/jobs'].get.responses = { 200: { content: 'none' } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('describes every route, published or assumed (x-assumed), with its key level', () => {
    const doc = document();
    const operations = Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
      Object.entries(methods as Json).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    const routes = API_ROUTES.map((route) => `${route.method} ${route.path.replace(/:([a-z_]+)/g, '{$1}')}`);
    expect(operations.map(({ name }) => name).sort()).toEqual([...routes].sort());
    for (const { name, op } of operations) {
      const published = PUBLISHED.includes(name);
      expect(op['x-assumed'], name).toBe(published ? undefined : true);
      expect(['read', 'write', 'admin'], name).toContain(op['x-key-level']);
      // Every operation says what authentication and limits answer, with the error envelope.
      for (const status of ['401', '403', '429']) expect(op.responses[status], `${name} ${status}`).toBeDefined();
    }
    expect(doc.paths['/jobs/{id}'].delete['x-key-level']).toBe('admin');
    expect(doc.paths['/webhooks/{id}'].delete['x-key-level']).toBe('write');
  });

  it('gives every POST an Idempotency-Key, and every answer the rate-limit headers', () => {
    const doc = document();
    for (const [path, methods] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(methods as Json)) {
        const idempotent = (op.parameters ?? []).some(
          (parameter: Json) => parameter.$ref === '#/components/parameters/Idempotency-Key',
        );
        expect(idempotent, `${method} ${path}`).toBe(method === 'post');
        for (const [status, response] of Object.entries(op.responses as Json)) {
          const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response;
          for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'])
            expect(resolved.headers[header], `${method} ${path} ${status} ${header}`).toBeDefined();
        }
      }
    }
    expect(doc.components.responses.RateLimited.headers['Retry-After']).toBeDefined();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('marks the record fields the spec does not publish as assumed', () => {
    const { schemas } = document().components;
    expect(schemas.Job.properties.title['x-assumed']).toBeUndefined();
    expect(schemas.Job.properties.application_url['x-assumed']).toBeUndefined();
    expect(schemas.Job.properties.description['x-assumed']).toBe(true);
    expect(schemas.Candidate.properties.status['x-assumed']).toBeUndefined();
    expect(schemas.Candidate.properties.email['x-assumed']).toBe(true);
    expect(schemas.Analytics['x-assumed']).toBe(true);
    // POST /assessments is published, its request is not shown.
    expect(schemas.AssessmentInput['x-assumed']).toBe(true);
    expect(schemas.JobInput['x-assumed']).toBeUndefined();
  });

  it('takes the request bodies from the schemas the routes validate with', () => {
    const { schemas } = document().components;
    // JobInputSchema: required title and description, the spec's bounds, no unknown field.
    expect(schemas.JobInput.required).toEqual(['title', 'description']);
    expect(schemas.JobInput.additionalProperties).toBe(false);
    expect(schemas.JobInput.properties.assessment_config.properties.question_count).toMatchObject({
      minimum: 5,
      maximum: 20,
    });
    // The secret's length is a rule of ours: in the part marked assumed.
    expect(schemas.WebhookInput.properties.secret.allOf).toContainEqual(expect.objectContaining({ minLength: 16 }));
    expect(schemas.CandidateMove.properties.status.enum).toContain('rejected');
  });

  it('describes a delivery per event kind, with the signature headers', () => {
    const doc = document();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_KINDS].sort());
    const delivery = doc.webhooks['job.created'].post;
    expect(delivery.parameters.map((parameter: Json) => parameter.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(delivery.requestBody.content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/Job',
    });
  });

  it('names both environments as servers, the one asked under first', () => {
    const servers = (environment: 'production' | 'sandbox') =>
      (JSON.parse(servedDocument(buildDocument(API_ROUTES), 'http://localhost:9', environment)) as Json).servers.map(
        (server: Json) => server.url,
      );
    expect(servers('production')).toEqual(['http://localhost:9/api/v1', 'http://localhost:9/sandbox/api/v1']);
    expect(servers('sandbox')).toEqual(['http://localhost:9/sandbox/api/v1', 'http://localhost:9/api/v1']);
  });
});

/**
 * What the spec states (false: no `x-assumed`) and what it does not (true), by where it sits in
 * the document: `[name=x]` picks a parameter by name. A rule of ours on a field the spec states sits
 * in an `allOf` part of the field's schema; a unit or bound of ours on a stated header or parameter,
 * in its schema.
 */
const ASSUMED: [string, boolean][] = [
  // Operations: the six published, and the others.
  ['/paths/~1jobs/post', false],
  ['/paths/~1candidates/get', false],
  ['/paths/~1jobs~1{id}/get', true],
  ['/paths/~1candidates~1{id}/patch', true],
  // Common fields of every resource (spec "Common fields"), and fields the spec does not show.
  ['/components/schemas/Candidate/properties/id', false],
  ['/components/schemas/Candidate/properties/created_at', false],
  ['/components/schemas/Candidate/properties/updated_at', false],
  ['/components/schemas/Candidate/properties/status', false],
  ['/components/schemas/Candidate/properties/email', true],
  ['/components/schemas/Job/properties/candidate_count', false],
  ['/components/schemas/Job/properties/description', true],
  ['/components/schemas/Webhook/properties/id', false],
  ['/components/schemas/Webhook/properties/url', true],
  ['/components/schemas/Analytics', true],
  // Headers: the rate-limit ones are the spec's (integers), the unit of the reset is not; the rest are ours.
  ['/components/headers/X-RateLimit-Limit', false],
  ['/components/headers/X-RateLimit-Remaining', false],
  ['/components/headers/X-RateLimit-Reset', false],
  ['/components/headers/X-RateLimit-Reset/schema', true],
  ['/components/headers/X-Request-Id', true],
  ['/components/headers/X-Hire-Environment', true],
  ['/components/headers/X-Key-Expires-At', true],
  ['/components/headers/Retry-After', true],
  ['/components/headers/Idempotent-Replayed', true],
  ['/components/parameters/Idempotency-Key', true],
  // Statuses: the spec's error table, and the rest; no success status is shown.
  ['/components/responses/ValidationError', false],
  ['/components/responses/Unauthorized', false],
  ['/components/responses/Forbidden', false],
  ['/components/responses/RateLimited', false],
  ['/components/responses/NotFound', true],
  ['/components/responses/Conflict', true],
  ['/components/responses/PayloadTooLarge', true],
  ['/components/responses/ServerError', true],
  ['/components/responses/Unavailable', true],
  ['/paths/~1jobs/post/responses/201', true],
  ['/paths/~1jobs/get/responses/200', true],
  // List parameters: page and per_page are the spec's, their bounds and default are not.
  ['/components/parameters/per_page', false],
  ['/components/parameters/per_page/schema', true],
  ['/components/parameters/page/schema', true],
  ['/paths/~1candidates/get/parameters/[name=score_min]', false],
  ['/paths/~1candidates/get/parameters/[name=status]', false],
  ['/paths/~1analytics/get/parameters/[name=from]', true],
  // Bodies: the job input is the spec's; a rule it does not state is a part marked assumed.
  ['/components/schemas/JobInput', false],
  ['/components/schemas/JobInput/properties/title', false],
  ['/components/schemas/JobInput/properties/description', false],
  ['/components/schemas/JobInput/properties/description/allOf/0', true],
  ['/components/schemas/JobInput/properties/assessment_config/properties/question_count', false],
  ['/components/schemas/JobInput/properties/assessment_config/properties/question_count/allOf/0', true],
  ['/components/schemas/JobInput/properties/location/properties/country', false],
  ['/components/schemas/JobInput/properties/salary/properties/currency/allOf/0', true],
  ['/components/schemas/WebhookInput', false],
  ['/components/schemas/WebhookInput/properties/url/allOf/0', true],
  ['/components/schemas/AssessmentInput', true],
  ['/components/schemas/JobPatch', true],
];

function at(doc: Json, pointer: string): Json {
  return pointer
    .slice(1)
    .split('/')
    .reduce((node: Json, part) => {
      const byName = /^\[name=(.+)\]$/.exec(part);
      if (byName) return node.find((item: Json) => item.name === byName[1]);
      return node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    }, doc);
}

describe('what the OpenAPI description says the spec does not', () => {
  it('marks x-assumed exactly what the spec does not state', () => {
    const doc = document();
    for (const [pointer, assumed] of ASSUMED) {
      const node = at(doc, pointer);
      expect(node, pointer).toBeDefined();
      expect(node['x-assumed'] === true, pointer).toBe(assumed);
    }
    // The key level of every operation is assumed (the spec says what a level allows, not which operation needs which).
    expect(doc.info['x-assumed-extensions']).toEqual(['x-key-level']);
  });

  it('says why wherever it marks something assumed', () => {
    const unexplained: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (node === null || typeof node !== 'object') return;
      const record = node as Json;
      if (record['x-assumed'] === true && !(typeof record.description === 'string' && record.description.length > 10))
        unexplained.push(path);
      for (const [key, value] of Object.entries(record)) walk(value, `${path}/${key}`);
    };
    walk(document(), '');
    expect(unexplained).toEqual([]);
  });

  it('carries the tier limits, HTTPS only and the deprecation policy in info (spec "Limits", "Versioning")', () => {
    const { info } = document();
    expect(info['x-rate-limits']).toEqual({
      standard: { hour: 1000, day: 10000, concurrent: 100 },
      enterprise: { hour: 10000, day: 100000, concurrent: 1000 },
    });
    expect(info['x-https-only']).toBe(true);
    expect(info['x-deprecation']).toMatchObject({
      notice_months: 6,
      sunset_months: 12,
      deprecated: [{ version: 'v0', base_path: '/api/v0' }],
    });
    expect(info.description).toMatch(/HTTPS only/);
    expect(info.description).toMatch(/1,000 requests an hour/);
    expect(info.description).toMatch(/sunset 12 months after notice/);
  });
});

describe('the rules the emulator enforces, in the OpenAPI description', () => {
  it('says the rules of a job: not blank, lengths, codes, location, defaults', () => {
    const { JobInput, JobPatch } = document().components.schemas;
    const { title, description, location, salary, assessment_config, publish } = JobInput.properties;
    expect(title.pattern).toBe('\\S');
    expect(description).toMatchObject({ minLength: 100 });
    expect(description.allOf[0]).toMatchObject({ maxLength: 10_000 });
    expect(new RegExp(description.pattern, 'u').test(`  ${'x'.repeat(99)}  `)).toBe(false);
    expect(new RegExp(description.pattern, 'u').test(`  ${'😀'.repeat(100)}  `)).toBe(true);
    expect(location.if).toEqual({ properties: { type: { enum: ['onsite', 'hybrid'] } }, required: ['type'] });
    expect(location.then.required).toEqual(['city', 'state']);
    expect(location.properties.country.enum).toContain('US');
    expect(location.properties.country.enum).toHaveLength(249);
    expect(salary.properties.currency.allOf[0].enum).toContain('EUR');
    expect(publish.default).toBe(false);
    expect(assessment_config.properties.auto_generate.default).toBe(true);
    expect(assessment_config.properties.question_count).toMatchObject({ type: 'number', default: 10 });
    expect(assessment_config.properties.time_limit).toMatchObject({ type: 'number', default: 300 });
    expect(assessment_config.properties.proctoring.default).toBe(false);
    expect(assessment_config.properties.question_types.allOf[0].minItems).toBe(1);
    expect(JobPatch.minProperties).toBe(1);
  });

  it('says the rules of the other bodies: job_id or title, the webhook URL, the events', () => {
    const { AssessmentInput, WebhookInput } = document().components.schemas;
    expect(AssessmentInput.anyOf).toEqual([{ required: ['job_id'] }, { required: ['title'] }]);
    expect(AssessmentInput.properties.question_types.minItems).toBe(1);
    expect(WebhookInput.properties.url.allOf[0].pattern).toBe(WEBHOOK_URL_PATTERN);
    expect(WebhookInput.properties.events.allOf[0]).toMatchObject({ minItems: 1, uniqueItems: true });
  });

  it('types each filter as its field is, and the analytics dates', () => {
    const doc = document();
    const status = at(doc, '/paths/~1jobs/get/parameters/[name=status]');
    expect(status).toMatchObject({ style: 'form', explode: false });
    expect(status.schema.items.enum).toEqual(['draft', 'active', 'paused', 'closed']);
    expect(at(doc, '/paths/~1jobs/get/parameters/[name=location.type]').schema.items.enum).toContain('hybrid');
    expect(at(doc, '/paths/~1candidates/get/parameters/[name=score]').schema.items).toMatchObject({
      type: 'number',
      maximum: 100,
    });
    expect(at(doc, '/paths/~1candidates/get/parameters/[name=score_min]').schema.type).toBe('number');
    expect(at(doc, '/paths/~1candidates/get/parameters/[name=sort]').schema.items.enum).toContain('-score');
    const from = at(doc, '/paths/~1analytics/get/parameters/[name=from]').schema;
    expect(from.anyOf).toEqual([{ format: 'date' }, { format: 'date-time' }]);
    expect(new RegExp(from.pattern).test('2026-11-01')).toBe(true);
    expect(new RegExp(from.pattern).test('yesterday')).toBe(false);
    expect(at(doc, '/components/parameters/Idempotency-Key').schema.minLength).toBe(1);
  });
});

const { property } = properties('openapi', 3434);

describe('the patterns of the description agree with the checks', () => {
  it('every URL the webhook pattern admits is one the emulator accepts', async () => {
    await property('webhook url', fc.stringMatching(new RegExp(WEBHOOK_URL_PATTERN)), 500, async (url) => {
      const result = validateWebhookInput({ url, events: ['job.created'], secret: 'a-secret-of-16-chars' });
      expect(result.ok ? undefined : result.errors, url).toBeUndefined();
    });
  });

  it("the description's pattern counts its characters as the check does (code points, spaces around not counted)", async () => {
    const pattern = new RegExp(document().components.schemas.JobInput.properties.description.pattern, 'u');
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '😀', 'é'), maxLength: 130 });
    await property('description length', text, 500, async (value) => {
      expect(pattern.test(value), JSON.stringify(value)).toBe(codePoints(value) >= 100);
    });
  });
});
