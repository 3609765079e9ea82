// Webhooks (spec "Webhooks"): registered, listed, removed, and their delivery log (CONTRACT §3).
import type { WebhookInput } from '../domain/webhook.js';
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import { deleteRecord, postRecord, recordPath } from './records.js';
import type { ReadBackOptions } from './reconcile.js';

/** GET /webhooks: the list endpoint. */
export const WEBHOOKS_PATH = '/webhooks';

/** GET /webhooks/ID/deliveries: every attempt of every event. */
/** Every webhook's deliveries (assumed, CONTRACT §6): filter `state=failed` for the failed ones. */
export const DELIVERIES_PATH = '/deliveries';

export const deliveriesPath = (id: string): string => `${recordPath(WEBHOOKS_PATH, id)}/deliveries`;

export async function createWebhook(client: ApiClient, input: WebhookInput): Promise<ApiRecord> {
  return (await postRecord(client, WEBHOOKS_PATH, input)).record;
}

export const removeWebhook = (client: ApiClient, id: string, options?: ReadBackOptions): Promise<void> =>
  deleteRecord(client, recordPath(WEBHOOKS_PATH, id), options);
