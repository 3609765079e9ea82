// Events (docs/api-choices.md §8, §9): every event is recorded in the event log (`hire events
// list`), whether a webhook listens or not, for 30 days and up to the newest EVENTS_KEPT, with a delivery
// for each webhook subscribed to its kind, in the transaction of the change that caused it; one can
// be sent again (`hire events resend`) with the same webhook-id. The delivery worker
// (delivery-worker.ts) attempts the deliveries.
import type { EventKind } from '../../domain/vocabulary.js';
import { appendEvent, firstEventAt, hasEventsBefore, lastEventNumber, trimEvents } from '../storage/event-log.js';
import { newId } from '../storage/ids.js';
import type { Store } from '../storage/store.js';
import { transaction } from '../storage/transaction.js';
import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker.js';
import { conflict, notFound } from './errors.js';
import {
  EVENTS_KEPT,
  eventBody,
  expired,
  newDelivery,
  retentionCutoff,
  type Delivery,
  type StoredEvent,
  type StoredWebhook,
} from './event-records.js';

/** The job an event's data is about: its `job_id`, or the job itself for job.created. */
function jobOf(type: EventKind, data: unknown): string | null {
  if (data === null || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const id = type === 'job.created' ? record.id : record.job_id;
  return typeof id === 'string' ? id : null;
}

export interface EventBusOptions extends DeliveryWorkerOptions {
  /** The newest this many events are kept (EVENTS_KEPT); small in tests. */
  eventsKept?: number;
}

export class EventBus {
  readonly #store: Store;
  readonly #now: () => Date;
  readonly #worker: DeliveryWorker;
  readonly #eventsKept: number;
  /** The event log is trimmed each time this many more events have been stored (by any process). */
  readonly #pruneEvery: number;
  /**
   * When the oldest stored event was made, as last read: other processes only add newer events or
   * trim old ones, so while this is within the log's age, so is the true oldest.
   */
  #oldestAt: string | undefined;
  /** While `counting` runs: the events trimmed from the log because newer ones pushed them out. */
  #dropped: number | undefined;
  /** While `collect` runs: the events emitted, and what shapes their data. */
  #collector: { events: StoredEvent[]; shape: ((type: EventKind, data: unknown) => unknown) | undefined } | undefined;

  constructor(store: Store, options: EventBusOptions = {}) {
    this.#store = store;
    this.#now = options.now ?? (() => new Date());
    this.#worker = new DeliveryWorker(store, options);
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
      this.#worker.soon();
    }
    // Trimmed by count every so often, and by age as soon as the oldest event is past it (one read
    // of the first row); the log's reads also leave out what is past its age meanwhile.
    if (number % this.#pruneEvery === 0 || this.#oldestExpired()) this.#prune(number);
    return event;
  }

  /** How many events the log keeps (EVENTS_KEPT unless a test set another). */
  get eventsKept(): number {
    return this.#eventsKept;
  }

  /**
   * Runs fn (synchronously, in the caller's write transaction), then trims the log to the newest
   * `eventsKept`, and answers how many events left it because newer ones pushed them out, during fn
   * or in that last trim (those past their age are not counted): what `hire emulator simulate` and
   * `hire trigger` tell (docs/emulator.md "Webhooks and events").
   */
  counting<T>(fn: () => T): { result: T; dropped: number } {
    this.#dropped = 0;
    try {
      const result = fn();
      this.#prune();
      return { result, dropped: this.#dropped };
    } finally {
      this.#dropped = undefined;
    }
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
    this.#worker.soon();
    return queued;
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
    const { byNumber } = trimEvents(this.#store, newest - this.#eventsKept, retentionCutoff(this.#now()));
    if (this.#dropped !== undefined) this.#dropped += byNumber;
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

  /** Starts delivering, beginning with what was pending when the emulator last stopped (events past their age trimmed first). */
  start(): void {
    this.#expire();
    this.#worker.start();
  }

  /**
   * Attempts every delivery that is due now, and those queued behind them, until none is in flight
   * or `waitMs` has passed (an in-process emulator's last act).
   */
  drain(waitMs: number): Promise<void> {
    return this.#worker.drain(waitMs);
  }

  /** Stops delivering; see DeliveryWorker.stop. */
  stop(waitMs = 0): Promise<void> {
    return this.#worker.stop(waitMs);
  }
}
