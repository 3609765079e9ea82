// The event log (assumed, docs/api-choices.md §3): events listed and read with
// every delivery attempt, and one sent again with the same webhook-id.
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import { runAssumed } from './offered.js';
import { getRecord, operationPath, postRecord } from './records.js';

/** GET /events: the list endpoint. */
export const EVENTS_PATH = '/events';

/** An event with `deliveries`: each webhook it went to, with every attempt. */
export const getEvent = (client: ApiClient, id: string): Promise<ApiRecord> => getRecord(client, 'getEvent', id);

/** Queues the event again, to one webhook or to those it went to; answers the deliveries queued. */
export async function resendEvent(client: ApiClient, id: string, webhookId: string | undefined): Promise<ApiRecord> {
  const body = webhookId === undefined ? {} : { webhook_id: webhookId };
  const path = operationPath('resendEvent', id);
  return runAssumed(client, 'resendEvent', id, async () => (await postRecord(client, path, body)).record, undefined);
}
