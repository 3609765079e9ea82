import { type AssessmentConfig } from '../domain/job.js';
export interface Question {
    id: string;
    type: 'ranksort' | 'multiple_choice' | 'scenario';
    prompt: string;
    options?: string[];
    answer_index?: number;
    items?: string[];
    rubric?: string[];
}
export interface Assessment {
    id: string;
    job_id: string | null;
    status: 'ready' | 'draft';
    question_count: number;
    time_limit: number;
    proctoring: boolean;
    question_types: Question['type'][];
    questions: Question[];
    created_at: string;
    updated_at: string;
}
/** What GET /assessments may sort by, select and filter on. */
export declare const ASSESSMENT_RECORD_FIELDS: readonly string[];
export interface AssessmentSource {
    id: string | null;
    title: string;
    department?: string | undefined;
    skills?: string[] | undefined;
    requirements?: string[] | undefined;
}
/**
 * A kind of role and what its questions are made of. `choices`: six answers to a first-move
 * question, the right ones at 0 and 4; `tasks`: six tasks, most urgent first (the order a ranking
 * is scored against); `situations`: what a scenario puts the candidate in.
 */
interface RoleFamily {
    name: string;
    /** Words that point to it (whole words, lower case), in the title (counted thrice), department, skills and requirements. */
    words: readonly string[];
    choices: readonly string[];
    tasks: readonly string[];
    situations: readonly string[];
    choicePrompt: (title: string, topic: string) => string;
    rankPrompt: (title: string, topic: string) => string;
    scenarioPrompt: (title: string, topic: string, situation: string) => string;
}
/** In this order when two fit as well (a "Data Engineer" is asked about data). */
export declare const ROLE_FAMILIES: readonly RoleFamily[];
/** Every family's tasks, each family's most urgent first: the order rankings are scored against. */
export declare const TASKS: readonly string[];
/**
 * The role a job is for, from its title (counted thrice), department, skills and requirements:
 * the family whose words it uses most; the general set when none.
 */
export declare function roleFamily(job: AssessmentSource): RoleFamily;
export declare function generateAssessment(job: AssessmentSource, config: AssessmentConfig | undefined, now: Date): Assessment;
/** Questions that fit the role (roleFamily), the same for the same job every time. */
export declare function generateQuestions(job: AssessmentSource, count: number, types: readonly Question['type'][]): Question[];
/** A candidate's answers as the assessment page sends them: a question's id → its answer. */
export interface Answers {
    /** multiple_choice: the chosen option's index. */
    choices: Record<string, number>;
    /** ranksort: the items' ranks (1 = most urgent), in the order of the question's items. */
    ranks: Record<string, number[]>;
    /** scenario: the written answer. */
    texts: Record<string, string>;
}
/**
 * The score (0–100) of a set of answers: each question counts equally. A choice is right or
 * wrong; a ranking earns the share of task pairs put in the order of TASKS (most urgent first); a
 * scenario earns a share for each rubric line its text touches. Unanswered questions earn nothing.
 */
export declare function scoreAnswers(assessment: Pick<Assessment, 'questions'>, answers: Answers): number;
export {};
