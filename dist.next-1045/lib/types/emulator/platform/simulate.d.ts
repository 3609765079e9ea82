import type { PlatformContext } from './context.js';
export interface SimulationOptions {
    applications: number;
    seed: number;
    completeAssessments: boolean;
    advance: boolean;
}
export interface SimulationResult {
    job_id: string;
    created: number;
    by_status: Record<string, number>;
}
/** Candidates apply to an active job (in one write transaction), each step with its events. */
export declare function simulateApplications(ctx: PlatformContext, jobId: string, options: SimulationOptions): SimulationResult;
