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
