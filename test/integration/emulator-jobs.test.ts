// POST /api/v1/jobs and GET /api/v1/jobs against the emulator over real HTTP on loopback
// (spec "Endpoints", "Errors", "Versioning"; docs/api-choices.md for what the spec leaves open).
import { PAGE_MAX } from '../../src/emulator/http/list.js';
import { describe, expect, it } from 'vitest';
import type { Assessment } from '../../src/emulator/platform/question-bank.js';
import { DataDirBusyError } from '../../src/emulator/http/server.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';

const DESCRIPTION =
  'Build and run the services behind our hiring platform. You will own APIs, data pipelines and the on-call rota with the team.';

type Body = Record<string, unknown>;

function jobInput(overrides: Body = {}): Body {
  return { title: 'Backend Engineer', description: DESCRIPTION, ...overrides };
}

async function emulator(): Promise<TestEmulator> {
  return testEmulator((await sandbox()).dataDir);
}

async function createJob(emu: TestEmulator, overrides: Body = {}): Promise<any> {
  const response = await emu.call('POST', '/jobs', { body: jobInput(overrides) });
  expect(response.status).toBe(201);
  return response.json.data;
}

/** Raw fetch, for requests the helper cannot make (no Authorization header at all). */
async function raw(url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; json: any }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

function expectRequestId(response: { headers: Headers; json: any }): void {
  expect(response.json.meta.request_id).toMatch(/^req_[A-Za-z0-9]{16}$/);
  expect(response.headers.get('x-request-id')).toBe(response.json.meta.request_id);
}

describe('POST /api/v1/jobs', () => {
  it('answers 201 with the envelope, a published job and its generated assessment', async () => {
    const emu = await emulator();
    const response = await emu.call('POST', '/jobs', {
      body: jobInput({
        department: 'Platform',
        location: { type: 'hybrid', city: 'Berlin', state: 'BE', country: 'DE' },
        skills: ['go', 'sql'],
        assessment_config: { question_count: 7 },
        publish: true,
      }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(response.json).sort()).toEqual(['data', 'meta']);
    expectRequestId(response);
    expect(typeof response.json.meta.assessment_generation_time).toBe('number');
    expect(response.json.meta.assessment_generation_time).toBeGreaterThanOrEqual(0);

    const job = response.json.data;
    expect(job.id).toMatch(/^job_[A-Za-z0-9]{20}$/);
    expect(job.assessment_id).toMatch(/^asmt_[A-Za-z0-9]{20}$/);
    expect(job).toMatchObject({
      title: 'Backend Engineer',
      status: 'active',
      department: 'Platform',
      location: { type: 'hybrid', city: 'Berlin', state: 'BE', country: 'DE' },
      candidate_count: 0,
    });
    expect(job.application_url).toBe(`${emu.origin}/apply/${job.id}`); // the origin this emulator is reached at (docs/emulator.md "The candidate's side")
    expect(job.application_url).toContain(job.id);
    expect(job.created_at).toBe(job.updated_at);
    expect(new Date(job.created_at).toISOString()).toBe(job.created_at);

    const assessment = emu.store.get<Assessment>('assessments', job.assessment_id);
    expect(assessment).toBeDefined();
    expect(assessment!.job_id).toBe(job.id);
    expect(assessment!.status).toBe('ready');
    expect(assessment!.question_count).toBe(7);
    expect(assessment!.questions).toHaveLength(7);
    expect(assessment!.time_limit).toBe(300);
    expect(emu.store.count('assessments')).toBe(1);
    expect(emu.store.get('jobs', job.id)).toMatchObject({ id: job.id, status: 'active' });
  });

  it('makes a draft when publish is false or absent, with the default ten questions', async () => {
    const emu = await emulator();
    const absent = await createJob(emu);
    const off = await createJob(emu, { publish: false });
    expect(absent.status).toBe('draft');
    expect(off.status).toBe('draft');
    expect(absent.candidate_count).toBe(0);
    expect(emu.store.get<Assessment>('assessments', absent.assessment_id)!.questions).toHaveLength(10);
  });

  it('stores an empty draft assessment when auto_generate is false', async () => {
    const emu = await emulator();
    const job = await createJob(emu, { assessment_config: { auto_generate: false, question_count: 5 }, publish: true });
    expect(job.status).toBe('active');
    const assessment = emu.store.get<Assessment>('assessments', job.assessment_id)!;
    expect(assessment.status).toBe('draft');
    expect(assessment.questions).toEqual([]);
    expect(assessment.job_id).toBe(job.id);
  });

  it('generates the same questions for the same title and skills, and other questions otherwise', async () => {
    const emu = await emulator();
    const prompts = async (overrides: Body) => {
      const job = await createJob(emu, overrides);
      return emu.store.get<Assessment>('assessments', job.assessment_id)!.questions.map((question) => question.prompt);
    };
    const first = await prompts({ title: 'Data Engineer', skills: ['spark', 'python'] });
    const second = await prompts({ title: 'Data Engineer', skills: ['spark', 'python'], department: 'Analytics' });
    const other = await prompts({ title: 'Data Engineer', skills: ['rust'] });
    expect(first).toHaveLength(10);
    expect(second).toEqual(first);
    expect(other).not.toEqual(first);
    expect(first.some((prompt) => prompt.includes('Data Engineer'))).toBe(true);
    expect(first.some((prompt) => prompt.includes('spark'))).toBe(true);
  });

  it('answers 400 validation_error with details keyed by field path', async () => {
    const emu = await emulator();
    const response = await emu.call('POST', '/jobs', {
      body: {
        description: 'Too short.',
        location: { type: 'onsite', state: 'CA' },
        assessment_config: { time_limit: 100 },
      },
    });
    expect(response.status).toBe(400);
    expectRequestId(response);
    expect(response.json.error.code).toBe('validation_error');
    expect(typeof response.json.error.message).toBe('string');
    expect(response.json.error.details).toEqual({
      title: 'is required',
      description: 'must be at least 100 characters (got 10)',
      'location.city': 'is required when location.type is onsite',
      'assessment_config.time_limit': 'must be a whole number from 300 to 1800',
    });
    expect(emu.store.count('jobs')).toBe(0);
    expect(emu.store.count('assessments')).toBe(0);
  });

  it('names every bad field in details, the cross-field rules too (issue 28)', async () => {
    const emu = await emulator();
    const response = await emu.call('POST', '/jobs', {
      body: jobInput({
        location: { type: 'hybrid', country: 'Portugal' },
        salary: { min: 10, max: 5, currency: 'EURO' },
      }),
    });
    expect(response.status).toBe(400);
    expect(response.json.error.details).toEqual({
      'location.country': '"Portugal" is not an ISO 3166-1 alpha-2 country code (such as US, DE, GB)',
      'location.city': 'is required when location.type is hybrid',
      'location.state': 'is required when location.type is hybrid',
      'salary.currency': '"EURO" is not an ISO 4217 currency code (such as USD, EUR, GBP)',
      'salary.max': 'must not be less than salary.min (10)',
    });
    expect(emu.store.count('jobs')).toBe(0);
  });

  it('reports an empty title and an out-of-range question_count', async () => {
    const emu = await emulator();
    const response = await emu.call('POST', '/jobs', {
      body: jobInput({ title: '   ', assessment_config: { question_count: 21 } }),
    });
    expect(response.status).toBe(400);
    expect(response.json.error.details).toEqual({
      title: 'must not be empty',
      'assessment_config.question_count': 'must be a whole number from 5 to 20',
    });
  });

  it('answers 400 with details.body for a body that is not JSON', async () => {
    const emu = await emulator();
    const response = await emu.call('POST', '/jobs', { body: '{"title": "Backend Engineer",' });
    expect(response.status).toBe(400);
    expectRequestId(response);
    expect(response.json.error.code).toBe('validation_error');
    expect(Object.keys(response.json.error.details)).toEqual(['body']);
    expect(response.json.error.details.body).toMatch(/^is not valid JSON \(/);
    expect(emu.store.count('jobs')).toBe(0);
  });

  it('answers 413 payload_too_large for a body over 1 MiB', async () => {
    const emu = await emulator();
    const body = JSON.stringify(jobInput({ description: 'x'.repeat(1024 * 1024 + 10) }));
    const response = await emu.call('POST', '/jobs', { body });
    expect(response.status).toBe(413);
    expect(response.json.error.code).toBe('payload_too_large');
    expectRequestId(response);
    expect(emu.store.count('jobs')).toBe(0);
  });

  it('accepts a body just under 1 MiB', async () => {
    const emu = await emulator();
    // (in the title: a description has a limit of its own, DESCRIPTION_MAX_CHARS)
    const envelope = JSON.stringify(jobInput({ title: '' }));
    const body = JSON.stringify(jobInput({ title: 'y'.repeat(1024 * 1024 - envelope.length) }));
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const response = await emu.call('POST', '/jobs', { body });
    expect(response.status).toBe(201);
  });
});

describe('authentication', () => {
  it('answers 401 unauthorized, with error.status, when there is no Authorization header', async () => {
    const emu = await emulator();
    const response = await raw(`${emu.apiUrl}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(jobInput()),
    });
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe('unauthorized');
    expect(response.json.error.status).toBe(401);
    expect(typeof response.json.error.message).toBe('string');
    expectRequestId(response);
    expect(emu.store.count('jobs')).toBe(0);
  });

  it('answers 401 to a wrong key, on GET as well', async () => {
    const emu = await emulator();
    const wrong = await emu.call('GET', '/jobs', { headers: { authorization: `Bearer ${emu.key}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expectRequestId(wrong);
    const notBearer = await emu.call('GET', '/jobs', { headers: { authorization: `Basic ${emu.key}` } });
    expect(notBearer.status).toBe(401);
    expect(notBearer.json.error.code).toBe('unauthorized');
  });
});

describe('routing and versions', () => {
  it('answers 404 not_found in the error envelope for an unknown path', async () => {
    const emu = await emulator();
    for (const path of ['/nope', '/jobs/extra/segments']) {
      const response = await emu.call('GET', path);
      expect(response.status).toBe(404);
      expect(response.json.error.code).toBe('not_found');
      expect(typeof response.json.error.message).toBe('string');
      expectRequestId(response);
    }
    const outside = await raw(`${emu.origin}/elsewhere`, { headers: { authorization: `Bearer ${emu.key}` } });
    expect(outside.status).toBe(404);
    expect(outside.json.error.code).toBe('not_found');
    expectRequestId(outside);
  });

  it('answers 405 method_not_allowed with an Allow header for DELETE /jobs', async () => {
    const emu = await emulator();
    const response = await emu.call('DELETE', '/jobs');
    expect(response.status).toBe(405);
    expect(response.json.error.code).toBe('method_not_allowed');
    expectRequestId(response);
    const allow = response.headers.get('allow');
    expect(
      allow
        ?.split(',')
        .map((method) => method.trim())
        .sort(),
    ).toEqual(['GET', 'POST']);
  });

  it('serves /api/v0 like v1, marked deprecated with a Sunset date', async () => {
    const emu = await emulator();
    const v0 = `${emu.origin}/api/v0/jobs`;
    const headers = { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' };
    const createdV0 = await raw(v0, { method: 'POST', headers, body: JSON.stringify(jobInput({ publish: true })) });
    expect(createdV0.status).toBe(201);
    expect(createdV0.json.data.status).toBe('active');
    expect(createdV0.headers.get('deprecation')).toBe('true');
    const sunset = createdV0.headers.get('sunset');
    expect(sunset).not.toBeNull();
    expect(Number.isNaN(Date.parse(sunset!))).toBe(false);
    expect(Date.parse(sunset!)).toBeGreaterThan(Date.now());

    const listed = await raw(v0, { headers });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('deprecation')).toBe('true');
    expect(listed.json.data.map((job: any) => job.id)).toEqual([createdV0.json.data.id]);

    const v1 = await emu.call('GET', '/jobs');
    expect(v1.headers.get('deprecation')).toBeNull();
    expect(v1.headers.get('sunset')).toBeNull();
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, storing one job', async () => {
    const emu = await emulator();
    const body = jobInput({ publish: true });
    const headers = { 'idempotency-key': 'create-backend-1' };
    const first = await emu.call('POST', '/jobs', { body, headers });
    const second = await emu.call('POST', '/jobs', { body, headers });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json.data).toEqual(first.json.data);
    expect(second.json.meta.assessment_generation_time).toBe(first.json.meta.assessment_generation_time);
    expectRequestId(second);
    expect(second.json.meta.request_id).not.toBe(first.json.meta.request_id);
    expect(emu.store.count('jobs')).toBe(1);
    expect(emu.store.count('assessments')).toBe(1);

    // Another key makes another job.
    const third = await emu.call('POST', '/jobs', { body, headers: { 'idempotency-key': 'create-backend-2' } });
    expect(third.status).toBe(201);
    expect(third.json.data.id).not.toBe(first.json.data.id);
    expect(emu.store.count('jobs')).toBe(2);
  });

  it('answers 409 conflict for the same key with a different body', async () => {
    const emu = await emulator();
    const headers = { 'idempotency-key': 'reused' };
    const first = await emu.call('POST', '/jobs', { body: jobInput(), headers });
    expect(first.status).toBe(201);
    const second = await emu.call('POST', '/jobs', { body: jobInput({ title: 'Frontend Engineer' }), headers });
    expect(second.status).toBe(409);
    expect(second.json.error.code).toBe('conflict');
    expectRequestId(second);
    expect(emu.store.count('jobs')).toBe(1);
  });
});

describe('GET /api/v1/jobs', () => {
  async function seed(emu: TestEmulator): Promise<any[]> {
    const jobs = [];
    jobs.push(
      await createJob(emu, {
        title: 'Go Developer',
        skills: ['go', 'sql'],
        location: { type: 'remote' },
        publish: true,
      }),
    );
    jobs.push(await createJob(emu, { title: 'analyst', location: { type: 'onsite', city: 'Austin', state: 'TX' } }));
    jobs.push(await createJob(emu, { title: 'Zeta Designer', skills: ['figma'], location: { type: 'remote' } }));
    jobs.push(
      await createJob(emu, {
        title: 'Backend Engineer',
        skills: ['Go'],
        location: { type: 'hybrid', city: 'Oslo', state: 'Oslo' },
        publish: true,
      }),
    );
    return jobs;
  }

  const titles = (response: { json: any }) => response.json.data.map((job: any) => job.title);
  const idsOf = (response: { json: any }) => response.json.data.map((job: any) => job.id);

  it('lists newest first with pagination meta, per_page 20 by default', async () => {
    const emu = await emulator();
    const jobs = await seed(emu);
    const response = await emu.call('GET', '/jobs');
    expect(response.status).toBe(200);
    expectRequestId(response);
    expect(idsOf(response)).toEqual(jobs.map((job) => job.id).reverse());
    expect(response.json.meta).toEqual({
      request_id: response.json.meta.request_id,
      current_page: 1,
      per_page: 20,
      total_pages: 1,
      total_count: 4,
    });
    expect(response.json.data[0]).toEqual(jobs[3]);
  });

  it('answers an empty list with total_count 0', async () => {
    const emu = await emulator();
    const response = await emu.call('GET', '/jobs');
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual([]);
    expect(response.json.meta.total_count).toBe(0);
    expect(response.json.meta.per_page).toBe(20);
  });

  it('pages with page and per_page, and gives an empty page beyond the end', async () => {
    const emu = await emulator();
    const jobs = await seed(emu);
    const newest = jobs.map((job) => job.id).reverse();
    const page1 = await emu.call('GET', '/jobs?per_page=3');
    expect(idsOf(page1)).toEqual(newest.slice(0, 3));
    expect(page1.json.meta).toMatchObject({ current_page: 1, per_page: 3, total_pages: 2, total_count: 4 });
    const page2 = await emu.call('GET', '/jobs?per_page=3&page=2');
    expect(idsOf(page2)).toEqual(newest.slice(3));
    expect(page2.json.meta).toMatchObject({ current_page: 2, per_page: 3, total_pages: 2, total_count: 4 });
    const beyond = await emu.call('GET', '/jobs?per_page=3&page=3');
    expect(beyond.status).toBe(200);
    expect(beyond.json.data).toEqual([]);
    expect(beyond.json.meta).toMatchObject({ current_page: 3, per_page: 3, total_pages: 2, total_count: 4 });
    const max = await emu.call('GET', '/jobs?per_page=100');
    expect(max.status).toBe(200);
    expect(max.json.meta.per_page).toBe(100);
  });

  it('refuses per_page over 100 and page 0 with validation details', async () => {
    const emu = await emulator();
    const tooMany = await emu.call('GET', '/jobs?per_page=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.code).toBe('validation_error');
    expect(tooMany.json.error.details).toEqual({ per_page: 'must be a whole number from 1 to 100' });
    expectRequestId(tooMany);
    const zero = await emu.call('GET', '/jobs?page=0');
    expect(zero.status).toBe(400);
    expect(zero.json.error.details).toEqual({ page: `must be a whole number from 1 to ${PAGE_MAX}` });
    const fraction = await emu.call('GET', '/jobs?page=1.5&per_page=abc');
    expect(fraction.status).toBe(400);
    expect(Object.keys(fraction.json.error.details).sort()).toEqual(['page', 'per_page']);
  });

  it('sorts by title ascending and descending, case-insensitively', async () => {
    const emu = await emulator();
    await seed(emu);
    expect(titles(await emu.call('GET', '/jobs?sort=title'))).toEqual([
      'analyst',
      'Backend Engineer',
      'Go Developer',
      'Zeta Designer',
    ]);
    expect(titles(await emu.call('GET', '/jobs?sort=-title'))).toEqual([
      'Zeta Designer',
      'Go Developer',
      'Backend Engineer',
      'analyst',
    ]);
  });

  it('sorts by several keys in order', async () => {
    const emu = await emulator();
    await seed(emu);
    const response = await emu.call('GET', '/jobs?sort=status,-title');
    expect(response.status).toBe(200);
    expect(response.json.data.map((job: any) => `${job.status}:${job.title}`)).toEqual([
      'active:Go Developer',
      'active:Backend Engineer',
      'draft:Zeta Designer',
      'draft:analyst',
    ]);
    const dotted = await emu.call('GET', '/jobs?sort=location.type,title');
    expect(titles(dotted)).toEqual(['Backend Engineer', 'analyst', 'Go Developer', 'Zeta Designer']);
  });

  it('refuses an unknown sort field with details.sort', async () => {
    const emu = await emulator();
    const response = await emu.call('GET', '/jobs?sort=-salary_band');
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(Object.keys(response.json.error.details)).toEqual(['sort']);
    expect(response.json.error.details.sort).toContain('salary_band');
  });

  it('returns only the fields asked for', async () => {
    const emu = await emulator();
    const jobs = await seed(emu);
    const response = await emu.call('GET', '/jobs?fields=id,title&per_page=2');
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual([
      { id: jobs[3].id, title: 'Backend Engineer' },
      { id: jobs[2].id, title: 'Zeta Designer' },
    ]);
  });

  it('refuses an unknown field with details.fields', async () => {
    const emu = await emulator();
    const response = await emu.call('GET', '/jobs?fields=id,secret');
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.error.details)).toEqual(['fields']);
    expect(response.json.error.details.fields).toContain('secret');
  });

  it('filters by field, by any of comma-separated values, by dotted path and by array membership', async () => {
    const emu = await emulator();
    await seed(emu);
    const active = await emu.call('GET', '/jobs?status=active');
    expect(titles(active)).toEqual(['Backend Engineer', 'Go Developer']);
    expect(active.json.meta).toMatchObject({ total_count: 2, total_pages: 1 });
    expect(titles(await emu.call('GET', '/jobs?status=active,draft'))).toEqual([
      'Backend Engineer',
      'Zeta Designer',
      'analyst',
      'Go Developer',
    ]);
    expect(titles(await emu.call('GET', '/jobs?status=paused'))).toEqual([]);
    expect(titles(await emu.call('GET', '/jobs?location.type=remote'))).toEqual(['Zeta Designer', 'Go Developer']);
    expect(titles(await emu.call('GET', '/jobs?skills=figma'))).toEqual(['Zeta Designer']);
    expect(titles(await emu.call('GET', '/jobs?skills=go'))).toEqual(['Backend Engineer', 'Go Developer']);
    expect(titles(await emu.call('GET', '/jobs?skills=sql&status=active'))).toEqual(['Go Developer']);
  });

  it('refuses a filter on a name that is not a field', async () => {
    const emu = await emulator();
    const response = await emu.call('GET', '/jobs?colour=blue');
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(response.json.error.details).toEqual({ colour: 'is not a field that can be filtered' });
  });
});

describe('persistence and the data dir', () => {
  it('keeps jobs across a close and a new emulator on the same data dir', async () => {
    const { dataDir } = await sandbox();
    const first = await testEmulator(dataDir);
    const job = await createJob(first, { publish: true });
    const draft = await createJob(first);
    await first.close();

    const second = await testEmulator(dataDir);
    expect(second.key).toBe(first.key);
    const response = await second.call('GET', '/jobs');
    expect(response.status).toBe(200);
    // The same jobs; their links now name the emulator that serves them (docs/emulator.md "The candidate's side").
    const moved = (record: any) => ({ ...record, application_url: `${second.origin}/apply/${record.id}` });
    expect(second.origin).not.toBe(first.origin);
    expect(response.json.data).toEqual([moved(draft), moved(job)]);
    expect(second.store.get<Assessment>('assessments', job.assessment_id)?.questions).toHaveLength(10);
  });

  it('refuses a second emulator on a data dir that a running one serves', async () => {
    const { dataDir } = await sandbox();
    const first = await testEmulator(dataDir);
    let error: unknown;
    try {
      await testEmulator(dataDir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirBusyError);
    expect((error as DataDirBusyError).holder.url).toBe(first.origin);
    expect((error as DataDirBusyError).holder.pid).toBe(process.pid);
    // The first one still answers.
    expect((await first.call('GET', '/jobs')).status).toBe(200);
  });
});
