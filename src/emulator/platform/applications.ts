// What happens when a candidate applies and when they complete the assessment: one code path for
// the application page, `hire emulator simulate` and `hire trigger` (docs/emulator.md "The
// candidate's side"), so that all make the same records and emit the same events in the same order.
import { createHash, randomBytes } from 'node:crypto';
import { CANDIDATE_PIPELINE, type Candidate } from '../../domain/candidate.js';
import type { Job } from '../../domain/job.js';
import { takesApplications } from '../../domain/job-status.js';
import type { Assessment } from './question-bank.js';
import { newId } from '../storage/ids.js';
import { stepCandidate } from './candidates.js';
import type { PlatformContext } from './context.js';
import { transaction } from '../storage/transaction.js';

export interface Applicant {
  name: string;
  email: string;
  /** The application form's note; empty or absent is none (null on the candidate). */
  note?: string | null;
}

/** An application as kept by the emulator: what the candidate sent, and their assessment session. */
export interface StoredApplication {
  id: string;
  job_id: string;
  /**
   * null for a repeat: the same email address applying again to the same job gets an assessment
   * session like the first (so that the answer tells no one whether the address had applied), but
   * no candidate, no event and no count; its answers are not scored.
   */
  candidate_id: string | null;
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
 * `application.created` (both carry the whole candidate, its note too). The job's candidate_count is raised by addToCandidateCount, once for a
 * batch (simulate makes up to 100,000 in one transaction).
 */
export function createApplication(ctx: PlatformContext, job: Job, applicant: Applicant, id = newId('cand')): Candidate {
  const stamp = ctx.now().toISOString();
  const candidate: Candidate = {
    id,
    job_id: job.id,
    name: applicant.name,
    email: applicant.email,
    status: 'new',
    score: null,
    note: applicant.note ? applicant.note : null,
    applied_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  };
  ctx.store.put('candidates', candidate);
  ctx.events.emit('application.received', candidate);
  ctx.events.emit('application.created', candidate);
  return candidate;
}

export function addToCandidateCount(ctx: PlatformContext, job: Job, count: number): void {
  const current = ctx.store.get<Job>('jobs', job.id) ?? job;
  ctx.store.put('jobs', {
    ...current,
    candidate_count: current.candidate_count + count,
    updated_at: ctx.now().toISOString(),
  });
}

/**
 * The assessment is done with this score: a candidate still before `review` walks there one step
 * at a time (new → screening → review), the score set on arrival with `assessment.completed` just
 * before that move's status change. One further along keeps its status and gets the score.
 */
export function completeAssessment(ctx: PlatformContext, job: Job, candidate: Candidate, score: number): Candidate {
  const reviewAt = CANDIDATE_PIPELINE.indexOf('review');
  const at = CANDIDATE_PIPELINE.indexOf(candidate.status);
  const beforeReview = at >= 0 && at < reviewAt;
  let current = candidate;
  if (beforeReview)
    for (const status of CANDIDATE_PIPELINE.slice(at + 1, reviewAt)) current = stepCandidate(ctx, current, status);
  const scored: Candidate = { ...current, score, updated_at: ctx.now().toISOString() };
  ctx.events.emit('assessment.completed', {
    candidate_id: scored.id,
    job_id: job.id,
    assessment_id: job.assessment_id,
    score,
  });
  if (beforeReview) return stepCandidate(ctx, scored, 'review');
  ctx.store.put('candidates', scored);
  return scored;
}

export type ApplyOutcome =
  | { kind: 'gone' }
  | { kind: 'not_open'; job: Job }
  /**
   * `token`: the assessment's address, when the job has an assessment to take. `candidate`:
   * undefined for a repeat (the same email address again), answered all the same.
   */
  | { kind: 'applied'; job: Job; candidate: Candidate | undefined; token: string | undefined };

/**
 * An application from the public form (docs/emulator.md "The candidate's side"), in one write transaction: the job must still
 * be active; a candidate with its events, the job's count, and the application with the token of
 * its assessment session. One candidate per email address and job: the same address again (any
 * case) is found by an index (Store.candidateByEmail) and answered exactly as a first application
 * is, so that no one learns whether an address applied; it makes no candidate, no event and no
 * count, only an assessment session of its own (candidate_id null) whose answers are not scored.
 * Only index lookups and a few inserts run under the write lock.
 */
export function applyToJob(ctx: PlatformContext, jobId: string, form: Applicant & { note: string }): ApplyOutcome {
  return transaction(ctx, 'write', (): ApplyOutcome => {
    const job = ctx.store.get<Job>('jobs', jobId);
    if (!job) return { kind: 'gone' };
    if (!takesApplications(job)) return { kind: 'not_open', job };
    const repeat = ctx.store.candidateByEmail<Candidate>(job.id, form.email.trim()) !== undefined;
    const candidate = repeat
      ? undefined
      : createApplication(ctx, job, { name: form.name.trim(), email: form.email.trim(), note: form.note });
    if (!repeat) addToCandidateCount(ctx, job, 1);
    const assessment = assessmentOf(ctx, job);
    const token = assessment ? randomBytes(32).toString('base64url') : undefined;
    // A repeat without an assessment needs no session at all.
    if (repeat && !token) return { kind: 'applied', job, candidate, token };
    ctx.store.put('applications', {
      id: newId('app'),
      job_id: job.id,
      candidate_id: candidate?.id ?? null,
      // What a repeat sent is not kept.
      note: candidate ? form.note : '',
      token_hash: token ? hashToken(token) : null,
      assessment_id: assessment?.id ?? null,
      started_at: null,
      completed_at: null,
      created_at: ctx.now().toISOString(),
    } satisfies StoredApplication);
    return { kind: 'applied', job, candidate, token };
  });
}

/** The job's assessment, when it has one with questions (auto_generate false leaves an empty draft). */
function assessmentOf(ctx: PlatformContext, job: Job): Assessment | undefined {
  if (!job.assessment_id) return undefined;
  const assessment = ctx.store.get<Assessment>('assessments', job.assessment_id);
  return assessment && assessment.status === 'ready' && assessment.questions.length > 0 ? assessment : undefined;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An applicant's assessment session: the application, job, candidate and assessment behind a token. */
export interface Session {
  application: StoredApplication;
  job: Job;
  /** undefined for a repeat application's session (see StoredApplication.candidate_id). */
  candidate: Candidate | undefined;
  assessment: Assessment;
}

/** The session behind a token, read in the caller's transaction; undefined for a token that names none. */
export function findSession(ctx: PlatformContext, token: string): Session | undefined {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const application = ctx.store.findBy<StoredApplication>('applications', 'token_hash', hashToken(token));
  if (!application || !application.assessment_id) return undefined;
  const job = ctx.store.get<Job>('jobs', application.job_id);
  const candidate =
    application.candidate_id === null ? undefined : ctx.store.get<Candidate>('candidates', application.candidate_id);
  const assessment = ctx.store.get<Assessment>('assessments', application.assessment_id);
  if (!job || (application.candidate_id !== null && !candidate) || !assessment) return undefined;
  return { application, job, candidate, assessment };
}

/** When the session's time runs out (it must have started). */
export function sessionDeadline(session: Session): Date {
  return new Date(Date.parse(session.application.started_at!) + session.assessment.time_limit * 1000);
}

/** Starts the session's clock, if it has not started (in the caller's write transaction). */
export function startSession(ctx: PlatformContext, session: Session): Session {
  if (session.application.started_at) return session;
  return {
    ...session,
    application: ctx.store.put('applications', { ...session.application, started_at: ctx.now().toISOString() }),
  };
}

/**
 * The answers scored: the assessment completed with its events, and the session closed (in the
 * caller's write transaction). A repeat's session (no candidate) is closed and nothing is scored.
 */
export function finishSession(ctx: PlatformContext, session: Session, score: () => number): void {
  if (session.candidate) completeAssessment(ctx, session.job, session.candidate, score());
  ctx.store.put('applications', { ...session.application, completed_at: ctx.now().toISOString() });
}
