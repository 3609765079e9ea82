// POST /assessments (spec, request not shown) and the assumed GET /assessments (the spec's list
// envelope and parameters, filter job_id) and GET /assessments/{id}.
import { validateAssessmentInput } from '../../domain/assessment.js';
import type { AssessmentConfig, Job } from '../../domain/job.js';
import { ASSESSMENT_RECORD_FIELDS, generateAssessment, type Assessment } from '../assessments.js';
import { created, notFound, ok, validationError } from '../http.js';
import { listRecords } from '../list.js';
import type { Route, RouteContext } from '../route.js';
import { findJob } from './jobs.js';

/** A new assessment, for a job (its title and skills unless others are given) or a title alone; stored, with assessment.generated. */
export function createAssessment(
  ctx: RouteContext,
  job: Job | undefined,
  source: { title?: string | undefined; skills?: string[] | undefined },
  settings: Partial<AssessmentConfig>,
): Assessment {
  const from = job
    ? { id: job.id, title: source.title ?? job.title, skills: source.skills ?? job.skills, requirements: job.requirements }
    : { id: null, title: source.title!, skills: source.skills };
  const assessment = generateAssessment(from, { ...job?.assessment_config, ...settings, auto_generate: true }, ctx.now());
  ctx.store.put('assessments', assessment);
  ctx.events.emit('assessment.generated', assessment);
  return assessment;
}

export const assessmentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/assessments',
    handler(req, ctx) {
      const result = validateAssessmentInput(req.body);
      if (!result.ok) throw validationError(result.errors);
      // Fields the contract does not know are accepted and ignored, as the spec leaves the request open.
      const { job_id, title, skills, question_count, time_limit, question_types, proctoring } = result.value;
      const settings = Object.fromEntries(Object.entries({ question_count, time_limit, question_types, proctoring }).filter(([, value]) => value !== undefined));
      const job = job_id === undefined ? undefined : findJob(ctx, job_id);
      const started = performance.now();
      const assessment = createAssessment(ctx, job, { title, skills }, settings);
      return created(assessment, { assessment_generation_time: Math.round((performance.now() - started) * 100) / 100 });
    },
  },
  {
    method: 'GET',
    path: '/assessments',
    handler(req, ctx) {
      // As GET /analytics does: a job_id naming no job is 404, not an empty list that hides a typo.
      for (const jobId of req.query.getAll('job_id').flatMap((value) => value.split(','))) if (jobId !== '') findJob(ctx, jobId);
      const page = listRecords<Assessment>(ctx.store, 'assessments', req.query, { fields: ASSESSMENT_RECORD_FIELDS });
      return ok(page.data, page.meta);
    },
  },
  {
    method: 'GET',
    path: '/assessments/:id',
    handler(req, ctx) {
      const assessment = ctx.store.get<Assessment>('assessments', req.params.id!);
      if (!assessment) throw notFound('assessment', req.params.id!);
      return ok(assessment);
    },
  },
];
