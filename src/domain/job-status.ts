// The job's status and its moves (docs/api-choices.md §3), apart from the job input's schema
// (domain/job.ts): the commands that move a job, and the emulator's platform, need these rules and
// not zod's schemas, which take milliseconds to build as their module loads.
import { type JobStatus } from './vocabulary.js';

/**
 * The job state machine (docs/api-choices.md §3), written once: each verb, where it starts from and where it
 * leads. PATCH {status} may make any of these moves; anything else is a 409 conflict.
 */
export const JOB_VERBS = {
  publish: { from: ['draft'], to: 'active' },
  pause: { from: ['active'], to: 'paused' },
  close: { from: ['draft', 'active', 'paused'], to: 'closed' },
  reopen: { from: ['paused', 'closed'], to: 'active' },
} as const satisfies Record<string, { from: readonly JobStatus[]; to: JobStatus }>;
export type JobVerb = keyof typeof JOB_VERBS;

/** For each status, the statuses a job may move to it from. */
export const JOB_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = (() => {
  const sources: Record<JobStatus, JobStatus[]> = { draft: [], active: [], paused: [], closed: [] };
  for (const { from, to } of Object.values(JOB_VERBS))
    for (const status of from) if (!sources[to].includes(status)) sources[to].push(status);
  return sources;
})();

/**
 * Spec "Job status": a job takes applications only while it is active (a draft was never
 * published; a paused or closed one takes none). The platform's jobs and applications and the
 * public application page all ask this one function.
 */
export function takesApplications(job: { status: JobStatus }): boolean {
  return job.status === 'active';
}

/** The verb whose move starts from `status` (the one to suggest instead), close aside. */
export function verbFrom(status: string): JobVerb | undefined {
  return (Object.keys(JOB_VERBS) as JobVerb[]).find(
    (verb) => verb !== 'close' && (JOB_VERBS[verb].from as readonly string[]).includes(status),
  );
}

export function canMoveJob(from: JobStatus, to: JobStatus): boolean {
  return JOB_TRANSITIONS[to].includes(from);
}
