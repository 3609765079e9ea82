import type { JobInput, JobPatch } from '../domain/job.js';
import type { JobStatus } from '../domain/vocabulary.js';
import type { ApiClient, RawResponse } from './client.js';
import type { ApiRecord } from './envelope.js';
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
export declare function createJob(client: ApiClient, input: JobInput, idempotencyKey?: string): Promise<CreatedJob>;
/** GET /jobs: the list endpoint (filters: status). */
export declare const JOBS_PATH = "/jobs";
export declare const getJob: (client: ApiClient, id: string) => Promise<ApiRecord>;
/** PATCH /jobs/ID with only the fields given. */
export declare const updateJob: (client: ApiClient, id: string, patch: JobPatch, options?: ReadBackOptions) => Promise<ApiRecord>;
/** PATCH /jobs/ID {status}: the spec's only way to publish, pause, close or reopen. */
export declare const setJobStatus: (client: ApiClient, id: string, status: JobStatus, options?: ReadBackOptions) => Promise<ApiRecord>;
/** DELETE /jobs/ID: its candidates and assessment go with it. */
export declare const deleteJob: (client: ApiClient, id: string, options?: ReadBackOptions) => Promise<void>;
/** The cheapest authenticated read (GET /jobs?per_page=1), answered as received: how a key is checked. */
export declare const probeWithKey: (client: ApiClient) => Promise<RawResponse>;
