// The emulator's platform layer, called as trigger, simulate and the pages call it: no HTTP, a
// store and an event bus in a temp dir, typed input, and typed errors for what is refused.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateJobInput, type JobInput } from '../../src/domain/job-schema.js';
import { takesApplications } from '../../src/domain/job-status.js';
import { JOB_STATUSES } from '../../src/domain/vocabulary.js';
import { EventBus } from '../../src/emulator/platform/event-bus.js';
import type { StoredEvent } from '../../src/emulator/platform/event-records.js';
import { applyToJob } from '../../src/emulator/platform/applications.js';
import { createAssessment } from '../../src/emulator/platform/assessment-writes.js';
import { moveCandidate } from '../../src/emulator/platform/candidates.js';
import type { PlatformContext } from '../../src/emulator/platform/context.js';
import { PlatformError } from '../../src/emulator/platform/errors.js';
import { deleteJob, findJob } from '../../src/emulator/platform/jobs.js';
import { createJob, transitionJob, updateJob } from '../../src/emulator/platform/job-writes.js';
import { simulateApplications } from '../../src/emulator/platform/simulate.js';
import { trigger } from '../../src/emulator/platform/trigger.js';
import { registerWebhook, removeWebhook } from '../../src/emulator/platform/webhooks.js';
import { Store } from '../../src/emulator/storage/store.js';
import { sandbox } from '../helpers/env.js';

async function platform(): Promise<PlatformContext & { types(): string[] }> {
  const store = Store.open(join((await sandbox()).root, 'data'));
  const now = () => new Date('2026-11-20T09:00:00Z');
  const events = new EventBus(store, { now });
  const types = () => store.all<StoredEvent>('events').map((event) => event.type);
  return { store, events, now, publicUrl: 'http://emulator.test', environment: 'production', types };
}

function jobInput(extra: Record<string, unknown> = {}): JobInput {
  const result = validateJobInput({
    title: 'Platform Engineer',
    department: 'Engineering',
    location: { type: 'hybrid', city: 'Berlin', state: 'BE', country: 'DE' },
    description:
      'Run the services behind the platform: the APIs, the queues behind them, and the data they keep, from design to production.',
    skills: ['Go'],
    ...extra,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

/** What the call threw: a PlatformError of some kind, with its message. */
function refusal(call: () => unknown): { kind: string; message: string; details?: unknown } {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    const { kind, message, details } = error as PlatformError;
    return details === undefined ? { kind, message } : { kind, message, details };
  }
  throw new Error('expected a PlatformError');
}

describe('the platform layer, without HTTP', () => {
  it('creates a job with its assessment and events; updates it by merge patch; moves it; refuses what the contract refuses', async () => {
    const ctx = await platform();
    const { job } = createJob(ctx, jobInput());
    expect(job).toMatchObject({
      status: 'draft',
      application_url: `http://emulator.test/apply/${job.id}`,
      candidate_count: 0,
    });
    expect(ctx.store.get('assessments', job.assessment_id!)).toMatchObject({ job_id: job.id });
    expect(ctx.types()).toEqual(['job.created', 'assessment.generated']);

    // Nested objects merge, null removes.
    const updated = updateJob(ctx, job.id, { location: { city: 'Hamburg' }, department: null });
    expect(updated.location).toEqual({ type: 'hybrid', city: 'Hamburg', state: 'BE', country: 'DE' });
    expect(updated).not.toHaveProperty('department');
    expect(findJob(ctx, job.id)).toEqual(updated);

    expect(transitionJob(ctx, job.id, 'active').status).toBe('active');
    expect(refusal(() => transitionJob(ctx, job.id, 'active'))).toEqual({
      kind: 'conflict',
      message: `Job ${job.id} is already active.`,
    });
    expect(refusal(() => transitionJob(ctx, job.id, 'draft'))).toEqual({
      kind: 'conflict',
      message: `Job ${job.id} is active; it cannot become draft.`,
    });
    expect(refusal(() => updateJob(ctx, 'job_missing', { title: 'x' }))).toEqual({
      kind: 'not_found',
      message: 'No job with id job_missing.',
    });
    // A patch that leaves no valid job is refused whole: nothing of it is stored.
    const before = findJob(ctx, job.id);
    expect(refusal(() => updateJob(ctx, job.id, { title: null } as never)).kind).toBe('invalid');
    expect(findJob(ctx, job.id)).toEqual(before);
  });

  it('applies (one candidate per address, with its events), moves the candidate, and deletes the job with all that hangs off it', async () => {
    const ctx = await platform();
    const { job } = createJob(ctx, jobInput({ publish: true }));
    const form = { name: 'Ada Lovelace', email: 'ada@example.com', note: '' };
    const applied = applyToJob(ctx, job.id, form);
    if (applied.kind !== 'applied') throw new Error(applied.kind);
    expect(applied.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(findJob(ctx, job.id).candidate_count).toBe(1);
    // The same address again (any case) is answered as applied, with a session of its own, but makes no candidate.
    const repeat = applyToJob(ctx, job.id, { ...form, email: ' ADA@example.com ' });
    expect(repeat).toMatchObject({
      kind: 'applied',
      candidate: undefined,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
    });
    expect(findJob(ctx, job.id).candidate_count).toBe(1);
    expect(applyToJob(ctx, 'job_missing', form).kind).toBe('gone');
    expect(ctx.store.count('candidates')).toBe(1);

    const moved = moveCandidate(ctx, applied.candidate!.id, 'screening');
    expect(moved.status).toBe('screening');
    expect(refusal(() => moveCandidate(ctx, moved.id, 'offer')).kind).toBe('conflict');
    expect(ctx.types()).toEqual([
      'job.created',
      'assessment.generated',
      'application.received',
      'application.created',
      'candidate.statusChanged',
    ]);

    createAssessment(ctx, { jobId: job.id, settings: { question_count: 3 } });
    expect(ctx.types().at(-1)).toBe('assessment.generated');
    expect(ctx.store.count('assessments')).toBe(2);

    deleteJob(ctx, job.id);
    for (const name of ['jobs', 'candidates', 'assessments', 'applications'] as const)
      expect([name, ctx.store.count(name)]).toEqual([name, 0]);
    expect(refusal(() => deleteJob(ctx, job.id)).kind).toBe('not_found');
    // Closed to applications once no longer active.
    const { job: draft } = createJob(ctx, jobInput());
    expect(applyToJob(ctx, draft.id, form).kind).toBe('not_open');
  });

  it('registers a webhook (its secret kept for signing) and removes it', async () => {
    const ctx = await platform();
    const webhook = registerWebhook(ctx, {
      url: 'http://127.0.0.1:9/hook',
      events: ['job.created'],
      secret: 'whsec_0123456789abcdef',
    });
    expect(ctx.store.get('webhooks', webhook.id)).toMatchObject({ status: 'active', secret: 'whsec_0123456789abcdef' });
    removeWebhook(ctx, webhook.id);
    expect(ctx.store.count('webhooks')).toBe(0);
    expect(refusal(() => removeWebhook(ctx, webhook.id))).toEqual({
      kind: 'not_found',
      message: `No webhook with id ${webhook.id}.`,
    });
  });
});

// Decisions a change could break with only the slow integration tests noticing: each is asked here
// of the platform layer itself.
describe('the platform layer guards its decisions', () => {
  it('a move to offer emits offer.extended with the candidate, after candidate.statusChanged; no other move does', async () => {
    const ctx = await platform();
    const { job } = createJob(ctx, jobInput({ publish: true }));
    const applied = applyToJob(ctx, job.id, { name: 'Grace Hopper', email: 'grace@example.com', note: '' });
    if (applied.kind !== 'applied' || !applied.candidate) throw new Error(applied.kind);
    const id = applied.candidate.id;
    const before = ctx.types().length;
    for (const status of ['screening', 'review', 'interview'] as const) moveCandidate(ctx, id, status);
    expect(ctx.types().slice(before)).not.toContain('offer.extended');
    const offered = moveCandidate(ctx, id, 'offer');
    const events = ctx.store.all<StoredEvent>('events');
    expect(events.slice(-2).map((event) => event.type)).toEqual(['candidate.statusChanged', 'offer.extended']);
    expect(events.at(-1)!.data).toMatchObject({ id, status: 'offer', job_id: job.id });
    expect(offered.status).toBe('offer');
    // Back to interview and on to offer again: extended again; on to hired: not.
    moveCandidate(ctx, id, 'interview');
    moveCandidate(ctx, id, 'offer');
    moveCandidate(ctx, id, 'hired');
    expect(ctx.types().filter((type) => type === 'offer.extended')).toHaveLength(2);
  });

  it('a job takes applications only while active: the page, simulate and trigger all refuse any other status', async () => {
    expect(JOB_STATUSES.filter((status) => takesApplications({ status }))).toEqual(['active']);
    const ctx = await platform();
    const form = { name: 'Ada Lovelace', email: 'ada@example.com', note: '' };
    const draft = createJob(ctx, jobInput()).job;
    const paused = createJob(ctx, jobInput({ publish: true })).job;
    transitionJob(ctx, paused.id, 'paused');
    const closed = createJob(ctx, jobInput({ publish: true })).job;
    transitionJob(ctx, closed.id, 'closed');
    for (const job of [draft, paused, closed]) {
      const status = findJob(ctx, job.id).status;
      expect([status, applyToJob(ctx, job.id, form).kind]).toEqual([status, 'not_open']);
      const refused = `Job ${job.id} is ${status}; only active jobs take applications (hire jobs publish ${job.id}).`;
      const options = { applications: 2, seed: 1, completeAssessments: false, advance: false };
      expect(refusal(() => simulateApplications(ctx, job.id, options))).toEqual({ kind: 'conflict', message: refused });
      expect(refusal(() => trigger(ctx, { type: 'application.received', jobId: job.id, overrides: {} }))).toEqual({
        kind: 'conflict',
        message: refused,
      });
    }
    // Nothing of the refused ones was made.
    expect(ctx.store.count('candidates')).toBe(0);
    expect(ctx.types()).not.toContain('application.received');
    // The same calls on an active job do make candidates.
    const open = createJob(ctx, jobInput({ publish: true })).job;
    expect(applyToJob(ctx, open.id, form).kind).toBe('applied');
    expect(
      simulateApplications(ctx, open.id, { applications: 2, seed: 1, completeAssessments: false, advance: false })
        .created,
    ).toBe(2);
    expect(trigger(ctx, { type: 'application.received', jobId: open.id, overrides: {} }).type).toBe(
      'application.received',
    );
    expect(ctx.store.count('candidates')).toBe(4);
  });
});
