// A job as the API returns it (spec "Job (as returned by create)") and the field lists read from the
// input's paths. Its rules, as zod schemas, are job-schema.ts's: an answer to a GET needs this
// module and not those (README "Performance").
import { everyKey } from './record-fields.js';
import type { AssessmentConfig, JobInput } from './job-schema.js';
import {
  ASSESSMENT_FLAG_DEFAULTS,
  JOB_INPUT_PATHS,
  QUESTION_COUNT,
  QUESTION_TYPES,
  TIME_LIMIT_SECONDS,
  type JobStatus,
} from './vocabulary.js';

export type { AssessmentConfig, JobField, JobInput, JobPatch, Location, Salary } from './job-schema.js';

/** The names a job input may carry (used to map flags and files): each path's first name, and publish. */
export const JOB_INPUT_FIELDS = [
  ...new Set(JOB_INPUT_PATHS.map((path) => path.split('.')[0]!)),
  'publish',
] as (keyof JobInput)[];

/**
 * The job fields that are not text, for where they are given as text (a CSV cell, a flag): numbers,
 * true/false, lists. Read by import (importing/rows.ts); the job flags are tested to agree.
 */
export const JOB_FIELD_KINDS: Readonly<Record<string, 'number' | 'boolean' | 'list'>> = {
  'salary.min': 'number',
  'salary.max': 'number',
  'assessment_config.question_count': 'number',
  'assessment_config.time_limit': 'number',
  publish: 'boolean',
  'assessment_config.auto_generate': 'boolean',
  'assessment_config.proctoring': 'boolean',
  requirements: 'list',
  skills: 'list',
  'assessment_config.question_types': 'list',
};

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

/** Fields a job record has, for `sort`, `fields` and filters (docs/api-choices.md §2 choices). */
export const JOB_RECORD_FIELDS: readonly string[] = everyKey<Job>()([
  'id',
  'title',
  'status',
  'department',
  'location',
  'description',
  'requirements',
  'skills',
  'experience_level',
  'employment_type',
  'salary',
  'assessment_config',
  'assessment_id',
  'application_url',
  'candidate_count',
  'created_at',
  'updated_at',
]);

/** Spec defaults of "Assessment config", applied by the server when a job is created. */
export function assessmentConfigWithDefaults(
  config: AssessmentConfig | undefined,
): Required<Omit<AssessmentConfig, 'question_types'>> & { question_types: (typeof QUESTION_TYPES)[number][] } {
  return {
    auto_generate: config?.auto_generate ?? ASSESSMENT_FLAG_DEFAULTS.auto_generate,
    question_count: config?.question_count ?? QUESTION_COUNT.default,
    time_limit: config?.time_limit ?? TIME_LIMIT_SECONDS.default,
    proctoring: config?.proctoring ?? ASSESSMENT_FLAG_DEFAULTS.proctoring,
    // An empty list (refused on input; a record stored before that rule) gets every type: a question always has one.
    question_types: config?.question_types?.length ? config.question_types : [...QUESTION_TYPES],
  };
}

/**
 * The optional fields a patch may clear: null removes a field (JSON Merge Patch, RFC 7396; the spec
 * shows no update, docs/api-choices.md §3 assumes PATCH), a whole location or salary too. Title, description,
 * a location's type and the assessment's settings (which have defaults) cannot be cleared.
 */
export const CLEARABLE_JOB_FIELDS: readonly string[] = JOB_INPUT_PATHS.flatMap((path): string[] => {
  if (path === 'title' || path === 'description' || path === 'location.type' || path.startsWith('assessment_config.'))
    return [];
  if (path === 'location.city') return ['location', path];
  if (path === 'salary.min') return ['salary', path];
  return [path];
});
