// Jobs (spec "Jobs"; POST in "POST /api/v1/jobs in detail").
import type { JobInput, JobPatch } from '../domain/job.js';
import type { JobStatus } from '../domain/vocabulary.js';
import type { ApiClient, RawResponse } from './client.js';
import type { ApiRecord } from './envelope.js';
import type { AssumedOptions } from './offered.js';
import { deleteRecord, getRecord, patchRecord, postRecord } from './records.js';
import type { ReadBackOptions } from './reconcile.js';

export interface CreatedJob {
  job: ApiRecord;
  /** meta.assessment_generation_time, in milliseconds. */
  generationMs: number | undefined;
  requestId: string | undefined;
  /**
   * Made before this call: the server answered with the first result for this Idempotency-Key,
   * and no earlier attempt of this call went unanswered (such an attempt may be what made it).
   */
  replayed: boolean;
}

export async function createJob(client: ApiClient, input: JobInput, idempotencyKey?: string): Promise<CreatedJob> {
  const { record, meta, headers, unanswered } = await postRecord(client, '/jobs', input, idempotencyKey);
  const time = meta.assessment_generation_time;
  return {
    job: record,
    generationMs: typeof time === 'number' ? time : undefined,
    requestId: meta.request_id,
    replayed: headers['idempotent-replayed'] === 'true' && unanswered === 0,
  };
}

/** GET /jobs: the list endpoint (filters: status). */
export const JOBS_PATH = '/jobs';

/** GET /jobs/ID; from GET /jobs when the server does not offer it (offered.ts), said through `onNote`. */
export const getJob = (client: ApiClient, id: string, options?: Pick<AssumedOptions, 'onNote'>): Promise<ApiRecord> =>
  getRecord(client, 'getJob', id, options);

/** PATCH /jobs/ID with only the fields given. */
export const updateJob = (
  client: ApiClient,
  id: string,
  patch: JobPatch,
  options?: ReadBackOptions,
): Promise<ApiRecord> => patchRecord(client, 'updateJob', id, patch, options);

/** PATCH /jobs/ID {status}: the spec's only way to publish, pause, close or reopen. */
export const setJobStatus = (
  client: ApiClient,
  id: string,
  status: JobStatus,
  options?: ReadBackOptions,
): Promise<ApiRecord> => patchRecord(client, 'updateJob', id, { status }, options);

/** DELETE /jobs/ID: its candidates and assessment go with it. */
export const deleteJob = (client: ApiClient, id: string, options?: ReadBackOptions): Promise<void> =>
  deleteRecord(client, 'deleteJob', id, options);

/** The cheapest authenticated read (GET /jobs?per_page=1), answered as received: how a key is checked. */
export const probeWithKey = (client: ApiClient): Promise<RawResponse> =>
  client.send('GET', JOBS_PATH, { query: { per_page: 1 } });
