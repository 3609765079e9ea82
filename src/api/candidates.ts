// Candidates (spec "Candidates"): listed with filters, read one by one, moved along the pipeline.
import type { CandidateStatus } from '../domain/vocabulary.js';
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import { getRecord, patchRecord, recordPath } from './records.js';
import type { ReadBackOptions } from './reconcile.js';

/** GET /candidates: the list endpoint (filters: status, score_min, job_id). */
export const CANDIDATES_PATH = '/candidates';

export const getCandidate = (client: ApiClient, id: string): Promise<ApiRecord> =>
  getRecord(client, recordPath(CANDIDATES_PATH, id));

/** PATCH /candidates/ID {status}. */
export const moveCandidate = (
  client: ApiClient,
  id: string,
  status: CandidateStatus,
  options?: ReadBackOptions,
): Promise<ApiRecord> => patchRecord(client, recordPath(CANDIDATES_PATH, id), { status }, options);
