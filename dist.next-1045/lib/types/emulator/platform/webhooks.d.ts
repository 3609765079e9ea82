import type { WebhookInput } from '../../domain/webhook.js';
import type { StoredWebhook } from '../events.js';
import type { PlatformContext } from './context.js';
export type Webhook = Omit<StoredWebhook, 'secret'>;
/** A webhook as shown: without its secret. */
export declare function publicWebhook({ secret: _secret, ...webhook }: StoredWebhook): Webhook;
export declare function findWebhook(ctx: PlatformContext, id: string): StoredWebhook;
/** A new webhook, active at once: events from now on are delivered to it. */
export declare function registerWebhook(ctx: PlatformContext, input: WebhookInput): StoredWebhook;
/** Removes a webhook; deliveries still pending for it fail as "the webhook was removed". */
export declare function removeWebhook(ctx: PlatformContext, id: string): void;
