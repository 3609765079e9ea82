// `hire trigger KIND` (docs/emulator.md "Webhooks and events"): the smallest realistic set of
// records that produces an event of the kind, made through the same code paths as the API, the
// application page and simulate, so that every event they emit on the way is the real one. The
// payload of the triggered event may be changed by overrides (`data` paths), to try a receiver
// on values the records would not have.
import type { Job } from '../../domain/job.js';
import { validateJobInput } from '../../domain/job-schema.js';
import { dictionary } from '../../domain/merge.js';
import { EVENT_KINDS, type EventKind } from '../../domain/vocabulary.js';
import type { StoredEvent } from './event-records.js';
import { addToCandidateCount, completeAssessment, createApplication } from './applications.js';
import { createAssessment } from './assessment-writes.js';
import { stepCandidate } from './candidates.js';
import type { PlatformContext } from './context.js';
import { invalid } from './errors.js';
import { createJob } from './job-writes.js';
import { findJob, requireOpenJob } from './jobs.js';
import { transaction } from '../storage/transaction.js';

/** The job a trigger makes when none is given: a plain, valid posting, named for where it came from. */
const TRIGGER_JOB = {
  title: 'Backend Engineer (hire trigger)',
  department: 'Engineering',
  location: { type: 'remote', country: 'DE' },
  description:
    'Build and run the services behind the hiring platform. This job was made by `hire trigger` to produce an event.',
  skills: ['TypeScript', 'Node.js'],
  experience_level: 'mid',
  employment_type: 'full_time',
};

const APPLICANTS = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Barbara Liskov',
  'Radia Perlman',
  'Margaret Hamilton',
  'Ken Thompson',
  'Hedy Lamarr',
];

/** An override's path below `data`: names of letters, digits and `_`, joined by dots. */
const OVERRIDE_PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
const FORBIDDEN_NAMES = new Set(['__proto__', 'prototype', 'constructor']);
export const MAX_OVERRIDES = 50;
/** The deepest an override reaches below `data` (the API's own records nest 3 levels). */
export const MAX_OVERRIDE_DEPTH = 8;

export interface TriggerRequest {
  type: EventKind;
  jobId: string | undefined;
  /** `data` path → the value it takes in the triggered event's payload. */
  overrides: Record<string, unknown>;
}

export interface TriggerResult {
  type: EventKind;
  /** The triggered event: the last of its kind emitted. */
  event_id: string;
  /** Every event the records made produced, in order (the triggered one among them). */
  events: StoredEvent[];
}

/** The request body, checked: `{type, job_id?, overrides?}`. */
export function triggerRequest(body: unknown): TriggerRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid({ body: 'must be an object' });
  const input = body as Record<string, unknown>;
  const errors: Record<string, string> = dictionary();
  for (const name of Object.keys(input))
    if (!['type', 'job_id', 'overrides'].includes(name)) errors[name] = 'is not a known field';
  const type = input.type;
  if (!(EVENT_KINDS as readonly unknown[]).includes(type)) errors.type = `must be one of: ${EVENT_KINDS.join(', ')}`;
  const jobId = input.job_id;
  if (jobId !== undefined && (typeof jobId !== 'string' || jobId === '')) errors.job_id = 'must be a job id';
  if (jobId !== undefined && type === 'job.created')
    errors.job_id = 'does not go with job.created, which makes a job of its own';
  const overrides = input.overrides ?? {};
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides))
    errors.overrides = 'must be an object of data paths and values';
  else {
    const paths = Object.keys(overrides);
    if (paths.length > MAX_OVERRIDES) errors.overrides = `must have at most ${MAX_OVERRIDES} paths`;
    for (const path of paths) {
      const names = path.split('.');
      if (path.length > 200 || names.length > MAX_OVERRIDE_DEPTH)
        errors[`overrides.${path.slice(0, 60)}`] = `must name at most ${MAX_OVERRIDE_DEPTH} levels`;
      else if (!OVERRIDE_PATH.test(path) || names.some((name) => FORBIDDEN_NAMES.has(name))) {
        errors[`overrides.${path}`] =
          'is not a data path (names of letters, digits and _ joined by dots, such as location.city)';
      }
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return {
    type: type as EventKind,
    jobId: jobId as string | undefined,
    overrides: overrides as Record<string, unknown>,
  };
}

/** Makes the records and emits the events, in one write transaction. */
export function trigger(ctx: PlatformContext, request: TriggerRequest): TriggerResult {
  const { type, jobId, overrides } = request;
  let shaped = false;
  const shape = (kind: EventKind, data: unknown): unknown => {
    if (kind !== type || shaped || Object.keys(overrides).length === 0) return data;
    shaped = true;
    return withOverrides(data, overrides);
  };
  const { events } = transaction(ctx, 'write', () => ctx.events.collect(() => produce(ctx, type, jobId), shape));
  const triggered = events.filter((event) => event.type === type).at(-1);
  // Every path of produce() emits its kind; this would be a fault of the emulator itself.
  if (!triggered) throw new Error(`trigger made no ${type} event`);
  return { type, event_id: triggered.id, events };
}

function produce(ctx: PlatformContext, type: EventKind, jobId: string | undefined): void {
  if (type === 'job.created') {
    newJob(ctx, false);
    return;
  }
  if (type === 'assessment.generated') {
    // A new job brings its assessment; a job given gets a new one.
    if (jobId === undefined) newJob(ctx, false);
    else createAssessment(ctx, { jobId });
    return;
  }
  const job = jobId === undefined ? newJob(ctx, true) : findJob(ctx, jobId);
  requireOpenJob(job);
  const name = APPLICANTS[Math.floor(Math.random() * APPLICANTS.length)]!;
  let candidate = createApplication(ctx, job, {
    name,
    email: `${name.toLowerCase().replace(' ', '.')}.${Date.now().toString(36)}@example.com`,
  });
  addToCandidateCount(ctx, job, 1);
  if (type === 'application.received' || type === 'application.created') return;
  if (type === 'candidate.statusChanged') {
    stepCandidate(ctx, candidate, 'screening');
    return;
  }
  candidate = completeAssessment(ctx, job, candidate, 60 + Math.floor(Math.random() * 40));
  if (type === 'assessment.completed') return;
  candidate = stepCandidate(ctx, candidate, 'interview');
  if (type === 'interview.scheduled') return;
  stepCandidate(ctx, candidate, 'offer');
}

function newJob(ctx: PlatformContext, publish: boolean): Job {
  const valid = validateJobInput({ ...TRIGGER_JOB, publish });
  if (!valid.ok) throw new Error('the trigger job is not valid');
  return createJob(ctx, valid.value).job;
}

/**
 * A copy of the data with each path set to its value: a number names an item of an array already
 * there (`skills.0`, `skills.2` appends); objects are made on the way as needed.
 */
function withOverrides(data: unknown, overrides: Record<string, unknown>): unknown {
  const copy = structuredClone(data ?? {}) as Record<string, unknown>;
  for (const [path, value] of Object.entries(overrides)) {
    const names = path.split('.');
    let at: Record<string, unknown> | unknown[] = copy;
    for (const [index, name] of names.entries()) {
      const last = index === names.length - 1;
      if (Array.isArray(at) && /^\d+$/.test(name) && Number(name) <= at.length) {
        const item = Number(name);
        if (last) at[item] = value;
        else {
          if (!isContainer(at[item])) at[item] = dictionary();
          at = at[item] as Record<string, unknown> | unknown[];
        }
        continue;
      }
      if (Array.isArray(at)) {
        const list = names.slice(0, index).join('.');
        throw invalid({
          [`overrides.${path}`]: `${list} is a list of ${at.length}: name an item by its number, 0 to ${at.length}`,
        });
      }
      const object = at;
      if (last) object[name] = value;
      else {
        if (!isContainer(Object.hasOwn(object, name) ? object[name] : undefined)) object[name] = dictionary();
        at = object[name] as Record<string, unknown> | unknown[];
      }
    }
  }
  return copy;
}

const isContainer = (value: unknown): value is object => value !== null && typeof value === 'object';
