import * as z from 'zod/mini';
import { type Validation } from './rules.js';
import { type CandidateStatus } from './vocabulary.js';
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
export declare const CANDIDATE_RECORD_FIELDS: readonly string[];
/** The pipeline in order; `rejected` stands outside it. */
export declare const CANDIDATE_PIPELINE: readonly CandidateStatus[];
/**
 * CONTRACT §6: one step forward along the pipeline, one step back, or from any non-final status
 * to rejected. Anything else (including staying put) is a 409 conflict.
 */
export declare function canMoveCandidate(from: CandidateStatus, to: CandidateStatus): boolean;
/** Where a candidate in `from` may go (CONTRACT §6), in pipeline order, `rejected` last. */
export declare function candidateMovesFrom(from: CandidateStatus): CandidateStatus[];
/**
 * Why a move from `from` to `to` is refused, and the step toward `to` as a command: forward along
 * the pipeline when `to` lies ahead (the path when it takes several steps), back only when `to`
 * lies behind.
 */
export declare function moveHint(id: string, from: CandidateStatus, to: CandidateStatus): string;
export declare const CandidateMoveSchema: z.ZodMiniObject<{
    status: z.ZodMiniEnum<{
        new: "new";
        screening: "screening";
        review: "review";
        interview: "interview";
        offer: "offer";
        hired: "hired";
        rejected: "rejected";
    }>;
}, z.core.$strict>;
export declare function validateCandidateMove(input: unknown): Validation<{
    status: CandidateStatus;
}>;
