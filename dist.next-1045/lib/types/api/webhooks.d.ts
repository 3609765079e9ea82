import type { WebhookInput } from '../domain/webhook.js';
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import type { ReadBackOptions } from './reconcile.js';
/** GET /webhooks: the list endpoint. */
export declare const WEBHOOKS_PATH = "/webhooks";
/** GET /webhooks/ID/deliveries: every attempt of every event. */
/** Every webhook's deliveries (assumed, CONTRACT §6): filter `state=failed` for the failed ones. */
export declare const DELIVERIES_PATH = "/deliveries";
export declare const deliveriesPath: (id: string) => string;
/** POST /webhooks; the same `idempotencyKey` and input again answer with the webhook the first made. */
export declare function createWebhook(client: ApiClient, input: WebhookInput, idempotencyKey?: string): Promise<ApiRecord>;
export declare const removeWebhook: (client: ApiClient, id: string, options?: ReadBackOptions) => Promise<void>;
