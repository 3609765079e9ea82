import type { AssessmentConfig } from '../../domain/job.js';
import { type Assessment } from '../assessments.js';
import type { PlatformContext } from './context.js';
export declare function findAssessment(ctx: PlatformContext, id: string): Assessment;
export interface AssessmentRequest {
    /** The job it is for; without one, `title` is required. */
    jobId?: string | undefined;
    title?: string | undefined;
    skills?: string[] | undefined;
    /** Settings over the job's own assessment settings. */
    settings?: Partial<AssessmentConfig>;
}
/** A new assessment, stored, with assessment.generated; and how long generating it took (ms). */
export declare function createAssessment(ctx: PlatformContext, request: AssessmentRequest): {
    assessment: Assessment;
    generationMs: number;
};
