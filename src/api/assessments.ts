// Assessments (spec "Assessments"): made for a job, listed, read by id.
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import { getRecord, postRecord } from './records.js';

/** GET /assessments (assumed, docs/api-choices.md §3): the list endpoint, filter job_id. */
export const ASSESSMENTS_PATH = '/assessments';

export async function createAssessment(
  client: ApiClient,
  input: unknown,
): Promise<{ assessment: ApiRecord; generationMs: number | undefined }> {
  const { record, meta } = await postRecord(client, ASSESSMENTS_PATH, input);
  const time = meta.assessment_generation_time;
  return { assessment: record, generationMs: typeof time === 'number' ? time : undefined };
}

export const getAssessment = (client: ApiClient, id: string): Promise<ApiRecord> =>
  getRecord(client, 'getAssessment', id);
