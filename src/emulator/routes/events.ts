// The event log (assumed, docs/api-choices.md §3; the spec names "event logs"):
// GET /events and /events/{id} with every delivery attempt, and POST /events/{id}/resend.
import { dictionary } from '../../domain/merge.js';
import { created, ok, validationError } from '../http.js';
import { publicDelivery, retentionCutoff, type StoredEvent } from '../events.js';
import { listRecords } from '../list.js';
import { findEvent, resendEvent } from '../platform/events.js';
import type { Route } from '../route.js';

export const EVENT_FIELDS: readonly string[] = ['id', 'type', 'created_at', 'job_id', 'data'];

/** `created_after` / `created_before`: an ISO 8601 time, compared with created_at. */
function time(value: string): string {
  const parsed = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(parsed))
    throw new Error('must be an ISO 8601 date or time, such as 2026-11-24T09:00:00Z');
  return new Date(parsed).toISOString();
}

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/events',
    handler(req, ctx) {
      const page = listRecords<StoredEvent>(ctx.store, 'events', req.query, {
        fields: EVENT_FIELDS,
        // Past the log's age, an event not yet trimmed is not shown either.
        conditions: [{ field: 'created_at', is: '>=', value: retentionCutoff(ctx.now()) }],
        filters: {
          created_after: { parse: time, field: 'created_at', is: '>=' },
          created_before: { parse: time, field: 'created_at', is: '<' },
        },
      });
      return ok(page.data, page.meta);
    },
  },
  {
    method: 'GET',
    path: '/events/:id',
    handler(req, ctx) {
      const event = findEvent(ctx, req.params.id!);
      return ok({ ...event, deliveries: event.deliveries.map(publicDelivery) });
    },
  },
  {
    // Sends the event again with the same webhook-id, now: to one webhook, or to those it went to.
    method: 'POST',
    path: '/events/:id/resend',
    handler(req, ctx) {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const errors: Record<string, string> = dictionary();
      if (typeof body !== 'object' || Array.isArray(body)) throw validationError({ body: 'must be an object' });
      for (const name of Object.keys(body)) if (name !== 'webhook_id') errors[name] = 'is not a known field';
      if (body.webhook_id !== undefined && (typeof body.webhook_id !== 'string' || body.webhook_id === ''))
        errors.webhook_id = 'must be a webhook id';
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const deliveries = resendEvent(ctx, req.params.id!, body.webhook_id as string | undefined);
      return created({ event_id: req.params.id!, deliveries: deliveries.map(publicDelivery) });
    },
  },
];
