import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
/** GET /assessments (assumed, CONTRACT §6): the list endpoint, filter job_id. */
export declare const ASSESSMENTS_PATH = "/assessments";
export declare function createAssessment(client: ApiClient, input: unknown): Promise<{
    assessment: ApiRecord;
    generationMs: number | undefined;
}>;
export declare const getAssessment: (client: ApiClient, id: string) => Promise<ApiRecord>;
