// Analytics (spec: "analytics data"; the shape is docs/api-choices.md §2's choice), computed from the store:
// jobs, candidates and assessments by status, per job, the funnel, within a job and a time range.
import type { Analytics } from '../../domain/analytics.js';
import { CANDIDATE_PIPELINE, type Candidate } from '../../domain/candidate.js';
import type { Job } from '../../domain/job.js';
import { dictionary } from '../../domain/merge.js';
import { CANDIDATE_STATUSES, JOB_STATUSES } from '../../domain/vocabulary.js';
import type { Assessment } from './question-bank.js';
import type { PlatformContext } from './context.js';
import { findJob } from './jobs.js';
import { transaction } from '../storage/transaction.js';

export interface AnalyticsFilters {
  jobId: string | null;
  from: Date | undefined;
  to: Date | undefined;
}

/** The figures for one job (a job_id naming no job is not found) or all, within from and to. */
export function analytics(ctx: PlatformContext, { jobId, from, to }: AnalyticsFilters): Analytics {
  if (jobId !== null) findJob(ctx, jobId);
  const inRange = (stamp: string) => (!from || new Date(stamp) >= from) && (!to || new Date(stamp) <= to);
  // One consistent read; the job filter is an indexed lookup, the date range is checked per record.
  const scope: Record<string, string> = jobId === null ? {} : { job_id: jobId };
  const { jobs, candidates, assessments } = transaction(ctx, 'read', () => ({
    jobs: (jobId === null ? ctx.store.all<Job>('jobs') : ctx.store.all<Job>('jobs', { id: jobId })).filter((job) =>
      inRange(job.created_at),
    ),
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
    count: candidates.filter(
      (candidate) => (candidate.status === 'rejected' ? 0 : CANDIDATE_PIPELINE.indexOf(candidate.status)) >= index,
    ).length,
  }));
  const analytics: Analytics = {
    jobs: { total: jobs.length, by_status: count(jobs, JOB_STATUSES, (job) => job.status) },
    candidates: {
      total: candidates.length,
      by_status: byCandidateStatus,
      by_job: { ...byJob },
      assessed: scores.length,
      average_score:
        scores.length === 0
          ? null
          : Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 10) / 10,
    },
    assessments: { generated: assessments.length },
    funnel,
    filters: { job_id: jobId, from: from?.toISOString() ?? null, to: to?.toISOString() ?? null },
  };
  return analytics;
}
