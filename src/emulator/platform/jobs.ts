// Jobs: the job as found, stored and answered, and its deletion (with everything that hangs off
// it). Creating and changing one (job-writes.ts) check its input and generate its assessment: code
// an answer to a GET does not load.
import type { Job, JobInput } from '../../domain/job.js';
import { takesApplications } from '../../domain/job-status.js';
import type { Assessment } from './question-bank.js';
import type { PlatformContext } from './context.js';
import { conflict, notFound } from './errors.js';
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
