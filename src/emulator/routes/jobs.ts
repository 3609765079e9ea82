// POST /jobs and GET /jobs (spec "Published operations", "POST /api/v1/jobs in detail").
import { JOB_RECORD_FIELDS, validateJobInput, type Job } from '../../domain/job.js';
import { generateAssessment } from '../assessments.js';
import { created, ok, validationError, type Route } from '../http.js';
import { newId } from '../ids.js';
import { listRecords } from '../list.js';

export const jobRoutes: Route[] = [
  {
    method: 'POST',
    path: '/jobs',
    handler(req, ctx) {
      const result = validateJobInput(req.body);
      if (!result.ok) throw validationError(result.errors);
      const { publish, title, ...input } = result.value;
      const now = ctx.now();
      const id = newId('job');
      const started = performance.now();
      const assessment = generateAssessment({ id, title, ...input }, input.assessment_config, now);
      const generationMs = Math.round((performance.now() - started) * 100) / 100;
      const stamp = now.toISOString();
      const job: Job = {
        id,
        title,
        status: publish ? 'active' : 'draft',
        ...input,
        assessment_config: {
          auto_generate: assessment.status === 'ready',
          question_count: assessment.question_count,
          time_limit: assessment.time_limit,
          proctoring: assessment.proctoring,
          question_types: assessment.question_types,
        },
        assessment_id: assessment.id,
        application_url: `${ctx.publicUrl}/apply/${id}`,
        candidate_count: 0,
        created_at: stamp,
        updated_at: stamp,
      };
      ctx.store.put('assessments', assessment);
      ctx.store.put('jobs', job);
      return created(job, { assessment_generation_time: generationMs });
    },
  },
  {
    method: 'GET',
    path: '/jobs',
    handler(req, ctx) {
      const page = listRecords(ctx.store.all<Job>('jobs'), req.query, { fields: JOB_RECORD_FIELDS });
      return ok(page.data, page.meta);
    },
  },
];
