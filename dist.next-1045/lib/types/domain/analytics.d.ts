export interface Analytics {
    jobs: {
        total: number;
        by_status: Record<string, number>;
    };
    /** `assessed`: candidates with a score (who took their job's assessment); `average_score` over them. */
    candidates: {
        total: number;
        by_status: Record<string, number>;
        /** For each job with candidates (in the range), its candidates by status. */
        by_job: Record<string, Record<string, number>>;
        assessed: number;
        average_score: number | null;
    };
    /** `generated`: assessments made (one per job, or on request); not a count of candidates. */
    assessments: {
        generated: number;
    };
    funnel: {
        status: string;
        count: number;
    }[];
    filters: {
        job_id: string | null;
        from: string | null;
        to: string | null;
    };
}
/**
 * A date bound for `from`/`to`: `2026-11-01` or a full ISO 8601 time. A bare date as `to` means
 * the end of that day. Returns undefined when the text is not a date.
 */
export declare function parseDateBound(text: string, bound: 'from' | 'to'): Date | undefined;
