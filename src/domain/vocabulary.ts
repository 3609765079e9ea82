// The spec's enumerations, written once (spec "Resources and their fields", "States and transitions").

export const JOB_STATUSES = ['draft', 'active', 'paused', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const CANDIDATE_STATUSES = ['new', 'screening', 'review', 'interview', 'offer', 'hired', 'rejected'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior', 'lead', 'executive'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship'] as const;
export const LOCATION_TYPES = ['remote', 'hybrid', 'onsite'] as const;
export const SALARY_PERIODS = ['hourly', 'monthly', 'yearly'] as const;
export const QUESTION_TYPES = ['ranksort', 'multiple_choice', 'scenario'] as const;

export const EVENT_KINDS = [
  'job.created',
  'assessment.generated',
  'application.received',
  'application.created',
  'assessment.completed',
  'candidate.statusChanged',
  'interview.scheduled',
  'offer.extended',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

// Spec "Authentication" and "Limits": key permission levels and rate-limit tiers.
/** Where a webhook delivery stands: still being tried, delivered, or given up on. */
export const DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;

export const KEY_LEVELS = ['read', 'write', 'admin'] as const;
export const TIERS = ['standard', 'enterprise'] as const;

// Spec "Limits": job creation bounds.
export const DESCRIPTION_MIN_CHARS = 100;
/**
 * Not in the spec (it shows no maximum). 10,000 characters (LinkedIn's limit for a job's
 * description; about four pages of text): the slowest description of that size found renders in
 * about a tenth of a second, once (pages/markdown.ts), and a job stays a small record.
 */
export const DESCRIPTION_MAX_CHARS = 10_000;
export const QUESTION_COUNT = { min: 5, max: 20, default: 10 } as const;
export const TIME_LIMIT_SECONDS = { min: 300, max: 1800, default: 300 } as const;
/** Spec "Assessment config" and "Job input fields": the defaults of the flags (the server applies them). */
export const ASSESSMENT_FLAG_DEFAULTS = { auto_generate: true, proctoring: false } as const;
export const PUBLISH_DEFAULT = false;

// The country and currency code lists live in codes.ts.
export { COUNTRY_CODES, CURRENCY_CODES } from './codes.js';

/**
 * Every field of a job input as a dotted path, in the order people read them: the CSV columns of an
 * export that `jobs import` reads back, and (the optional ones) what `jobs update --clear` takes.
 */
export const JOB_INPUT_PATHS = [
  'title',
  'department',
  'description',
  'location.type',
  'location.city',
  'location.state',
  'location.country',
  'requirements',
  'skills',
  'experience_level',
  'employment_type',
  'salary.min',
  'salary.max',
  'salary.currency',
  'salary.period',
  'assessment_config.auto_generate',
  'assessment_config.question_count',
  'assessment_config.time_limit',
  'assessment_config.proctoring',
  'assessment_config.question_types',
] as const;
