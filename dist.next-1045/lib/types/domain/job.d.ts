import * as z from 'zod/mini';
import { type Validation } from './rules.js';
import { QUESTION_TYPES, type JobStatus } from './vocabulary.js';
declare const LocationSchema: z.ZodMiniObject<{
    type: z.ZodMiniEnum<{
        remote: "remote";
        hybrid: "hybrid";
        onsite: "onsite";
    }>;
    city: z.ZodMiniOptional<z.ZodMiniString<string>>;
    state: z.ZodMiniOptional<z.ZodMiniString<string>>;
    country: z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>;
}, z.core.$strict>;
declare const SalarySchema: z.ZodMiniObject<{
    min: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    max: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    currency: z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>;
    period: z.ZodMiniOptional<z.ZodMiniEnum<{
        hourly: "hourly";
        monthly: "monthly";
        yearly: "yearly";
    }>>;
}, z.core.$strict>;
declare const AssessmentConfigSchema: z.ZodMiniObject<{
    auto_generate: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    question_count: z.ZodMiniOptional<z.ZodMiniInt>;
    time_limit: z.ZodMiniOptional<z.ZodMiniInt>;
    proctoring: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    question_types: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniEnum<{
        ranksort: "ranksort";
        multiple_choice: "multiple_choice";
        scenario: "scenario";
    }>>>;
}, z.core.$strict>;
export declare const JobInputSchema: z.ZodMiniObject<{
    publish: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    title: z.ZodMiniString<string>;
    department: z.ZodMiniOptional<z.ZodMiniString<string>>;
    location: z.ZodMiniOptional<z.ZodMiniObject<{
        type: z.ZodMiniEnum<{
            remote: "remote";
            hybrid: "hybrid";
            onsite: "onsite";
        }>;
        city: z.ZodMiniOptional<z.ZodMiniString<string>>;
        state: z.ZodMiniOptional<z.ZodMiniString<string>>;
        country: z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>;
    }, z.core.$strict>>;
    description: z.ZodMiniString<string>;
    requirements: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    skills: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    experience_level: z.ZodMiniOptional<z.ZodMiniEnum<{
        entry: "entry";
        mid: "mid";
        senior: "senior";
        lead: "lead";
        executive: "executive";
    }>>;
    employment_type: z.ZodMiniOptional<z.ZodMiniEnum<{
        full_time: "full_time";
        part_time: "part_time";
        contract: "contract";
        internship: "internship";
    }>>;
    salary: z.ZodMiniOptional<z.ZodMiniObject<{
        min: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        max: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        currency: z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>;
        period: z.ZodMiniOptional<z.ZodMiniEnum<{
            hourly: "hourly";
            monthly: "monthly";
            yearly: "yearly";
        }>>;
    }, z.core.$strict>>;
    assessment_config: z.ZodMiniOptional<z.ZodMiniObject<{
        auto_generate: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        question_count: z.ZodMiniOptional<z.ZodMiniInt>;
        time_limit: z.ZodMiniOptional<z.ZodMiniInt>;
        proctoring: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        question_types: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniEnum<{
            ranksort: "ranksort";
            multiple_choice: "multiple_choice";
            scenario: "scenario";
        }>>>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type JobInput = z.infer<typeof JobInputSchema>;
export type Location = z.infer<typeof LocationSchema>;
export type Salary = z.infer<typeof SalarySchema>;
export type AssessmentConfig = z.infer<typeof AssessmentConfigSchema>;
export declare function validateJobInput(input: unknown): Validation<JobInput>;
/** The names a job input may carry, in the spec's order (used to map flags and files). */
export declare const JOB_INPUT_FIELDS: (keyof JobInput)[];
/**
 * The job fields that are not text, for where they are given as text (a CSV cell, a flag): numbers,
 * true/false, lists. Read by import (importing/rows.ts); the job flags are tested to agree.
 */
export declare const JOB_FIELD_KINDS: Readonly<Record<string, 'number' | 'boolean' | 'list'>>;
/** A job as the API returns it (spec "Job (as returned by create)" plus the echoed input). */
export interface Job extends Omit<JobInput, 'publish'> {
    id: string;
    status: JobStatus;
    assessment_id: string | null;
    application_url: string;
    candidate_count: number;
    created_at: string;
    updated_at: string;
}
/** Fields a job record has, for `sort`, `fields` and filters (CONTRACT §6 choices). */
export declare const JOB_RECORD_FIELDS: readonly string[];
/** Spec defaults of "Assessment config", applied by the server when a job is created. */
export declare function assessmentConfigWithDefaults(config: AssessmentConfig | undefined): Required<Omit<AssessmentConfig, 'question_types'>> & {
    question_types: (typeof QUESTION_TYPES)[number][];
};
/**
 * The optional fields a patch may clear: null removes a field (JSON Merge Patch, RFC 7396; the spec
 * shows no update, CONTRACT §3 assumes PATCH), a whole location or salary too. Title, description,
 * a location's type and the assessment's settings (which have defaults) cannot be cleared.
 */
export declare const CLEARABLE_JOB_FIELDS: readonly string[];
declare const locationType: z.ZodMiniEnum<{
    remote: "remote";
    hybrid: "hybrid";
    onsite: "onsite";
}>;
/** PATCH /jobs/{id} (assumed, CONTRACT §3): any job field, and/or a status transition; null clears a field. */
export declare const JobPatchSchema: z.ZodMiniObject<{
    department: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
    location: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniObject<{
        type: z.ZodMiniOptional<typeof locationType>;
        city: z.ZodMiniNullable<z.ZodMiniOptional<z.ZodMiniString<string>>>;
        state: z.ZodMiniNullable<z.ZodMiniOptional<z.ZodMiniString<string>>>;
        country: z.ZodMiniNullable<z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>>;
    }, z.core.$strict>>>;
    requirements: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniArray<z.ZodMiniString<string>>>>;
    skills: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniArray<z.ZodMiniString<string>>>>;
    experience_level: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniEnum<{
        entry: "entry";
        mid: "mid";
        senior: "senior";
        lead: "lead";
        executive: "executive";
    }>>>;
    employment_type: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniEnum<{
        full_time: "full_time";
        part_time: "part_time";
        contract: "contract";
        internship: "internship";
    }>>>;
    salary: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniObject<{
        min: z.ZodMiniNullable<z.ZodMiniOptional<z.ZodMiniNumber<number>>>;
        max: z.ZodMiniNullable<z.ZodMiniOptional<z.ZodMiniNumber<number>>>;
        currency: z.ZodMiniNullable<z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>>;
        period: z.ZodMiniNullable<z.ZodMiniOptional<z.ZodMiniEnum<{
            hourly: "hourly";
            monthly: "monthly";
            yearly: "yearly";
        }>>>;
    }, z.core.$strict>>>;
    title: z.ZodMiniOptional<z.ZodMiniString<string>>;
    description: z.ZodMiniOptional<z.ZodMiniString<string>>;
    status: z.ZodMiniOptional<z.ZodMiniEnum<{
        draft: "draft";
        active: "active";
        paused: "paused";
        closed: "closed";
    }>>;
    assessment_config: z.ZodMiniOptional<z.ZodMiniObject<{
        auto_generate: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        question_count: z.ZodMiniOptional<z.ZodMiniInt>;
        time_limit: z.ZodMiniOptional<z.ZodMiniInt>;
        proctoring: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        question_types: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniEnum<{
            ranksort: "ranksort";
            multiple_choice: "multiple_choice";
            scenario: "scenario";
        }>>>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type JobPatch = z.infer<typeof JobPatchSchema>;
export declare function validateJobPatch(input: unknown): Validation<JobPatch>;
/**
 * The job state machine (CONTRACT §6), written once: each verb, where it starts from and where it
 * leads. PATCH {status} may make any of these moves; anything else is a 409 conflict.
 */
export declare const JOB_VERBS: {
    readonly publish: {
        readonly from: readonly ["draft"];
        readonly to: "active";
    };
    readonly pause: {
        readonly from: readonly ["active"];
        readonly to: "paused";
    };
    readonly close: {
        readonly from: readonly ["draft", "active", "paused"];
        readonly to: "closed";
    };
    readonly reopen: {
        readonly from: readonly ["paused", "closed"];
        readonly to: "active";
    };
};
export type JobVerb = keyof typeof JOB_VERBS;
/** For each status, the statuses a job may move to it from. */
export declare const JOB_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>>;
/** The verb whose move starts from `status` (the one to suggest instead), close aside. */
export declare function verbFrom(status: string): JobVerb | undefined;
export declare function canMoveJob(from: JobStatus, to: JobStatus): boolean;
/** Single fields of a job input, to check one answer at a time (the wizard) with the same rules. */
declare const FIELD_SCHEMAS: {
    readonly title: z.ZodMiniString<string>;
    readonly department: z.ZodMiniString<string>;
    readonly description: z.ZodMiniString<string>;
    readonly 'location.city': z.ZodMiniString<string>;
    readonly 'location.state': z.ZodMiniString<string>;
    readonly 'location.country': z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>;
    readonly requirement: z.ZodMiniString<string>;
    readonly skill: z.ZodMiniString<string>;
    readonly 'salary.min': z.ZodMiniNumber<number>;
    readonly 'salary.max': z.ZodMiniNumber<number>;
    readonly 'salary.currency': z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>;
    readonly 'assessment_config.question_count': z.ZodMiniInt;
    readonly 'assessment_config.time_limit': z.ZodMiniInt;
    readonly 'assessment_config.question_types': z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniEnum<{
        ranksort: "ranksort";
        multiple_choice: "multiple_choice";
        scenario: "scenario";
    }>>>;
};
export type JobField = keyof typeof FIELD_SCHEMAS;
/** The message a field's value gets (the one a flag or file would get), or undefined when valid. */
export declare function jobFieldError(field: JobField, value: unknown): string | undefined;
declare const JobDraftSchema: z.ZodMiniObject<{
    publish: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    title: z.ZodMiniOptional<z.ZodMiniString<string>>;
    description: z.ZodMiniOptional<z.ZodMiniString<string>>;
    location: z.ZodMiniOptional<z.ZodMiniObject<{
        type: z.ZodMiniOptional<z.ZodMiniEnum<{
            remote: "remote";
            hybrid: "hybrid";
            onsite: "onsite";
        }>>;
        city: z.ZodMiniOptional<z.ZodMiniString<string>>;
        state: z.ZodMiniOptional<z.ZodMiniString<string>>;
        country: z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>;
    }, z.core.$strict>>;
    department: z.ZodMiniOptional<z.ZodMiniString<string>>;
    requirements: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    skills: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    experience_level: z.ZodMiniOptional<z.ZodMiniEnum<{
        entry: "entry";
        mid: "mid";
        senior: "senior";
        lead: "lead";
        executive: "executive";
    }>>;
    employment_type: z.ZodMiniOptional<z.ZodMiniEnum<{
        full_time: "full_time";
        part_time: "part_time";
        contract: "contract";
        internship: "internship";
    }>>;
    salary: z.ZodMiniOptional<z.ZodMiniObject<{
        min: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        max: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        currency: z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>>;
        period: z.ZodMiniOptional<z.ZodMiniEnum<{
            hourly: "hourly";
            monthly: "monthly";
            yearly: "yearly";
        }>>;
    }, z.core.$strict>>;
    assessment_config: z.ZodMiniOptional<z.ZodMiniObject<{
        auto_generate: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        question_count: z.ZodMiniOptional<z.ZodMiniInt>;
        time_limit: z.ZodMiniOptional<z.ZodMiniInt>;
        proctoring: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        question_types: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniEnum<{
            ranksort: "ranksort";
            multiple_choice: "multiple_choice";
            scenario: "scenario";
        }>>>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export declare function validateJobDraft(input: unknown): Validation<z.infer<typeof JobDraftSchema>>;
export {};
