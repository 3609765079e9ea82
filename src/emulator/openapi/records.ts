// The records the API answers with, as schemas for the OpenAPI description (docs/api-choices.md §2,
// §9): the emulator builds its records as TypeScript types, and tsc checks below that each schema
// infers exactly its type, so that the description cannot drift from what is served. Strict objects:
// a field the emulator serves and the description does not name fails the description's test.
// Loaded only when /openapi.json is first asked for.
import * as z from 'zod/mini';
import type { Candidate } from '../../domain/candidate.js';
import type { Job } from '../../domain/job.js';
import type { Analytics } from '../../domain/analytics.js';
import {
  CANDIDATE_STATUSES,
  DELIVERY_STATES,
  EMPLOYMENT_TYPES,
  EVENT_KINDS,
  EXPERIENCE_LEVELS,
  type EventKind,
  JOB_STATUSES,
  LOCATION_TYPES,
  QUESTION_COUNT,
  QUESTION_TYPES,
  SALARY_PERIODS,
  TIME_LIMIT_SECONDS,
} from '../../domain/vocabulary.js';
import type { Assessment } from '../platform/question-bank.js';
import type { Attempt, Delivery, StoredEvent } from '../platform/event-records.js';
import type { Webhook } from '../platform/webhooks.js';

const time = () => z.iso.datetime();
const count = () => z.int().check(z.minimum(0));
const counts = () => z.record(z.string(), count());

const Location = z.strictObject({
  type: z.enum(LOCATION_TYPES),
  city: z.optional(z.string()),
  state: z.optional(z.string()),
  country: z.optional(z.string()),
});

const Salary = z.strictObject({
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  currency: z.optional(z.string()),
  period: z.optional(z.enum(SALARY_PERIODS)),
});

const AssessmentConfig = z.strictObject({
  auto_generate: z.optional(z.boolean()),
  question_count: z.optional(z.int().check(z.minimum(QUESTION_COUNT.min), z.maximum(QUESTION_COUNT.max))),
  time_limit: z.optional(z.int().check(z.minimum(TIME_LIMIT_SECONDS.min), z.maximum(TIME_LIMIT_SECONDS.max))),
  proctoring: z.optional(z.boolean()),
  question_types: z.optional(z.array(z.enum(QUESTION_TYPES))),
});

const JobRecord = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  department: z.optional(z.string()),
  location: z.optional(Location),
  description: z.string(),
  requirements: z.optional(z.array(z.string())),
  skills: z.optional(z.array(z.string())),
  experience_level: z.optional(z.enum(EXPERIENCE_LEVELS)),
  employment_type: z.optional(z.enum(EMPLOYMENT_TYPES)),
  salary: z.optional(Salary),
  assessment_config: z.optional(AssessmentConfig),
  assessment_id: z.nullable(z.string()),
  application_url: z.string(),
  candidate_count: count(),
  created_at: time(),
  updated_at: time(),
});

const CandidateRecord = z.strictObject({
  id: z.string(),
  job_id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  score: z.nullable(z.number().check(z.minimum(0), z.maximum(100))),
  note: z.nullable(z.string()),
  applied_at: time(),
  created_at: time(),
  updated_at: time(),
});

const Question = z.strictObject({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  prompt: z.string(),
  options: z.optional(z.array(z.string())),
  answer_index: z.optional(z.int()),
  items: z.optional(z.array(z.string())),
  rubric: z.optional(z.array(z.string())),
});

const AssessmentRecord = z.strictObject({
  id: z.string(),
  job_id: z.nullable(z.string()),
  status: z.enum(['ready', 'draft']),
  question_count: z.int(),
  time_limit: z.int(),
  proctoring: z.boolean(),
  question_types: z.array(z.enum(QUESTION_TYPES)),
  questions: z.array(Question),
  created_at: time(),
  updated_at: time(),
});

const AnalyticsRecord = z.strictObject({
  jobs: z.strictObject({ total: count(), by_status: counts() }),
  candidates: z.strictObject({
    total: count(),
    by_status: counts(),
    by_job: z.record(z.string(), counts()),
    assessed: count(),
    average_score: z.nullable(z.number()),
  }),
  assessments: z.strictObject({ generated: count() }),
  funnel: z.array(z.strictObject({ status: z.string(), count: count() })),
  filters: z.strictObject({
    job_id: z.nullable(z.string()),
    from: z.nullable(z.string()),
    to: z.nullable(z.string()),
  }),
});

const WebhookRecord = z.strictObject({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(EVENT_KINDS)),
  status: z.literal('active'),
  created_at: time(),
  updated_at: time(),
});

const AttemptRecord = z.strictObject({
  number: z.int().check(z.minimum(1)),
  at: time(),
  duration_ms: z.number(),
  response_status: z.nullable(z.int()),
  response_body: z.nullable(z.string()),
  error: z.nullable(z.string()),
  success: z.boolean(),
  resend: z.optional(z.boolean()),
});

const DeliveryRecord = z.strictObject({
  id: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  event_type: z.enum(EVENT_KINDS),
  url: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.array(AttemptRecord),
  next_attempt_at: z.nullable(time()),
  created_at: time(),
  updated_at: time(),
  resend: z.optional(z.boolean()),
});

const eventFields = {
  id: z.string(),
  type: z.enum(EVENT_KINDS),
  created_at: time(),
  job_id: z.nullable(z.string()),
  /** The record the event is about (docs/api-choices.md §9; each kind's shape is under `webhooks`). */
  data: z.unknown(),
};
const EventRecord = z.strictObject(eventFields);
const EventWithDeliveries = z.strictObject({ ...eventFields, deliveries: z.array(DeliveryRecord) });
const Resend = z.strictObject({ event_id: z.string(), deliveries: z.array(DeliveryRecord) });

/** `assessment.completed`'s data (docs/api-choices.md §9). */
const AssessmentCompleted = z.strictObject({
  candidate_id: z.string(),
  job_id: z.string(),
  assessment_id: z.nullable(z.string()),
  score: z.number().check(z.minimum(0), z.maximum(100)),
});
/** `candidate.statusChanged`'s data: the candidate, and where it was. */
const CandidateStatusChanged = z.strictObject({
  ...CandidateRecord.shape,
  previous_status: z.enum(CANDIDATE_STATUSES),
});

/** What each kind of event carries in `data` (docs/api-choices.md §9). */
export const EVENT_DATA: Record<EventKind, keyof typeof RECORDS> = {
  'job.created': 'Job',
  'assessment.generated': 'Assessment',
  'application.received': 'Candidate',
  'application.created': 'Candidate',
  'assessment.completed': 'AssessmentCompleted',
  'candidate.statusChanged': 'CandidateStatusChanged',
  'interview.scheduled': 'Candidate',
  'offer.extended': 'Candidate',
};

const requestId = { request_id: z.string() };
const pagination = { current_page: count(), per_page: count(), total_pages: count(), total_count: count() };

/** `meta` of each kind of answer: every one has request_id; a list its page; a create that generated an assessment, how long it took. */
export const METAS = {
  Meta: z.strictObject(requestId),
  ListMeta: z.strictObject({ ...requestId, ...pagination }),
  GenerationMeta: z.strictObject({ ...requestId, assessment_generation_time: z.number().check(z.minimum(0)) }),
} as const;

/** The spec's error envelope (spec "Errors"; `status` in 401 and 403, `retry_after` beside a 429's error). */
export const ErrorEnvelope = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.record(z.string(), z.string())),
    status: z.optional(z.int()),
  }),
  meta: z.strictObject(requestId),
  retry_after: z.optional(z.int().check(z.minimum(0))),
});

/** The records by their name in the description's components. */
export const RECORDS = {
  Job: JobRecord,
  Candidate: CandidateRecord,
  Assessment: AssessmentRecord,
  Analytics: AnalyticsRecord,
  Webhook: WebhookRecord,
  Delivery: DeliveryRecord,
  Event: EventRecord,
  EventWithDeliveries,
  Resend,
  AssessmentCompleted,
  CandidateStatusChanged,
} as const;

/** Spec "Common fields": `id`, `created_at`, `updated_at` and `status` of every resource. */
export const COMMON_FIELDS: readonly string[] = ['id', 'created_at', 'updated_at', 'status'];

/**
 * What is no resource and whose shape the spec never shows (analytics, the payloads of events, a
 * resend's answer): assumed whole (docs/api-choices.md §2, §9).
 */
export const ASSUMED_RECORDS: readonly (keyof typeof RECORDS)[] = [
  'Analytics',
  'Resend',
  'AssessmentCompleted',
  'CandidateStatusChanged',
];

/**
 * The fields of a resource the spec shows beside the common ones ("Job (as returned by create)";
 * "Candidate" shows only `status`, a common field); the others are assumed (docs/api-choices.md §2)
 * and marked `x-assumed`.
 */
export const PUBLISHED_FIELDS: Partial<Record<keyof typeof RECORDS, readonly string[]>> = {
  Job: ['title', 'assessment_id', 'application_url', 'department', 'location', 'candidate_count'],
};

// The schemas infer exactly the records the emulator serves: tsc fails here when either changes alone.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agree<T extends { [K in keyof T]: true }> = T;
export type RecordsAgree = Agree<{
  job: Same<z.infer<typeof JobRecord>, Job>;
  candidate: Same<z.infer<typeof CandidateRecord>, Candidate>;
  assessment: Same<z.infer<typeof AssessmentRecord>, Assessment>;
  analytics: Same<z.infer<typeof AnalyticsRecord>, Analytics>;
  webhook: Same<z.infer<typeof WebhookRecord>, Webhook>;
  attempt: Same<z.infer<typeof AttemptRecord>, Attempt>;
  delivery: Same<z.infer<typeof DeliveryRecord>, Omit<Delivery, 'body'>>;
  event: Same<Omit<z.infer<typeof EventRecord>, 'data'>, Omit<StoredEvent, 'data'>>;
}>;
