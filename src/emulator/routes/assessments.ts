// POST /assessments (spec, request not shown) and the assumed GET /assessments/{id}.
import { validateAssessmentInput } from '../../domain/assessment.js';
import { generateAssessment, type Assessment } from '../assessments.js';
import { created, notFound, ok, validationError } from '../http.js';
import type { Route } from '../route.js';
import { findJob } from './jobs.js';

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
      const source = job
        ? { id: job.id, title: title ?? job.title, skills: skills ?? job.skills, requirements: job.requirements }
        : { id: null, title: title!, skills };
      const started = performance.now();
      const assessment = generateAssessment(source, { ...job?.assessment_config, ...settings, auto_generate: true }, ctx.now());
      ctx.store.put('assessments', assessment);
      ctx.events.emit('assessment.generated', assessment);
      return created(assessment, { assessment_generation_time: Math.round((performance.now() - started) * 100) / 100 });
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
