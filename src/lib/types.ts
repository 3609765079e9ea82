// The library's public types, written out here (not inferred from the zod schemas) so that the
// shipped declarations need nothing but this package.
import type { CandidateStatus, EventKind, JobStatus } from '../domain/vocabulary.js';

/** A record as the API sent it (a job, a candidate, a webhook, an event…): its id, and its fields as sent. */
export interface ApiRecord {
  id: string;
  [field: string]: unknown;
}

export type { CandidateStatus, EventKind, JobStatus };

export interface JobLocation {
  type?: 'remote' | 'hybrid' | 'onsite';
  city?: string;
  country?: string;
  [field: string]: unknown;
}

export interface JobSalary {
  min?: number;
  max?: number;
  currency?: string;
  period?: 'hourly' | 'monthly' | 'yearly';
  [field: string]: unknown;
}

/** POST /jobs: checked here as the CLI checks it (a ValidationError, exit 2, names each field). */
export interface JobInput {
  title: string;
  /** At least 100 characters. */
  description: string;
  skills?: string[];
  location?: JobLocation;
  experience_level?: 'entry' | 'mid' | 'senior' | 'lead' | 'executive';
  employment_type?: 'full_time' | 'part_time' | 'contract' | 'internship';
  salary?: JobSalary;
  assessment_config?: Record<string, unknown>;
  /** Create it active rather than draft. */
  publish?: boolean;
}

/** PATCH /jobs/ID: only the fields given; `null` clears an optional one. */
export type JobPatch = { [K in keyof Omit<JobInput, 'publish'>]?: JobInput[K] | null } & { status?: JobStatus };

export interface WebhookInput {
  /** https (http only for 127.0.0.1 or localhost). */
  url: string;
  events: EventKind[];
  /** At least 16 characters; a new `whsec_…` secret when left out. */
  secret?: string;
}

/** Query values as the list endpoints take them (`status`, `job_id`, `score_min`, `sort`, `page`, `per_page`…). */
export type Query = Readonly<Record<string, string | number | boolean | undefined | readonly string[]>>;

export interface JobQuery extends Query {
  status?: JobStatus;
}
export interface CandidateQuery extends Query {
  status?: CandidateStatus;
  job_id?: string;
  score_min?: number;
}
export interface AnalyticsQuery {
  job_id?: string;
  from?: string;
  to?: string;
}

export interface WriteOptions {
  /** Sent as Idempotency-Key (one is made when left out); the same key and body answer with what the first made. */
  idempotencyKey?: string;
}
