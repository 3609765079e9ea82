// Candidates (spec "Candidate", "Candidate status"; the record and moves are CONTRACT §6 choices).
import * as z from 'zod/mini';
import { everyKey, oneOf, typeError, validateWith, type Validation } from './rules.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from './vocabulary.js';

export interface Candidate {
  id: string;
  job_id: string;
  name: string;
  email: string;
  status: CandidateStatus;
  /** 0–100 once the assessment is completed, else null. */
  score: number | null;
  applied_at: string;
  created_at: string;
  updated_at: string;
}

export const CANDIDATE_RECORD_FIELDS: readonly string[] = everyKey<Candidate>()([
  'id',
  'job_id',
  'name',
  'email',
  'status',
  'score',
  'applied_at',
  'created_at',
  'updated_at',
]);

/** The pipeline in order; `rejected` stands outside it. */
export const CANDIDATE_PIPELINE: readonly CandidateStatus[] = ['new', 'screening', 'review', 'interview', 'offer', 'hired'];
const FINAL: readonly CandidateStatus[] = ['hired', 'rejected'];

/**
 * CONTRACT §6: one step forward along the pipeline, one step back, or from any non-final status
 * to rejected. Anything else (including staying put) is a 409 conflict.
 */
export function canMoveCandidate(from: CandidateStatus, to: CandidateStatus): boolean {
  if (FINAL.includes(from)) return false;
  if (to === 'rejected') return true;
  const distance = CANDIDATE_PIPELINE.indexOf(to) - CANDIDATE_PIPELINE.indexOf(from);
  return distance === 1 || distance === -1;
}

/** Where a candidate in `from` may go (CONTRACT §6), in pipeline order, `rejected` last. */
export function candidateMovesFrom(from: CandidateStatus): CandidateStatus[] {
  return [...CANDIDATE_PIPELINE, 'rejected' as const].filter((to) => canMoveCandidate(from, to));
}

export const CandidateMoveSchema = z.strictObject({ status: oneOf(CANDIDATE_STATUSES) }, { error: typeError('a JSON object') });

export function validateCandidateMove(input: unknown): Validation<{ status: CandidateStatus }> {
  return validateWith(CandidateMoveSchema, input);
}
