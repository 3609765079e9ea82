import { type Candidate } from '../../domain/candidate.js';
import type { Job } from '../../domain/job.js';
import type { Assessment } from '../assessments.js';
import type { PlatformContext } from './context.js';
export interface Applicant {
    name: string;
    email: string;
}
/** An application as kept by the emulator: what the candidate sent, and their assessment session. */
export interface StoredApplication {
    id: string;
    job_id: string;
    candidate_id: string;
    note: string;
    /** SHA-256 of the token in the assessment's address (the token itself is not stored); null without an assessment. */
    token_hash: string | null;
    assessment_id: string | null;
    /** When the assessment page was first served: the time limit runs from here. */
    started_at: string | null;
    completed_at: string | null;
    created_at: string;
}
/**
 * A new candidate (status `new`) on the job, with `application.received` then
 * `application.created`. The job's candidate_count is raised by addToCandidateCount, once for a
 * batch (simulate makes up to 100,000 in one transaction).
 */
export declare function createApplication(ctx: PlatformContext, job: Job, applicant: Applicant, id?: string): Candidate;
export declare function addToCandidateCount(ctx: PlatformContext, job: Job, count: number): void;
/**
 * The assessment is done with this score: a candidate still before `review` walks there one step
 * at a time (new → screening → review), the score set on arrival with `assessment.completed` just
 * before that move's status change. One further along keeps its status and gets the score.
 */
export declare function completeAssessment(ctx: PlatformContext, job: Job, candidate: Candidate, score: number): Candidate;
export type ApplyOutcome = {
    kind: 'gone';
} | {
    kind: 'not_open';
    job: Job;
} | {
    kind: 'duplicate';
    job: Job;
}
/** `token`: the assessment's address, when the job has an assessment to take. */
 | {
    kind: 'applied';
    job: Job;
    candidate: Candidate;
    token: string | undefined;
};
/**
 * An application from the public form (CONTRACT §7), in one write transaction: the job must still
 * be active, one application per address and job; a candidate with its events, the job's count,
 * and the application with the token of its assessment session.
 */
export declare function applyToJob(ctx: PlatformContext, jobId: string, form: Applicant & {
    note: string;
}): ApplyOutcome;
/** An applicant's assessment session: the application, job, candidate and assessment behind a token. */
export interface Session {
    application: StoredApplication;
    job: Job;
    candidate: Candidate;
    assessment: Assessment;
}
/** The session behind a token, read in the caller's transaction; undefined for a token that names none. */
export declare function findSession(ctx: PlatformContext, token: string): Session | undefined;
/** When the session's time runs out (it must have started). */
export declare function sessionDeadline(session: Session): Date;
/** Starts the session's clock, if it has not started (in the caller's write transaction). */
export declare function startSession(ctx: PlatformContext, session: Session): Session;
/** The answers scored: the assessment completed with its events, and the session closed (in the caller's write transaction). */
export declare function finishSession(ctx: PlatformContext, session: Session, score: number): void;
