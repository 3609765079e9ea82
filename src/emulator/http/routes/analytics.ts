// GET /analytics (spec: "analytics data"; the shape is docs/api-choices.md §2's choice): the filters
// checked, the figures the platform's.
import { DATE_BOUND_SCHEMA, parseDateBound } from '../../../domain/analytics.js';
import { dictionary } from '../../../domain/merge.js';
import type { FieldErrors } from '../../../domain/rules.js';
import { ok, validationError } from '../answers.js';
import { analytics } from '../../platform/analytics.js';
import type { QueryDoc, Route } from '../route.js';

/** The filters GET /analytics takes, and nothing else. */
const QUERY: Record<'job_id' | 'from' | 'to', QueryDoc> = {
  job_id: {
    schema: { type: 'string' },
    description: 'One job only (a job_id naming no job is 404).',
    example: 'job_0000000000000000000',
  },
  from: {
    schema: DATE_BOUND_SCHEMA,
    description: 'From this date (2026-11-01) or ISO 8601 time.',
    example: '2026-11-01',
  },
  to: {
    schema: DATE_BOUND_SCHEMA,
    description: 'Up to this date (to its end) or ISO 8601 time; not before from (else a 400 naming to).',
    example: '2026-11-30T23:59:59Z',
  },
};

export const analyticsRoutes: Route[] = [
  {
    method: 'GET',
    path: '/analytics',
    doc: {
      operation: 'getAnalytics',
      summary: 'Counts of jobs, candidates and assessments, and the funnel (the shape is assumed: the spec shows none)',
      tag: 'Analytics',
      query: QUERY,
      answer: { status: 200, data: 'Analytics' },
      errors: [400, 404],
    },
    handler(req, ctx) {
      const errors: FieldErrors = dictionary();
      for (const name of req.query.keys())
        if (!Object.hasOwn(QUERY, name)) errors[name] = 'is not an analytics filter (job_id, from, to)';
      const bound = (name: 'from' | 'to') => {
        const text = req.query.get(name);
        if (text === null) return undefined;
        const date = parseDateBound(text, name);
        if (!date) errors[name] = 'must be a date (2026-11-01) or an ISO 8601 time';
        return date;
      };
      const from = bound('from');
      const to = bound('to');
      if (from && to && from > to) errors.to = 'must not be before from';
      if (Object.keys(errors).length > 0) throw validationError(errors, 'Invalid analytics filters.');
      return ok(analytics(ctx, { jobId: req.query.get('job_id'), from, to }));
    },
  },
];
