import { type Job, type JobInput, type JobPatch } from '../../domain/job.js';
import type { JobStatus } from '../../domain/vocabulary.js';
import { type Assessment } from '../assessments.js';
import type { PlatformContext } from './context.js';
export declare function findJob(ctx: PlatformContext, id: string): Job;
/** Spec "Job status": only an active job accepts applications. */
export declare function requireOpenJob(job: Job): Job;
/** CONTRACT §7: `{origin}/apply/{job_id}`, with the origin the emulator is reached at now. */
export declare function applicationUrl(ctx: Pick<PlatformContext, 'publicUrl'>, jobId: string): string;
/** A job as answered: its link built for this request (the stored one may name another port). */
export declare function servedJob<T extends Partial<Job>>(ctx: Pick<PlatformContext, 'publicUrl'>, job: T): T;
/** A job as stored: its input, the status publish gives, and the settings its assessment took. */
export declare function jobRecord(parts: {
    id: string;
    title: string;
    publish: boolean | undefined;
    input: Omit<JobInput, 'publish' | 'title'>;
    assessment: Assessment;
    url: string;
    stamp: string;
    candidateCount: number;
}): Job;
/** A new job and its assessment, stored, with job.created and (when it is ready) assessment.generated. */
export declare function createJob(ctx: PlatformContext, valid: JobInput): {
    job: Job;
    generationMs: number;
};
/**
 * Changes a job: nested objects merge, null removes (JSON Merge Patch), and the job as a whole must
 * still be a valid job input; a `status` moves it along CONTRACT §6's transitions.
 */
export declare function updateJob(ctx: PlatformContext, id: string, patch: JobPatch): Job;
/** Publishes, pauses, closes or archives a job: a status move and nothing else. */
export declare function transitionJob(ctx: PlatformContext, id: string, status: JobStatus): Job;
/** Deletes a job with its candidates, assessments and applications. */
export declare function deleteJob(ctx: PlatformContext, id: string): void;
