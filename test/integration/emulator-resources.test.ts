// The emulator's resources beyond POST/GET /jobs, over real HTTP on loopback: single jobs (GET,
// PATCH with the transitions of docs/api-choices.md §3, DELETE), candidates (list filters, moves), assessments,
// analytics, webhooks, the /_emulator controls, Idempotency-Key and the 500 envelope.
import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../src/domain/candidate.js';
import type { Assessment } from '../../src/emulator/platform/question-bank.js';
import type { StoredWebhook } from '../../src/emulator/platform/event-records.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';

const DESCRIPTION =
  'Build and run the services behind our hiring platform. You will own APIs, data pipelines and the on-call rota with the team.';

type Body = Record<string, unknown>;
interface Answer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

const JOB_STATUSES = ['draft', 'active', 'paused', 'closed'] as const;
type JobStatus = (typeof JOB_STATUSES)[number];
const CANDIDATE_STATUSES = ['new', 'screening', 'review', 'interview', 'offer', 'hired', 'rejected'] as const;
type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
const PIPELINE = ['new', 'screening', 'review', 'interview', 'offer', 'hired'] as const;

async function emulator(): Promise<TestEmulator> {
  return testEmulator((await sandbox()).dataDir);
}

function jobInput(overrides: Body = {}): Body {
  return { title: 'Backend Engineer', description: DESCRIPTION, ...overrides };
}

async function createJob(emu: TestEmulator, overrides: Body = {}): Promise<any> {
  const response = await emu.call('POST', '/jobs', { body: jobInput(overrides) });
  expect(response.status).toBe(201);
  return response.json.data;
}

async function patchJob(emu: TestEmulator, id: string, body: unknown) {
  return emu.call('PATCH', `/jobs/${id}`, { body });
}

/** Raw fetch with the local key, for the /_emulator controls that live outside /api/v1. */
async function control(
  emu: TestEmulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${emu.origin}/_emulator${path}`, {
    method,
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined, text };
}

async function simulate(emu: TestEmulator, jobId: string, applications: number, seed: number): Promise<any> {
  // advance: candidates spread over the pipeline, with scores from review on.
  const response = await control(emu, 'POST', '/simulate', { job_id: jobId, applications, seed, advance: true });
  expect(response.status).toBe(201);
  return response.json.data;
}

function expectRequestId(response: { headers: Headers; json: any }): void {
  expect(response.json.meta.request_id).toMatch(/^req_[A-Za-z0-9]{16}$/);
  expect(response.headers.get('x-request-id')).toBe(response.json.meta.request_id);
}

/** The error envelope, exactly: `{error: {code, message, details?}, meta: {request_id}}`. */
function expectError(
  response: { status: number; headers: Headers; json: any },
  status: number,
  code: string,
  extra: { message?: string; details?: Record<string, string> } = {},
): void {
  expect(response.status).toBe(status);
  expect(Object.keys(response.json).sort()).toEqual(['error', 'meta']);
  expect(response.json.error.code).toBe(code);
  expect(typeof response.json.error.message).toBe('string');
  expect(response.json.error.message.length).toBeGreaterThan(0);
  if (extra.message !== undefined) expect(response.json.error.message).toBe(extra.message);
  if (extra.details !== undefined) expect(response.json.error.details).toEqual(extra.details);
  else expect(response.json.error.details).toBeUndefined();
  expectRequestId(response);
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

function candidatesOf(emu: TestEmulator, jobId?: string): Candidate[] {
  return emu.store
    .all<Candidate>('candidates')
    .filter((candidate) => jobId === undefined || candidate.job_id === jobId);
}

// ---------------------------------------------------------------------------------------------
describe('GET /api/v1/jobs/{id}', () => {
  it('answers 200 with the job as created', async () => {
    const emu = await emulator();
    const job = await createJob(emu, { department: 'Platform', skills: ['go'], publish: true });
    const response = await emu.call('GET', `/jobs/${job.id}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual(['data', 'meta']);
    expect(response.json.data).toEqual(job);
    expect(response.json.meta).toEqual({ request_id: response.json.meta.request_id });
    expectRequestId(response);
  });

  it('answers 404 not_found in the error envelope, with a request id', async () => {
    const emu = await emulator();
    await createJob(emu);
    const response = await emu.call('GET', '/jobs/job_missing');
    expectError(response, 404, 'not_found', { message: 'No job with id job_missing.' });
  });

  it('answers a client error, not 500, for an id with malformed percent-encoding', async () => {
    const emu = await emulator();
    for (const path of ['/jobs/%E0%A4%A', '/candidates/%ZZ', '/assessments/%']) {
      const response = await emu.call('GET', path);
      expect([400, 404]).toContain(response.status);
      expect(response.json.error.code).toBe(response.status === 400 ? 'validation_error' : 'not_found');
      expectRequestId(response);
    }
  });
});

describe('PATCH /api/v1/jobs/{id}', () => {
  it('merges nested fields: location.city alone keeps type, state and country', async () => {
    const emu = await emulator();
    const job = await createJob(emu, {
      department: 'Platform',
      location: { type: 'onsite', city: 'Austin', state: 'TX', country: 'US' },
      salary: { min: 100000, max: 150000, currency: 'USD', period: 'yearly' },
    });
    const response = await patchJob(emu, job.id, { location: { city: 'Dallas' }, salary: { max: 160000 } });
    expect(response.status).toBe(200);
    expectRequestId(response);
    const updated = response.json.data;
    expect(updated.location).toEqual({ type: 'onsite', city: 'Dallas', state: 'TX', country: 'US' });
    expect(updated.salary).toEqual({ min: 100000, max: 160000, currency: 'USD', period: 'yearly' });
    // Everything else is untouched.
    expect(updated).toMatchObject({
      id: job.id,
      title: 'Backend Engineer',
      department: 'Platform',
      description: DESCRIPTION,
      status: 'draft',
      assessment_id: job.assessment_id,
      application_url: job.application_url,
      candidate_count: 0,
      created_at: job.created_at,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(job.updated_at));
    expect(emu.store.get('jobs', job.id)).toEqual(updated);
    expect((await emu.call('GET', `/jobs/${job.id}`)).json.data).toEqual(updated);
  });

  it('replaces plain fields and changes the title', async () => {
    const emu = await emulator();
    const job = await createJob(emu, { skills: ['go', 'sql'] });
    const response = await patchJob(emu, job.id, { title: 'Staff Engineer', skills: ['rust'] });
    expect(response.status).toBe(200);
    expect(response.json.data.title).toBe('Staff Engineer');
    expect(response.json.data.skills).toEqual(['rust']);
    expect(response.json.data.status).toBe('draft');
  });

  it('answers 400 with details keyed by path when the merged job is invalid, and keeps the job', async () => {
    const emu = await emulator();
    const job = await createJob(emu, { location: { type: 'remote' } });
    const response = await patchJob(emu, job.id, { location: { type: 'onsite' } });
    expectError(response, 400, 'validation_error', {
      details: {
        'location.city': 'is required when location.type is onsite',
        'location.state': 'is required when location.type is onsite',
      },
    });
    expect(emu.store.get<any>('jobs', job.id).location).toEqual({ type: 'remote' });
    expect(emu.store.get<any>('jobs', job.id).updated_at).toBe(job.updated_at);
  });

  it('answers 400 for a too-short description, naming the length', async () => {
    const emu = await emulator();
    const job = await createJob(emu);
    const response = await patchJob(emu, job.id, { description: 'Too short' });
    expectError(response, 400, 'validation_error', {
      details: { description: 'must be at least 100 characters (got 9)' },
    });
    expect(emu.store.get<any>('jobs', job.id).description).toBe(DESCRIPTION);
  });

  it('answers 400 for an unknown field (publish included), an empty body and a bad status', async () => {
    const emu = await emulator();
    const job = await createJob(emu);
    expectError(await patchJob(emu, job.id, { colour: 'red' }), 400, 'validation_error', {
      details: { colour: 'is not a known field' },
    });
    expectError(await patchJob(emu, job.id, { publish: true }), 400, 'validation_error', {
      details: { publish: 'is not a known field' },
    });
    expectError(await patchJob(emu, job.id, {}), 400, 'validation_error', {
      details: { body: 'names no field to change' },
    });
    expectError(await patchJob(emu, job.id, { status: 'archived' }), 400, 'validation_error', {
      details: { status: 'must be one of: draft, active, paused, closed' },
    });
    expect(emu.store.get('jobs', job.id)).toEqual(job);
  });

  it('answers 404 for an unknown job', async () => {
    const emu = await emulator();
    expectError(await patchJob(emu, 'job_missing', { title: 'X' }), 404, 'not_found', {
      message: 'No job with id job_missing.',
    });
  });
});

/** docs/api-choices.md §3, written out: publish draft → active; pause active → paused; reopen paused or
 * closed → active; close draft, active or paused → closed. Everything else is 409. */
const ALLOWED_JOB_MOVES: Record<JobStatus, JobStatus[]> = {
  draft: ['active', 'closed'],
  active: ['paused', 'closed'],
  paused: ['active', 'closed'],
  closed: ['active'],
};
const JOB_MATRIX = JOB_STATUSES.flatMap((from) =>
  JOB_STATUSES.map((to) => ({ from, to, allowed: ALLOWED_JOB_MOVES[from].includes(to) })),
);

/** A job in `from`, reached through the API only. */
async function jobIn(emu: TestEmulator, from: JobStatus): Promise<any> {
  const steps: Record<JobStatus, { publish: boolean; patches: JobStatus[] }> = {
    draft: { publish: false, patches: [] },
    active: { publish: true, patches: [] },
    paused: { publish: true, patches: ['paused'] },
    closed: { publish: false, patches: ['closed'] },
  };
  const { publish, patches } = steps[from];
  let job = await createJob(emu, { publish });
  for (const status of patches) {
    const response = await patchJob(emu, job.id, { status });
    expect(response.status).toBe(200);
    job = response.json.data;
  }
  expect(job.status).toBe(from);
  return job;
}

describe('job transitions (docs/api-choices.md §3), the full matrix', () => {
  it('has 7 allowed moves out of 16', () => {
    expect(JOB_MATRIX).toHaveLength(16);
    expect(JOB_MATRIX.filter((move) => move.allowed)).toHaveLength(7);
  });

  it.each(JOB_MATRIX)('$from → $to: allowed $allowed', async ({ from, to, allowed }) => {
    const emu = await emulator();
    const job = await jobIn(emu, from);
    const response = await patchJob(emu, job.id, { status: to });
    if (allowed) {
      expect(response.status).toBe(200);
      expectRequestId(response);
      expect(response.json.data.status).toBe(to);
      expect(response.json.data.id).toBe(job.id);
      expect(emu.store.get<any>('jobs', job.id).status).toBe(to);
      expect((await emu.call('GET', `/jobs/${job.id}`)).json.data.status).toBe(to);
    } else {
      expectError(response, 409, 'conflict', {
        message: from === to ? `Job ${job.id} is already ${to}.` : `Job ${job.id} is ${from}; it cannot become ${to}.`,
      });
      expect(emu.store.get('jobs', job.id)).toEqual(job);
    }
  });

  it('applies a status change and a field change in one PATCH', async () => {
    const emu = await emulator();
    const job = await createJob(emu);
    const response = await patchJob(emu, job.id, { status: 'active', title: 'Lead Engineer' });
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({ status: 'active', title: 'Lead Engineer' });
  });

  it('refuses a forbidden transition without applying the fields sent with it', async () => {
    const emu = await emulator();
    const job = await createJob(emu);
    const response = await patchJob(emu, job.id, { status: 'paused', title: 'Lead Engineer' });
    expectError(response, 409, 'conflict', { message: `Job ${job.id} is draft; it cannot become paused.` });
    expect(emu.store.get<any>('jobs', job.id).title).toBe('Backend Engineer');
  });
});

describe('DELETE /api/v1/jobs/{id}', () => {
  it('answers 204 with an empty body, then 404; removes the job, its candidates and its assessment', async () => {
    const emu = await emulator();
    const job = await createJob(emu, { publish: true });
    const other = await createJob(emu, { title: 'Designer', publish: true });
    await simulate(emu, job.id, 12, 5);
    await simulate(emu, other.id, 8, 6);
    expect(candidatesOf(emu, job.id)).toHaveLength(12);
    expect(emu.store.count('assessments')).toBe(2);

    const response = await fetch(`${emu.apiUrl}/jobs/${job.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${emu.key}` },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-type')).toBeNull();
    expect(response.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9]{16}$/);

    expectError(await emu.call('GET', `/jobs/${job.id}`), 404, 'not_found', { message: `No job with id ${job.id}.` });
    expect(emu.store.get('jobs', job.id)).toBeUndefined();
    expect(candidatesOf(emu, job.id)).toEqual([]);
    expect(emu.store.get('assessments', job.assessment_id)).toBeUndefined();
    expectError(await emu.call('GET', `/assessments/${job.assessment_id}`), 404, 'not_found');
    // The other job keeps everything.
    expect(candidatesOf(emu, other.id)).toHaveLength(8);
    expect(emu.store.count('candidates')).toBe(8);
    expect(emu.store.get('assessments', other.assessment_id)).toBeDefined();
    expect((await emu.call('GET', `/jobs/${other.id}`)).status).toBe(200);
    expect((await emu.call('GET', '/candidates')).json.meta.total_count).toBe(8);

    // A second delete finds nothing.
    expectError(await emu.call('DELETE', `/jobs/${job.id}`), 404, 'not_found', {
      message: `No job with id ${job.id}.`,
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe('POST /_emulator/simulate', () => {
  it('answers 201 with job_id, created and by_status, stores the candidates and counts them on the job', async () => {
    const emu = await emulator();
    const job = await createJob(emu, { publish: true });
    const response = await control(emu, 'POST', '/simulate', { job_id: job.id, applications: 60, seed: 42 });
    expect(response.status).toBe(201);
    expectRequestId(response);
    const result = response.json.data;
    expect(Object.keys(result).sort()).toEqual(['by_status', 'created', 'job_id']);
    expect(result.job_id).toBe(job.id);
    expect(result.created).toBe(60);
    const stored = candidatesOf(emu, job.id);
    expect(stored).toHaveLength(60);
    expect(result.by_status).toEqual(countBy(stored, (candidate) => candidate.status));
    expect(Object.values(result.by_status as Record<string, number>).reduce((sum, count) => sum + count, 0)).toBe(60);
    for (const status of Object.keys(result.by_status)) expect(CANDIDATE_STATUSES).toContain(status);

    for (const candidate of stored) {
      expect(candidate.id).toMatch(/^cand_[A-Za-z0-9]{20}$/);
      expect(Object.keys(candidate).sort()).toEqual(
        ['applied_at', 'created_at', 'email', 'id', 'job_id', 'name', 'note', 'score', 'status', 'updated_at'].sort(),
      );
      if (candidate.score !== null) {
        expect(Number.isInteger(candidate.score)).toBe(true);
        expect(candidate.score).toBeGreaterThanOrEqual(0);
        expect(candidate.score).toBeLessThanOrEqual(100);
      }
      // Candidates who have not taken the assessment yet have no score.
      if (candidate.status === 'new' || candidate.status === 'screening') expect(candidate.score).toBeNull();
    }

    const fetched = await emu.call('GET', `/jobs/${job.id}`);
    expect(fetched.json.data.candidate_count).toBe(60);
    await simulate(emu, job.id, 5, 1);
    expect((await emu.call('GET', `/jobs/${job.id}`)).json.data.candidate_count).toBe(65);
  });

  it('gives the same by_status for the same seed on a fresh sandbox', async () => {
    const first = await emulator();
    const second = await emulator();
    const a = await simulate(first, (await createJob(first, { publish: true })).id, 60, 42);
    const b = await simulate(second, (await createJob(second, { publish: true })).id, 60, 42);
    expect(b.by_status).toEqual(a.by_status);
    const scores = (emu: TestEmulator) =>
      candidatesOf(emu).map((candidate) => [candidate.name, candidate.status, candidate.score]);
    expect(scores(second)).toEqual(scores(first));
  });

  it('answers 400 for a missing job_id or a bad count, and 404 for an unknown job', async () => {
    const emu = await emulator();
    const missing = await control(emu, 'POST', '/simulate', { applications: 0 });
    expectError(missing, 400, 'validation_error', {
      details: { job_id: 'is required', applications: 'must be a whole number from 1 to 100000' },
    });
    const unknown = await control(emu, 'POST', '/simulate', { job_id: 'job_nope', applications: 3, seed: 1 });
    expectError(unknown, 404, 'not_found', { message: 'No job with id job_nope.' });
    expect(emu.store.count('candidates')).toBe(0);
  });
});

describe('GET /api/v1/candidates', () => {
  /** Two jobs: 60 candidates (seed 42) and 30 (seed 7). */
  async function seeded(): Promise<{ emu: TestEmulator; a: any; b: any }> {
    const emu = await emulator();
    const a = await createJob(emu, { publish: true });
    const b = await createJob(emu, { title: 'Designer', publish: true });
    await simulate(emu, a.id, 60, 42);
    await simulate(emu, b.id, 30, 7);
    expect(emu.store.count('candidates')).toBe(90);
    return { emu, a, b };
  }
  const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

  it('filters by status, and by any of comma-separated statuses', async () => {
    const { emu } = await seeded();
    const all = candidatesOf(emu);
    const review = all.filter((candidate) => candidate.status === 'review');
    expect(review.length).toBeGreaterThan(0);
    const one = await emu.call('GET', '/candidates?status=review&per_page=100');
    expect(one.status).toBe(200);
    expect(one.json.meta.total_count).toBe(review.length);
    expect(ids(one.json.data)).toEqual(ids(review));
    expect(one.json.data.every((candidate: any) => candidate.status === 'review')).toBe(true);

    const two = all.filter((candidate) => candidate.status === 'review' || candidate.status === 'hired');
    expect(two.length).toBeGreaterThan(review.length);
    const both = await emu.call('GET', '/candidates?status=review,hired&per_page=100');
    expect(both.json.meta.total_count).toBe(two.length);
    expect(ids(both.json.data)).toEqual(ids(two));
  });

  it('filters by score_min: only scores at or above it, never null scores', async () => {
    const { emu } = await seeded();
    const all = candidatesOf(emu);
    const expected = all.filter((candidate) => candidate.score !== null && candidate.score >= 80);
    expect(expected.length).toBeGreaterThan(0);
    expect(all.some((candidate) => candidate.score === null)).toBe(true);
    expect(all.some((candidate) => candidate.score !== null && candidate.score < 80)).toBe(true);
    const response = await emu.call('GET', '/candidates?score_min=80&per_page=100');
    expect(response.status).toBe(200);
    expect(response.json.meta.total_count).toBe(expected.length);
    expect(ids(response.json.data)).toEqual(ids(expected));
    for (const candidate of response.json.data) {
      expect(typeof candidate.score).toBe('number');
      expect(candidate.score).toBeGreaterThanOrEqual(80);
    }
    // Combined with a status filter.
    const combined = await emu.call('GET', '/candidates?score_min=80&status=interview&per_page=100');
    expect(ids(combined.json.data)).toEqual(ids(expected.filter((candidate) => candidate.status === 'interview')));
  });

  it('filters by job_id', async () => {
    const { emu, b } = await seeded();
    const response = await emu.call('GET', `/candidates?job_id=${b.id}&per_page=100`);
    expect(response.json.meta.total_count).toBe(30);
    expect(ids(response.json.data)).toEqual(ids(candidatesOf(emu, b.id)));
  });

  it('answers 400 with details.score_min for a score_min that is not a number', async () => {
    const { emu } = await seeded();
    expectError(await emu.call('GET', '/candidates?score_min=abc'), 400, 'validation_error', {
      message: 'Invalid list parameters.',
      details: { score_min: 'must be a number from 0 to 100 (got "abc")' },
    });
    expectError(await emu.call('GET', '/candidates?colour=red'), 400, 'validation_error', {
      details: { colour: 'is not a field that can be filtered' },
    });
  });

  it('pages with per_page and page', async () => {
    const { emu } = await seeded();
    const response = await emu.call('GET', '/candidates?per_page=7&page=2');
    expect(response.status).toBe(200);
    expect(response.json.data).toHaveLength(7);
    expect(response.json.meta).toEqual({
      request_id: response.json.meta.request_id,
      current_page: 2,
      per_page: 7,
      total_pages: 13,
      total_count: 90,
    });
    const last = await emu.call('GET', '/candidates?per_page=7&page=13');
    expect(last.json.data).toHaveLength(6);
    const first = await emu.call('GET', '/candidates');
    expect(first.json.data).toHaveLength(20);
    expect(first.json.meta.per_page).toBe(20);
    expect(first.json.meta.total_pages).toBe(5);
    // Pages do not overlap.
    const page1 = await emu.call('GET', '/candidates?per_page=7&page=1');
    const overlap = page1.json.data.filter((item: any) =>
      response.json.data.some((other: any) => other.id === item.id),
    );
    expect(overlap).toEqual([]);
  });

  it('sorts by -score, highest first, with null scores last', async () => {
    const { emu } = await seeded();
    const response = await emu.call('GET', '/candidates?sort=-score&per_page=100');
    const scores: (number | null)[] = response.json.data.map((candidate: any) => candidate.score);
    expect(scores).toHaveLength(90);
    const numbers = candidatesOf(emu)
      .map((candidate) => candidate.score)
      .filter((score): score is number => score !== null)
      .sort((x, y) => y - x);
    const nulls = 90 - numbers.length;
    expect(nulls).toBeGreaterThan(0);
    expect(scores).toEqual([...numbers, ...Array<null>(nulls).fill(null)]);
    // Ascending keeps nulls last too.
    const ascending = await emu.call('GET', '/candidates?sort=score&per_page=100');
    expect(ascending.json.data.map((candidate: any) => candidate.score)).toEqual([
      ...[...numbers].reverse(),
      ...Array<null>(nulls).fill(null),
    ]);
  });

  it('returns only the fields asked for', async () => {
    const { emu } = await seeded();
    const response = await emu.call('GET', '/candidates?fields=id,score&per_page=5');
    expect(response.json.data).toHaveLength(5);
    for (const item of response.json.data) {
      expect(Object.keys(item).sort()).toEqual(['id', 'score']);
      expect(item.score).toBe(emu.store.get<Candidate>('candidates', item.id)!.score);
    }
  });
});

describe('GET /api/v1/candidates/{id}', () => {
  it('answers 200 with the stored candidate, and 404 for an unknown id', async () => {
    const emu = await emulator();
    const job = await createJob(emu, { publish: true });
    await simulate(emu, job.id, 3, 9);
    const candidate = candidatesOf(emu)[1]!;
    const response = await emu.call('GET', `/candidates/${candidate.id}`);
    expect(response.status).toBe(200);
    expectRequestId(response);
    expect(response.json.data).toEqual(candidate);
    expectError(await emu.call('GET', '/candidates/cand_missing'), 404, 'not_found', {
      message: 'No candidate with id cand_missing.',
    });
  });
});

/** docs/api-choices.md §3, written out: one step forward or back along new → screening → review →
 * interview → offer → hired; any non-final status → rejected; hired and rejected are final. */
const ALLOWED_CANDIDATE_MOVES: Record<CandidateStatus, CandidateStatus[]> = {
  new: ['screening', 'rejected'],
  screening: ['new', 'review', 'rejected'],
  review: ['screening', 'interview', 'rejected'],
  interview: ['review', 'offer', 'rejected'],
  offer: ['interview', 'hired', 'rejected'],
  hired: [],
  rejected: [],
};
const CANDIDATE_MATRIX = CANDIDATE_STATUSES.flatMap((from) =>
  CANDIDATE_STATUSES.map((to) => ({ from, to, allowed: ALLOWED_CANDIDATE_MOVES[from].includes(to) })),
);

describe('PATCH /api/v1/candidates/{id}: candidate moves (docs/api-choices.md §3), the full matrix', () => {
  async function candidateIn(status: CandidateStatus): Promise<{ emu: TestEmulator; candidate: Candidate }> {
    const emu = await emulator();
    const job = await createJob(emu, { publish: true });
    await simulate(emu, job.id, 1, 3);
    const [simulated] = candidatesOf(emu);
    const candidate = emu.store.put<Candidate>('candidates', { ...simulated!, status });
    return { emu, candidate };
  }

  it('has 14 allowed moves out of 49', () => {
    expect(CANDIDATE_MATRIX).toHaveLength(49);
    expect(CANDIDATE_MATRIX.filter((move) => move.allowed)).toHaveLength(14);
  });

  it.each(CANDIDATE_MATRIX)('$from → $to: allowed $allowed', async ({ from, to, allowed }) => {
    const { emu, candidate } = await candidateIn(from);
    const response = await emu.call('PATCH', `/candidates/${candidate.id}`, { body: { status: to } });
    if (allowed) {
      expect(response.status).toBe(200);
      expectRequestId(response);
      expect(response.json.data).toEqual({ ...candidate, status: to, updated_at: response.json.data.updated_at });
      expect(Date.parse(response.json.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(candidate.updated_at));
      expect(emu.store.get<Candidate>('candidates', candidate.id)!.status).toBe(to);
      expect((await emu.call('GET', `/candidates/${candidate.id}`)).json.data.status).toBe(to);
    } else {
      expectError(response, 409, 'conflict', {
        message:
          from === to
            ? `Candidate ${candidate.id} is already in status "${to}".`
            : `Candidate ${candidate.id} is in status "${from}"; it can move one step along the pipeline, one back, or to rejected, not to "${to}".`,
      });
      expect(emu.store.get('candidates', candidate.id)).toEqual(candidate);
    }
  });

  it('answers 400 for an invalid status value, a missing status and an unknown field', async () => {
    const { emu, candidate } = await candidateIn('review');
    const path = `/candidates/${candidate.id}`;
    expectError(await emu.call('PATCH', path, { body: { status: 'promoted' } }), 400, 'validation_error', {
      details: { status: 'must be one of: new, screening, review, interview, offer, hired, rejected' },
    });
    expectError(await emu.call('PATCH', path, { body: {} }), 400, 'validation_error', {
      details: { status: 'is required' },
    });
    expectError(await emu.call('PATCH', path, { body: { status: 'interview', score: 99 } }), 400, 'validation_error', {
      details: { score: 'is not a known field' },
    });
    expect(emu.store.get('candidates', candidate.id)).toEqual(candidate);
    expectError(await emu.call('PATCH', '/candidates/cand_missing', { body: { status: 'review' } }), 404, 'not_found', {
      message: 'No candidate with id cand_missing.',
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe('POST /api/v1/assessments', () => {
  it('generates an assessment from a job (job_id): 201, its settings and the same questions', async () => {
    const emu = await emulator();
    const job = await createJob(emu, {
      skills: ['go', 'sql'],
      requirements: ['5 years of backend work'],
      assessment_config: { question_count: 7, time_limit: 600, proctoring: true },
    });
    const response = await emu.call('POST', '/assessments', { body: { job_id: job.id } });
    expect(response.status).toBe(201);
    expectRequestId(response);
    expect(typeof response.json.meta.assessment_generation_time).toBe('number');
    expect(response.json.meta.assessment_generation_time).toBeGreaterThanOrEqual(0);
    const assessment = response.json.data;
    expect(assessment.id).toMatch(/^asmt_[A-Za-z0-9]{20}$/);
    expect(assessment.id).not.toBe(job.assessment_id);
    expect(Object.keys(assessment).sort()).toEqual(
      [
        'created_at',
        'id',
        'job_id',
        'proctoring',
        'question_count',
        'question_types',
        'questions',
        'status',
        'time_limit',
        'updated_at',
      ].sort(),
    );
    expect(assessment).toMatchObject({
      job_id: job.id,
      status: 'ready',
      question_count: 7,
      time_limit: 600,
      proctoring: true,
      question_types: ['ranksort', 'multiple_choice', 'scenario'],
    });
    expect(assessment.questions).toHaveLength(7);
    // Deterministic from the job's title, skills and requirements: the job's own assessment matches.
    expect(assessment.questions).toEqual(emu.store.get<Assessment>('assessments', job.assessment_id)!.questions);
    expect(emu.store.get('assessments', assessment.id)).toEqual(assessment);
    expect(emu.store.count('assessments')).toBe(2);
  });

  it('generates from a title and skills with no job, with the default settings', async () => {
    const emu = await emulator();
    const body = { title: 'Site Reliability Engineer', skills: ['kubernetes', 'terraform'] };
    const response = await emu.call('POST', '/assessments', { body });
    expect(response.status).toBe(201);
    const assessment = response.json.data;
    expect(assessment).toMatchObject({
      job_id: null,
      status: 'ready',
      question_count: 10,
      time_limit: 300,
      proctoring: false,
      question_types: ['ranksort', 'multiple_choice', 'scenario'],
    });
    expect(assessment.questions).toHaveLength(10);
    expect(assessment.questions.map((question: any) => question.type).slice(0, 3)).toEqual([
      'ranksort',
      'multiple_choice',
      'scenario',
    ]);
    expect(
      assessment.questions.every(
        (question: any) =>
          question.prompt.includes('Site Reliability Engineer') ||
          question.prompt.includes('kubernetes') ||
          question.prompt.includes('terraform'),
      ),
    ).toBe(true);
    expect(assessment.questions.some((question: any) => question.prompt.includes('kubernetes'))).toBe(true);
    expect(assessment.questions.some((question: any) => question.prompt.includes('terraform'))).toBe(true);
    // The same input gives the same questions.
    const again = await emu.call('POST', '/assessments', { body });
    expect(again.json.data.id).not.toBe(assessment.id);
    expect(again.json.data.questions).toEqual(assessment.questions);
  });

  it('applies overrides: question_count 6, time_limit 900, question_types [scenario]', async () => {
    const emu = await emulator();
    const response = await emu.call('POST', '/assessments', {
      body: {
        title: 'Product Designer',
        skills: ['figma'],
        question_count: 6,
        time_limit: 900,
        question_types: ['scenario'],
      },
    });
    expect(response.status).toBe(201);
    const assessment = response.json.data;
    expect(assessment).toMatchObject({
      question_count: 6,
      time_limit: 900,
      question_types: ['scenario'],
      proctoring: false,
    });
    expect(assessment.questions).toHaveLength(6);
    expect(assessment.questions.map((question: any) => question.type)).toEqual(Array(6).fill('scenario'));

    // Overrides win over the job's settings too.
    const job = await createJob(emu, { assessment_config: { question_count: 12, time_limit: 1200 } });
    const forJob = await emu.call('POST', '/assessments', { body: { job_id: job.id, question_count: 6 } });
    expect(forJob.status).toBe(201);
    expect(forJob.json.data).toMatchObject({ job_id: job.id, question_count: 6, time_limit: 1200 });
    expect(forJob.json.data.questions).toHaveLength(6);
  });

  it('answers 400 details.job_id when neither job_id nor title is given', async () => {
    const emu = await emulator();
    expectError(await emu.call('POST', '/assessments', { body: { skills: ['go'] } }), 400, 'validation_error', {
      details: { job_id: 'is required (or a title to generate questions from)' },
    });
    expect(emu.store.count('assessments')).toBe(0);
    // With another field bad too, both are named (issue 28).
    expectError(
      await emu.call('POST', '/assessments', { body: { question_count: 50, proctoring: 'yes' } }),
      400,
      'validation_error',
      {
        details: {
          question_count: 'must be a whole number from 5 to 20',
          proctoring: 'must be true or false',
          job_id: 'is required (or a title to generate questions from)',
        },
      },
    );
  });

  it('answers 404 for an unknown job_id', async () => {
    const emu = await emulator();
    expectError(await emu.call('POST', '/assessments', { body: { job_id: 'job_nope' } }), 404, 'not_found', {
      message: 'No job with id job_nope.',
    });
    expect(emu.store.count('assessments')).toBe(0);
  });

  it('answers 400 with the domain messages for out-of-range values and unknown question types', async () => {
    const emu = await emulator();
    const low = await emu.call('POST', '/assessments', { body: { title: 'X', question_count: 4, time_limit: 299 } });
    expectError(low, 400, 'validation_error', {
      details: {
        question_count: 'must be a whole number from 5 to 20',
        time_limit: 'must be a whole number from 300 to 1800',
      },
    });
    const high = await emu.call('POST', '/assessments', { body: { title: 'X', question_count: 21, time_limit: 1801 } });
    expectError(high, 400, 'validation_error', {
      details: {
        question_count: 'must be a whole number from 5 to 20',
        time_limit: 'must be a whole number from 300 to 1800',
      },
    });
    const fraction = await emu.call('POST', '/assessments', { body: { title: 'X', question_count: 7.5 } });
    expectError(fraction, 400, 'validation_error', {
      details: { question_count: 'must be a whole number from 5 to 20' },
    });
    const types = await emu.call('POST', '/assessments', { body: { title: 'X', question_types: ['essay'] } });
    expectError(types, 400, 'validation_error', {
      details: { 'question_types[0]': 'must be one of: ranksort, multiple_choice, scenario' },
    });
    // No type at all, as POST /jobs refuses it: a question always has a type.
    const none = await emu.call('POST', '/assessments', { body: { title: 'X', question_types: [] } });
    expectError(none, 400, 'validation_error', {
      details: { question_types: 'must name at least one question type' },
    });
    expect(emu.store.count('assessments')).toBe(0);
  });

  it('gives every question a type, even from a job stored with an empty list of types', async () => {
    const emu = await emulator();
    const job = await createJob(emu, {});
    // A record from before empty lists were refused.
    emu.store.put('jobs', { ...emu.store.get<any>('jobs', job.id), assessment_config: { question_types: [] } });
    const response = await emu.call('POST', '/assessments', { body: { job_id: job.id } });
    expect(response.status).toBe(201);
    expect(response.json.data.question_types).toEqual(['ranksort', 'multiple_choice', 'scenario']);
    expect(response.json.data.questions.map((question: any) => question.type)).not.toContain(undefined);
  });

  it('accepts fields the spec does not show, and ignores them; known fields are still checked', async () => {
    const emu = await emulator();
    const response = await emu.call('POST', '/assessments', {
      body: { title: 'X', difficulty: 'hard', question_count: 5 },
    });
    expect(response.status).toBe(201);
    expect(response.json.data).toMatchObject({ question_count: 5 });
    expect(response.json.data).not.toHaveProperty('difficulty');
    expectError(
      await emu.call('POST', '/assessments', { body: { title: 'X', difficulty: 'hard', question_count: 50 } }),
      400,
      'validation_error',
      {
        details: { question_count: 'must be a whole number from 5 to 20' },
      },
    );
    expect(emu.store.count('assessments')).toBe(1);
  });
});

describe('GET /api/v1/assessments/{id}', () => {
  it('answers 200 with the created assessment, and 404 for an unknown id', async () => {
    const emu = await emulator();
    const created = await emu.call('POST', '/assessments', { body: { title: 'QA Engineer', skills: ['playwright'] } });
    const response = await emu.call('GET', `/assessments/${created.json.data.id}`);
    expect(response.status).toBe(200);
    expectRequestId(response);
    expect(response.json.data).toEqual(created.json.data);
    expect(response.json.meta.assessment_generation_time).toBeUndefined();
    expectError(await emu.call('GET', '/assessments/asmt_missing'), 404, 'not_found', {
      message: 'No assessment with id asmt_missing.',
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe('GET /api/v1/analytics', () => {
  /** Jobs active (60 candidates), paused (25 candidates) and closed; one assessment without a job. */
  async function seeded(): Promise<{ emu: TestEmulator; active: any; paused: any; closed: any }> {
    const emu = await emulator();
    const active = await createJob(emu, { publish: true });
    const paused = await createJob(emu, { title: 'Designer', publish: true });
    const closed = await createJob(emu, { title: 'Analyst' });
    expect((await patchJob(emu, closed.id, { status: 'closed' })).status).toBe(200);
    await simulate(emu, active.id, 60, 42);
    await simulate(emu, paused.id, 25, 3); // only active jobs take applications
    expect((await patchJob(emu, paused.id, { status: 'paused' })).status).toBe(200);
    expect((await emu.call('POST', '/assessments', { body: { title: 'Loose assessment' } })).status).toBe(201);
    return { emu, active, paused, closed };
  }

  function expectedCandidates(candidates: Candidate[]) {
    const scores = candidates.map((candidate) => candidate.score).filter((score): score is number => score !== null);
    const byStatus = Object.fromEntries(
      CANDIDATE_STATUSES.map((status) => [status, candidates.filter((c) => c.status === status).length]),
    );
    const jobs = [...new Set(candidates.map((candidate) => candidate.job_id))];
    const byJob = Object.fromEntries(
      jobs.map((job) => [
        job,
        Object.fromEntries(
          CANDIDATE_STATUSES.map((status) => [
            status,
            candidates.filter((c) => c.job_id === job && c.status === status).length,
          ]),
        ),
      ]),
    );
    return {
      candidates: {
        total: candidates.length,
        by_status: byStatus,
        by_job: byJob,
        assessed: scores.length,
        average_score:
          scores.length === 0
            ? null
            : Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 10) / 10,
      },
      // How many candidates reached each pipeline stage (those further along passed it); a
      // rejected candidate counts as having applied, how far they got not being recorded.
      funnel: PIPELINE.map((status, index) => ({
        status,
        count: candidates.filter(
          (candidate) => (candidate.status === 'rejected' ? 0 : PIPELINE.indexOf(candidate.status)) >= index,
        ).length,
      })),
    };
  }

  const ZERO_CANDIDATES = {
    total: 0,
    by_status: { new: 0, screening: 0, review: 0, interview: 0, offer: 0, hired: 0, rejected: 0 },
    by_job: {},
    assessed: 0,
    average_score: null,
  };
  const ZERO_FUNNEL = PIPELINE.map((status) => ({ status, count: 0 }));

  it('answers the docs/api-choices.md §2 shape with numbers that match the store', async () => {
    const { emu } = await seeded();
    const response = await emu.call('GET', '/analytics');
    expect(response.status).toBe(200);
    expectRequestId(response);
    const data = response.json.data;
    expect(Object.keys(data).sort()).toEqual(['assessments', 'candidates', 'filters', 'funnel', 'jobs']);
    const expected = expectedCandidates(candidatesOf(emu));
    expect(expected.candidates.total).toBe(85);
    expect(typeof expected.candidates.average_score).toBe('number');
    expect(data).toEqual({
      jobs: { total: 3, by_status: { draft: 0, active: 1, paused: 1, closed: 1 } },
      candidates: expected.candidates,
      assessments: { generated: 4 },
      funnel: expected.funnel,
      filters: { job_id: null, from: null, to: null },
    });
    // The funnel narrows.
    const counts = data.funnel.map((stage: any) => stage.count);
    expect(counts).toEqual([...counts].sort((x: number, y: number) => y - x));
  });

  it('filters by job_id', async () => {
    const { emu, paused } = await seeded();
    const response = await emu.call('GET', `/analytics?job_id=${paused.id}`);
    expect(response.status).toBe(200);
    const expected = expectedCandidates(candidatesOf(emu, paused.id));
    expect(expected.candidates.total).toBe(25);
    expect(response.json.data).toEqual({
      jobs: { total: 1, by_status: { draft: 0, active: 0, paused: 1, closed: 0 } },
      candidates: expected.candidates,
      assessments: { generated: 1 },
      funnel: expected.funnel,
      filters: { job_id: paused.id, from: null, to: null },
    });
  });

  it('filters by from and to: a future from or a past to gives zero totals', async () => {
    const { emu } = await seeded();
    const future = await emu.call('GET', '/analytics?from=2999-01-01');
    expect(future.status).toBe(200);
    expect(future.json.data).toEqual({
      jobs: { total: 0, by_status: { draft: 0, active: 0, paused: 0, closed: 0 } },
      candidates: ZERO_CANDIDATES,
      assessments: { generated: 0 },
      funnel: ZERO_FUNNEL,
      filters: { job_id: null, from: '2999-01-01T00:00:00.000Z', to: null },
    });
    const past = await emu.call('GET', '/analytics?to=2000-01-01');
    expect(past.status).toBe(200);
    expect(past.json.data.jobs.total).toBe(0);
    expect(past.json.data.candidates).toEqual(ZERO_CANDIDATES);
    expect(past.json.data.assessments).toEqual({ generated: 0 });
    expect(past.json.data.funnel).toEqual(ZERO_FUNNEL);
    expect(past.json.data.filters).toEqual({ job_id: null, from: null, to: '2000-01-01T23:59:59.999Z' });

    // A window around now counts everything.
    const around = await emu.call('GET', '/analytics?from=2000-01-01&to=2999-12-31T00:00:00Z');
    const all = await emu.call('GET', '/analytics');
    expect(around.json.data.jobs).toEqual(all.json.data.jobs);
    expect(around.json.data.candidates).toEqual(all.json.data.candidates);
    expect(around.json.data.assessments).toEqual(all.json.data.assessments);
    expect(around.json.data.candidates.total).toBe(85);
    expect(around.json.data.filters).toEqual({
      job_id: null,
      from: '2000-01-01T00:00:00.000Z',
      to: '2999-12-31T00:00:00.000Z',
    });
  });

  it('answers 400 for a bad date, from after to, and an unknown parameter; 404 for an unknown job', async () => {
    const { emu } = await seeded();
    const dateMessage = 'must be a date (2026-11-01) or an ISO 8601 time';
    expectError(await emu.call('GET', '/analytics?from=yesterday'), 400, 'validation_error', {
      message: 'Invalid analytics filters.',
      details: { from: dateMessage },
    });
    expectError(await emu.call('GET', '/analytics?from=2026-02-30'), 400, 'validation_error', {
      details: { from: dateMessage },
    });
    expectError(await emu.call('GET', '/analytics?to=01/02/2026'), 400, 'validation_error', {
      details: { to: dateMessage },
    });
    expectError(await emu.call('GET', '/analytics?from=2026-05-01&to=2026-04-01'), 400, 'validation_error', {
      details: { to: 'must not be before from' },
    });
    expectError(await emu.call('GET', '/analytics?status=active'), 400, 'validation_error', {
      details: { status: 'is not an analytics filter (job_id, from, to)' },
    });
    expectError(await emu.call('GET', '/analytics?job_id=job_nope'), 404, 'not_found', {
      message: 'No job with id job_nope.',
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe('webhooks', () => {
  const SECRET = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LTEyMzQ1Njc4';

  async function register(emu: TestEmulator, body: Body) {
    const response = await emu.call('POST', '/webhooks', { body });
    return { ...response, text: JSON.stringify(response.json) };
  }

  it('POST answers 201 with id, url, events and status active, and never the secret', async () => {
    const emu = await emulator();
    const response = await register(emu, {
      url: 'https://example.com/hooks',
      events: ['job.created', 'offer.extended'],
      secret: SECRET,
    });
    expect(response.status).toBe(201);
    expectRequestId(response);
    const webhook = response.json.data;
    expect(Object.keys(webhook).sort()).toEqual(['created_at', 'events', 'id', 'status', 'updated_at', 'url']);
    expect(webhook.id).toMatch(/^wh_[A-Za-z0-9]{20}$/);
    expect(webhook).toMatchObject({
      url: 'https://example.com/hooks',
      events: ['job.created', 'offer.extended'],
      status: 'active',
    });
    expect(response.text).not.toContain(SECRET);
    expect(response.text).not.toContain('secret');
    // Stored for signing.
    expect(emu.store.get<StoredWebhook>('webhooks', webhook.id)!.secret).toBe(SECRET);
  });

  it('accepts http only for loopback receivers', async () => {
    const emu = await emulator();
    const loopback = await register(emu, {
      url: 'http://127.0.0.1:9000/hook',
      events: ['job.created'],
      secret: SECRET,
    });
    expect(loopback.status).toBe(201);
    expect(loopback.json.data.url).toBe('http://127.0.0.1:9000/hook');
    const remote = await register(emu, { url: 'http://example.com/hook', events: ['job.created'], secret: SECRET });
    expectError(remote, 400, 'validation_error', {
      details: { url: 'must be an https URL (http only for 127.0.0.1 or localhost)' },
    });
    expect(emu.store.count('webhooks')).toBe(1);
  });

  it.each([
    ['an empty events list', { events: [] }, { events: 'must name at least one event kind' }],
    [
      'an unknown kind',
      { events: ['job.created', 'job.deleted'] },
      {
        'events[1]':
          'must be one of: job.created, assessment.generated, application.received, application.created, assessment.completed, candidate.statusChanged, interview.scheduled, offer.extended',
      },
    ],
    ['a duplicate kind', { events: ['job.created', 'job.created'] }, { events: 'must not name a kind twice' }],
    ['a short secret', { secret: 'short-secret' }, { secret: 'must be at least 16 characters' }],
    [
      'a url that is not a URL',
      { url: 'not a url' },
      { url: 'must be an https URL (http only for 127.0.0.1 or localhost)' },
    ],
    ['an unknown field', { active: true }, { active: 'is not a known field' }],
  ] as [string, Body, Record<string, string>][])('answers 400 for %s', async (_name, overrides, details) => {
    const emu = await emulator();
    const response = await register(emu, {
      url: 'https://example.com/hooks',
      events: ['job.created'],
      secret: SECRET,
      ...overrides,
    });
    expectError(response, 400, 'validation_error', { details });
    expect(emu.store.count('webhooks')).toBe(0);
  });

  it('answers 400 naming every missing field', async () => {
    const emu = await emulator();
    expectError(await register(emu, {}), 400, 'validation_error', {
      details: { url: 'is required', events: 'is required', secret: 'is required' },
    });
  });

  it('GET /webhooks lists without secrets; GET /webhooks/{id}; DELETE answers 204 then 404', async () => {
    const emu = await emulator();
    const first = await register(emu, { url: 'https://example.com/a', events: ['job.created'], secret: SECRET });
    const otherSecret = 'another-long-secret-value-42';
    const second = await register(emu, {
      url: 'https://example.com/b',
      events: ['candidate.statusChanged'],
      secret: otherSecret,
    });

    const list = await emu.call('GET', '/webhooks');
    expect(list.status).toBe(200);
    const listText = JSON.stringify(list.json);
    expect(listText).not.toContain(SECRET);
    expect(listText).not.toContain(otherSecret);
    expect(listText).not.toContain('secret');
    expect(list.json.data).toEqual([second.json.data, first.json.data]);
    expect(list.json.meta).toMatchObject({ current_page: 1, per_page: 20, total_pages: 1, total_count: 2 });
    // The secret is not a field: it can be neither filtered on nor selected.
    expectError(await emu.call('GET', `/webhooks?secret=${otherSecret}`), 400, 'validation_error', {
      details: { secret: 'is not a field that can be filtered' },
    });
    expect((await emu.call('GET', '/webhooks?fields=id,secret')).status).toBe(400);

    const one = await emu.call('GET', `/webhooks/${first.json.data.id}`);
    expect(one.status).toBe(200);
    expect(one.json.data).toEqual(first.json.data);
    expect(JSON.stringify(one.json)).not.toContain(SECRET);

    const deleted = await emu.call('DELETE', `/webhooks/${first.json.data.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.json).toBeUndefined();
    expectError(await emu.call('GET', `/webhooks/${first.json.data.id}`), 404, 'not_found', {
      message: `No webhook with id ${first.json.data.id}.`,
    });
    expectError(await emu.call('DELETE', `/webhooks/${first.json.data.id}`), 404, 'not_found');
    expect(emu.store.count('webhooks')).toBe(1);
    expect((await emu.call('GET', '/webhooks')).json.data).toEqual([second.json.data]);
  });
});

// ---------------------------------------------------------------------------------------------
describe('/_emulator controls', () => {
  it('POST /_emulator/reset answers 200 {removed} and removes everything but the keys', async () => {
    const emu = await emulator();
    const job = await createJob(emu, { publish: true });
    await simulate(emu, job.id, 10, 4);
    await emu.call('POST', '/assessments', { body: { title: 'Tester' }, headers: { 'idempotency-key': 'reset-1' } });
    await emu.call('POST', '/webhooks', {
      body: { url: 'https://example.com/h', events: ['job.created'], secret: 'a-secret-of-16-chars' },
    });

    // The event log holds every event: the job's, its assessment's, the applicants' and the second assessment's.
    const events = emu.store.count('events');
    expect(events).toBeGreaterThan(2 + 2 * 10);
    const response = await control(emu, 'POST', '/reset');
    expect(response.status).toBe(200);
    expectRequestId(response);
    expect(response.json.data).toEqual({
      removed: {
        jobs: 1,
        assessments: 2,
        candidates: 10,
        webhooks: 1,
        idempotency: 1,
        events,
        deliveries: 0,
        applications: 0,
      },
    });
    for (const name of [
      'jobs',
      'assessments',
      'candidates',
      'webhooks',
      'idempotency',
      'events',
      'deliveries',
    ] as const)
      expect(emu.store.count(name)).toBe(0);

    // The local key still works, and the API is empty.
    const jobs = await emu.call('GET', '/jobs');
    expect(jobs.status).toBe(200);
    expect(jobs.json.meta.total_count).toBe(0);
    expect((await emu.call('GET', '/analytics')).json.data.jobs.total).toBe(0);
    // A reset of an empty emulator removes nothing.
    expect((await control(emu, 'POST', '/reset')).json.data).toEqual({
      removed: {
        jobs: 0,
        assessments: 0,
        candidates: 0,
        webhooks: 0,
        idempotency: 0,
        events: 0,
        deliveries: 0,
        applications: 0,
      },
    });
  });

  it('refuses a reset without a key, removing nothing', async () => {
    const emu = await emulator();
    await createJob(emu);
    const response = await fetch(`${emu.origin}/_emulator/reset`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as any).error.code).toBe('unauthorized');
    expect(emu.store.count('jobs')).toBe(1);
  });

  it('answers 404 for an unknown /_emulator path and 405 for GET /_emulator/simulate', async () => {
    const emu = await emulator();
    expectError(await control(emu, 'POST', '/nope', {}), 404, 'not_found', {
      message: 'No such endpoint: POST /nope.',
    });
    const wrong = await control(emu, 'GET', '/simulate');
    expectError(wrong, 405, 'method_not_allowed', { message: 'GET is not allowed on /simulate; use POST.' });
    expect(wrong.headers.get('allow')).toBe('POST');
  });
});

// ---------------------------------------------------------------------------------------------
describe('Idempotency-Key on POST /assessments and POST /webhooks', () => {
  it('replays the first assessment for the same key and body; 409 for another body', async () => {
    const emu = await emulator();
    const headers = { 'idempotency-key': 'asmt-key-1' };
    const body = { title: 'Platform Engineer', skills: ['go'] };
    const first = await emu.call('POST', '/assessments', { body, headers });
    const second = await emu.call('POST', '/assessments', { body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json.data.id).toBe(first.json.data.id);
    expect(second.json.data).toEqual(first.json.data);
    expectRequestId(second);
    expect(emu.store.count('assessments')).toBe(1);

    const conflict = await emu.call('POST', '/assessments', { body: { ...body, question_count: 5 }, headers });
    expectError(conflict, 409, 'conflict', {
      message: 'This Idempotency-Key was already used with a different request.',
    });
    expect(emu.store.count('assessments')).toBe(1);

    const other = await emu.call('POST', '/assessments', { body, headers: { 'idempotency-key': 'asmt-key-2' } });
    expect(other.status).toBe(201);
    expect(other.json.data.id).not.toBe(first.json.data.id);
    expect(emu.store.count('assessments')).toBe(2);
  });

  it('replays the first webhook for the same key and body, without the secret; 409 for another body', async () => {
    const emu = await emulator();
    const secret = 'idempotent-secret-0001';
    const headers = { 'idempotency-key': 'wh-key-1' };
    const body = { url: 'https://example.com/hook', events: ['job.created'], secret };
    const first = await emu.call('POST', '/webhooks', { body, headers });
    const second = await emu.call('POST', '/webhooks', { body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json.data.id).toBe(first.json.data.id);
    expect(second.json.data).toEqual(first.json.data);
    expect(JSON.stringify(second.json)).not.toContain(secret);
    expect(emu.store.count('webhooks')).toBe(1);

    const conflict = await emu.call('POST', '/webhooks', {
      body: { ...body, url: 'https://example.com/other' },
      headers,
    });
    expectError(conflict, 409, 'conflict', {
      message: 'This Idempotency-Key was already used with a different request.',
    });
    expect(emu.store.count('webhooks')).toBe(1);
  });

  it('refuses an empty Idempotency-Key with 400 naming it, before the request is run', async () => {
    const emu = await emulator();
    for (const path of ['/assessments', '/webhooks'])
      expectError(
        await emu.call('POST', path, { body: {}, headers: { 'idempotency-key': '' } }),
        400,
        'validation_error',
        {
          details: { 'Idempotency-Key': 'must not be empty' },
        },
      );
    expect(emu.store.count('assessments')).toBe(0);
    // Only a POST keeps a key: elsewhere the header means nothing, empty or not.
    expect((await emu.call('GET', '/assessments', { headers: { 'idempotency-key': '' } })).status).toBe(200);
  });

  it('does not keep a failed request: the same key may be used again after a 400', async () => {
    const emu = await emulator();
    const headers = { 'idempotency-key': 'asmt-after-error' };
    expect((await emu.call('POST', '/assessments', { body: { question_count: 5 }, headers })).status).toBe(400);
    const ok = await emu.call('POST', '/assessments', { body: { title: 'Fixed' }, headers });
    expect(ok.status).toBe(201);
    expect(emu.store.count('assessments')).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
describe('500 internal_error', () => {
  it('turns a handler that throws on a corrupt record into a 500 envelope with a request id, and keeps serving', async () => {
    const emu = await emulator();
    // A corrupt job: skills is not a list, so generating questions from it throws.
    emu.store.put('jobs', { id: 'job_broken', title: 'Broken', skills: 5 } as any);
    const response = await emu.call('POST', '/assessments', { body: { job_id: 'job_broken' } });
    expect(response.status).toBe(500);
    expect(Object.keys(response.json).sort()).toEqual(['error', 'meta']);
    expect(response.json.error.code).toBe('internal_error');
    expect(response.json.error.message).toMatch(/^The emulator failed: .+/);
    expectRequestId(response);
    expect(emu.store.count('assessments')).toBe(0);

    // The server still answers.
    const after = await emu.call('GET', '/jobs');
    expect(after.status).toBe(200);
    expect(after.json.meta.total_count).toBe(1);
  });
});
