// GET /analytics (spec: "analytics data"; the shape is CONTRACT §6's choice), computed from the store.
import { parseDateBound, type Analytics } from '../../domain/analytics.js';
import { CANDIDATE_PIPELINE, type Candidate } from '../../domain/candidate.js';
import type { Job } from '../../domain/job.js';
import { CANDIDATE_STATUSES, JOB_STATUSES } from '../../domain/vocabulary.js';
import { dictionary } from '../../domain/merge.js';
import type { FieldErrors } from '../../domain/rules.js';
import type { Assessment } from '../assessments.js';
import { ok, validationError } from '../http.js';
import type { Route } from '../route.js';
import { findJob } from '../platform/jobs.js';

const KNOWN = new Set(['job_id', 'from', 'to']);

export const analyticsRoutes: Route[] = [
  {
    method: 'GET',
    path: '/analytics',
    handler(req, ctx) {
      const errors: FieldErrors = dictionary();
      for (const name of req.query.keys()) if (!KNOWN.has(name)) errors[name] = 'is not an analytics filter (job_id, from, to)';
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
      const jobId = req.query.get('job_id');
      if (jobId !== null) findJob(ctx, jobId);

      const inRange = (stamp: string) => (!from || new Date(stamp) >= from) && (!to || new Date(stamp) <= to);
      // One consistent read; the job filter is indexed SQL, the date range is checked per record.
      const scope: Record<string, string> = jobId === null ? {} : { job_id: jobId };
      const { jobs, candidates, assessments } = ctx.store.read(() => ({
        jobs: (jobId === null ? ctx.store.all<Job>('jobs') : ctx.store.all<Job>('jobs', { id: jobId })).filter((job) => inRange(job.created_at)),
        candidates: ctx.store.all<Candidate>('candidates', scope).filter((candidate) => inRange(candidate.applied_at)),
        assessments: ctx.store.all<Assessment>('assessments', scope).filter((assessment) => inRange(assessment.created_at)),
      }));
      const scores = candidates.map((candidate) => candidate.score).filter((score): score is number => score !== null);
      const count = <T>(items: T[], statuses: readonly string[], statusOf: (item: T) => string) =>
        Object.fromEntries(statuses.map((status) => [status, items.filter((item) => statusOf(item) === status).length]));
      const byCandidateStatus = count(candidates, CANDIDATE_STATUSES, (candidate) => candidate.status);
      // Each job's candidates by status (jobs with none are left out): `hire status` counts new and
      // in-review candidates per open job from this one answer.
      const byJob = dictionary<Record<string, number>>();
      for (const candidate of candidates) {
        const counts = (byJob[candidate.job_id] ??= Object.fromEntries(CANDIDATE_STATUSES.map((status) => [status, 0])));
        counts[candidate.status] = (counts[candidate.status] ?? 0) + 1;
      }
      // The funnel: how many candidates reached each stage (hired ones passed every stage).
      // A rejected candidate is counted as having applied: how far they got is not recorded.
      const funnel = CANDIDATE_PIPELINE.map((status, index) => ({
        status,
        count: candidates.filter((candidate) => (candidate.status === 'rejected' ? 0 : CANDIDATE_PIPELINE.indexOf(candidate.status)) >= index).length,
      }));
      const analytics: Analytics = {
        jobs: { total: jobs.length, by_status: count(jobs, JOB_STATUSES, (job) => job.status) },
        candidates: {
          total: candidates.length,
          by_status: byCandidateStatus,
          by_job: { ...byJob },
          assessed: scores.length,
          average_score: scores.length === 0 ? null : Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 10) / 10,
        },
        assessments: { generated: assessments.length },
        funnel,
        filters: { job_id: jobId, from: from?.toISOString() ?? null, to: to?.toISOString() ?? null },
      };
      return ok(analytics);
    },
  },
];
