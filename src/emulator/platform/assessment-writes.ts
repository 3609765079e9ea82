// A new assessment, for a job (its title and skills unless others are given) or for a title alone,
// stored with assessment.generated: what generates questions, loaded by the routes that write.
import type { AssessmentConfig, Job } from '../../domain/job.js';
import { generateAssessment, type Assessment } from './question-bank.js';
import type { PlatformContext } from './context.js';
import { findJob } from './jobs.js';
import { stopwatch } from './stopwatch.js';
import { transaction } from '../storage/transaction.js';

export interface AssessmentRequest {
  /** The job it is for; without one, `title` is required. */
  jobId?: string | undefined;
  title?: string | undefined;
  skills?: string[] | undefined;
  /** Settings over the job's own assessment settings. */
  settings?: Partial<AssessmentConfig>;
}

/** A new assessment, stored, with assessment.generated; and how long generating it took (ms). */
export function createAssessment(
  ctx: PlatformContext,
  request: AssessmentRequest,
): { assessment: Assessment; generationMs: number } {
  return transaction(ctx, 'write', () => {
    const job: Job | undefined = request.jobId === undefined ? undefined : findJob(ctx, request.jobId);
    const from = job
      ? {
          id: job.id,
          title: request.title ?? job.title,
          skills: request.skills ?? job.skills,
          requirements: job.requirements,
        }
      : { id: null, title: request.title!, skills: request.skills };
    const elapsed = stopwatch();
    const assessment = generateAssessment(
      from,
      { ...job?.assessment_config, ...request.settings, auto_generate: true },
      ctx.now(),
    );
    const generationMs = Math.round(elapsed() * 100) / 100;
    ctx.store.put('assessments', assessment);
    ctx.events.emit('assessment.generated', assessment);
    return { assessment, generationMs };
  });
}
