import type { Analytics } from '../../domain/analytics.js';
import type { PlatformContext } from './context.js';
export interface AnalyticsFilters {
    jobId: string | null;
    from: Date | undefined;
    to: Date | undefined;
}
/** The figures for one job (a job_id naming no job is not found) or all, within from and to. */
export declare function analytics(ctx: PlatformContext, { jobId, from, to }: AnalyticsFilters): Analytics;
