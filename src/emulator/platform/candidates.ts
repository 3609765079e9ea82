// Candidates: a move along the pipeline, with its events (docs/api-choices.md §9): candidate.statusChanged on
// every move; interview.scheduled and offer.extended too.
import { canMoveCandidate, type Candidate } from '../../domain/candidate.js';
import type { CandidateStatus } from '../../domain/vocabulary.js';
import type { PlatformContext } from './context.js';
import { conflict, notFound } from './errors.js';
import { transaction } from '../storage/transaction.js';

export function findCandidate(ctx: PlatformContext, id: string): Candidate {
  const candidate = ctx.store.get<Candidate>('candidates', id);
  if (!candidate) throw notFound('candidate', id);
  return candidate;
}

function emitStatusChange(ctx: PlatformContext, candidate: Candidate, previous: string): void {
  ctx.events.emit('candidate.statusChanged', { ...candidate, previous_status: previous });
  if (candidate.status === 'interview') ctx.events.emit('interview.scheduled', candidate);
  if (candidate.status === 'offer') ctx.events.emit('offer.extended', candidate);
}

/**
 * One step of a candidate the platform itself moves (an application walking to review as its
 * assessment completes, simulate, trigger): stored, with its events, no check of the move.
 */
export function stepCandidate(ctx: PlatformContext, candidate: Candidate, status: CandidateStatus): Candidate {
  const moved: Candidate = { ...candidate, status, updated_at: ctx.now().toISOString() };
  ctx.store.put('candidates', moved);
  emitStatusChange(ctx, moved, candidate.status);
  return moved;
}

/** A recruiter's move (PATCH /candidates/{id}): one step along the pipeline, one back, or to rejected. */
export function moveCandidate(ctx: PlatformContext, id: string, status: CandidateStatus): Candidate {
  return transaction(ctx, 'write', () => {
    const candidate = findCandidate(ctx, id);
    if (!canMoveCandidate(candidate.status, status)) {
      throw conflict(
        candidate.status === status
          ? `Candidate ${candidate.id} is already in status "${status}".`
          : `Candidate ${candidate.id} is in status "${candidate.status}"; it can move one step along the pipeline, one back, or to rejected, not to "${status}".`,
      );
    }
    return stepCandidate(ctx, candidate, status);
  });
}
