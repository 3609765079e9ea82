// The library's public types, written out here (not inferred from the zod schemas) so that the
// shipped declarations need nothing but this package. The records are the ones the API answers
// with (docs/api-choices.md §2): test/fixtures/library-records.ts has tsc prove each equal to its
// schema in the OpenAPI description, which is proved equal to what the emulator serves.
import type { CandidateStatus, EventKind, JobStatus } from '../domain/vocabulary.js';

export type { CandidateStatus, EventKind, JobStatus };

export type LocationType = 'remote' | 'hybrid' | 'onsite';
export type SalaryPeriod = 'hourly' | 'monthly' | 'yearly';
export type ExperienceLevel = 'entry' | 'mid' | 'senior' | 'lead' | 'executive';
export type EmploymentType = 'full_time' | 'part_time' | 'contract' | 'internship';
export type QuestionType = 'ranksort' | 'multiple_choice' | 'scenario';
/** Where a webhook delivery stands: still being tried, delivered, or given up on. */
export type DeliveryState = 'pending' | 'succeeded' | 'failed';

export interface JobLocation {
  type: LocationType;
  /** Required for onsite and hybrid. */
  city?: string;
  /** Required for onsite and hybrid. */
  state?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

export interface JobSalary {
  min?: number;
  max?: number;
  /** ISO 4217. */
  currency?: string;
  period?: SalaryPeriod;
}

export interface AssessmentConfig {
  auto_generate?: boolean;
  /** 5–20. */
  question_count?: number;
  /** Seconds, 300–1800. */
  time_limit?: number;
  proctoring?: boolean;
  question_types?: QuestionType[];
}

/** A job as the API returns it. */
export interface Job {
  id: string;
  title: string;
  status: JobStatus;
  department?: string;
  location?: JobLocation;
  description: string;
  requirements?: string[];
  skills?: string[];
  experience_level?: ExperienceLevel;
  employment_type?: EmploymentType;
  salary?: JobSalary;
  assessment_config?: AssessmentConfig;
  assessment_id: string | null;
  application_url: string;
  candidate_count: number;
  created_at: string;
  updated_at: string;
}

export interface Candidate {
  id: string;
  job_id: string;
  name: string;
  email: string;
  status: CandidateStatus;
  /** 0–100 once the assessment is completed, else null. */
  score: number | null;
  /** The candidate's cover note or links, as they sent it; null when none. */
  note: string | null;
  applied_at: string;
  created_at: string;
  updated_at: string;
}

export interface Question {
  id: string;
  type: QuestionType;
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
  question_types: QuestionType[];
  questions: Question[];
  created_at: string;
  updated_at: string;
}

export interface Analytics {
  jobs: { total: number; by_status: Record<string, number> };
  /** `assessed`: candidates with a score; `average_score` over them. */
  candidates: {
    total: number;
    by_status: Record<string, number>;
    /** For each job with candidates (in the range), its candidates by status. */
    by_job: Record<string, Record<string, number>>;
    assessed: number;
    average_score: number | null;
  };
  /** Assessments made (one per job, or on request); not a count of candidates. */
  assessments: { generated: number };
  funnel: { status: string; count: number }[];
  filters: { job_id: string | null; from: string | null; to: string | null };
}

export interface Webhook {
  id: string;
  url: string;
  events: EventKind[];
  status: 'active';
  created_at: string;
  updated_at: string;
}

/** What `webhooks.add` resolves to: the webhook, and the signing secret it was registered with (the API never shows it again). */
export interface NewWebhook extends Webhook {
  secret: string;
}

export interface DeliveryAttempt {
  number: number;
  at: string;
  duration_ms: number;
  response_status: number | null;
  /** The start of the receiver's answer, as text. */
  response_body: string | null;
  error: string | null;
  success: boolean;
  /** Made by a resend, not by the retry schedule. */
  resend?: boolean;
}

/** An event's delivery to one webhook, with every attempt. */
export interface Delivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: EventKind;
  url: string;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  /** The next attempt is a resend. */
  resend?: boolean;
}

/** `assessment.completed`'s data. */
export interface AssessmentCompleted {
  candidate_id: string;
  job_id: string;
  assessment_id: string | null;
  score: number;
}

/** `candidate.statusChanged`'s data: the candidate, and where it was. */
export interface CandidateStatusChanged extends Candidate {
  previous_status: CandidateStatus;
}

/** What each kind of event carries in `data`. */
export interface EventData {
  'job.created': Job;
  'assessment.generated': Assessment;
  'application.received': Candidate;
  'application.created': Candidate;
  'assessment.completed': AssessmentCompleted;
  'candidate.statusChanged': CandidateStatusChanged;
  'interview.scheduled': Candidate;
  'offer.extended': Candidate;
}

/** An event of the log; `type` tells what `data` holds. */
export type Event = {
  [K in EventKind]: { id: string; type: K; created_at: string; job_id: string | null; data: EventData[K] };
}[EventKind];

/** An event with each webhook it went to, and every attempt (`events.get`). */
export type EventWithDeliveries = Event & { deliveries: Delivery[] };

/** What `events.resend` resolves to: the deliveries queued. */
export interface Resend {
  event_id: string;
  deliveries: Delivery[];
}

/** POST /jobs: checked here as the CLI checks it (a ValidationError, exit 2, names each field). */
export interface JobInput {
  title: string;
  department?: string;
  /** At least 100 characters. */
  description: string;
  requirements?: string[];
  skills?: string[];
  location?: JobLocation;
  experience_level?: ExperienceLevel;
  employment_type?: EmploymentType;
  salary?: JobSalary;
  assessment_config?: AssessmentConfig;
  /** Create it active rather than draft. */
  publish?: boolean;
}

/** PATCH /jobs/ID: only the fields given; `null` clears an optional one. */
export type JobPatch = {
  [K in keyof Omit<JobInput, 'publish'>]?: K extends 'location' ? Partial<JobLocation> | null : JobInput[K] | null;
} & { status?: JobStatus };

/** POST /assessments: for a job (`job_id`), or from a title and skills. */
export interface AssessmentInput {
  job_id?: string;
  title?: string;
  skills?: string[];
  question_count?: number;
  time_limit?: number;
  question_types?: QuestionType[];
  proctoring?: boolean;
  /** Fields the API may take beyond these are sent as given. */
  [field: string]: unknown;
}

export interface WebhookInput {
  /** https (http only for 127.0.0.1 or localhost). */
  url: string;
  events: EventKind[];
  /** At least 16 characters; a new `whsec_…` secret when left out. */
  secret?: string;
}

/** One value, or several (sent comma-separated: any of them). */
export type OneOrMore<T> = T | readonly T[];

/**
 * The paging every list takes: checked before anything is sent, as the CLI checks --page,
 * --per-page and --sort. `sort`: field names, `-` for descending (`-created_at,title`).
 */
export interface PageQuery {
  /** From 1. */
  page?: number;
  /** 1–100 (the API's default is 20). */
  per_page?: number;
  sort?: string;
}

export interface JobQuery extends PageQuery {
  status?: OneOrMore<JobStatus>;
}

export interface CandidateQuery extends PageQuery {
  status?: OneOrMore<CandidateStatus>;
  job_id?: string;
  /** 0–100. */
  score_min?: number;
}

export interface AssessmentQuery extends PageQuery {
  job_id?: string;
}

export type WebhookQuery = PageQuery;

export interface EventQuery extends PageQuery {
  type?: OneOrMore<EventKind>;
  job_id?: string;
  /** An ISO date or time (`2026-11-24`, `2026-11-24T09:00:00Z`): events at or after it. */
  created_after?: string;
  /** An ISO date or time: events before it. */
  created_before?: string;
}

export interface DeliveryQuery extends PageQuery {
  state?: OneOrMore<DeliveryState>;
}

export interface AnalyticsQuery {
  job_id?: string;
  /** An ISO date or time (`2026-11-01`). */
  from?: string;
  /** An ISO date or time; a bare date means the end of that day. */
  to?: string;
}

export interface WriteOptions {
  /** Sent as Idempotency-Key (one is made when left out); the same key and body answer with what the first made. */
  idempotencyKey?: string;
}

/**
 * What `signal` needs of an `AbortSignal` (Node's or the DOM's), written out so that these
 * declarations need neither Node's nor the DOM's types.
 */
export interface BulkSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Bulk work (`jobs.createMany`, `candidates.moveMany`), run as the CLI runs it (src/services/bulk.ts). */
export interface BulkOptions {
  /** Items in flight at once after the first, which goes alone (1 to 100); 4 by default. */
  concurrency?: number;
  /** Aborted: no further item is sent, and those in flight get 5 seconds to be answered, then are dropped. */
  signal?: BulkSignal;
  /** After each item sent: how many are done, of how many. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * What became of one candidate of `candidates.moveMany`: `not_attempted` after the key was refused
 * outright (401, 403) for another, `not_sent` after an abort or the rate limit's maxWaitMs.
 */
export interface MovedCandidate {
  id: string;
  outcome: 'moved' | 'already' | 'refused' | 'not_found' | 'failed' | 'not_sent' | 'not_attempted';
  /** The candidate's status after, when known. */
  status: string | null;
  /** Why it did not move, and the step to take. */
  note: string | null;
  /** The candidate as moved (or found there already). */
  candidate?: Candidate;
}

/** What became of one input of `jobs.createMany`, in the inputs' order. */
export interface CreatedJob {
  /** The input's place in the array (0-based). */
  index: number;
  /** `existing`: made before with the same content (its Idempotency-Key); `interrupted`: it may have been made. */
  status: 'created' | 'existing' | 'failed' | 'not_sent' | 'not_attempted' | 'interrupted';
  id: string | null;
  title: string | null;
  error: string | null;
}
