// The event log's operations: an event with every attempt to deliver it, and sending it again.
import { expired, type Delivery, type StoredEvent } from './event-records.js';
import type { PlatformContext } from './context.js';
import { notFound } from './errors.js';
import { transaction } from '../storage/transaction.js';

/** An event still in the log (past the log's age, one not yet trimmed is gone all the same), with its deliveries. */
export function findEvent(ctx: PlatformContext, id: string): StoredEvent & { deliveries: Delivery[] } {
  const event = ctx.store.get<StoredEvent>('events', id);
  if (!event || expired(event, ctx.now())) throw notFound('event', id);
  return { ...event, deliveries: ctx.store.all<Delivery>('deliveries', { event_id: event.id }) };
}

/**
 * Sends an event again, now, with the same webhook-id: to the webhook given, or to every webhook
 * it was delivered to that still exists. Returns the deliveries queued.
 */
export function resendEvent(ctx: PlatformContext, id: string, webhookId?: string): Delivery[] {
  return transaction(ctx, 'write', () => ctx.events.resend(id, webhookId));
}
