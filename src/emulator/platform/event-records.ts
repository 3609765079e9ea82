// The records of events and their deliveries (docs/api-choices.md §8, §9): a subscription as
// stored, an event of the log, a delivery with its attempts, and the log's retention. The event bus
// makes them, the delivery worker attempts them, the routes and the OpenAPI description show them.
import type { EventKind } from '../../domain/vocabulary.js';
import { newId } from '../storage/ids.js';

/**
 * The event log keeps the newest this many events of an environment… The one number: the event bus
 * trims to it, `simulate` and `trigger` report it, and the docs name it (test/unit/event-log-limit.test.ts).
 */
export const EVENTS_KEPT = 10_000;
/** …that are at most this old (by the emulator's clock). */
export const EVENT_RETENTION_DAYS = 30;

/** A subscription as stored, secret included. Here, not in routes/webhooks.ts: delivery
 * reads it, and that route module reads deliveries. */
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

/** A new delivery of the event to the webhook, due at once. */
export function newDelivery(webhook: StoredWebhook, event: StoredEvent, body: string, stamp: string): Delivery {
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

/** Whether an event is past the log's retention at `now`. */
export function expired(event: Pick<StoredEvent, 'created_at'>, now: Date): boolean {
  return event.created_at < retentionCutoff(now);
}

/** Events created before this (ISO) are past the log's retention. */
export function retentionCutoff(now: Date): string {
  return new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
}
