import * as z from 'zod/mini';
import { type Validation } from './rules.js';
export declare const AssessmentInputSchema: z.ZodMiniObject<{
    job_id: z.ZodMiniOptional<z.ZodMiniString<string>>;
    title: z.ZodMiniOptional<z.ZodMiniString<string>>;
    skills: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    question_count: z.ZodMiniOptional<z.ZodMiniInt>;
    time_limit: z.ZodMiniOptional<z.ZodMiniInt>;
    question_types: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniEnum<{
        ranksort: "ranksort";
        multiple_choice: "multiple_choice";
        scenario: "scenario";
    }>>>;
    proctoring: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
}, z.core.$loose>;
export type AssessmentInput = z.infer<typeof AssessmentInputSchema>;
export declare function validateAssessmentInput(input: unknown): Validation<AssessmentInput>;
/** The fields of an assessment request this side does not know (sent unchecked). */
export declare function unknownAssessmentFields(input: Record<string, unknown>): string[];
