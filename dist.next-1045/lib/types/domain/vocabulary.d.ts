export declare const JOB_STATUSES: readonly ["draft", "active", "paused", "closed"];
export type JobStatus = (typeof JOB_STATUSES)[number];
export declare const CANDIDATE_STATUSES: readonly ["new", "screening", "review", "interview", "offer", "hired", "rejected"];
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
export declare const EXPERIENCE_LEVELS: readonly ["entry", "mid", "senior", "lead", "executive"];
export declare const EMPLOYMENT_TYPES: readonly ["full_time", "part_time", "contract", "internship"];
export declare const LOCATION_TYPES: readonly ["remote", "hybrid", "onsite"];
export declare const SALARY_PERIODS: readonly ["hourly", "monthly", "yearly"];
export declare const QUESTION_TYPES: readonly ["ranksort", "multiple_choice", "scenario"];
export declare const EVENT_KINDS: readonly ["job.created", "assessment.generated", "application.received", "application.created", "assessment.completed", "candidate.statusChanged", "interview.scheduled", "offer.extended"];
export type EventKind = (typeof EVENT_KINDS)[number];
/** Where a webhook delivery stands: still being tried, delivered, or given up on. */
export declare const DELIVERY_STATES: readonly ["pending", "succeeded", "failed"];
export declare const KEY_LEVELS: readonly ["read", "write", "admin"];
export declare const TIERS: readonly ["standard", "enterprise"];
export declare const DESCRIPTION_MIN_CHARS = 100;
export declare const QUESTION_COUNT: {
    readonly min: 5;
    readonly max: 20;
    readonly default: 10;
};
export declare const TIME_LIMIT_SECONDS: {
    readonly min: 300;
    readonly max: 1800;
    readonly default: 300;
};
export { COUNTRY_CODES, CURRENCY_CODES } from './codes.js';
/**
 * Every field of a job input as a dotted path, in the order people read them: the CSV columns of an
 * export that `jobs import` reads back, and (the optional ones) what `jobs update --clear` takes.
 */
export declare const JOB_INPUT_PATHS: readonly ["title", "department", "description", "location.type", "location.city", "location.state", "location.country", "requirements", "skills", "experience_level", "employment_type", "salary.min", "salary.max", "salary.currency", "salary.period", "assessment_config.auto_generate", "assessment_config.question_count", "assessment_config.time_limit", "assessment_config.proctoring", "assessment_config.question_types"];
