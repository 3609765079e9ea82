// The body of a candidate's move (PATCH /candidates/{id}) as a zod schema, apart from the record
// (candidate.ts), which an answer to a GET needs without it.
import * as z from 'zod/mini';
import { builtOnce, oneOf, typeError, validateWith, type Validation } from './rules.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from './vocabulary.js';

/** PATCH /candidates/{id}'s body, built at first use (builtOnce). */
export const candidateMoveSchema = builtOnce(() =>
  z.strictObject({ status: oneOf(CANDIDATE_STATUSES) }, { error: typeError('a JSON object') }),
);

export function validateCandidateMove(input: unknown): Validation<{ status: CandidateStatus }> {
  return validateWith(candidateMoveSchema(), input);
}
