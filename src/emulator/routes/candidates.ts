// Candidates: GET /candidates (spec: filters status and score_min) and the assumed GET and
// PATCH /candidates/{id} with the moves of CONTRACT §6.
import { CANDIDATE_RECORD_FIELDS, canMoveCandidate, validateCandidateMove, type Candidate } from '../../domain/candidate.js';
import { HttpError, notFound, ok, validationError } from '../http.js';
import { listRecords } from '../list.js';
import type { Route, RouteContext } from '../route.js';
import { field } from '../store.js';

export function findCandidate(ctx: RouteContext, id: string): Candidate {
  const candidate = ctx.store.get<Candidate>('candidates', id);
  if (!candidate) throw notFound('candidate', id);
  return candidate;
}

/** CONTRACT §6: candidate.statusChanged on every move; interview.scheduled and offer.extended too. */
export function emitStatusChange(ctx: RouteContext, candidate: Candidate, previous: string): void {
  ctx.events.emit('candidate.statusChanged', { ...candidate, previous_status: previous });
  if (candidate.status === 'interview') ctx.events.emit('interview.scheduled', candidate);
  if (candidate.status === 'offer') ctx.events.emit('offer.extended', candidate);
}

export const candidateRoutes: Route[] = [
  {
    method: 'GET',
    path: '/candidates',
    handler(req, ctx) {
      const page = listRecords<Candidate>(ctx.store, 'candidates', req.query, {
        fields: CANDIDATE_RECORD_FIELDS,
        filters: {
          score_min: {
            parse(value) {
              const number = Number(value);
              if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 100) throw new Error(`must be a number from 0 to 100 (got ${JSON.stringify(value)})`);
              return number;
            },
            sql: `${field('score')} >= ?`,
          },
        },
      });
      return ok(page.data, page.meta);
    },
  },
  {
    method: 'GET',
    path: '/candidates/:id',
    handler(req, ctx) {
      return ok(findCandidate(ctx, req.params.id!));
    },
  },
  {
    method: 'PATCH',
    path: '/candidates/:id',
    handler(req, ctx) {
      const candidate = findCandidate(ctx, req.params.id!);
      const result = validateCandidateMove(req.body);
      if (!result.ok) throw validationError(result.errors);
      const { status } = result.value;
      if (!canMoveCandidate(candidate.status, status)) {
        const message =
          candidate.status === status
            ? `Candidate ${candidate.id} is already in ${status}.`
            : `Candidate ${candidate.id} is in ${candidate.status}; it can move one step along the pipeline, one back, or to rejected, not to ${status}.`;
        throw new HttpError(409, 'conflict', message);
      }
      const updated: Candidate = { ...candidate, status, updated_at: ctx.now().toISOString() };
      ctx.store.put('candidates', updated);
      emitStatusChange(ctx, updated, candidate.status);
      return ok(updated);
    },
  },
];
