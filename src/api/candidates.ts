// Candidates (spec "Candidates"): listed with filters, read one by one, moved along the pipeline.
import type { CandidateStatus } from '../domain/vocabulary.js';
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import type { AssumedOptions } from './offered.js';
import { getRecord, patchRecord } from './records.js';
import type { ReadBackOptions } from './reconcile.js';

/** GET /candidates: the list endpoint (filters: status, score_min, job_id). */
export const CANDIDATES_PATH = '/candidates';

/** GET /candidates/ID; from GET /candidates when the server does not offer it (offered.ts), said through `onNote`. */
export const getCandidate = (
  client: ApiClient,
  id: string,
  options?: Pick<AssumedOptions, 'onNote'>,
): Promise<ApiRecord> => getRecord(client, 'getCandidate', id, options);

/** PATCH /candidates/ID {status}. */
export const moveCandidate = (
  client: ApiClient,
  id: string,
  status: CandidateStatus,
  options?: ReadBackOptions,
): Promise<ApiRecord> => patchRecord(client, 'moveCandidate', id, { status }, options);
