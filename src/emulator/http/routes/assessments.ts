// POST /assessments (spec, request not shown) and the assumed GET /assessments (the spec's list
// envelope and parameters, filter job_id) and GET /assessments/{id}. The operations are the platform's.
import type { Assessment } from '../../platform/question-bank.js';
import { created, ok, validationError } from '../answers.js';
import { listRecords } from '../list.js';
import { ASSESSMENT_RECORD_FIELDS, findAssessment } from '../../platform/assessments.js';
import { findJob } from '../../platform/jobs.js';
import { onFirstUse } from '../../platform/first-use.js';
import type { Route } from '../route.js';

const assessmentRules = onFirstUse(() => import('../../../domain/assessment.js'));
const assessmentWrites = onFirstUse(() => import('../../platform/assessment-writes.js'));

export const assessmentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/assessments',
    doc: {
      operation: 'createAssessment',
      summary:
        'Generate an assessment, for a job or from a title and skills (the request is assumed: the spec shows none; other fields are accepted and ignored)',
      tag: 'Assessments',
      body: { name: 'AssessmentInput', required: true, assumed: true },
      answer: { status: 201, data: 'Assessment', meta: 'generation' },
      errors: [400, 404],
    },
    uses: [assessmentRules, assessmentWrites],
    handler(req, ctx) {
      const result = assessmentRules.get().validateAssessmentInput(req.body);
      if (!result.ok) throw validationError(result.errors);
      // Fields the contract does not know are accepted and ignored, as the spec leaves the request open.
      const { job_id, title, skills, question_count, time_limit, question_types, proctoring } = result.value;
      const settings = Object.fromEntries(
        Object.entries({ question_count, time_limit, question_types, proctoring }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      const { assessment, generationMs } = assessmentWrites
        .get()
        .createAssessment(ctx, { jobId: job_id, title, skills, settings });
      return created(assessment, { assessment_generation_time: generationMs });
    },
  },
  {
    method: 'GET',
    path: '/assessments',
    doc: {
      operation: 'listAssessments',
      summary: 'List assessments (a job_id naming no job is 404)',
      tag: 'Assessments',
      list: { fields: ASSESSMENT_RECORD_FIELDS },
      answer: { status: 200, data: 'Assessment' },
      errors: [400, 404],
    },
    handler(req, ctx) {
      // As GET /analytics does: a job_id naming no job is 404, not an empty list that hides a typo.
      for (const jobId of req.query.getAll('job_id').flatMap((value) => value.split(',')))
        if (jobId !== '') findJob(ctx, jobId);
      const page = listRecords<Assessment>(ctx.store, 'assessments', req.query, { fields: ASSESSMENT_RECORD_FIELDS });
      return ok(page.data, page.meta);
    },
  },
  {
    method: 'GET',
    path: '/assessments/:id',
    doc: {
      operation: 'getAssessment',
      summary: 'Get an assessment with its questions',
      tag: 'Assessments',
      answer: { status: 200, data: 'Assessment' },
      errors: [404],
    },
    handler(req, ctx) {
      return ok(findAssessment(ctx, req.params.id!));
    },
  },
];
