// Candidates: GET /candidates (spec: filters status and score_min) and the assumed GET and
// PATCH /candidates/{id} with the moves of docs/api-choices.md §3. The operations are the platform's.
import { CANDIDATE_RECORD_FIELDS, type Candidate } from '../../../domain/candidate.js';
import { ok, validationError } from '../answers.js';
import { listRecords } from '../list.js';
import { findCandidate, moveCandidate } from '../../platform/candidates.js';
import { onFirstUse } from '../../platform/first-use.js';
import type { Route } from '../route.js';

const moveRules = onFirstUse(() => import('../../../domain/candidate-schema.js'));

export const candidateRoutes: Route[] = [
  {
    method: 'GET',
    path: '/candidates',
    doc: {
      operation: 'listCandidates',
      summary: 'List candidates (filters status and score_min)',
      tag: 'Candidates',
      list: {
        fields: CANDIDATE_RECORD_FIELDS,
        filters: {
          score_min: {
            schema: { type: 'number', minimum: 0, maximum: 100 },
            description: 'Candidates whose score is at least this (0 to 100); those without a score are left out.',
            example: '80',
          },
        },
      },
      answer: { status: 200, data: 'Candidate' },
      errors: [400],
    },
    handler(req, ctx) {
      const page = listRecords<Candidate>(ctx.store, 'candidates', req.query, {
        fields: CANDIDATE_RECORD_FIELDS,
        filters: {
          score_min: {
            parse(value) {
              const number = Number(value);
              if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 100)
                throw new Error(`must be a number from 0 to 100 (got ${JSON.stringify(value)})`);
              return number;
            },
            field: 'score',
            is: '>=',
          },
        },
      });
      return ok(page.data, page.meta);
    },
  },
  {
    method: 'GET',
    path: '/candidates/:id',
    doc: {
      operation: 'getCandidate',
      summary: 'Get a candidate',
      tag: 'Candidates',
      answer: { status: 200, data: 'Candidate' },
      errors: [404],
    },
    handler(req, ctx) {
      return ok(findCandidate(ctx, req.params.id!));
    },
  },
  {
    method: 'PATCH',
    path: '/candidates/:id',
    doc: {
      operation: 'moveCandidate',
      summary: 'Move a candidate one step along the pipeline, one step back, or to rejected',
      tag: 'Candidates',
      body: { name: 'CandidateMove', required: true },
      answer: { status: 200, data: 'Candidate' },
      errors: [400, 404, 409],
    },
    uses: [moveRules],
    handler(req, ctx) {
      // A candidate that does not exist is said before what is wrong with the move.
      const candidate = findCandidate(ctx, req.params.id!);
      const result = moveRules.get().validateCandidateMove(req.body);
      if (!result.ok) throw validationError(result.errors);
      return ok(moveCandidate(ctx, candidate.id, result.value.status));
    },
  },
];
