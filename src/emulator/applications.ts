// What happens when a candidate applies and when they complete the assessment: one code path for
// `hire emulator simulate` and for the application page (CONTRACT §6 "Events", §7 "The candidate's
// side"), so that both make the same records and emit the same events in the same order.
import { CANDIDATE_PIPELINE, type Candidate } from '../domain/candidate.js';
import type { Job } from '../domain/job.js';
import type { CandidateStatus } from '../domain/vocabulary.js';
import { newId } from './ids.js';
import type { RouteContext } from './route.js';
import { emitStatusChange } from './routes/candidates.js';

export interface Applicant {
  name: string;
  email: string;
}

/**
 * A new candidate (status `new`) on the job, with `application.received` then
 * `application.created`. The job's candidate_count is raised by addToCandidateCount, once for a
 * batch (simulate makes up to 100,000 in one transaction).
 */
export function createApplication(ctx: RouteContext, job: Job, applicant: Applicant, id = newId('cand')): Candidate {
  const stamp = ctx.now().toISOString();
  const candidate: Candidate = {
    id,
    job_id: job.id,
    name: applicant.name,
    email: applicant.email,
    status: 'new',
    score: null,
    applied_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  };
  ctx.store.put('candidates', candidate);
  ctx.events.emit('application.received', candidate);
  ctx.events.emit('application.created', candidate);
  return candidate;
}

export function addToCandidateCount(ctx: RouteContext, job: Job, count: number): void {
  const current = ctx.store.get<Job>('jobs', job.id) ?? job;
  ctx.store.put('jobs', { ...current, candidate_count: current.candidate_count + count, updated_at: ctx.now().toISOString() });
}

/** One move along the pipeline, stored, with its events (candidate.statusChanged and the rest). */
export function moveCandidate(ctx: RouteContext, candidate: Candidate, status: CandidateStatus): Candidate {
  const moved: Candidate = { ...candidate, status, updated_at: ctx.now().toISOString() };
  ctx.store.put('candidates', moved);
  emitStatusChange(ctx, moved, candidate.status);
  return moved;
}

/**
 * The assessment is done with this score: a candidate still before `review` walks there one step
 * at a time (new → screening → review), the score set on arrival with `assessment.completed` just
 * before that move's status change. One further along keeps its status and gets the score.
 */
export function completeAssessment(ctx: RouteContext, job: Job, candidate: Candidate, score: number): Candidate {
  const reviewAt = CANDIDATE_PIPELINE.indexOf('review');
  const at = CANDIDATE_PIPELINE.indexOf(candidate.status);
  const beforeReview = at >= 0 && at < reviewAt;
  let current = candidate;
  if (beforeReview) for (const status of CANDIDATE_PIPELINE.slice(at + 1, reviewAt)) current = moveCandidate(ctx, current, status);
  const scored: Candidate = { ...current, score, updated_at: ctx.now().toISOString() };
  ctx.events.emit('assessment.completed', { candidate_id: scored.id, job_id: job.id, assessment_id: job.assessment_id, score });
  if (beforeReview) return moveCandidate(ctx, scored, 'review');
  ctx.store.put('candidates', scored);
  return scored;
}
