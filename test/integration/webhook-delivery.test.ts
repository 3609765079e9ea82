// Webhook delivery from the emulator (docs/api-choices.md §8, §9), over real HTTP on
// loopback: small node:http receivers record every request and answer as each test scripts, and
// every delivery is checked with the independent `standardwebhooks` library.
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { gate, receiver, verified, whsecSecret, type Received } from '../helpers/receiver.js';
// env first: its hooks (removing the dirs) must run after the emulator helper's (closing them).
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import type { Candidate } from '../../src/domain/candidate.js';
import { EVENT_KINDS, type EventKind } from '../../src/domain/vocabulary.js';
import { EventBus } from '../../src/emulator/platform/event-bus.js';
import type { Delivery, StoredEvent, StoredWebhook } from '../../src/emulator/platform/event-records.js';
import { ensureLocalKey } from '../../src/emulator/access/local-key.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/http/server.js';
import { Store } from '../../src/emulator/storage/store.js';

const DESCRIPTION =
  'Build and run the services behind our hiring platform. You will own APIs, data pipelines and the on-call rota with the team.';

// ---------------------------------------------------------------------------------------------
// Helpers

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Polls until the condition holds; the limit is generous, below the test's own only to name `what`. */
async function waitFor(what: string, condition: () => boolean, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

async function emulator(
  options: { deliveryBackoffMs?: number; now?: () => Date } = {},
): Promise<{ emu: TestEmulator; dataDir: string }> {
  const { dataDir } = await sandbox();
  return { emu: await testEmulator(dataDir, options), dataDir };
}

async function registerWebhook(
  emu: TestEmulator,
  url: string,
  events: readonly EventKind[],
  secret: string,
): Promise<{ id: string }> {
  const response = await emu.call('POST', '/webhooks', { body: { url, events, secret } });
  expect(response.status).toBe(201);
  expect(response.json.data.id).toMatch(/^wh_/);
  return response.json.data;
}

async function createJob(emu: TestEmulator, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await emu.call('POST', '/jobs', {
    body: {
      title: 'Backend Engineer',
      description: DESCRIPTION,
      skills: ['TypeScript', 'Postgres'],
      publish: true,
      ...overrides,
    },
  });
  expect(response.status).toBe(201);
  return response.json.data;
}

async function simulate(emu: TestEmulator, body: Record<string, unknown>): Promise<any> {
  const response = await fetch(`${emu.origin}/_emulator/simulate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: unknown }).data;
}

function deliveriesOf(store: Store, webhookId: string): Delivery[] {
  return store.all<Delivery>('deliveries', { webhook_id: webhookId });
}

function allSettled(store: Store, webhookId: string): boolean {
  const deliveries = deliveriesOf(store, webhookId);
  return deliveries.length > 0 && deliveries.every((delivery) => delivery.state !== 'pending');
}

/**
 * The emulator has nothing more to send: no delivery it stored, for any webhook, is pending (one
 * under way is pending until its result is written). Events come only from the API calls a test
 * makes, so once this holds after them, no request can follow: what a receiver has got is all.
 */
function nothingPending(store: Store): boolean {
  return store.all<Delivery>('deliveries').every((delivery) => delivery.state !== 'pending');
}

async function deliveryLog(emu: TestEmulator, webhookId: string): Promise<any[]> {
  const response = await emu.call('GET', `/webhooks/${webhookId}/deliveries?per_page=100`);
  expect(response.status).toBe(200);
  return response.json.data;
}

function typeOf(request: Received): EventKind {
  return (JSON.parse(request.body) as { type: EventKind }).type;
}

// ---------------------------------------------------------------------------------------------

describe('events on job creation', () => {
  it('delivers signed job.created and assessment.generated, each exactly {id, type, created_at, data}', async () => {
    const { emu } = await emulator();
    const both = await receiver();
    const other = await receiver();
    const secret = whsecSecret();
    const otherSecret = whsecSecret();
    const hook = await registerWebhook(emu, both.url('/both'), ['job.created', 'assessment.generated'], secret);
    const otherHook = await registerWebhook(emu, other.url('/status'), ['candidate.statusChanged'], otherSecret);

    const before = Date.now();
    const job = await createJob(emu);
    expect(job.status).toBe('active');
    await waitFor(
      'two deliveries, and nothing more to send',
      () => both.requests.length >= 2 && allSettled(emu.store, hook.id) && nothingPending(emu.store),
    );
    const after = Date.now();

    expect(both.requests).toHaveLength(2);
    const byType = new Map(both.requests.map((request) => [typeOf(request), request]));
    expect([...byType.keys()].sort()).toEqual(['assessment.generated', 'job.created']);
    const assessment = (await emu.call('GET', `/assessments/${job.assessment_id}`)).json.data;
    expect(assessment.id).toBe(job.assessment_id);
    const expectedData: Record<string, unknown> = { 'job.created': job, 'assessment.generated': assessment };

    const eventIds = new Set<string>();
    for (const [type, request] of byType) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/both');
      expect(request.headers['content-type']).toMatch(/^application\/json/);
      const body = verified(request, secret);
      expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'id', 'type']);
      expect(body.type).toBe(type);
      expect(body.id).toMatch(/^evt_[A-Za-z0-9]{20}$/);
      expect(request.headers['webhook-id']).toBe(body.id);
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
      // Stamped while the test waited: between the job's creation and the delivery's arrival.
      expect(Number(request.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(Math.floor(before / 1000));
      expect(Number(request.headers['webhook-timestamp'])).toBeLessThanOrEqual(Math.ceil(after / 1000));
      expect(Date.parse(body.created_at)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(body.created_at)).toBeLessThanOrEqual(after);
      expect(body.data).toEqual(expectedData[type]);
      // The library really checks: another secret is refused.
      expect(() => verified(request, whsecSecret())).toThrow();
      eventIds.add(body.id);
    }
    expect(eventIds.size).toBe(2);

    // Subscribed to candidate.statusChanged only: nothing from creating a job.
    expect(other.requests).toHaveLength(0);
    expect(await deliveryLog(emu, otherHook.id)).toEqual([]);
    const log = await deliveryLog(emu, hook.id);
    expect(log.map((delivery) => delivery.state)).toEqual(['succeeded', 'succeeded']);
  });

  it('a job created with auto_generate false yields job.created but no assessment.generated', async () => {
    const { emu } = await emulator();
    const hook = await receiver();
    const secret = whsecSecret();
    const registered = await registerWebhook(emu, hook.url(), ['job.created', 'assessment.generated'], secret);

    const job = await createJob(emu, { assessment_config: { auto_generate: false } });
    await waitFor(
      'job.created, and nothing more to send',
      () => hook.requests.length >= 1 && allSettled(emu.store, registered.id) && nothingPending(emu.store),
    );

    expect(hook.requests.map(typeOf)).toEqual(['job.created']);
    expect(verified(hook.requests[0]!, secret).data).toEqual(job);
    expect(emu.store.all<StoredEvent>('events').map((event) => event.type)).toEqual(['job.created']);
    expect(emu.store.all<Delivery>('deliveries').map((delivery) => delivery.event_type)).toEqual(['job.created']);
  });
});

describe('retries', () => {
  it('500, 500, then 200: three attempts with the same webhook-id, each signed, logged as succeeded', async () => {
    const { emu } = await emulator({ deliveryBackoffMs: 20 });
    const hook = await receiver((_request, index) => (index < 2 ? 500 : 200));
    const secret = whsecSecret();
    const registered = await registerWebhook(emu, hook.url(), ['job.created'], secret);

    const job = await createJob(emu);
    await waitFor(
      'the delivery to succeed, and nothing more to send',
      () => allSettled(emu.store, registered.id) && nothingPending(emu.store),
    );

    expect(hook.requests).toHaveLength(3);
    const ids = hook.requests.map((request) => request.headers['webhook-id']);
    const bodies = hook.requests.map((request) => verified(request, secret));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(bodies[0].id);
    // The exact same body every time.
    expect(new Set(hook.requests.map((request) => request.body)).size).toBe(1);
    expect(bodies[0].data).toEqual(job);

    const [first, second, third] = hook.requests.map((request) => request.at) as [number, number, number];
    // Each wait at least its backoff (20 ms, then 5 × 20 ms), however slow the machine; a busy one
    // may stretch either, so they are not compared with each other. The exact schedule is proven on
    // a clock the test controls below.
    expect(second - first).toBeGreaterThanOrEqual(15);
    expect(third - second).toBeGreaterThanOrEqual(90);

    const log = await deliveryLog(emu, registered.id);
    expect(log).toHaveLength(1);
    const [delivery] = log;
    expect(delivery.state).toBe('succeeded');
    expect(delivery.event_id).toBe(ids[0]);
    expect(delivery.event_type).toBe('job.created');
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts.map((attempt: any) => attempt.number)).toEqual([1, 2, 3]);
    expect(delivery.attempts.map((attempt: any) => attempt.response_status)).toEqual([500, 500, 200]);
    expect(delivery.attempts.map((attempt: any) => attempt.success)).toEqual([false, false, true]);
    expect(delivery.attempts[2].error).toBeNull();
    expect(delivery.attempts[0].error).toMatch(/500/);
  });

  it('a receiver that always answers 503 gets exactly 6 attempts, then the delivery fails', async () => {
    const { emu } = await emulator({ deliveryBackoffMs: 2 });
    const hook = await receiver(() => 503);
    const secret = whsecSecret();
    const registered = await registerWebhook(emu, hook.url(), ['job.created'], secret);

    await createJob(emu);
    // 2 + 10 + 50 + 250 + 1250 ms of backoff. Once it has failed, nothing is pending: no 7th attempt
    // can follow (the emulator sends pending deliveries only).
    await waitFor(
      'the delivery to fail, and nothing more to send',
      () => allSettled(emu.store, registered.id) && nothingPending(emu.store),
    );

    expect(hook.requests).toHaveLength(6);
    expect(new Set(hook.requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    for (const request of hook.requests) expect(verified(request, secret).type).toBe('job.created');

    const [delivery] = await deliveryLog(emu, registered.id);
    expect(delivery.state).toBe('failed');
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts).toHaveLength(6);
    expect(delivery.attempts.map((attempt: any) => attempt.response_status)).toEqual([503, 503, 503, 503, 503, 503]);
    expect(delivery.attempts.every((attempt: any) => attempt.success === false)).toBe(true);
  });

  it('retries after 1, 5, 25, 125 and 625 times the backoff, on the emulator clock', async () => {
    const { dataDir } = await sandbox();
    const store = Store.open(dataDir);
    // A clock that moves only when the test moves it: each attempt is made by drain() once due.
    let clock = Date.parse('2026-11-01T00:00:00Z');
    const backoffMs = 60_000;
    const bus = new EventBus(store, { backoffMs, now: () => new Date(clock) });
    cleanups.push(async () => {
      await bus.stop();
      store.close();
    });
    const hook = await receiver(() => 503);
    const stamp = new Date(clock).toISOString();
    store.put('webhooks', {
      id: 'wh_schedule00000000000',
      url: hook.url(),
      events: ['job.created'],
      secret: whsecSecret(),
      status: 'active',
      created_at: stamp,
      updated_at: stamp,
    } satisfies StoredWebhook);

    bus.emit('job.created', { id: 'job_x' });
    const waits: number[] = [];
    for (let attempts = 1; attempts <= 6; attempts++) {
      await bus.drain(45_000);
      const [delivery] = deliveriesOf(store, 'wh_schedule00000000000');
      expect(delivery!.attempts).toHaveLength(attempts);
      if (attempts === 6) {
        expect(delivery!.state).toBe('failed');
        expect(delivery!.next_attempt_at).toBeNull();
        break;
      }
      const next = Date.parse(delivery!.next_attempt_at!);
      waits.push(next - Date.parse(delivery!.attempts.at(-1)!.at));
      clock = next;
    }
    expect(waits).toEqual([1, 5, 25, 125, 625].map((factor) => factor * backoffMs));
    expect(hook.requests).toHaveLength(6);
  });

  it('a receiver that does not answer within the timeout counts as a failed attempt', async () => {
    const { dataDir } = await sandbox();
    const store = Store.open(dataDir);
    const bus = new EventBus(store, { timeoutMs: 200, backoffMs: 10 });
    cleanups.push(async () => {
      await bus.stop();
      store.close();
    });
    // Answers 200, but only once two attempts have timed out and been checked (the test holds the
    // answers until then): too late.
    const late = gate();
    const hook = await receiver(() => ({ status: 200, after: late.promise }));
    const secret = whsecSecret();
    const stamp = new Date().toISOString();
    store.put('webhooks', {
      id: 'wh_slowreceiver000000',
      url: hook.url(),
      events: ['job.created'],
      secret,
      status: 'active',
      created_at: stamp,
      updated_at: stamp,
    } satisfies StoredWebhook);

    const event = bus.emit('job.created', { id: 'job_x' });
    expect(event?.id).toMatch(/^evt_/);
    await waitFor('two attempts', () => (deliveriesOf(store, 'wh_slowreceiver000000')[0]?.attempts.length ?? 0) >= 2);

    const [delivery] = deliveriesOf(store, 'wh_slowreceiver000000');
    expect(delivery!.state).toBe('pending');
    expect(delivery!.next_attempt_at).not.toBeNull();
    const [first, second] = delivery!.attempts as [Delivery['attempts'][number], Delivery['attempts'][number]];
    for (const attempt of [first, second]) {
      expect(attempt.success).toBe(false);
      expect(attempt.response_status).toBeNull();
      // Ended by the 0.2 s timeout: the receiver had not answered (its gate was still shut).
      expect(attempt.error).toMatch(/no answer within 0\.2 s/);
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(150);
    }
    expect(hook.requests.length).toBeGreaterThanOrEqual(2);
    for (const request of hook.requests) {
      expect(request.headers['webhook-id']).toBe(event.id);
      expect(verified(request, secret).data).toEqual({ id: 'job_x' });
    }
    late.open();
  });
});

describe('delivery across restarts and in-process emulators', () => {
  it('a receiver down while the emulator runs gets the delivery from the next emulator on the same data', async () => {
    const { dataDir } = await sandbox();
    // Down: it hangs up on every request until the test says it is up. Not a closed port, which
    // another test's server could take in the meantime (then the attempt meets that server).
    let up = false;
    const hook = await receiver(() => (up ? 200 : 'hang up'));
    const secret = whsecSecret();
    // The first emulator's clock stands still, 10 s in the past: its retry (1.5 s after its attempt)
    // never comes due while it runs, however slow the machine; on the next emulator's clock (real
    // time) it is already overdue.
    const frozen = new Date(Date.now() - 10_000);
    const first = await testEmulator(dataDir, { deliveryBackoffMs: 1_500, now: () => frozen });
    const registered = await registerWebhook(first, hook.url('/late'), ['job.created'], secret);
    await createJob(first);
    await waitFor('the first attempt', () => (deliveriesOf(first.store, registered.id)[0]?.attempts.length ?? 0) === 1);
    const before = deliveriesOf(first.store, registered.id)[0]!;
    expect(before.state).toBe('pending');
    expect(before.attempts[0]!.response_status).toBeNull();
    expect(before.attempts[0]!.error).toMatch(/socket hang up|ECONNRESET/);
    const eventId = before.event_id;
    await first.close();

    up = true;
    const second = await testEmulator(dataDir, { deliveryBackoffMs: 10 });
    await waitFor(
      'the delivery after the restart, and nothing more to send',
      () => allSettled(second.store, registered.id) && nothingPending(second.store),
    );

    // The first request was the one hung up on; the second, the next emulator's, was answered.
    expect(hook.requests).toHaveLength(2);
    for (const request of hook.requests) {
      expect(request.path).toBe('/late');
      expect(request.headers['webhook-id']).toBe(eventId);
      expect(verified(request, secret).id).toBe(eventId);
    }
    const [delivery] = await deliveryLog(second, registered.id);
    expect(delivery.state).toBe('succeeded');
    expect(delivery.attempts.map((attempt: any) => [attempt.success, attempt.response_status])).toEqual([
      [false, null],
      [true, 200],
    ]);
  });

  async function embedded(
    dataDir: string,
  ): Promise<{ emu: RunningEmulator; call(method: string, path: string, body?: unknown): Promise<any> }> {
    const emu = await startEmulator({ dataDir, port: 0, mode: 'embedded' });
    cleanups.push(() => emu.close());
    const key = ensureLocalKey(dataDir);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${emu.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as any };
    };
    return { emu, call };
  }

  it('an embedded emulator delivers before its close() resolves', async () => {
    const { dataDir } = await sandbox();
    // A receiver that answers only once close() has been called: the delivery is under way then.
    const answer = gate();
    const hook = await receiver(() => ({ status: 200, after: answer.promise }));
    const secret = whsecSecret();
    const { emu, call } = await embedded(dataDir);
    const registered = await call('POST', '/webhooks', { url: hook.url(), events: ['job.created'], secret });
    expect(registered.status).toBe(201);
    const created = await call('POST', '/jobs', { title: 'Backend Engineer', description: DESCRIPTION, publish: true });
    expect(created.status).toBe(201);
    await waitFor('the delivery to be under way', () => hook.requests.length === 1);

    const closing = emu.close();
    answer.open();
    await closing;
    expect(hook.requests).toHaveLength(1);
    expect(verified(hook.requests[0]!, secret).data).toEqual(created.json.data);
    // The result was recorded before the store closed.
    const store = Store.open(dataDir);
    try {
      const [delivery] = deliveriesOf(store, registered.json.data.id);
      expect(delivery!.state).toBe('succeeded');
      expect(delivery!.attempts.map((attempt) => attempt.response_status)).toEqual([200]);
    } finally {
      store.close();
    }
  });

  it('an embedded emulator delivers every due event before close() resolves, even more than run at once', async () => {
    // The emulator runs at most 8 deliveries at once; those started while close() drains must be
    // awaited too, or their results are dropped and they stay pending (sent again later: duplicates).
    const { dataDir } = await sandbox();
    // Answers only once close() has been called: 8 deliveries under way then, 4 more waiting.
    const answer = gate();
    const hook = await receiver(() => ({ status: 200, after: answer.promise }));
    const secret = whsecSecret();
    const { emu, call } = await embedded(dataDir);
    const registered = await call('POST', '/webhooks', {
      url: hook.url(),
      events: ['job.created', 'assessment.generated'],
      secret,
    });
    expect(registered.status).toBe(201);
    // 6 jobs: 12 deliveries, more than the 8 the emulator runs at once.
    for (let index = 0; index < 6; index++) {
      const created = await call('POST', '/jobs', {
        title: `Engineer ${index}`,
        description: DESCRIPTION,
        publish: true,
      });
      expect(created.status).toBe(201);
    }
    await waitFor('8 deliveries under way', () => hook.requests.length === 8);

    const closing = emu.close();
    answer.open();
    await closing;
    expect(hook.requests).toHaveLength(12);
    for (const request of hook.requests) verified(request, secret);
    const store = Store.open(dataDir);
    try {
      const deliveries = deliveriesOf(store, registered.json.data.id);
      expect(deliveries).toHaveLength(12);
      expect(deliveries.map((delivery) => delivery.state)).toEqual(Array(12).fill('succeeded'));
    } finally {
      store.close();
    }
  });
});

describe('events from candidates', () => {
  it('simulate with advance emits all 8 kinds, as many as the stored candidates call for', async () => {
    const { emu } = await emulator();
    const hook = await receiver();
    const secret = whsecSecret();
    const registered = await registerWebhook(emu, hook.url(), EVENT_KINDS, secret);
    const job = await createJob(emu);
    const result = await simulate(emu, { job_id: job.id, applications: 60, seed: 5, advance: true });
    expect(result.created).toBe(60);

    const candidates = emu.store.all<Candidate>('candidates').filter((candidate) => candidate.job_id === job.id);
    expect(candidates).toHaveLength(60);
    const statusIndex: Record<string, number> = {
      new: 0,
      screening: 1,
      review: 2,
      interview: 3,
      offer: 4,
      hired: 5,
      rejected: 3,
    };
    const expected: Record<EventKind, number> = {
      'job.created': 1,
      'assessment.generated': 1,
      'application.received': 60,
      'application.created': 60,
      'assessment.completed': candidates.filter((candidate) => candidate.score !== null).length,
      'candidate.statusChanged': candidates.reduce((sum, candidate) => sum + statusIndex[candidate.status]!, 0),
      'interview.scheduled': candidates.filter((candidate) =>
        ['interview', 'offer', 'hired'].includes(candidate.status),
      ).length,
      'offer.extended': candidates.filter((candidate) => ['offer', 'hired'].includes(candidate.status)).length,
    };
    for (const kind of EVENT_KINDS) expect(expected[kind], kind).toBeGreaterThan(0);
    const total = Object.values(expected).reduce((sum, count) => sum + count, 0);

    await waitFor(
      `${total} deliveries, and nothing more to send`,
      () => hook.requests.length >= total && allSettled(emu.store, registered.id) && nothingPending(emu.store),
    );
    expect(hook.requests).toHaveLength(total);

    const bodies = hook.requests.map((request) => verified(request, secret));
    const counts = Object.fromEntries(EVENT_KINDS.map((kind) => [kind, 0])) as Record<EventKind, number>;
    for (const body of bodies) counts[body.type as EventKind] += 1;
    expect(counts).toEqual(expected);
    expect(new Set(bodies.map((body) => body.id)).size).toBe(total);

    const ids = (kind: EventKind, field = 'id') =>
      bodies
        .filter((body) => body.type === kind)
        .map((body) => body.data[field] as string)
        .sort();
    const candidateIds = (keep: (candidate: Candidate) => boolean) =>
      candidates
        .filter(keep)
        .map((candidate) => candidate.id)
        .sort();
    expect(ids('application.received')).toEqual(candidateIds(() => true));
    expect(ids('application.created')).toEqual(candidateIds(() => true));
    expect(ids('assessment.completed', 'candidate_id')).toEqual(candidateIds((candidate) => candidate.score !== null));
    expect(ids('interview.scheduled')).toEqual(
      candidateIds((candidate) => ['interview', 'offer', 'hired'].includes(candidate.status)),
    );
    expect(ids('offer.extended')).toEqual(candidateIds((candidate) => ['offer', 'hired'].includes(candidate.status)));
    for (const body of bodies.filter((item) => item.type === 'assessment.completed')) {
      const candidate = candidates.find((item) => item.id === body.data.candidate_id)!;
      expect(body.data).toEqual({
        candidate_id: candidate.id,
        job_id: job.id,
        assessment_id: job.assessment_id,
        score: candidate.score,
      });
    }

    // The spec's list filters over the same candidates.
    const listed = await emu.call('GET', '/candidates?status=review&score_min=80&per_page=100');
    expect(listed.status).toBe(200);
    const wanted = candidateIds(
      (candidate) => candidate.status === 'review' && candidate.score !== null && candidate.score >= 80,
    );
    expect(wanted.length).toBeGreaterThan(0);
    expect(candidateIds((candidate) => candidate.status === 'review').length).toBeGreaterThan(wanted.length);
    expect(listed.json.data.map((candidate: Candidate) => candidate.id).sort()).toEqual(wanted);
    expect(listed.json.meta.total_count).toBe(wanted.length);
  });

  it('PATCH /candidates/{id} emits candidate.statusChanged with previous_status, and interview.scheduled on interview', async () => {
    const { emu } = await emulator();
    const hook = await receiver();
    // A plain secret: the HMAC key is its UTF-8 bytes.
    const secret = 'plain-shared-secret-0123456789';
    const registered = await registerWebhook(
      emu,
      hook.url(),
      ['candidate.statusChanged', 'interview.scheduled', 'offer.extended'],
      secret,
    );
    const job = await createJob(emu);
    await simulate(emu, { job_id: job.id, applications: 1, seed: 1 });
    const [candidate] = emu.store.all<Candidate>('candidates');
    expect(candidate!.status).toBe('new');
    // Nothing subscribed was emitted by applying.
    expect(emu.store.count('deliveries')).toBe(0);

    const moves = ['screening', 'review', 'interview'] as const;
    const answers: any[] = [];
    for (const status of moves) {
      const response = await emu.call('PATCH', `/candidates/${candidate!.id}`, { body: { status } });
      expect(response.status).toBe(200);
      answers.push(response.json.data);
    }
    await waitFor(
      'four deliveries, and nothing more to send',
      () => hook.requests.length >= 4 && allSettled(emu.store, registered.id) && nothingPending(emu.store),
    );

    expect(hook.requests).toHaveLength(4);
    expect(() =>
      new Webhook(secret, { format: 'raw' }).verify(hook.requests[0]!.body, {
        ...hook.requests[0]!.headers,
        'webhook-signature': 'v1,AAAA',
      }),
    ).toThrow();
    const bodies = hook.requests.map((request) => verified(request, secret));
    // Deliveries run in parallel, so they may arrive in any order: put them in the order of the moves.
    const changes = bodies
      .filter((body) => body.type === 'candidate.statusChanged')
      .sort((a, b) => moves.indexOf(a.data.status) - moves.indexOf(b.data.status));
    const previous = ['new', 'screening', 'review'];
    expect(changes.map((body) => [body.data.previous_status, body.data.status])).toEqual([
      ['new', 'screening'],
      ['screening', 'review'],
      ['review', 'interview'],
    ]);
    changes.forEach((body, index) =>
      expect(body.data).toEqual({ ...answers[index], previous_status: previous[index] }),
    );
    const interviews = bodies.filter((body) => body.type === 'interview.scheduled');
    expect(interviews).toHaveLength(1);
    expect(interviews[0].data).toEqual(answers[2]);
    expect(bodies.some((body) => body.type === 'offer.extended')).toBe(false);
  });
});

describe('removal and silence', () => {
  it('deleting a webhook mid-retry fails its pending delivery and sends nothing more', async () => {
    // The emulator's clock is real time plus an offset the test moves: the retry, an hour after
    // the first attempt, cannot come due before the webhook is deleted, however slow the machine.
    let offset = 0;
    const { emu } = await emulator({ deliveryBackoffMs: 3_600_000, now: () => new Date(Date.now() + offset) });
    const hook = await receiver(() => 500);
    const secret = whsecSecret();
    const registered = await registerWebhook(emu, hook.url(), ['job.created'], secret);
    await createJob(emu);
    await waitFor('the first attempt', () => (deliveriesOf(emu.store, registered.id)[0]?.attempts.length ?? 0) === 1);
    expect(deliveriesOf(emu.store, registered.id)[0]!.state).toBe('pending');

    const removed = await emu.call('DELETE', `/webhooks/${registered.id}`);
    expect(removed.status).toBe(204);
    // Now the retry is due; an event for another webhook wakes the emulator's delivery loop at once
    // (its timer is set an hour ahead), and both due deliveries are attempted.
    offset += 3_600_000;
    const witness = await receiver();
    const other = await registerWebhook(emu, witness.url(), ['job.created'], whsecSecret());
    await createJob(emu);
    await waitFor(
      'the delivery to fail, and nothing more to send',
      () => allSettled(emu.store, registered.id) && allSettled(emu.store, other.id) && nothingPending(emu.store),
    );
    expect(witness.requests).toHaveLength(1);

    const [delivery] = deliveriesOf(emu.store, registered.id);
    expect(delivery!.state).toBe('failed');
    expect(delivery!.next_attempt_at).toBeNull();
    expect(delivery!.attempts).toHaveLength(2);
    expect(delivery!.attempts[1]!.error).toBe('the webhook was removed');
    expect(delivery!.attempts[1]!.response_status).toBeNull();
    expect(delivery!.attempts[1]!.success).toBe(false);
    expect(hook.requests).toHaveLength(1);
    verified(hook.requests[0]!, secret);
  });

  it('every event is kept in the event log; deliveries only for the kinds a webhook listens to', async () => {
    const { emu } = await emulator();
    const first = await createJob(emu);
    await createJob(emu, { publish: false });
    await simulate(emu, { job_id: first.id, applications: 20, seed: 3, advance: true });
    expect(emu.store.count('candidates')).toBe(20);
    const logged = emu.store.all<StoredEvent>('events');
    // Each application is received and created; each job is created with its assessment.
    expect(logged.filter((event) => event.type === 'application.received')).toHaveLength(20);
    expect(logged.filter((event) => event.type === 'job.created').map((event) => event.job_id)).toEqual([
      first.id,
      expect.stringMatching(/^job_/),
    ]);
    expect(emu.store.count('deliveries')).toBe(0);

    // Subscribed to job.created only: creating a job makes one delivery; the candidates' events none.
    const hook = await receiver();
    await registerWebhook(emu, hook.url(), ['job.created'], whsecSecret());
    const before = emu.store.count('events');
    const second = await createJob(emu);
    await simulate(emu, { job_id: second.id, applications: 20, seed: 4, advance: true });
    expect(emu.store.count('events')).toBeGreaterThan(before + 40);
    expect(emu.store.all<Delivery>('deliveries').map((delivery) => delivery.event_type)).toEqual(['job.created']);
  });
});
