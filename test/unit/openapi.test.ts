// The OpenAPI description (docs/emulator.md "OpenAPI description"): every API route documents
// itself, and the generated document is valid OpenAPI 3.1 by a validator independent of ours
// (@seriousme/openapi-schema-validator). Its answers are checked against real traffic in
// test/integration/openapi.test.ts.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '../../src/domain/vocabulary.js';
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
    expect(schemas.WebhookInput.properties.secret.minLength).toBe(16);
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
