import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
/** GET /events: the list endpoint. */
export declare const EVENTS_PATH = "/events";
/** An event with `deliveries`: each webhook it went to, with every attempt. */
export declare const getEvent: (client: ApiClient, id: string) => Promise<ApiRecord>;
/** Queues the event again, to one webhook or to those it went to; answers the deliveries queued. */
export declare function resendEvent(client: ApiClient, id: string, webhookId: string | undefined): Promise<ApiRecord>;
