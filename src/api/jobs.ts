// Jobs: POST /jobs and GET /jobs (spec "Published operations").
import type { JobInput } from '../domain/job.js';
import type { ApiClient, QueryValue } from './client.js';
import { RecordSchema, type ApiRecord } from './envelope.js';
import { unexpectedShape } from './errors.js';
import { listPage, type Page } from './list.js';

export interface CreatedJob {
  job: ApiRecord;
  /** meta.assessment_generation_time, in milliseconds. */
  generationMs: number | undefined;
  requestId: string | undefined;
}

export async function createJob(client: ApiClient, input: JobInput, idempotencyKey?: string): Promise<CreatedJob> {
  const response = await client.request('POST', '/jobs', { body: input, ...(idempotencyKey ? { idempotencyKey } : {}) });
  const job = RecordSchema.safeParse(response.data);
  if (!job.success) throw unexpectedShape('POST /jobs', 'a job object', response.meta.request_id);
  const time = response.meta.assessment_generation_time;
  return { job: job.data, generationMs: typeof time === 'number' ? time : undefined, requestId: response.meta.request_id };
}

export async function listJobs(client: ApiClient, query: Record<string, QueryValue>): Promise<Page> {
  return listPage(client, '/jobs', query);
}
