// The webhook developer's loop on the emulator's side (issue 17; docs/emulator.md "Webhooks and
// events"), over real HTTP on loopback: the event log (GET /events, /events/{id}), its retention,
// resend, POST /_emulator/trigger for each kind, and the request log (GET /_emulator/requests).
// Receivers are small node:http servers that record every delivery; each one is checked with the
// independent `standardwebhooks` library. The emulator's clock is one the test moves by hand.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { receiver, verified, whsecSecret, type Received } from '../helpers/receiver.js';
// env first: its hooks (removing the dirs) must run after the emulator helper's (closing them).
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import type { EmulatorOptions } from '../../src/emulator/http/server.js';
import { EVENT_KINDS, type EventKind } from '../../src/domain/vocabulary.js';

const DESCRIPTION =
  'Build and run the services behind our hiring platform. You will own APIs, data pipelines and the on-call rota with the team.';
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The emulator, its clock, and calls

/**
 * The emulator's clock: still until the test moves it. It starts at the real time (to the second),
 * because receivers refuse signatures stamped more than 5 minutes from their own clock.
 */
interface Clock {
  now: () => Date;
  iso(): string;
  advance(ms: number): void;
}

function testClock(): Clock {
  let at = Math.floor(Date.now() / 1000) * 1000;
  return { now: () => new Date(at), iso: () => new Date(at).toISOString(), advance: (ms) => void (at += ms) };
}

async function emulator(options: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  const { dataDir } = await sandbox();
  return testEmulator(dataDir, options);
}

interface Answered {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** A request to the emulator (API paths start with /api/v1, controls with /_emulator) with a key. */
async function request(
  emu: TestEmulator,
  method: string,
  path: string,
  options: { body?: unknown; key?: string | null } = {},
): Promise<Answered> {
  const key = options.key === undefined ? emu.key : options.key;
  const response = await fetch(`${emu.origin}${path}`, {
    method,
    headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), 'content-type': 'application/json' },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}

async function api(emu: TestEmulator, method: string, path: string, body?: unknown): Promise<Answered> {
  return request(emu, method, `/api/v1${path}`, body === undefined ? {} : { body });
}

async function createJob(emu: TestEmulator, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await api(emu, 'POST', '/jobs', {
    title: 'Backend Engineer',
    description: DESCRIPTION,
    skills: ['TypeScript'],
    publish: true,
    ...overrides,
  });
  expect(response.status, response.text).toBe(201);
  return response.json.data;
}

async function registerWebhook(
  emu: TestEmulator,
  url: string,
  events: readonly EventKind[],
  secret: string,
): Promise<string> {
  const response = await api(emu, 'POST', '/webhooks', { url, events, secret });
  expect(response.status, response.text).toBe(201);
  return response.json.data.id;
}

async function trigger(emu: TestEmulator, body: Record<string, unknown>, key?: string): Promise<any> {
  const response = await request(emu, 'POST', '/_emulator/trigger', { body, ...(key === undefined ? {} : { key }) });
  expect(response.status, response.text).toBe(201);
  return response.json.data;
}

async function createKey(emu: TestEmulator, level: 'read' | 'write', name: string): Promise<string> {
  const response = await request(emu, 'POST', '/_emulator/keys', { body: { level, name } });
  expect(response.status, response.text).toBe(201);
  return response.json.data.key;
}

async function getEvent(emu: TestEmulator, id: string): Promise<any> {
  const response = await api(emu, 'GET', `/events/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

async function listEvents(emu: TestEmulator, query = ''): Promise<{ data: any[]; meta: any }> {
  const response = await api(emu, 'GET', `/events${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json;
}

async function deliveriesOf(emu: TestEmulator, webhookId: string): Promise<any[]> {
  const response = await api(emu, 'GET', `/webhooks/${webhookId}/deliveries?per_page=100`);
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

/** Asks again until the probe returns something; the limit is below the test's own only to name `what`. */
async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/** The event's only delivery once it has `attempts` attempts (written with its state, in one transaction). */
function deliveryWithAttempts(emu: TestEmulator, eventId: string, attempts: number, webhookId?: string): Promise<any> {
  return until(`${attempts} attempt(s) of ${eventId}`, async () => {
    const deliveries = (await getEvent(emu, eventId)).deliveries.filter(
      (delivery: any) => webhookId === undefined || delivery.webhook_id === webhookId,
    );
    return deliveries.find((delivery: any) => delivery.attempts.length >= attempts);
  });
}

const summary = (event: any) => [event.type, event.job_id, event.created_at];

// ---------------------------------------------------------------------------------------------

describe('GET /events', () => {
  it('lists every event, listened to or not, newest first, filtered by type, job and time, paged', async () => {
    const clock = testClock();
    const emu = await emulator({ now: clock.now });
    const t0 = clock.iso();
    const first = await createJob(emu);

    clock.advance(3_600_000);
    const t1 = clock.iso();
    const hook = await receiver();
    const webhookId = await registerWebhook(emu, hook.url(), ['job.created'], whsecSecret());
    const second = await createJob(emu, { publish: false, assessment_config: { auto_generate: false } });

    clock.advance(3_600_000);
    const t2 = clock.iso();
    const triggered = await trigger(emu, { type: 'application.created', job_id: first.id });

    const all = await listEvents(emu);
    expect(all.data.map(summary)).toEqual([
      ['application.created', first.id, t2],
      ['application.received', first.id, t2],
      ['job.created', second.id, t1],
      ['assessment.generated', first.id, t0],
      ['job.created', first.id, t0],
    ]);
    expect(all.meta).toMatchObject({ current_page: 1, per_page: 20, total_pages: 1, total_count: 5 });
    expect(all.data.map((event) => event.id)).toEqual([
      triggered.event_id,
      triggered.events[0].id,
      ...all.data.slice(2).map((event) => event.id),
    ]);
    for (const event of all.data) {
      expect(Object.keys(event).sort()).toEqual(['created_at', 'data', 'id', 'job_id', 'type']);
      expect(event.id).toMatch(/^evt_/);
    }
    expect(all.data[4].data).toEqual(first);
    expect(all.data[2].data).toEqual(second);
    const assessment = await api(emu, 'GET', `/assessments/${first.assessment_id}`);
    expect(all.data[3].data).toEqual(assessment.json.data);

    // Only the second job's job.created had a webhook to go to; the log holds them all the same.
    await deliveryWithAttempts(emu, all.data[2].id, 1);
    expect(hook.requests).toHaveLength(1);
    expect((await getEvent(emu, all.data[2].id)).deliveries.map((delivery: any) => delivery.webhook_id)).toEqual([
      webhookId,
    ]);
    expect((await getEvent(emu, all.data[4].id)).deliveries).toEqual([]);
    expect((await getEvent(emu, all.data[0].id)).deliveries).toEqual([]);

    const ids = (page: { data: any[] }) => page.data.map((event) => event.id);
    const [appCreated, appReceived, secondCreated, generated, firstCreated] = ids(all);
    expect(ids(await listEvents(emu, '?type=job.created,application.created'))).toEqual([
      appCreated,
      secondCreated,
      firstCreated,
    ]);
    expect(ids(await listEvents(emu, '?type=assessment.generated'))).toEqual([generated]);
    expect(ids(await listEvents(emu, `?job_id=${second.id}`))).toEqual([secondCreated]);
    expect(ids(await listEvents(emu, `?job_id=${first.id}&type=job.created`))).toEqual([firstCreated]);
    expect(ids(await listEvents(emu, `?created_after=${t1}`))).toEqual([appCreated, appReceived, secondCreated]);
    expect(ids(await listEvents(emu, `?created_before=${t1}`))).toEqual([generated, firstCreated]);
    expect(ids(await listEvents(emu, `?created_after=${t1}&created_before=${t2}`))).toEqual([secondCreated]);
    // The same instant written with an offset.
    const t1Offset = new Date(Date.parse(t1) + 3_600_000).toISOString().replace('Z', '+01:00');
    expect(ids(await listEvents(emu, `?created_after=${encodeURIComponent(t1Offset)}`))).toEqual([
      appCreated,
      appReceived,
      secondCreated,
    ]);

    for (const [query, name] of [
      ['?created_after=yesterday', 'created_after'],
      ['?created_before=2026-13-45', 'created_before'],
      ['?kind=job.created', 'kind'],
      ['?page=0', 'page'],
    ] as const) {
      const bad = await api(emu, 'GET', `/events${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.json.error.code).toBe('validation_error');
      expect(Object.keys(bad.json.error.details), query).toEqual([name]);
    }
    expect((await api(emu, 'GET', '/events?created_after=yesterday')).json.error.details.created_after).toMatch(
      /ISO 8601/,
    );

    const page1 = await listEvents(emu, '?per_page=2');
    expect(page1.meta).toMatchObject({ current_page: 1, per_page: 2, total_pages: 3, total_count: 5 });
    expect(ids(page1)).toEqual([appCreated, appReceived]);
    const page2 = await listEvents(emu, '?per_page=2&page=2');
    expect(page2.meta).toMatchObject({ current_page: 2, per_page: 2, total_pages: 3, total_count: 5 });
    expect(ids(page2)).toEqual([secondCreated, generated]);
    const page3 = await listEvents(emu, '?per_page=2&page=3');
    expect(ids(page3)).toEqual([firstCreated]);
    expect((await listEvents(emu, '?per_page=2&page=4')).data).toEqual([]);
    const filteredPage = await listEvents(emu, `?job_id=${first.id}&per_page=3&page=2`);
    expect(filteredPage.meta).toMatchObject({ current_page: 2, per_page: 3, total_pages: 2, total_count: 4 });
    expect(ids(filteredPage)).toEqual([firstCreated]);
  });
});

describe('retention', () => {
  it('keeps the newest eventsKept events and those under 30 days old, with the deliveries of the kept ones', async () => {
    const kept = 20;
    const clock = testClock();
    // A retry an hour away (on a clock that stands still) keeps a failed delivery pending.
    const emu = await emulator({ now: clock.now, eventsKept: kept, deliveryBackoffMs: 3_600_000 });
    const ok = await receiver();
    const failing = await receiver(() => 500);
    const okHook = await registerWebhook(emu, ok.url(), ['job.created'], whsecSecret());
    const failingHook = await registerWebhook(emu, failing.url(), ['application.created'], whsecSecret());

    const first = await trigger(emu, { type: 'application.created' });
    expect(first.events.map((event: any) => event.type)).toEqual([
      'job.created',
      'assessment.generated',
      'application.received',
      'application.created',
    ]);
    const firstJobCreated = first.events[0].id;
    const firstApplication = first.events[3].id;
    expect((await deliveryWithAttempts(emu, firstJobCreated, 1)).state).toBe('succeeded');
    const pendingDelivery = await deliveryWithAttempts(emu, firstApplication, 1);
    expect(pendingDelivery.state).toBe('pending');

    const emitted: string[] = first.events.map((event: any) => event.id);
    for (let index = 0; index < 30; index++) {
      const made = await trigger(emu, { type: 'job.created' });
      emitted.push(...made.events.map((event: any) => event.id));
      const { meta } = await listEvents(emu, '?per_page=1');
      expect(meta.total_count).toBeLessThanOrEqual(2 * kept);
    }
    expect(emitted).toHaveLength(64);

    const listed = await listEvents(emu, '?per_page=100');
    expect(listed.meta.total_count).toBeGreaterThanOrEqual(kept);
    expect(listed.meta.total_count).toBeLessThanOrEqual(2 * kept);
    const newest = emitted.slice(-kept).reverse();
    expect(listed.data.slice(0, kept).map((event) => event.id)).toEqual(newest);
    // Those older than the newest 2 × kept can be nowhere.
    const listedIds = new Set(listed.data.map((event) => event.id));
    expect(emitted.slice(0, emitted.length - 2 * kept).filter((id) => listedIds.has(id))).toEqual([]);
    for (const id of first.events.map((event: any) => event.id)) {
      const gone = await api(emu, 'GET', `/events/${id}`);
      expect(gone.status).toBe(404);
      expect(gone.json.error.code).toBe('not_found');
    }
    // The finished delivery of a pruned event went with it; the one still being retried stays.
    expect((await deliveriesOf(emu, okHook)).map((delivery) => delivery.event_id)).not.toContain(firstJobCreated);
    const stillPending = await deliveriesOf(emu, failingHook);
    expect(stillPending.map((delivery) => [delivery.id, delivery.event_id, delivery.state])).toEqual([
      [pendingDelivery.id, firstApplication, 'pending'],
    ]);

    // 31 days on, every event stored so far is past its age: the next events stored trim them.
    const survivors = listed.data.map((event) => event.id);
    await until('every job.created delivery done', async () =>
      (await deliveriesOf(emu, okHook)).every((delivery) => delivery.state !== 'pending'),
    );
    const settledBefore = (await deliveriesOf(emu, okHook)).map((delivery) => delivery.id);
    expect(settledBefore.length).toBeGreaterThan(0);
    clock.advance(31 * DAY_MS);
    const later = await trigger(emu, { type: 'job.created' });
    const fresh = await listEvents(emu, '?per_page=100');
    expect(fresh.data.map((event) => event.id)).toEqual(later.events.map((event: any) => event.id).reverse());
    expect(fresh.meta.total_count).toBe(2);
    for (const id of [survivors[0], survivors.at(-1)])
      expect((await api(emu, 'GET', `/events/${id}`)).status).toBe(404);
    const okDeliveries = await deliveriesOf(emu, okHook);
    expect(okDeliveries.filter((delivery) => settledBefore.includes(delivery.id))).toEqual([]);
    expect(okDeliveries.map((delivery) => delivery.event_id)).toEqual([later.events[0].id]);
    // Still being retried (its retry came due with the jump): kept although its event is gone.
    expect((await deliveriesOf(emu, failingHook)).map((delivery) => [delivery.id, delivery.state])).toEqual([
      [pendingDelivery.id, 'pending'],
    ]);
  });

  // With the default eventsKept (trimmed by count every 256 events), age still applies at once.
  it('with the default eventsKept, events past 30 days are gone once the next events are stored', async () => {
    const clock = testClock();
    const emu = await emulator({ now: clock.now });
    const old = await trigger(emu, { type: 'job.created' });
    clock.advance(31 * DAY_MS);
    // Past its age and not yet trimmed (nothing was stored since): not shown either.
    expect((await listEvents(emu, '?per_page=100')).data).toEqual([]);
    expect((await api(emu, 'GET', `/events/${old.event_id}`)).status).toBe(404);
    const later = await trigger(emu, { type: 'job.created' });
    expect(emu.store.count('events')).toBe(later.events.length);
    const listed = await listEvents(emu, '?per_page=100');
    expect(listed.data.map((event) => event.id)).toEqual(later.events.map((event: any) => event.id).reverse());
    expect((await api(emu, 'GET', `/events/${old.event_id}`)).status).toBe(404);
  });
});

describe('GET /events/{id}', () => {
  it('shows each delivery with every attempt: status, duration and the start of the answer', async () => {
    const clock = testClock();
    const backoffMs = 100;
    const emu = await emulator({ now: clock.now, deliveryBackoffMs: backoffMs });
    const long = `{"received":true,"note":"${'x'.repeat(700)}"}`;
    // Each answer takes a known time on the emulator's clock: the receiver moves it before answering.
    const answers: { status: number; body: string; takes: number }[] = [
      { status: 500, body: 'upstream down', takes: 250 },
      { status: 503, body: '', takes: 40 },
      { status: 200, body: long, takes: 1_234 },
    ];
    const hook = await receiver((_request, index) => {
      const answer = answers[index]!;
      clock.advance(answer.takes);
      return answer;
    });
    const secret = whsecSecret();
    const webhookId = await registerWebhook(emu, hook.url('/events-in'), ['job.created'], secret);
    // Read before the job exists: the first attempt may move the clock at once.
    const t0 = clock.iso();
    const job = await createJob(emu);
    const [jobCreated] = (await listEvents(emu, '?type=job.created')).data;

    await deliveryWithAttempts(emu, jobCreated.id, 1);
    clock.advance(backoffMs);
    const t1 = clock.iso();
    await deliveryWithAttempts(emu, jobCreated.id, 2);
    clock.advance(5 * backoffMs);
    const t2 = clock.iso();
    await deliveryWithAttempts(emu, jobCreated.id, 3);

    const event = await getEvent(emu, jobCreated.id);
    expect(event).toMatchObject({
      id: jobCreated.id,
      type: 'job.created',
      job_id: job.id,
      created_at: jobCreated.created_at,
      data: job,
    });
    expect(event.deliveries).toHaveLength(1);
    const [delivery] = event.deliveries;
    expect(delivery).not.toHaveProperty('body');
    expect(delivery).toMatchObject({
      webhook_id: webhookId,
      event_id: jobCreated.id,
      event_type: 'job.created',
      url: hook.url('/events-in'),
      state: 'succeeded',
      next_attempt_at: null,
    });
    expect(delivery.attempts).toEqual([
      {
        number: 1,
        at: t0,
        duration_ms: 250,
        response_status: 500,
        response_body: 'upstream down',
        error: 'HTTP 500',
        success: false,
      },
      {
        number: 2,
        at: t1,
        duration_ms: 40,
        response_status: 503,
        response_body: null,
        error: 'HTTP 503',
        success: false,
      },
      {
        number: 3,
        at: t2,
        duration_ms: 1_234,
        response_status: 200,
        response_body: long.slice(0, 512),
        error: null,
        success: true,
      },
    ]);
    expect(Buffer.byteLength(delivery.attempts[2].response_body)).toBe(512);
    expect(hook.requests).toHaveLength(3);
    for (const received of hook.requests) expect(verified(received, secret).id).toBe(jobCreated.id);

    const unknown = await api(emu, 'GET', '/events/evt_doesnotexist000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({
      code: 'not_found',
      message: 'No event with id evt_doesnotexist000000.',
    });
  });

  // A character split at byte 512 would be U+FFFD, a character the receiver never sent.
  it('cuts a response body of multi-byte characters at a character boundary, within 512 bytes', async () => {
    const emu = await emulator();
    const answer = `x${'é'.repeat(300)}`;
    const hook = await receiver(() => ({ status: 200, body: answer }));
    await registerWebhook(emu, hook.url(), ['job.created'], whsecSecret());
    await createJob(emu);
    const [event] = (await listEvents(emu, '?type=job.created')).data;
    const delivery = await deliveryWithAttempts(emu, event.id, 1);
    const kept = delivery.attempts[0].response_body;
    expect(kept).toBe(`x${'é'.repeat(255)}`);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(512);
  });
});

describe('POST /events/{id}/resend', () => {
  it('sends again with the same body and webhook-id, once, as one more attempt; or to a webhook named', async () => {
    const clock = testClock();
    // Retries an hour away on a still clock: only the resends the test asks for are sent.
    const emu = await emulator({ now: clock.now, deliveryBackoffMs: 3_600_000 });
    const statuses = [200, 200, 500];
    const hook = await receiver((_request, index) => ({ status: statuses[index] ?? 200, body: `answer ${index + 1}` }));
    const secret = whsecSecret();
    const webhookId = await registerWebhook(emu, hook.url('/first'), ['job.created'], secret);
    await createJob(emu);
    const [event] = (await listEvents(emu, '?type=job.created')).data;
    const delivered = await deliveryWithAttempts(emu, event.id, 1);
    expect(delivered.state).toBe('succeeded');
    expect(hook.requests).toHaveLength(1);

    const resent = await api(emu, 'POST', `/events/${event.id}/resend`, {});
    expect(resent.status, resent.text).toBe(201);
    expect(resent.json.data.event_id).toBe(event.id);
    expect(
      resent.json.data.deliveries.map((delivery: any) => [delivery.id, delivery.webhook_id, delivery.state]),
    ).toEqual([[delivered.id, webhookId, 'pending']]);
    const again = await deliveryWithAttempts(emu, event.id, 2);
    expect(hook.requests).toHaveLength(2);
    const [original, repeat] = hook.requests as [Received, Received];
    expect(repeat.body).toBe(original.body);
    expect(repeat.headers['webhook-id']).toBe(original.headers['webhook-id']);
    expect(repeat.headers['webhook-id']).toBe(event.id);
    expect(verified(repeat, secret)).toEqual(verified(original, secret));
    expect(verified(repeat, secret).id).toBe(event.id);
    expect(again.state).toBe('succeeded');
    expect(again.next_attempt_at).toBeNull();
    expect(again).not.toHaveProperty('resend');
    expect(again.attempts[1]).toMatchObject({
      number: 2,
      resend: true,
      success: true,
      response_status: 200,
      response_body: 'answer 2',
    });
    expect(again.attempts[0]).not.toHaveProperty('resend');

    // A resend that fails is not retried: the delivery is done after that one attempt.
    expect((await api(emu, 'POST', `/events/${event.id}/resend`)).status).toBe(201);
    const failed = await deliveryWithAttempts(emu, event.id, 3);
    expect(failed.state).toBe('failed');
    expect(failed.next_attempt_at).toBeNull();
    expect(failed.attempts[2]).toMatchObject({
      number: 3,
      resend: true,
      success: false,
      response_status: 500,
      response_body: 'answer 3',
      error: 'HTTP 500',
    });
    expect(hook.requests).toHaveLength(3);

    // To a webhook that never got the event: a new delivery of its own, with the same webhook-id.
    const other = await receiver();
    const otherSecret = whsecSecret();
    const otherId = await registerWebhook(emu, other.url('/second'), ['offer.extended'], otherSecret);
    const named = await api(emu, 'POST', `/events/${event.id}/resend`, { webhook_id: otherId });
    expect(named.status, named.text).toBe(201);
    expect(named.json.data.deliveries).toHaveLength(1);
    expect(named.json.data.deliveries[0]).toMatchObject({
      webhook_id: otherId,
      event_id: event.id,
      state: 'pending',
      attempts: [],
    });
    expect(named.json.data.deliveries[0].id).not.toBe(delivered.id);
    const fresh = await deliveryWithAttempts(emu, event.id, 1, otherId);
    expect(fresh.state).toBe('succeeded');
    expect(fresh.attempts).toEqual([
      expect.objectContaining({ number: 1, resend: true, success: true, response_status: 200 }),
    ]);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]!.path).toBe('/second');
    expect(other.requests[0]!.body).toBe(original.body);
    expect(other.requests[0]!.headers['webhook-id']).toBe(event.id);
    expect(verified(other.requests[0]!, otherSecret).id).toBe(event.id);
    expect(() => verified(other.requests[0]!, secret)).toThrow();
    expect((await getEvent(emu, event.id)).deliveries.map((delivery: any) => delivery.webhook_id).sort()).toEqual(
      [webhookId, otherId].sort(),
    );
    expect(hook.requests).toHaveLength(3);

    // An event no webhook got: there is nowhere to send it back to without a webhook named.
    const [generated] = (await listEvents(emu, '?type=assessment.generated')).data;
    const nowhere = await api(emu, 'POST', `/events/${generated.id}/resend`, {});
    expect(nowhere.status).toBe(409);
    expect(nowhere.json.error.code).toBe('conflict');
    expect(nowhere.json.error.message).toContain(generated.id);
    expect(Object.keys(nowhere.json.error.details)).toEqual(['webhook_id']);
    expect((await getEvent(emu, generated.id)).deliveries).toEqual([]);

    const noEvent = await api(emu, 'POST', '/events/evt_doesnotexist000000/resend', {});
    expect(noEvent.status).toBe(404);
    expect(noEvent.json.error).toMatchObject({
      code: 'not_found',
      message: 'No event with id evt_doesnotexist000000.',
    });
    const noWebhook = await api(emu, 'POST', `/events/${event.id}/resend`, { webhook_id: 'wh_doesnotexist00000' });
    expect(noWebhook.status).toBe(404);
    expect(noWebhook.json.error).toMatchObject({
      code: 'not_found',
      message: 'No webhook with id wh_doesnotexist00000.',
    });
    for (const [body, name] of [
      [{ webhook: otherId }, 'webhook'],
      [{ webhook_id: 42 }, 'webhook_id'],
      [{ webhook_id: '' }, 'webhook_id'],
    ] as const) {
      const bad = await api(emu, 'POST', `/events/${event.id}/resend`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.error.code).toBe('validation_error');
      expect(Object.keys(bad.json.error.details)).toEqual([name]);
    }
    // None of the refused requests sent anything.
    expect((await getEvent(emu, event.id)).deliveries.map((delivery: any) => delivery.attempts.length).sort()).toEqual([
      1, 3,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

/** What each trigger makes when no job is given: the kinds emitted in order; the candidate's status. */
const TRIGGERED: Record<EventKind, { types: EventKind[]; candidate?: string }> = (() => {
  const job: EventKind[] = ['job.created', 'assessment.generated'];
  const applied: EventKind[] = [...job, 'application.received', 'application.created'];
  const assessed: EventKind[] = [
    ...applied,
    'candidate.statusChanged',
    'assessment.completed',
    'candidate.statusChanged',
  ];
  const interviewed: EventKind[] = [...assessed, 'candidate.statusChanged', 'interview.scheduled'];
  return {
    'job.created': { types: job },
    'assessment.generated': { types: job },
    'application.received': { types: applied, candidate: 'new' },
    'application.created': { types: applied, candidate: 'new' },
    'candidate.statusChanged': { types: [...applied, 'candidate.statusChanged'], candidate: 'screening' },
    'assessment.completed': { types: assessed, candidate: 'review' },
    'interview.scheduled': { types: interviewed, candidate: 'interview' },
    'offer.extended': { types: [...interviewed, 'candidate.statusChanged', 'offer.extended'], candidate: 'offer' },
  };
})();
const CANDIDATE_KINDS = EVENT_KINDS.filter((kind) => TRIGGERED[kind].candidate !== undefined);

describe('POST /_emulator/trigger', () => {
  it('makes the records for each of the 8 kinds and emits the event to the webhooks of its kind', async () => {
    const emu = await emulator();
    const hook = await receiver();
    const secrets = new Map<EventKind, string>();
    const webhooks = new Map<EventKind, string>();
    for (const kind of EVENT_KINDS) {
      secrets.set(kind, whsecSecret());
      webhooks.set(kind, await registerWebhook(emu, hook.url(`/${kind}`), [kind], secrets.get(kind)!));
    }
    const emittedByKind = new Map<EventKind, number>(EVENT_KINDS.map((kind) => [kind, 0]));

    for (const kind of EVENT_KINDS) {
      const answer = await trigger(emu, { type: kind });
      expect(answer.type).toBe(kind);
      expect(
        answer.events.map((event: any) => event.type),
        kind,
      ).toEqual(TRIGGERED[kind].types);
      for (const event of answer.events) emittedByKind.set(event.type, emittedByKind.get(event.type)! + 1);
      const triggered = answer.events.find((event: any) => event.id === answer.event_id);
      expect(triggered, kind).toBeDefined();
      expect(triggered.type).toBe(kind);
      expect(triggered.id).toBe(answer.events.filter((event: any) => event.type === kind).at(-1).id);
      // Every event is about the one job the trigger made, and is in the event log as answered.
      const jobId = answer.events[0].data.id;
      expect(answer.events.map((event: any) => event.job_id)).toEqual(answer.events.map(() => jobId));
      expect(await getEvent(emu, answer.event_id)).toMatchObject({
        id: answer.event_id,
        type: kind,
        data: triggered.data,
        job_id: jobId,
      });

      const job = await api(emu, 'GET', `/jobs/${jobId}`);
      expect(job.status, kind).toBe(200);
      expect(job.json.data.status).toBe(TRIGGERED[kind].candidate ? 'active' : 'draft');
      const candidates = (await api(emu, 'GET', `/candidates?job_id=${jobId}`)).json.data;
      if (TRIGGERED[kind].candidate === undefined) {
        expect(candidates, kind).toEqual([]);
        const assessment = await api(emu, 'GET', `/assessments/${answer.events[1].data.id}`);
        expect(assessment.json.data).toMatchObject({ id: answer.events[1].data.id, job_id: jobId });
      } else {
        expect(
          candidates.map((candidate: any) => candidate.status),
          kind,
        ).toEqual([TRIGGERED[kind].candidate]);
        expect(job.json.data.candidate_count).toBe(1);
        const candidateId = candidates[0].id;
        const about = triggered.data.candidate_id ?? triggered.data.id;
        expect(about).toBe(candidateId);
        if (kind === 'assessment.completed') {
          expect(triggered.data).toEqual({
            candidate_id: candidateId,
            job_id: jobId,
            assessment_id: job.json.data.assessment_id,
            score: candidates[0].score,
          });
          expect(candidates[0].score).toBeGreaterThanOrEqual(0);
        }
        if (kind === 'candidate.statusChanged')
          expect(triggered.data).toMatchObject({ status: 'screening', previous_status: 'new' });
      }

      const secret = secrets.get(kind)!;
      const received = await until(`the ${kind} delivery`, async () =>
        hook.requests.find((request) => request.headers['webhook-id'] === answer.event_id),
      );
      expect(received.path).toBe(`/${kind}`);
      const body = verified(received, secret);
      expect(body).toEqual({ id: answer.event_id, type: kind, created_at: triggered.created_at, data: triggered.data });
      expect(() => verified(received, whsecSecret())).toThrow();
    }

    // Each webhook got every event of its kind, and nothing else.
    for (const kind of EVENT_KINDS) {
      const settled = await until(`every ${kind} delivery`, async () => {
        const deliveries = await deliveriesOf(emu, webhooks.get(kind)!);
        return (
          deliveries.length === emittedByKind.get(kind) &&
          deliveries.every((delivery) => delivery.state === 'succeeded') &&
          deliveries
        );
      });
      expect(settled.map((delivery: any) => delivery.event_type)).toEqual(settled.map(() => kind));
      const atPath = hook.requests.filter((request) => request.path === `/${kind}`);
      expect(atPath).toHaveLength(emittedByKind.get(kind)!);
      for (const request of atPath) expect(verified(request, secrets.get(kind)!).type).toBe(kind);
    }
  });

  it('attaches to a job given: active jobs take every kind, drafts refuse candidate kinds', async () => {
    const emu = await emulator();
    const active = await createJob(emu);
    for (const kind of EVENT_KINDS.filter((item) => item !== 'job.created')) {
      const answer = await trigger(emu, { type: kind, job_id: active.id });
      expect(
        answer.events.map((event: any) => event.job_id),
        kind,
      ).toEqual(answer.events.map(() => active.id));
      expect(answer.events.map((event: any) => event.type)).not.toContain('job.created');
      const expected = kind === 'assessment.generated' ? ['assessment.generated'] : TRIGGERED[kind].types.slice(2);
      expect(
        answer.events.map((event: any) => event.type),
        kind,
      ).toEqual(expected);
      expect(answer.events.find((event: any) => event.id === answer.event_id).type).toBe(kind);
    }
    const candidates = await api(emu, 'GET', `/candidates?job_id=${active.id}&per_page=100`);
    expect(candidates.json.meta.total_count).toBe(CANDIDATE_KINDS.length);
    expect((await api(emu, 'GET', `/jobs/${active.id}`)).json.data.candidate_count).toBe(CANDIDATE_KINDS.length);
    expect((await api(emu, 'GET', '/jobs')).json.meta.total_count).toBe(1);

    const draft = await createJob(emu, { publish: false });
    const before = (await listEvents(emu, `?job_id=${draft.id}`)).meta.total_count;
    for (const kind of CANDIDATE_KINDS) {
      const refused = await request(emu, 'POST', '/_emulator/trigger', { body: { type: kind, job_id: draft.id } });
      expect(refused.status, kind).toBe(409);
      expect(refused.json.error.code).toBe('conflict');
      expect(refused.json.error.message).toContain(`hire jobs publish ${draft.id}`);
    }
    // Refused whole: no candidate, no event.
    expect((await api(emu, 'GET', `/candidates?job_id=${draft.id}`)).json.meta.total_count).toBe(0);
    expect((await listEvents(emu, `?job_id=${draft.id}`)).meta.total_count).toBe(before);

    const withJob = await request(emu, 'POST', '/_emulator/trigger', {
      body: { type: 'job.created', job_id: active.id },
    });
    expect(withJob.status).toBe(400);
    expect(Object.keys(withJob.json.error.details)).toEqual(['job_id']);
    const unknownJob = await request(emu, 'POST', '/_emulator/trigger', {
      body: { type: 'application.created', job_id: 'job_doesnotexist0000' },
    });
    expect(unknownJob.status).toBe(404);
    expect(unknownJob.json.error.message).toContain('job_doesnotexist0000');
    const badType = await request(emu, 'POST', '/_emulator/trigger', { body: { type: 'job.deleted' } });
    expect(badType.status).toBe(400);
    expect(Object.keys(badType.json.error.details)).toEqual(['type']);
  });

  it('overrides change the triggered event only, never the records; paths that are not data paths are refused', async () => {
    const emu = await emulator();
    const hook = await receiver();
    const secret = whsecSecret();
    await registerWebhook(emu, hook.url(), ['application.received', 'application.created'], secret);
    const answer = await trigger(emu, {
      type: 'application.created',
      overrides: { name: 'Zoë', 'location.city': 'Lisbon' },
    });
    const [received, created] = answer.events.slice(2);
    expect([received.type, created.type]).toEqual(['application.received', 'application.created']);
    expect(created.id).toBe(answer.event_id);
    expect(created.data.name).toBe('Zoë');
    expect(created.data.location).toEqual({ city: 'Lisbon' });
    expect(received.data.name).not.toBe('Zoë');
    expect(received.data).not.toHaveProperty('location');
    const { location: _location, ...rest } = created.data;
    expect(rest).toEqual({ ...received.data, name: 'Zoë' });

    const candidate = await api(emu, 'GET', `/candidates/${created.data.id}`);
    expect(candidate.status).toBe(200);
    expect(candidate.json.data).toEqual(received.data);
    expect((await getEvent(emu, answer.event_id)).data).toEqual(created.data);
    const delivered = await until('the application.created delivery', async () =>
      hook.requests.find((request) => request.headers['webhook-id'] === answer.event_id),
    );
    expect(verified(delivered, secret).data).toEqual(created.data);

    for (const path of ['__proto__.x', 'a..b']) {
      const refused = await request(emu, 'POST', '/_emulator/trigger', {
        body: { type: 'application.created', overrides: { [path]: 1 } },
      });
      expect(refused.status, path).toBe(400);
      expect(Object.keys(refused.json.error.details)).toEqual([`overrides.${path}`]);
    }
    const events = (await listEvents(emu)).meta.total_count;
    expect(events).toBe(answer.events.length);
  });

  it('a write key may trigger; a read key may not', async () => {
    const emu = await emulator();
    const writeKey = await createKey(emu, 'write', 'ci writer');
    const readKey = await createKey(emu, 'read', 'dashboard');
    const answer = await trigger(emu, { type: 'candidate.statusChanged' }, writeKey);
    expect(answer.type).toBe('candidate.statusChanged');
    const refused = await request(emu, 'POST', '/_emulator/trigger', {
      body: { type: 'candidate.statusChanged' },
      key: readKey,
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'forbidden', status: 403 });
    expect((await listEvents(emu)).meta.total_count).toBe(answer.events.length);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /_emulator/requests', () => {
  it('lists the requests answered since a point, with key names and never keys or assessment tokens', async () => {
    const emu = await emulator();
    const writeKey = await createKey(emu, 'write', 'ci writer');
    const job = await createJob(emu);

    const start = await request(emu, 'GET', '/_emulator/requests');
    expect(start.status).toBe(200);
    expect(start.json.data).toEqual([]);
    const last = start.json.meta.last;
    expect(Number.isInteger(last)).toBe(true);
    expect(last).toBeGreaterThanOrEqual(2);

    const made: { method: string; path: string; status: number; key_name: string | null; request_id: string }[] = [];
    const note = (
      answered: { status: number; headers: Headers },
      method: string,
      path: string,
      keyName: string | null,
    ) => {
      const requestId = answered.headers.get('x-request-id');
      expect(requestId).toMatch(/^req_/);
      made.push({ method, path, status: answered.status, key_name: keyName, request_id: requestId! });
    };
    note(
      await request(emu, 'GET', '/api/v1/jobs?per_page=5', { key: writeKey }),
      'GET',
      '/api/v1/jobs?per_page=5',
      'ci writer',
    );
    note(
      await request(emu, 'POST', '/api/v1/jobs', { body: { title: 'Data Engineer', description: DESCRIPTION } }),
      'POST',
      '/api/v1/jobs',
      'local profile',
    );
    const badKey = 'hk_test_thisisnotakeyofthisemulator00';
    note(await request(emu, 'GET', '/api/v1/jobs', { key: badKey }), 'GET', '/api/v1/jobs', null);
    // The presence check and the log's own reads stay out of it.
    expect((await fetch(`${emu.origin}/_emulator/info?nonce=${randomBytes(16).toString('hex')}`)).status).toBe(200);
    expect((await request(emu, 'GET', `/_emulator/requests?after=${last}`)).status).toBe(200);
    const forbidden = await request(emu, 'GET', '/_emulator/requests', { key: writeKey });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.error.code).toBe('forbidden');
    // An application through the page: the assessment link's token is the candidate's credential.
    const applied = await fetch(`${emu.origin}/apply/${job.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Ada Lovelace', email: 'ada@example.com', note: '' }).toString(),
    });
    await applied.text();
    expect(applied.status).toBe(303);
    const assessPath = applied.headers.get('location')!;
    const token = /^\/assess\/([^/]+)$/.exec(assessPath)?.[1];
    expect(token).toBeDefined();
    note(applied, 'POST', `/apply/${job.id}`, null);
    const assess = await fetch(`${emu.origin}${assessPath}`);
    await assess.text();
    expect(assess.status).toBe(200);
    note(assess, 'GET', '/assess/…', null);
    note(await request(emu, 'GET', '/api/v1/nowhere'), 'GET', '/api/v1/nowhere', 'local profile');
    expect(made.map((entry) => entry.status)).toEqual([200, 201, 401, 303, 200, 404]);

    const log = await request(emu, 'GET', `/_emulator/requests?after=${last}`);
    expect(log.status).toBe(200);
    const entries = log.json.data;
    expect(
      entries.map(({ method, path, status, key_name, request_id }: any) => ({
        method,
        path,
        status,
        key_name,
        request_id,
      })),
    ).toEqual(made);
    const seqs = entries.map((entry: any) => entry.seq);
    expect(seqs[0]).toBeGreaterThan(last);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(log.json.meta.last).toBe(seqs.at(-1));
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual([
        'at',
        'key_name',
        'method',
        'ms',
        'path',
        'request_id',
        'seq',
        'status',
      ]);
      expect(typeof entry.ms).toBe('number');
      expect(entry.ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(entry.at)).not.toBeNaN();
    }
    for (const secret of [writeKey, emu.key, badKey, token!]) expect(log.text).not.toContain(secret);

    // Paged by `after` and `limit`; where the log stands is always the newest entry.
    const firstTwo = await request(emu, 'GET', `/_emulator/requests?after=${last}&limit=2`);
    expect(firstTwo.json.data.map((entry: any) => entry.request_id)).toEqual(
      made.slice(0, 2).map((entry) => entry.request_id),
    );
    expect(firstTwo.json.meta.last).toBe(seqs.at(-1));
    const rest = await request(emu, 'GET', `/_emulator/requests?after=${firstTwo.json.data[1].seq}`);
    expect(rest.json.data.map((entry: any) => entry.request_id)).toEqual(
      made.slice(2).map((entry) => entry.request_id),
    );
    expect((await request(emu, 'GET', `/_emulator/requests?after=${log.json.meta.last}`)).json.data).toEqual([]);
    for (const query of ['after=-1', 'after=x', 'after=', 'after=0&limit=0']) {
      const bad = await request(emu, 'GET', `/_emulator/requests?${query}`);
      expect(bad.status, query).toBe(400);
      expect(Object.keys(bad.json.error.details), query).toEqual([query.includes('limit') ? 'limit' : 'after']);
    }
  });
});
