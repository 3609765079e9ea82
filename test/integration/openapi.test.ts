// The emulator's answers against its own OpenAPI description (docs/emulator.md "OpenAPI
// description"), over real HTTP: /openapi.json fetched without a key, then a sample run that
// calls every operation, with successes and errors (400, 401, 403, 404, 409, 413, 429, 503); each
// answer's status must be documented, its body must validate against the documented schema
// (ajv, draft 2020-12) and its documented headers must be there. A webhook delivery is checked
// against the description's `webhooks` too.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { receiver } from '../helpers/receiver.js';

type Json = Record<string, any>;
interface Answer {
  status: number;
  headers: Headers;
  json: any;
}

const DESCRIPTION =
  'Build and run the services behind our hiring platform. You will own APIs, data pipelines and the on-call rota with the team.';
const SECRET = 'a-secret-of-at-least-16-characters';

/** The description, fetched as a tool would, and a checker of answers against it. */
class Conformance {
  readonly ajv = new Ajv2020({ strict: false, allErrors: true, formats: { 'date-time': true } });
  /** For each operation (`GET /jobs/{id}`), the statuses seen. */
  readonly seen = new Map<string, Set<number>>();

  constructor(readonly doc: Json) {
    this.ajv.addSchema(doc, 'openapi.json');
  }

  /** A schema of the description, its local references pointed at the description. */
  validator(schema: Json) {
    return this.ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/', '"openapi.json#/')));
  }

  resolve(node: Json): Json {
    if (!node.$ref) return node;
    const found = (node.$ref as string)
      .slice(2)
      .split('/')
      .reduce((at: Json, part) => at[part.replaceAll('~1', '/').replaceAll('~0', '~')], this.doc);
    return this.resolve(found);
  }

  check(method: string, template: string, answer: Answer, query = new URLSearchParams()): void {
    const name = `${method} ${template}`;
    const operation = this.doc.paths[template]?.[method.toLowerCase()];
    expect(operation, `${name} is not in the description`).toBeDefined();
    const documented = operation.responses[String(answer.status)];
    expect(
      documented,
      `${name} answered ${answer.status}, which its description does not name: ${JSON.stringify(answer.json)}`,
    ).toBeDefined();
    const response = this.resolve(documented);
    for (const [header, node] of Object.entries(response.headers ?? {}))
      if (this.resolve(node as Json).required)
        expect(answer.headers.get(header), `${name} ${answer.status}: header ${header}`).not.toBeNull();
    const schema = response.content?.['application/json']?.schema;
    if (!schema) expect(answer.json, `${name} ${answer.status} has no body`).toBeUndefined();
    else {
      const validate = this.validator(schema);
      expect(validate(answer.json), `${name} ${answer.status}: ${this.ajv.errorsText(validate.errors)}`).toBe(true);
      // Without `fields`, list items are whole records (the description also admits a selection).
      const items = schema.properties?.data?.items;
      if (items?.anyOf && !query.has('fields')) {
        const whole = this.validator(items.anyOf[0]);
        for (const item of answer.json.data)
          expect(whole(item), `${name} item: ${this.ajv.errorsText(whole.errors)}`).toBe(true);
      }
    }
    if (!this.seen.has(name)) this.seen.set(name, new Set());
    this.seen.get(name)!.add(answer.status);
  }
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

/** Calls the API as `key` (none: no Authorization) and checks the answer against the description. */
function caller(emu: TestEmulator, conformance: Conformance) {
  return async (
    method: string,
    template: string,
    options: {
      path?: string;
      query?: Record<string, string>;
      body?: unknown;
      key?: string | null;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> => {
    const query = new URLSearchParams(options.query);
    const path = options.path ?? template;
    const key = options.key === undefined ? emu.key : options.key;
    const answer = await fetchJson(`${emu.apiUrl}${path}${query.size > 0 ? `?${query.toString()}` : ''}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined
        ? {}
        : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
    });
    conformance.check(method, template, answer, query);
    return answer;
  };
}

async function description(emu: TestEmulator, prefix = ''): Promise<Json> {
  const answer = await fetchJson(`${emu.origin}${prefix}/openapi.json`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  // Served without a key, and spending no budget: no rate-limit headers of a key.
  expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
  return answer.json;
}

async function makeKey(emu: TestEmulator, body: Json): Promise<string> {
  const answer = await fetchJson(`${emu.origin}/_emulator/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
  return answer.json.data.key as string;
}

async function until<T>(what: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the emulator against its OpenAPI description', () => {
  it('serves it at /openapi.json and /sandbox/openapi.json, its servers both environments', async () => {
    const emu = await testEmulator((await sandbox()).dataDir);
    const production = await description(emu);
    expect(production.openapi).toBe('3.1.0');
    expect(production.servers.map((server: Json) => server.url)).toEqual([emu.apiUrl, emu.sandboxApiUrl]);
    const sandboxed = await description(emu, '/sandbox');
    expect(sandboxed.servers.map((server: Json) => server.url)).toEqual([emu.sandboxApiUrl, emu.apiUrl]);
    // The addresses are those the client reached (its Host), as the public links are.
    const byName = await new Promise<Json>((resolve, reject) => {
      get(`${emu.origin}/openapi.json`, { headers: { host: 'hire.test:8443' } }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(JSON.parse(text) as Json));
      }).on('error', reject);
    });
    expect(byName.servers.map((server: Json) => server.url)).toEqual([
      'http://hire.test:8443/api/v1',
      'http://hire.test:8443/sandbox/api/v1',
    ]);
    // What is served is valid OpenAPI 3.1, servers included.
    const validator = new Validator();
    expect((await validator.validate(production)).errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
  });

  it('answers every operation as described: successes and errors', async () => {
    const emu = await testEmulator((await sandbox()).dataDir);
    const conformance = new Conformance(await description(emu));
    const call = caller(emu, conformance);
    const readKey = await makeKey(emu, { level: 'read' });
    const hook = await receiver(() => 200);

    // Webhooks first, so that what follows is delivered.
    const webhook = (
      await call('POST', '/webhooks', {
        body: { url: hook.url('/hook'), events: ['job.created', 'candidate.statusChanged'], secret: SECRET },
      })
    ).json.data;
    await call('POST', '/webhooks', { body: { url: 'ftp://nowhere', events: [], secret: 'short' } });
    await call('POST', '/webhooks', { body: '{"url":', key: emu.key });

    // Jobs.
    const job = (
      await call('POST', '/jobs', {
        body: {
          title: 'Backend Engineer',
          description: DESCRIPTION,
          location: { type: 'hybrid', city: 'Lisbon', state: 'Lisboa', country: 'pt' },
          salary: { min: 50_000, max: 70_000, currency: 'eur', period: 'yearly' },
          skills: ['Go', 'SQL'],
          publish: true,
        },
        headers: { 'idempotency-key': 'openapi-test-1' },
      })
    ).json.data;
    const replayed = await call('POST', '/jobs', {
      body: {
        title: 'Backend Engineer',
        description: DESCRIPTION,
        location: { type: 'hybrid', city: 'Lisbon', state: 'Lisboa', country: 'pt' },
        salary: { min: 50_000, max: 70_000, currency: 'eur', period: 'yearly' },
        skills: ['Go', 'SQL'],
        publish: true,
      },
      headers: { 'idempotency-key': 'openapi-test-1' },
    });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (await call('POST', '/jobs', { body: { title: 'Other' }, headers: { 'idempotency-key': 'openapi-test-1' } }))
        .status,
    ).toBe(409);
    expect((await call('POST', '/jobs', { body: { title: '', description: 'short' } })).status).toBe(400);
    expect((await call('POST', '/jobs', { body: { title: 'x', description: DESCRIPTION }, key: null })).status).toBe(
      401,
    );
    expect(
      (await call('POST', '/jobs', { body: { title: 'x', description: DESCRIPTION }, key: 'hk_test_nope' })).status,
    ).toBe(401);
    expect((await call('POST', '/jobs', { body: { title: 'x', description: DESCRIPTION }, key: readKey })).status).toBe(
      403,
    );
    expect((await call('POST', '/jobs', { body: JSON.stringify({ title: 'x'.repeat(1_100_000) }) })).status).toBe(413);
    const draft = (await call('POST', '/jobs', { body: { title: 'Designer', description: DESCRIPTION } })).json.data;

    await call('GET', '/jobs');
    await call('GET', '/jobs', { query: { fields: 'id,title,location.city', sort: '-created_at', per_page: '1' } });
    await call('GET', '/jobs', { query: { status: 'active,paused', 'location.type': 'hybrid' } });
    expect((await call('GET', '/jobs', { query: { per_page: '0' } })).status).toBe(400);
    await call('GET', '/jobs/{id}', { path: `/jobs/${job.id}` });
    expect((await call('GET', '/jobs/{id}', { path: '/jobs/job_nope' })).status).toBe(404);
    expect((await call('GET', '/jobs/{id}', { path: '/jobs/%E0%A4%A' })).status).toBe(400);
    await call('PATCH', '/jobs/{id}', { path: `/jobs/${draft.id}`, body: { department: 'Design', salary: null } });
    expect((await call('PATCH', '/jobs/{id}', { path: `/jobs/${draft.id}`, body: { status: 'paused' } })).status).toBe(
      409,
    );
    expect((await call('PATCH', '/jobs/{id}', { path: `/jobs/${draft.id}`, body: { status: 'gone' } })).status).toBe(
      400,
    );
    expect((await call('PATCH', '/jobs/{id}', { path: '/jobs/job_nope', body: { title: 'x' } })).status).toBe(404);

    // Candidates, made as the platform's applicants would be, with scores.
    const simulated = await fetchJson(`${emu.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: job.id, applications: 3, complete_assessments: true, seed: 7 }),
    });
    expect(simulated.status).toBe(201);
    const candidates = (await call('GET', '/candidates', { query: { job_id: job.id } })).json.data;
    expect(candidates.length).toBe(3);
    await call('GET', '/candidates', { query: { score_min: '0', status: 'review' } });
    expect((await call('GET', '/candidates', { query: { score_min: '150' } })).status).toBe(400);
    const candidate = candidates[0];
    await call('GET', '/candidates/{id}', { path: `/candidates/${candidate.id}` });
    expect((await call('GET', '/candidates/{id}', { path: '/candidates/cand_nope' })).status).toBe(404);
    expect(
      (await call('PATCH', '/candidates/{id}', { path: `/candidates/${candidate.id}`, body: { status: 'hired' } }))
        .status,
    ).toBe(409);
    expect(
      (await call('PATCH', '/candidates/{id}', { path: `/candidates/${candidate.id}`, body: { status: 'interview' } }))
        .status,
    ).toBe(200);
    expect(
      (await call('PATCH', '/candidates/{id}', { path: `/candidates/${candidate.id}`, body: { status: 'nope' } }))
        .status,
    ).toBe(400);

    // Assessments.
    const assessment = (await call('POST', '/assessments', { body: { job_id: job.id } })).json.data;
    await call('POST', '/assessments', { body: { title: 'Data Analyst', skills: ['SQL'], question_count: 5 } });
    expect((await call('POST', '/assessments', { body: {} })).status).toBe(400);
    expect((await call('POST', '/assessments', { body: { job_id: 'job_nope' } })).status).toBe(404);
    await call('GET', '/assessments');
    expect((await call('GET', '/assessments', { query: { job_id: 'job_nope' } })).status).toBe(404);
    await call('GET', '/assessments/{id}', { path: `/assessments/${assessment.id}` });
    expect((await call('GET', '/assessments/{id}', { path: '/assessments/asmt_nope' })).status).toBe(404);

    // Analytics.
    await call('GET', '/analytics');
    await call('GET', '/analytics', { query: { job_id: job.id, from: '2000-01-01' } });
    expect((await call('GET', '/analytics', { query: { from: 'yesterday' } })).status).toBe(400);
    expect((await call('GET', '/analytics', { query: { job_id: 'job_nope' } })).status).toBe(404);

    // The delivery the receiver got is the description's `job.created` webhook.
    const delivered = await until(() => hook.requests.find((request) => request.body.includes('"job.created"')));
    const jobCreated = conformance.doc.webhooks['job.created'].post;
    for (const parameter of jobCreated.parameters) expect(delivered.headers[parameter.name]).toBeDefined();
    const payload = conformance.validator(jobCreated.requestBody.content['application/json'].schema);
    expect(payload(JSON.parse(delivered.body)), conformance.ajv.errorsText(payload.errors)).toBe(true);
    const moved = await until(() =>
      hook.requests.find((request) => request.body.includes('"candidate.statusChanged"')),
    );
    const statusChanged = conformance.validator(
      conformance.doc.webhooks['candidate.statusChanged'].post.requestBody.content['application/json'].schema,
    );
    expect(statusChanged(JSON.parse(moved.body)), conformance.ajv.errorsText(statusChanged.errors)).toBe(true);

    // Webhooks, their deliveries and the event log (once a delivery has been attempted).
    await until(async () => {
      const answer = await emu.call('GET', `/webhooks/${webhook.id}/deliveries?state=succeeded`);
      return answer.json.data.length > 0 ? true : undefined;
    });
    await call('GET', '/webhooks');
    expect((await call('GET', '/webhooks', { query: { events: 'job.nope' } })).status).toBe(400);
    const expired = await makeKey(emu, { level: 'read', expires_in_seconds: 0 });
    const refused = await call('GET', '/webhooks', { key: expired });
    expect([refused.status, refused.json.error.code, refused.json.error.status]).toEqual([401, 'key_expired', 401]);
    await call('GET', '/webhooks/{id}', { path: `/webhooks/${webhook.id}` });
    expect((await call('GET', '/webhooks/{id}', { path: '/webhooks/wh_nope' })).status).toBe(404);
    await call('GET', '/webhooks/{id}/deliveries', { path: `/webhooks/${webhook.id}/deliveries` });
    expect((await call('GET', '/webhooks/{id}/deliveries', { path: '/webhooks/wh_nope/deliveries' })).status).toBe(404);
    await call('GET', '/deliveries');
    expect((await call('GET', '/deliveries', { query: { state: 'lost' } })).status).toBe(400);
    const events = (
      await call('GET', '/events', {
        query: { created_after: '2000-01-01T00:00:00Z', type: 'job.created', job_id: job.id },
      })
    ).json.data;
    await call('GET', '/events');
    expect((await call('GET', '/events', { query: { created_before: 'soon' } })).status).toBe(400);
    const created = events.find((event: Json) => event.type === 'job.created' && event.job_id === job.id);
    await call('GET', '/events/{id}', { path: `/events/${created.id}` });
    expect((await call('GET', '/events/{id}', { path: '/events/evt_nope' })).status).toBe(404);
    await call('POST', '/events/{id}/resend', { path: `/events/${created.id}/resend` });
    await call('POST', '/events/{id}/resend', {
      path: `/events/${created.id}/resend`,
      body: { webhook_id: webhook.id },
    });
    expect(
      (await call('POST', '/events/{id}/resend', { path: `/events/${created.id}/resend`, body: { to: 1 } })).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/events/{id}/resend', {
          path: `/events/${created.id}/resend`,
          body: { webhook_id: 'wh_nope' },
        })
      ).status,
    ).toBe(404);
    expect((await call('POST', '/events/{id}/resend', { path: '/events/evt_nope/resend' })).status).toBe(404);

    // Deletes last: a read key may not, an admin key may, and then the record is gone.
    expect((await call('DELETE', '/jobs/{id}', { path: `/jobs/${draft.id}`, key: readKey })).status).toBe(403);
    expect((await call('DELETE', '/jobs/{id}', { path: `/jobs/${draft.id}` })).status).toBe(204);
    expect((await call('DELETE', '/jobs/{id}', { path: `/jobs/${draft.id}` })).status).toBe(404);
    expect((await call('DELETE', '/webhooks/{id}', { path: `/webhooks/${webhook.id}` })).status).toBe(204);
    expect((await call('DELETE', '/webhooks/{id}', { path: `/webhooks/${webhook.id}` })).status).toBe(404);

    // 429: a key allowed one request an hour.
    const oneAnHour = await makeKey(emu, { limits: { hour: 1 } });
    expect((await call('GET', '/jobs', { key: oneAnHour })).status).toBe(200);
    const limited = await call('GET', '/jobs', { key: oneAnHour });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Every operation was called, succeeded at least once, and was seen refusing something.
    for (const [path, methods] of Object.entries(conformance.doc.paths as Json)) {
      for (const [method, operation] of Object.entries(methods as Json)) {
        const name = `${method.toUpperCase()} ${path}`;
        const seen = conformance.seen.get(name);
        expect(seen, `${name} was not called`).toBeDefined();
        const success = Object.keys(operation.responses).find((status) => status.startsWith('2'))!;
        expect(seen!.has(Number(success)), `${name} never answered ${success}`).toBe(true);
        expect(
          [...seen!].some((status) => status >= 400),
          `${name} was never seen refusing`,
        ).toBe(true);
      }
    }
  });

  it('describes the injected faults it answers with (503, and 429 without the key spending)', async () => {
    const emu = await testEmulator((await sandbox()).dataDir, {
      chaos: { rate: 1, weights: { error: 1, rate_limit: 1, latency: 0, drop_before: 0, drop_after: 0, truncate: 0 } },
    });
    const conformance = new Conformance(await description(emu));
    const call = caller(emu, conformance);
    const statuses = new Set<number>();
    for (let i = 0; i < 20 && statuses.size < 2; i++) statuses.add((await call('GET', '/jobs')).status);
    expect([...statuses].sort()).toEqual([429, 503]);
  });

  it('documents exactly the query parameters each route takes', async () => {
    const emu = await testEmulator((await sandbox()).dataDir);
    const doc = await description(emu);
    const webhook = (
      await emu.call('POST', '/webhooks', {
        body: { url: 'https://example.com/hook', events: ['job.created'], secret: SECRET },
      })
    ).json.data;
    let checked = 0;
    for (const [template, methods] of Object.entries(doc.paths as Json)) {
      const operation = methods.get;
      if (!operation) continue;
      const names = (operation.parameters ?? [])
        .map((parameter: Json) =>
          parameter.$ref ? doc.components.parameters[parameter.$ref.split('/').pop()] : parameter,
        )
        .filter((parameter: Json) => parameter.in === 'query');
      if (names.length === 0) continue;
      const path = template.replace('{id}', webhook.id);
      // A parameter the description does not name is refused, naming it…
      const probe = await emu.call('GET', `${path}?undocumented_zz=1`);
      expect(probe.status, `${template} took an undocumented parameter`).toBe(400);
      const unknown = probe.json.error.details.undocumented_zz as string;
      expect(unknown, template).toBeTruthy();
      // …and each one it names is known to the route (its value may still be refused).
      for (const parameter of names) {
        const value = parameter.example ?? (parameter.schema.type === 'integer' ? '1' : 'x');
        const answer = await emu.call(
          'GET',
          `${path}?${new URLSearchParams({ [parameter.name]: String(value) }).toString()}`,
        );
        expect(answer.json?.error?.details?.[parameter.name], `${template} ?${parameter.name}`).not.toBe(unknown);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});
