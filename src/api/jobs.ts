// Jobs: POST /jobs (spec "POST /api/v1/jobs in detail").
import type { JobInput } from '../domain/job.js';
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import { postRecord } from './records.js';

export interface CreatedJob {
  job: ApiRecord;
  /** meta.assessment_generation_time, in milliseconds. */
  generationMs: number | undefined;
  requestId: string | undefined;
  /** The server answered with the first result for this Idempotency-Key: nothing new was made. */
  replayed: boolean;
}

export async function createJob(client: ApiClient, input: JobInput, idempotencyKey?: string): Promise<CreatedJob> {
  const { record, meta, headers } = await postRecord(client, '/jobs', input, idempotencyKey);
  const time = meta.assessment_generation_time;
  return {
    job: record,
    generationMs: typeof time === 'number' ? time : undefined,
    requestId: meta.request_id,
    replayed: headers['idempotent-replayed'] === 'true',
  };
}
