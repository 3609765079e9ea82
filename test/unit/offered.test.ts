// An assumed operation a server does not offer, told from a missing record (src/api/offered.ts),
// against a scripted server on an in-memory transport: every kind of "no" a server or gateway
// gives (its JSON 404, an HTML 404, 405, 501), a list that honours the id filter or ignores it,
// and a list that says the record is not there.
import { describe, expect, it } from 'vitest';
import { getCandidate, moveCandidate } from '../../src/api/candidates.js';
import { getEvent } from '../../src/api/events.js';
import { deleteJob, getJob, updateJob } from '../../src/api/jobs.js';
import { listPage } from '../../src/api/list.js';
import { findInList } from '../../src/api/offered.js';
import { OPERATION_IDS, OPERATIONS, operationAt } from '../../src/domain/operations.js';
import { ApiError, HireError } from '../../src/errors.js';
import { virtualApi, type Answer, type Seen } from '../helpers/virtual-api.js';

const JOB = { id: 'job_1', title: 'Backend Engineer', status: 'active' };
const CANDIDATE = { id: 'cand_1', name: 'Ada', status: 'new', job_id: 'job_1' };

/** What a gateway in front of a platform answers for a path it does not route. */
const REFUSALS: Record<string, (method: string, path: string) => Answer> = {
  'a gateway JSON 404': () => ({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }),
  'an HTML 404': (method, path) => ({
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!DOCTYPE html><html><body><pre>Cannot ${method} ${path}</pre></body></html>`,
  }),
  'a plain 405': () => ({
    status: 405,
    headers: { 'content-type': 'text/plain', allow: 'GET' },
    body: 'Method Not Allowed',
  }),
  'a 501': () => ({ status: 501, body: { error: { code: 'not_implemented', message: 'Not implemented' } } }),
};

const page = (data: unknown[], current = 1, totalPages = 1) => ({
  status: 200,
  body: { data, meta: { current_page: current, per_page: 100, total_pages: totalPages, total_count: data.length } },
});

const url = (seen: Seen) => new URL(seen.path, 'https://x');

/**
 * A platform that offers only the published operations: `GET /jobs` and `GET /candidates` (the id
 * filter honoured unless `ignoresFilter`), everything else refused as `refuse` says.
 */
function publishedOnly(
  refuse: (method: string, path: string) => Answer,
  records: { jobs?: Record<string, unknown>[]; candidates?: Record<string, unknown>[] } = {},
  options: { ignoresFilter?: boolean; pages?: number } = {},
) {
  return virtualApi((seen) => {
    const where = url(seen);
    const collection = where.pathname.replace('/api/v1/', '');
    if (seen.method === 'GET' && (collection === 'jobs' || collection === 'candidates')) {
      const all = records[collection] ?? [];
      const id = where.searchParams.get('id');
      if (options.ignoresFilter || id === null) {
        // Pages of others, the record (if any) on the last page.
        const total = options.pages ?? 1;
        const number = Number(where.searchParams.get('page') ?? 1);
        const others = Array.from({ length: 100 }, (_, index) => ({ id: `${collection}_other_${number}_${index}` }));
        return page(number === total ? [...all, ...others.slice(all.length)] : others, number, total);
      }
      return page(all.filter((record) => record.id === id));
    }
    return refuse(seen.method, where.pathname);
  });
}

const sent = (requests: Seen[]) => requests.map((seen) => `${seen.method} ${url(seen).pathname}`);

describe.each(Object.entries(REFUSALS))('after %s from an assumed operation', (_kind, refuse) => {
  it('jobs get reads the job from GET /jobs?id=… and says so; the next read goes there straight', async () => {
    const api = publishedOnly(refuse, { jobs: [JOB] });
    const notes: string[] = [];
    expect(await getJob(api.client, 'job_1', { onNote: (message) => notes.push(message) })).toEqual(JOB);
    expect(sent(api.requests)).toEqual(['GET /api/v1/jobs/job_1', 'GET /api/v1/jobs']);
    expect(url(api.requests[1]!).searchParams.get('id')).toBe('job_1');
    expect(notes).toEqual([
      'Read job_1 from GET /jobs: the server does not offer GET /jobs/{id}, which the API spec does not publish.',
    ]);

    api.requests.length = 0;
    expect(await getJob(api.client, 'job_1', { onNote: (message) => notes.push(message) })).toEqual(JOB);
    expect(sent(api.requests)).toEqual(['GET /api/v1/jobs']);
    expect(notes[1]).toContain('(learned earlier; `hire doctor` checks again)');
  });

  it('a move stops with operation_not_offered (exit 1), and the next one is refused before anything is sent', async () => {
    const api = publishedOnly(refuse, { candidates: [CANDIDATE] });
    const first = await moveCandidate(api.client, 'cand_1', 'screening').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(HireError);
    expect(first).toMatchObject({ code: 'operation_not_offered', exitCode: 1 });
    expect((first as HireError).message).toBe(
      'The server does not offer PATCH /candidates/{id}: the API spec does not publish it, and hire assumed it (cand_1 is there (GET /candidates lists it), but the server answered PATCH /candidates/{id} as if it were not).',
    );
    expect((first as HireError).hint).toBe(
      "Change the candidate's status in the platform's web app. `hire doctor` shows what the server offers, and checks again.",
    );
    // One PATCH, never retried nor read back: a 501 or 405 says nothing was done.
    expect(sent(api.requests)).toEqual(['PATCH /api/v1/candidates/cand_1', 'GET /api/v1/candidates']);

    api.requests.length = 0;
    const again = await moveCandidate(api.client, 'cand_1', 'screening').catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'operation_not_offered', exitCode: 1 });
    expect((again as HireError).message).toContain('as learned earlier from this server; nothing was sent');
    expect(api.requests).toEqual([]);
  });

  it('a record the list does not hold is not found (exit 4), and nothing is learned', async () => {
    const api = publishedOnly(refuse, { jobs: [] });
    const error = await getJob(api.client, 'job_gone').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_found', exitCode: 4 });
    // Never the hint that doubts the base URL: the published list on the same base URL answered.
    expect((error as HireError).hint ?? '').not.toContain('base URL');
    expect(api.client.offered.isNotOffered('getJob')).toBe(false);
  });
});

describe('telling them apart', () => {
  it("the server's own JSON 404 for a record the list does not hold is the error as it came", async () => {
    const own = { error: { code: 'not_found', message: 'Job job_gone not found' }, meta: { request_id: 'req_1' } };
    const api = publishedOnly(() => ({ status: 404, body: own }), { jobs: [JOB] });
    const error = await updateJob(api.client, 'job_gone', { title: 'New title' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'not_found', exitCode: 4, message: 'Job job_gone not found', body: own });
  });

  it('an HTML 404 for a record the list does not hold: not_found naming where hire looked', async () => {
    const api = publishedOnly(REFUSALS['an HTML 404']!, { jobs: [JOB] });
    const error = await deleteJob(api.client, 'job_gone').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_found', exitCode: 4, status: 404 });
    expect((error as HireError).message).toBe(
      'job_gone was not found: GET /jobs has no record with that id (the server answered DELETE /jobs/{id} with HTTP 404).',
    );
  });

  it('a list that ignores the id filter is looked through, page by page, for the record', async () => {
    const api = publishedOnly(REFUSALS['a gateway JSON 404']!, { jobs: [JOB] }, { ignoresFilter: true, pages: 3 });
    expect(await getJob(api.client, 'job_1')).toEqual(JOB);
    expect(api.requests.slice(1).map((seen) => url(seen).searchParams.get('page'))).toEqual([null, '2', '3']);
    expect(api.requests.slice(1).every((seen) => url(seen).searchParams.get('per_page') === '100')).toBe(true);
  });

  it('a list that ignores the filter and ends without the record: not found', async () => {
    const api = publishedOnly(REFUSALS['a gateway JSON 404']!, { jobs: [] }, { ignoresFilter: true, pages: 2 });
    const error = await getJob(api.client, 'job_gone').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_found', exitCode: 4, message: 'Not found' });
    expect(api.requests).toHaveLength(3);
  });

  it('a list that ignores the filter and goes on past the pages looked at: the error says both', async () => {
    const api = publishedOnly(REFUSALS['a gateway JSON 404']!, { jobs: [JOB] }, { ignoresFilter: true, pages: 40 });
    const error = await moveCandidate(api.client, 'cand_far', 'screening').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_found', exitCode: 4 });
    expect((error as HireError).message).toBe(
      'Not found. Or the server may not offer PATCH /candidates/{id}, which the API spec does not publish, and the published list cannot tell which: the server ignored the id filter of GET /candidates, and cand_far is not in its first 500 records.',
    );
    expect((error as HireError).hint).toContain('If cand_far exists, the server may not offer PATCH /candidates/{id}');
    // Bounded: the assumed request and five pages.
    expect(api.requests).toHaveLength(6);
    expect(api.client.offered.isNotOffered('moveCandidate')).toBe(false);
  });

  it('an operation with no published list: the error says both', async () => {
    const api = publishedOnly(REFUSALS['an HTML 404']!);
    const error = await getEvent(api.client, 'evt_1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_found', exitCode: 4 });
    expect((error as HireError).message).toBe(
      'evt_1 was not found, or the server may not offer GET /events/{id}, which the API spec does not publish, and no published operation can tell which.',
    );
    expect(sent(api.requests)).toEqual(['GET /api/v1/events/evt_1']);
  });

  it('a published list that is not there either: the error as it came (the base URL is in doubt)', async () => {
    const api = virtualApi((seen) => REFUSALS['an HTML 404']!(seen.method, url(seen).pathname));
    const error = await getCandidate(api.client, 'cand_1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'invalid_response', exitCode: 1 });
    expect((error as HireError).hint).toContain('is the base URL right?');
  });

  it('a record found on the server as offered: one request, nothing looked up', async () => {
    const api = virtualApi(() => ({ status: 200, body: { data: JOB } }));
    expect(await getJob(api.client, 'job_1')).toEqual(JOB);
    expect(api.requests).toHaveLength(1);
  });

  it('findInList: an exact id only (a prefix or another case is not the record)', async () => {
    const api = virtualApi(() => page([{ id: 'job_10' }, { id: 'JOB_1' }]));
    expect(await findInList(api.client, 'listJobs', 'job_1')).toEqual({ kind: 'absent' });
  });
});

describe('an assumed list', () => {
  it.each(Object.entries(REFUSALS))(
    'after %s, with GET /jobs answering on the same base URL: operation_not_offered, learned',
    async (_kind, refuse) => {
      const api = publishedOnly(refuse, { jobs: [JOB] });
      const first = await listPage(api.client, '/webhooks', {}).catch((error: unknown) => error);
      expect(first).toBeInstanceOf(HireError);
      expect(first).toMatchObject({ code: 'operation_not_offered', exitCode: 1 });
      expect((first as HireError).message).toContain('The server does not offer GET /webhooks');
      expect((first as HireError).message).toContain('while GET /jobs on the same base URL answered');
      expect(sent(api.requests)).toEqual(['GET /api/v1/webhooks', 'GET /api/v1/jobs']);
      expect(api.client.offered.isNotOffered('listWebhooks')).toBe(true);

      api.requests.length = 0;
      const again = await listPage(api.client, '/webhooks', {}).catch((error: unknown) => error);
      expect(again).toMatchObject({ code: 'operation_not_offered', exitCode: 1 });
      expect((again as HireError).message).toContain('nothing was sent');
      expect(api.requests).toEqual([]);
    },
  );

  it('a base URL where GET /jobs is not there either: the first answer stands, nothing learned', async () => {
    const api = virtualApi(() => ({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }));
    const error = await listPage(api.client, '/events', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect(sent(api.requests)).toEqual(['GET /api/v1/events', 'GET /api/v1/jobs']);
    expect(api.client.offered.isNotOffered('listEvents')).toBe(false);
  });

  it("a list under a record that no published list holds (a webhook's deliveries): the error says both", async () => {
    const api = publishedOnly(REFUSALS['a gateway JSON 404']!);
    const error = await listPage(api.client, '/webhooks/wh_1/deliveries', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_found', exitCode: 4 });
    expect((error as HireError).message).toContain('Or the server may not offer GET /webhooks/{id}/deliveries');
    expect(sent(api.requests)).toEqual(['GET /api/v1/webhooks/wh_1/deliveries']);
  });

  it('a filter naming what is not there (the list answers without it): the 404 as it came, nothing learned', async () => {
    const api = virtualApi((seen) =>
      url(seen).searchParams.has('job_id')
        ? { status: 404, body: { error: { code: 'not_found', message: 'No job with id job_missing.' } } }
        : page([]),
    );
    const error = await listPage(api.client, '/assessments', { job_id: 'job_missing' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No job with id job_missing.' });
    expect(sent(api.requests)).toEqual(['GET /api/v1/assessments', 'GET /api/v1/assessments']);
    expect(url(api.requests[1]!).searchParams.has('job_id')).toBe(false);
    expect(api.client.offered.isNotOffered('listAssessments')).toBe(false);
  });

  it('a filtered list whose bare list is not there either, while GET /jobs answers: not offered', async () => {
    const api = publishedOnly(REFUSALS['a gateway JSON 404']!, { jobs: [JOB] });
    const error = await listPage(api.client, '/assessments', { job_id: 'job_1' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'operation_not_offered', exitCode: 1 });
    expect(sent(api.requests)).toEqual(['GET /api/v1/assessments', 'GET /api/v1/assessments', 'GET /api/v1/jobs']);
  });

  it('a published list is read as it is: one request, its 404 as it came', async () => {
    const api = virtualApi(() => ({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }));
    const error = await listPage(api.client, '/candidates', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404 });
    expect(sent(api.requests)).toEqual(['GET /api/v1/candidates']);
  });
});

describe('operationAt', () => {
  it('names the operation of a method and path, with the id of its path decoded', () => {
    expect(operationAt('GET', '/jobs')).toEqual({ operation: 'listJobs' });
    expect(operationAt('GET', '/jobs/job_1')).toEqual({ operation: 'getJob', id: 'job_1' });
    expect(operationAt('PATCH', '/candidates/c%2F1')).toEqual({ operation: 'moveCandidate', id: 'c/1' });
    expect(operationAt('GET', '/webhooks/wh_1/deliveries?page=2')).toEqual({
      operation: 'listWebhookDeliveries',
      id: 'wh_1',
    });
    expect(operationAt('POST', '/events/evt_1/resend')).toEqual({ operation: 'resendEvent', id: 'evt_1' });
    expect(operationAt('PUT', '/jobs/job_1')).toBeUndefined();
    expect(operationAt('GET', '/jobs/job_1/extra')).toBeUndefined();
  });

  it('every operation is found at its own path, and at no other method', () => {
    for (const id of OPERATION_IDS) {
      const { method, path } = OPERATIONS[id];
      const concrete = path.replace('{id}', 'x_1');
      expect(operationAt(method, concrete)?.operation).toBe(id);
    }
  });
});
