import { type Delivery, type StoredEvent } from '../events.js';
import type { PlatformContext } from './context.js';
/** An event still in the log (past the log's age, one not yet trimmed is gone all the same), with its deliveries. */
export declare function findEvent(ctx: PlatformContext, id: string): StoredEvent & {
    deliveries: Delivery[];
};
/**
 * Sends an event again, now, with the same webhook-id: to the webhook given, or to every webhook
 * it was delivered to that still exists. Returns the deliveries queued.
 */
export declare function resendEvent(ctx: PlatformContext, id: string, webhookId?: string): Delivery[];
