import type { CandidateStatus } from '../domain/vocabulary.js';
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import type { ReadBackOptions } from './reconcile.js';
/** GET /candidates: the list endpoint (filters: status, score_min, job_id). */
export declare const CANDIDATES_PATH = "/candidates";
export declare const getCandidate: (client: ApiClient, id: string) => Promise<ApiRecord>;
/** PATCH /candidates/ID {status}. */
export declare const moveCandidate: (client: ApiClient, id: string, status: CandidateStatus, options?: ReadBackOptions) => Promise<ApiRecord>;
