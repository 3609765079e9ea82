// Webhooks (spec "Webhooks"): registered, listed, removed, and their delivery log (docs/api-choices.md §3).
import type { WebhookInput } from '../domain/webhook.js';
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import { deleteRecord, postRecord, recordPath } from './records.js';
import type { ReadBackOptions } from './reconcile.js';

/** GET /webhooks: the list endpoint. */
export const WEBHOOKS_PATH = '/webhooks';

/** GET /webhooks/ID/deliveries: every attempt of every event. */
/** Every webhook's deliveries (assumed, docs/api-choices.md §3): filter `state=failed` for the failed ones. */
export const DELIVERIES_PATH = '/deliveries';

export const deliveriesPath = (id: string): string => `${recordPath(WEBHOOKS_PATH, id)}/deliveries`;

/** POST /webhooks; the same `idempotencyKey` and input again answer with the webhook the first made. */
export async function createWebhook(
  client: ApiClient,
  input: WebhookInput,
  idempotencyKey?: string,
): Promise<ApiRecord> {
  return (await postRecord(client, WEBHOOKS_PATH, input, idempotencyKey)).record;
}

export const removeWebhook = (client: ApiClient, id: string, options?: ReadBackOptions): Promise<void> =>
  deleteRecord(client, 'deleteWebhook', id, options);
