// Jobs created (with their assessment) and changed (JSON Merge Patch, a status move among them):
// what checks a job's input and generates its questions, loaded by the routes that write.
import type { Job, JobInput, JobPatch } from '../../domain/job.js';
import { validateJobInput } from '../../domain/job-schema.js';
import { canMoveJob } from '../../domain/job-status.js';
import { define, isPlainObject, overlay, own } from '../../domain/merge.js';
import type { JobStatus } from '../../domain/vocabulary.js';
import { generateAssessment } from './question-bank.js';
import { newId } from '../storage/ids.js';
import type { PlatformContext } from './context.js';
import { conflict, invalid } from './errors.js';
import { applicationUrl, findJob, jobRecord } from './jobs.js';
import { stopwatch } from './stopwatch.js';
import { transaction } from '../storage/transaction.js';

/** A new job and its assessment, stored, with job.created and (when it is ready) assessment.generated. */
export function createJob(ctx: PlatformContext, valid: JobInput): { job: Job; generationMs: number } {
  return transaction(ctx, 'write', () => {
    const { publish, title, ...input } = valid;
    const now = ctx.now();
    const id = newId('job');
    const elapsed = stopwatch();
    const assessment = generateAssessment({ id, title, ...input }, input.assessment_config, now);
    const generationMs = Math.round(elapsed() * 100) / 100;
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
