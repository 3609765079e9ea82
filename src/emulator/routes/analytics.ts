// GET /analytics (spec: "analytics data"; the shape is docs/api-choices.md §2's choice): the filters
// checked, the figures the platform's.
import { parseDateBound } from '../../domain/analytics.js';
import { dictionary } from '../../domain/merge.js';
import type { FieldErrors } from '../../domain/rules.js';
import { ok, validationError } from '../http.js';
import { analytics } from '../platform/analytics.js';
import type { Route } from '../route.js';

const KNOWN = new Set(['job_id', 'from', 'to']);

export const analyticsRoutes: Route[] = [
  {
    method: 'GET',
    path: '/analytics',
    handler(req, ctx) {
      const errors: FieldErrors = dictionary();
      for (const name of req.query.keys())
        if (!KNOWN.has(name)) errors[name] = 'is not an analytics filter (job_id, from, to)';
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
