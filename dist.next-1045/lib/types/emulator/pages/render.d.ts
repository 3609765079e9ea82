import type { Job } from '../../domain/job.js';
import type { Question } from '../assessments.js';
/** The Content-Security-Policy of every page: no script at all, this stylesheet only, forms to here. */
export declare const PAGE_POLICY: string;
export interface ApplicationForm {
    name: string;
    email: string;
    note: string;
}
export type FormErrors<F extends string = string> = Partial<Record<F, string>>;
export declare const NOTE_MAX_CHARS = 2000;
export declare const NAME_MAX_CHARS = 200;
/** `base`: the path the pages live under ('' in production, `/sandbox` in the sandbox). */
export declare function applicationPage(job: Job, descriptionHtml: string, options: {
    base: string;
    form?: ApplicationForm;
    errors?: FormErrors;
}): string;
export declare function notOpenPage(job: Job, descriptionHtml: string): string;
export declare function messagePage(title: string, message: string, tone?: 'notice' | 'done'): string;
export declare function thanksPage(job: Job): string;
export interface AssessmentAnswersForm {
    /** The form's fields as sent, to show again after an error. */
    values: Record<string, string>;
    errors: FormErrors;
}
export declare function assessmentPage(job: Job, questions: readonly Question[], options: {
    action: string;
    deadline: Date;
    timeLimitSeconds: number;
    form?: AssessmentAnswersForm;
}): string;
