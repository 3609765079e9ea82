// Jobs: create (with its assessment), update (JSON Merge Patch, a status move among them),
// transition and delete (with everything that hangs off the job), and the job as it is answered.
import { validateJobInput, type Job, type JobInput, type JobPatch } from '../../domain/job.js';
import { canMoveJob, takesApplications } from '../../domain/job-status.js';
import { define, isPlainObject, overlay, own } from '../../domain/merge.js';
import type { JobStatus } from '../../domain/vocabulary.js';
import { generateAssessment, type Assessment } from './question-bank.js';
import { newId } from '../storage/ids.js';
import type { PlatformContext } from './context.js';
import { conflict, invalid, notFound } from './errors.js';
import { transaction } from '../storage/transaction.js';

export function findJob(ctx: PlatformContext, id: string): Job {
  const job = ctx.store.get<Job>('jobs', id);
  if (!job) throw notFound('job', id);
  return job;
}

/** Spec "Job status": only an active job accepts applications. */
export function requireOpenJob(job: Job): Job {
  if (!takesApplications(job))
    throw conflict(`Job ${job.id} is ${job.status}; only active jobs take applications (hire jobs publish ${job.id}).`);
  return job;
}

/** docs/emulator.md "The candidate's side": `{origin}/apply/{job_id}`, with the origin the emulator is reached at now. */
export function applicationUrl(ctx: Pick<PlatformContext, 'publicUrl'>, jobId: string): string {
  return `${ctx.publicUrl}/apply/${encodeURIComponent(jobId)}`;
}

/** A job as answered: its link built for this request (the stored one may name another port). */
export function servedJob<T extends Partial<Job>>(ctx: Pick<PlatformContext, 'publicUrl'>, job: T): T {
  if (typeof job.application_url !== 'string') return job;
  // `fields` may leave the id out; the stored link still ends with it.
  if (typeof job.id === 'string') return { ...job, application_url: applicationUrl(ctx, job.id) };
  const tail = /\/apply\/[^/]+$/.exec(job.application_url)?.[0];
  return tail ? { ...job, application_url: `${ctx.publicUrl}${tail}` } : job;
}

/** A job as stored: its input, the status publish gives, and the settings its assessment took. */
export function jobRecord(parts: {
  id: string;
  title: string;
  publish: boolean | undefined;
  input: Omit<JobInput, 'publish' | 'title'>;
  assessment: Assessment;
  url: string;
  stamp: string;
  candidateCount: number;
}): Job {
  const { id, title, publish, input, assessment, url, stamp, candidateCount } = parts;
  return {
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
    application_url: url,
    candidate_count: candidateCount,
    created_at: stamp,
    updated_at: stamp,
  };
}

/** A new job and its assessment, stored, with job.created and (when it is ready) assessment.generated. */
export function createJob(ctx: PlatformContext, valid: JobInput): { job: Job; generationMs: number } {
  return transaction(ctx, 'write', () => {
    const { publish, title, ...input } = valid;
    const now = ctx.now();
    const id = newId('job');
    const started = performance.now();
    const assessment = generateAssessment({ id, title, ...input }, input.assessment_config, now);
    const generationMs = Math.round((performance.now() - started) * 100) / 100;
    const stamp = now.toISOString();
    const job = jobRecord({
      id,
      title,
      publish,
      input,
      assessment,
      url: applicationUrl(ctx, id),
      stamp,
      candidateCount: 0,
    });
    ctx.store.put('assessments', assessment);
    ctx.store.put('jobs', job);
    ctx.events.emit('job.created', job);
    if (assessment.status === 'ready') ctx.events.emit('assessment.generated', assessment);
    return { job, generationMs };
  });
}

/** The client-settable fields of a stored job, as a job input (to validate a patched job whole). */
function inputOf(job: Job): Record<string, unknown> {
  const {
    id: _id,
    status: _status,
    assessment_id: _a,
    application_url: _u,
    candidate_count: _c,
    created_at: _cr,
    updated_at: _up,
    ...input
  } = job;
  return input;
}

/** RFC 7396 on a job input: a null removes the field, objects merge, anything else replaces. */
function mergePatch(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = overlay(base, {});
  for (const [key, value] of Object.entries(patch)) {
    const under = own(out, key);
    if (value === null) delete out[key];
    else define(out, key, isPlainObject(value) ? mergePatch(isPlainObject(under) ? under : {}, value) : value);
  }
  return out;
}

/**
 * Changes a job: nested objects merge, null removes (JSON Merge Patch), and the job as a whole must
 * still be a valid job input; a `status` moves it along docs/api-choices.md §3's transitions.
 */
export function updateJob(ctx: PlatformContext, id: string, patch: JobPatch): Job {
  return transaction(ctx, 'write', () => {
    const job = findJob(ctx, id);
    const { status, ...fields } = patch;
    if (status !== undefined && !canMoveJob(job.status, status)) {
      throw conflict(
        job.status === status
          ? `Job ${job.id} is already ${status}.`
          : `Job ${job.id} is ${job.status}; it cannot become ${status}.`,
      );
    }
    const merged = mergePatch(inputOf(job), fields);
    const whole = validateJobInput(merged);
    if (!whole.ok) throw invalid(whole.errors);
    const updated: Job = {
      ...job,
      ...(whole.value as Omit<JobInput, 'publish'>),
      ...(status ? { status } : {}),
      updated_at: ctx.now().toISOString(),
    };
    // A field the patch cleared is gone from the job, not left as it was.
    for (const key of Object.keys(inputOf(job)))
      if (!Object.hasOwn(whole.value, key)) delete (updated as unknown as Record<string, unknown>)[key];
    ctx.store.put('jobs', updated);
    return updated;
  });
}

/** Publishes, pauses, closes or archives a job: a status move and nothing else. */
export function transitionJob(ctx: PlatformContext, id: string, status: JobStatus): Job {
  return updateJob(ctx, id, { status });
}

/** Deletes a job with its candidates, assessments and applications. */
export function deleteJob(ctx: PlatformContext, id: string): void {
  transaction(ctx, 'write', () => {
    const job = findJob(ctx, id);
    ctx.store.deleteWhere('candidates', 'job_id', job.id);
    ctx.store.deleteWhere('assessments', 'job_id', job.id);
    ctx.store.deleteWhere('applications', 'job_id', job.id);
    ctx.store.delete('jobs', job.id);
  });
}
