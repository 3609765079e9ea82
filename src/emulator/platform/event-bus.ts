// Events and their delivery (docs/api-choices.md §8, §9): Standard Webhooks v1, a delivery
// succeeds on a 2xx within 10 s, otherwise it is retried with exponential backoff, 6 attempts in
// all. Deliveries live in the store, so that those pending when the emulator stops resume when it
// starts again; every attempt is kept for the delivery log. Every event is kept in the event log
// (`hire events list`), whether a webhook listens or not, for 30 days and up to the newest 10,000;
// one can be sent again (`hire events resend`) with the same webhook-id.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { EventKind } from '../../domain/vocabulary.js';
import { signedHeaders } from '../../webhooks/signature.js';
import { newId } from '../storage/ids.js';
import { conflict, notFound } from './errors.js';
import type { Store } from '../storage/store.js';
import { transaction } from '../storage/transaction.js';
import { appendEvent, firstEventAt, hasEventsBefore, lastEventNumber, trimEvents } from '../storage/event-log.js';
import { leaseDueDeliveries, nextPendingDelivery, releaseDelivery } from '../storage/deliveries.js';

export const MAX_ATTEMPTS = 6;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The first retry waits this long; each later one five times longer (5 s, 25 s, ~2 min, ~10 min, ~52 min). */
export const DEFAULT_BACKOFF_MS = 5_000;
/** At most this many deliveries in flight at once. */
const PARALLEL = 8;
/** The event log keeps the newest this many events of an environment… */
export const EVENTS_KEPT = 10_000;
/** …that are at most this old (by the emulator's clock). */
export const EVENT_RETENTION_DAYS = 30;
/** How much of a receiver's answer an attempt keeps, for `hire events get`. */
export const RESPONSE_SNIPPET_BYTES = 512;

/** A subscription as stored, secret included. Here, not in routes/webhooks.ts: delivery reads it,
 * and that route module reads deliveries. */
export interface StoredWebhook {
  id: string;
  url: string;
  events: EventKind[];
  secret: string;
  status: 'active';
  created_at: string;
  updated_at: string;
}

export interface StoredEvent {
  id: string;
  type: EventKind;
  created_at: string;
  /** The job the event is about (every kind is about one), for `events list --job`. */
  job_id: string | null;
  data: unknown;
}

/** What is delivered: Standard Webhooks' `{id, type, created_at, data}`. */
export function eventBody(event: StoredEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at, data: event.data });
}

/** The job an event's data is about: its `job_id`, or the job itself for job.created. */
function jobOf(type: EventKind, data: unknown): string | null {
  if (data === null || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const id = type === 'job.created' ? record.id : record.job_id;
  return typeof id === 'string' ? id : null;
}

export interface Attempt {
  number: number;
  at: string;
  duration_ms: number;
  response_status: number | null;
  /** The start of the receiver's answer (up to 512 bytes), as text. */
  response_body: string | null;
  error: string | null;
  success: boolean;
  /** Made by `events resend`, not by the retry schedule. */
  resend?: boolean;
}

export interface Delivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: EventKind;
  url: string;
  /** The exact body sent on every attempt. */
  body: string;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: Attempt[];
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  /** The next attempt is a resend: one attempt, whatever its answer, then the delivery is done. */
  resend?: boolean;
}

/** A delivery as the API shows it: without the body (the event has it). */
export function publicDelivery({ body: _body, ...delivery }: Delivery): Omit<Delivery, 'body'> {
  return delivery;
}

export interface EventBusOptions {
  backoffMs?: number;
  timeoutMs?: number;
  now?: () => Date;
  /**
   * How often to look for deliveries due that another process on the same data dir recorded (a
   * command's in-process emulator, or a retry whose process has gone); a standing server sets it.
   */
  pollMs?: number;
  /** The newest this many events are kept (EVENTS_KEPT); small in tests. */
  eventsKept?: number;
  /** A failure of the delivery loop (damaged data): logged, and the loop goes on. */
  onError?: (error: unknown) => void;
}

/** After a run that claimed nothing although something was due (leased elsewhere, or damaged), the next look waits this long. */
const IDLE_RETRY_MS = 1_000;

/** How long an attempt under way keeps others off its delivery: the timeout and some slack. */
const LEASE_SLACK_MS = 5_000;

export class EventBus {
  readonly #store: Store;
  readonly #backoffMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => Date;
  readonly #pollMs: number | undefined;
  readonly #eventsKept: number;
  readonly #onError: (error: unknown) => void;
  /** The event log is trimmed each time this many more events have been stored (by any process). */
  readonly #pruneEvery: number;
  /**
   * When the oldest stored event was made, as last read: other processes only add newer events or
   * trim old ones, so while this is within the log's age, so is the true oldest.
   */
  #oldestAt: string | undefined;
  /** While `collect` runs: the events emitted, and what shapes their data. */
  #collector: { events: StoredEvent[]; shape: ((type: EventKind, data: unknown) => unknown) | undefined } | undefined;
  readonly #inFlight = new Map<string, Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #poller: NodeJS.Timeout | undefined;
  #scheduled = false;
  #stopped = false;
  /** After stop(): the store may be closed, so attempt results are no longer written. */
  #closed = false;

  constructor(store: Store, options: EventBusOptions = {}) {
    this.#store = store;
    this.#backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.#timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.#now = options.now ?? (() => new Date());
    this.#pollMs = options.pollMs;
    this.#onError = options.onError ?? (() => {});
    this.#eventsKept = Math.max(1, options.eventsKept ?? EVENTS_KEPT);
    this.#pruneEvery = Math.min(1_000, Math.max(1, Math.floor(this.#eventsKept / 10)));
  }

  /**
   * Records an event in the event log and a delivery for each webhook subscribed to its kind, in
   * the caller's transaction: they commit with the change that caused them. The log is trimmed to
   * its retention as it grows (simulating 100,000 applications must not fill the store).
   */
  emit(type: EventKind, given: unknown): StoredEvent {
    const data = this.#collector?.shape ? this.#collector.shape(type, given) : given;
    const stamp = this.#now().toISOString();
    const event: StoredEvent = { id: newId('evt'), type, created_at: stamp, job_id: jobOf(type, data), data };
    // Events are only ever added, never updated: a plain insert, whose row number paces the trimming.
    const number = appendEvent(this.#store, event);
    this.#collector?.events.push(event);
    const webhooks = this.#store.all<StoredWebhook>('webhooks').filter((webhook) => webhook.events.includes(type));
    if (webhooks.length > 0) {
      const body = eventBody(event);
      for (const webhook of webhooks) this.#store.put('deliveries', newDelivery(webhook, event, body, stamp));
      this.#soon();
    }
    // Trimmed by count every so often, and by age as soon as the oldest event is past it (one read
    // of the first row); the log's reads also leave out what is past its age meanwhile.
    if (number % this.#pruneEvery === 0 || this.#oldestExpired()) this.#prune(number);
    return event;
  }

  /**
   * Runs fn (synchronously, in the caller's transaction) and returns the events it emitted, in
   * order; `shape` may change an event's data before it is stored and sent (`trigger --override`).
   */
  collect<T>(fn: () => T, shape?: (type: EventKind, data: unknown) => unknown): { result: T; events: StoredEvent[] } {
    const collector = { events: [] as StoredEvent[], shape };
    this.#collector = collector;
    try {
      return { result: fn(), events: collector.events };
    } finally {
      this.#collector = undefined;
    }
  }

  /**
   * Sends an event again (in the caller's write transaction), with the same webhook-id: to the
   * webhook given, or to every webhook it was delivered to that still exists. A delivery done
   * (succeeded or failed) gets one more attempt; one still being retried is attempted now.
   */
  resend(eventId: string, webhookId?: string): Delivery[] {
    const event = this.#store.get<StoredEvent>('events', eventId);
    if (!event || expired(event, this.#now())) throw notFound('event', eventId);
    const deliveries = this.#store.all<Delivery>('deliveries', { event_id: event.id });
    const stamp = this.#now().toISOString();
    let targets: Delivery[];
    if (webhookId !== undefined) {
      const webhook = this.#store.get<StoredWebhook>('webhooks', webhookId);
      if (!webhook) throw notFound('webhook', webhookId);
      const previous = deliveries.find((delivery) => delivery.webhook_id === webhook.id);
      targets = [previous ?? { ...newDelivery(webhook, event, eventBody(event), stamp), resend: true }];
    } else {
      targets = deliveries.filter(
        (delivery) => this.#store.get<StoredWebhook>('webhooks', delivery.webhook_id) !== undefined,
      );
      if (targets.length === 0) {
        throw conflict(
          deliveries.length === 0
            ? `Event ${event.id} was not delivered to any webhook (none listened to ${event.type} then); name one to send it to.`
            : `The webhooks event ${event.id} was delivered to have been removed; name one to send it to.`,
          { webhook_id: 'is required when the event has no webhook to go back to' },
        );
      }
    }
    const queued = targets.map((delivery) =>
      this.#store.put('deliveries', {
        ...delivery,
        state: 'pending',
        // One still being retried keeps its schedule after this attempt; one done gets one more.
        ...(delivery.state === 'pending' ? {} : { resend: true }),
        next_attempt_at: stamp,
        updated_at: stamp,
      } satisfies Delivery),
    );
    this.#soon();
    return queued;
  }

  /** Looks for deliveries due once the transaction that recorded them has committed (it runs synchronously). */
  #soon(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#schedule();
    });
  }

  /**
   * Trims the event log to its retention (in the caller's transaction): the events before the newest
   * `eventsKept` (row numbers only grow, one per event, so those are the rows numbered up to
   * `last - eventsKept`) and those past their age, with their deliveries that are not still being
   * attempted.
   */
  #prune(last?: number): void {
    const newest = last ?? lastEventNumber(this.#store);
    this.#oldestAt = undefined;
    trimEvents(this.#store, newest - this.#eventsKept, retentionCutoff(this.#now()));
  }

  /** Is the first event stored (the oldest but for a clock set back) past the log's age? */
  #oldestExpired(): boolean {
    const cutoff = retentionCutoff(this.#now());
    if (this.#oldestAt !== undefined && this.#oldestAt >= cutoff) return false;
    this.#oldestAt = firstEventAt(this.#store);
    return this.#oldestAt !== undefined && this.#oldestAt < cutoff;
  }

  /** Trims events past their age, if there are any (a read first: most starts have none). */
  #expire(): void {
    if (hasEventsBefore(this.#store, retentionCutoff(this.#now())))
      transaction(this.#store, 'write', () => this.#prune());
  }

  /** Starts delivering, beginning with what was pending when the emulator last stopped. */
  start(): void {
    this.#stopped = false;
    this.#closed = false;
    this.#expire();
    this.#schedule();
    if (this.#pollMs !== undefined) {
      this.#poller = setInterval(() => this.#schedule(), this.#pollMs);
      this.#poller.unref();
    }
  }

  /**
   * Attempts every delivery that is due now, and those queued behind them, until none is in flight
   * or `waitMs` has passed (an in-process emulator's last act).
   */
  async drain(waitMs: number): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        this.#runDue();
      } catch (error) {
        this.#onError(error);
        return;
      }
      if (this.#inFlight.size === 0) return;
      const left = deadline - Date.now();
      if (left <= 0) return;
      await Promise.race([
        Promise.race([...this.#inFlight.values()]),
        new Promise((resolve) => setTimeout(resolve, left).unref()),
      ]);
    }
  }

  /** Stops scheduling and waits up to `waitMs` for attempts under way; later results are dropped
   * (the delivery stays pending in the store and is tried again when its lease ends). */
  async stop(waitMs = 0): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#poller) clearInterval(this.#poller);
    this.#timer = undefined;
    this.#poller = undefined;
    if (this.#inFlight.size > 0 && waitMs > 0) {
      await Promise.race([
        Promise.all([...this.#inFlight.values()]),
        new Promise((resolve) => setTimeout(resolve, waitMs).unref()),
      ]);
    }
    // Attempts still under way are given up: another emulator on this data may take them at once.
    for (const id of this.#inFlight.keys()) releaseDelivery(this.#store, id);
    this.#closed = true;
  }

  /** When the next pending delivery is due, by the emulator's clock (ms), or undefined. */
  #nextDue(): number | undefined {
    const next = nextPendingDelivery(this.#store);
    return next === undefined ? undefined : Date.parse(next);
  }

  #schedule(minDelayMs = 0): void {
    if (this.#stopped || this.#closed) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    let next: number | undefined;
    try {
      next = this.#nextDue();
    } catch (error) {
      // Timers have no caller to tell: a fault in the data is logged, never the end of the process.
      this.#onError(error);
      return;
    }
    if (next === undefined) return;
    const delay = Math.max(minDelayMs, next - this.#now().getTime());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      let claimed = 0;
      try {
        claimed = this.#runDue();
      } catch (error) {
        this.#onError(error);
      }
      this.#schedule(claimed === 0 && this.#inFlight.size === 0 ? IDLE_RETRY_MS : 0);
    }, delay);
    // A standing server stays up for its own reasons; a timer alone must not keep a process alive.
    this.#timer.unref();
  }

  /** Claims the deliveries due now that nobody is attempting (a lease in the store), and attempts them. */
  #runDue(): number {
    if (this.#closed) return 0;
    const free = PARALLEL - this.#inFlight.size;
    if (free <= 0) return 0;
    const now = this.#now();
    const clock = Date.now();
    const claimed = transaction(this.#store, 'write', () => {
      const due = leaseDueDeliveries<Delivery>(
        this.#store,
        now.toISOString(),
        clock,
        clock + this.#timeoutMs + LEASE_SLACK_MS,
        free,
      );
      return due.filter((delivery) => !this.#inFlight.has(delivery.id));
    });
    for (const delivery of claimed) {
      const attempt = this.#attempt(delivery)
        .catch((error: unknown) => this.#onError(error))
        .finally(() => {
          this.#inFlight.delete(delivery.id);
          this.#schedule();
        });
      this.#inFlight.set(delivery.id, attempt);
    }
    return claimed.length;
  }

  async #attempt(delivery: Delivery): Promise<void> {
    const webhook = this.#store.get<StoredWebhook>('webhooks', delivery.webhook_id);
    const started = this.#now();
    let outcome: Outcome;
    if (!webhook) outcome = { status: null, body: null, error: 'the webhook was removed' };
    else {
      const headers = signedHeaders(webhook.secret, delivery.event_id, delivery.body, started);
      outcome = await post(delivery.url, delivery.body, { ...headers }, this.#timeoutMs);
    }
    const success = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    if (this.#closed) return;
    transaction(this.#store, 'write', () => {
      // Gone meanwhile (its event trimmed from the log, or the store reset): nothing to record.
      const current = this.#store.get<Delivery>('deliveries', delivery.id);
      if (!current) return;
      const resend = current.resend === true;
      const attempt: Attempt = {
        number: current.attempts.length + 1,
        at: started.toISOString(),
        duration_ms: Math.max(0, this.#now().getTime() - started.getTime()),
        response_status: outcome.status,
        response_body: outcome.body,
        error: success ? null : (outcome.error ?? `HTTP ${outcome.status}`),
        success,
        ...(resend ? { resend: true } : {}),
      };
      const attempts = [...current.attempts, attempt];
      const finished = success || !webhook || resend || attempts.length >= MAX_ATTEMPTS;
      const next = finished
        ? null
        : new Date(this.#now().getTime() + this.#backoffMs * 5 ** (attempts.length - 1)).toISOString();
      const { resend: _done, ...rest } = current;
      this.#store.put('deliveries', {
        ...rest,
        attempts,
        state: success ? 'succeeded' : finished ? 'failed' : 'pending',
        next_attempt_at: next,
        updated_at: this.#now().toISOString(),
      } satisfies Delivery);
      releaseDelivery(this.#store, delivery.id);
    });
  }
}

function newDelivery(webhook: StoredWebhook, event: StoredEvent, body: string, stamp: string): Delivery {
  return {
    id: newId('dlv'),
    webhook_id: webhook.id,
    event_id: event.id,
    event_type: event.type,
    url: webhook.url,
    body,
    state: 'pending',
    attempts: [],
    next_attempt_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  };
}

interface Outcome {
  status: number | null;
  body: string | null;
  error: string | null;
}

/** At most RESPONSE_SNIPPET_BYTES of the answer, cut before a character that would not fit whole. */
export function snippet(bytes: Buffer): string {
  if (bytes.length <= RESPONSE_SNIPPET_BYTES) return bytes.toString('utf8');
  let end = RESPONSE_SNIPPET_BYTES;
  // A continuation byte (10xxxxxx) at the cut: the character it belongs to starts before it.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/** Whether an event is past the log's retention at `now`. */
export function expired(event: Pick<StoredEvent, 'created_at'>, now: Date): boolean {
  return event.created_at < retentionCutoff(now);
}

/** Events created before this (ISO) are past the log's retention. */
export function retentionCutoff(now: Date): string {
  return new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
}

/** One POST of a delivery; a 2xx within the timeout is success. Never throws. */
function post(url: string, body: string, headers: { [name: string]: string }, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: null, body: null, error: 'the webhook URL is not valid' });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'hire-emulator-webhooks/1',
        },
      },
      (res) => {
        // The start of the answer is kept (and a few bytes more, to cut between characters); the
        // rest is read and dropped.
        const kept: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_SNIPPET_BYTES + 4) kept.push(chunk.subarray(0, RESPONSE_SNIPPET_BYTES + 4 - size));
          size += chunk.length;
        });
        const text = () => (size === 0 ? null : snippet(Buffer.concat(kept)));
        res.on('end', () => resolve({ status: res.statusCode ?? null, body: text(), error: null }));
        res.on('error', (error) => resolve({ status: res.statusCode ?? null, body: text(), error: error.message }));
      },
    );
    // The whole exchange, body included, must fit in the timeout (docs/api-choices.md §8: 2xx within 10 s).
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (error) => resolve({ status: null, body: null, error: error.message }));
    req.end(body);
  });
}
