// Jobs: POST and GET /jobs (spec "Published operations"), and the assumed GET, PATCH and
// DELETE /jobs/{id} with the transitions of docs/api-choices.md §3. The operations are the platform's.
import { JOB_RECORD_FIELDS, type Job } from '../../../domain/job.js';
import { created, noContent, ok, validationError } from '../answers.js';
import { listRecords } from '../list.js';
import { deleteJob, findJob, servedJob } from '../../platform/jobs.js';
import { onFirstUse } from '../../platform/first-use.js';
import type { Route } from '../route.js';

const jobRules = onFirstUse(() => import('../../../domain/job-schema.js'));
const jobWrites = onFirstUse(() => import('../../platform/job-writes.js'));

export const jobRoutes: Route[] = [
  {
    method: 'POST',
    path: '/jobs',
    doc: {
      operation: 'createJob',
      summary: 'Create a job (a draft, or active with publish: true)',
      tag: 'Jobs',
      body: { name: 'JobInput', required: true },
      answer: { status: 201, data: 'Job', meta: 'generation' },
      errors: [400],
    },
    uses: [jobRules, jobWrites],
    handler(req, ctx) {
      const result = jobRules.get().validateJobInput(req.body);
      if (!result.ok) throw validationError(result.errors);
      const { job, generationMs } = jobWrites.get().createJob(ctx, result.value);
      return created(job, { assessment_generation_time: generationMs });
    },
  },
  {
    method: 'GET',
    path: '/jobs',
    doc: {
      operation: 'listJobs',
      summary: 'List jobs',
      tag: 'Jobs',
      list: { fields: JOB_RECORD_FIELDS },
      answer: { status: 200, data: 'Job' },
      errors: [400],
    },
    handler(req, ctx) {
      const page = listRecords<Job>(ctx.store, 'jobs', req.query, { fields: JOB_RECORD_FIELDS });
      return ok(
        page.data.map((job) => servedJob(ctx, job)),
        page.meta,
      );
    },
  },
  {
    method: 'GET',
    path: '/jobs/:id',
    doc: {
      operation: 'getJob',
      summary: 'Get a job',
      tag: 'Jobs',
      answer: { status: 200, data: 'Job' },
      errors: [404],
    },
    handler(req, ctx) {
      return ok(servedJob(ctx, findJob(ctx, req.params.id!)));
    },
  },
  {
    method: 'PATCH',
    path: '/jobs/:id',
    doc: {
      operation: 'updateJob',
      summary: 'Change a job (JSON Merge Patch: null clears a field) or its status (publish, pause, close, reopen)',
      tag: 'Jobs',
      body: { name: 'JobPatch', required: true },
      answer: { status: 200, data: 'Job' },
      errors: [400, 404, 409],
    },
    uses: [jobRules, jobWrites],
    handler(req, ctx) {
      // A job that does not exist is said before what is wrong with the patch.
      const job = findJob(ctx, req.params.id!);
      const result = jobRules.get().validateJobPatch(req.body);
      if (!result.ok) throw validationError(result.errors);
      return ok(servedJob(ctx, jobWrites.get().updateJob(ctx, job.id, result.value)));
    },
  },
  {
    method: 'DELETE',
    path: '/jobs/:id',
    doc: {
      operation: 'deleteJob',
      summary: 'Delete a job with its candidates',
      tag: 'Jobs',
      answer: { status: 204 },
      errors: [404],
    },
    handler(req, ctx) {
      deleteJob(ctx, req.params.id!);
      return noContent();
    },
  },
];
