import type { EventKind } from '../domain/vocabulary.js';
import type { Store } from './store.js';
export declare const MAX_ATTEMPTS = 6;
export declare const DELIVERY_TIMEOUT_MS = 10000;
/** The first retry waits this long; each later one five times longer (5 s, 25 s, ~2 min, ~10 min, ~52 min). */
export declare const DEFAULT_BACKOFF_MS = 5000;
/** The event log keeps the newest this many events of an environment… */
export declare const EVENTS_KEPT = 10000;
/** …that are at most this old (by the emulator's clock). */
export declare const EVENT_RETENTION_DAYS = 30;
/** How much of a receiver's answer an attempt keeps, for `hire events get`. */
export declare const RESPONSE_SNIPPET_BYTES = 512;
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
export declare function eventBody(event: StoredEvent): string;
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
export declare function publicDelivery({ body: _body, ...delivery }: Delivery): Omit<Delivery, 'body'>;
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
export declare class EventBus {
    #private;
    constructor(store: Store, options?: EventBusOptions);
    /**
     * Records an event in the event log and a delivery for each webhook subscribed to its kind, in
     * the caller's transaction: they commit with the change that caused them. The log is trimmed to
     * its retention as it grows (simulating 100,000 applications must not fill the store).
     */
    emit(type: EventKind, given: unknown): StoredEvent;
    /**
     * Runs fn (synchronously, in the caller's transaction) and returns the events it emitted, in
     * order; `shape` may change an event's data before it is stored and sent (`trigger --override`).
     */
    collect<T>(fn: () => T, shape?: (type: EventKind, data: unknown) => unknown): {
        result: T;
        events: StoredEvent[];
    };
    /**
     * Sends an event again (in the caller's write transaction), with the same webhook-id: to the
     * webhook given, or to every webhook it was delivered to that still exists. A delivery done
     * (succeeded or failed) gets one more attempt; one still being retried is attempted now.
     */
    resend(eventId: string, webhookId?: string): Delivery[];
    /** Starts delivering, beginning with what was pending when the emulator last stopped. */
    start(): void;
    /**
     * Attempts every delivery that is due now, and those queued behind them, until none is in flight
     * or `waitMs` has passed (an in-process emulator's last act).
     */
    drain(waitMs: number): Promise<void>;
    /** Stops scheduling and waits up to `waitMs` for attempts under way; later results are dropped
     * (the delivery stays pending in the store and is tried again when its lease ends). */
    stop(waitMs?: number): Promise<void>;
}
/** At most RESPONSE_SNIPPET_BYTES of the answer, cut before a character that would not fit whole. */
export declare function snippet(bytes: Buffer): string;
/** Whether an event is past the log's retention at `now`. */
export declare function expired(event: Pick<StoredEvent, 'created_at'>, now: Date): boolean;
/** Events created before this (ISO) are past the log's retention. */
export declare function retentionCutoff(now: Date): string;
