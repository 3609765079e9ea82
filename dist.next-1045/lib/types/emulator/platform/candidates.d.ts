import { type Candidate } from '../../domain/candidate.js';
import type { CandidateStatus } from '../../domain/vocabulary.js';
import type { PlatformContext } from './context.js';
export declare function findCandidate(ctx: PlatformContext, id: string): Candidate;
/**
 * One step of a candidate the platform itself moves (an application walking to review as its
 * assessment completes, simulate, trigger): stored, with its events, no check of the move.
 */
export declare function stepCandidate(ctx: PlatformContext, candidate: Candidate, status: CandidateStatus): Candidate;
/** A recruiter's move (PATCH /candidates/{id}): one step along the pipeline, one back, or to rejected. */
export declare function moveCandidate(ctx: PlatformContext, id: string, status: CandidateStatus): Candidate;
