// The event log (assumed, docs/api-choices.md §3; the spec names "event logs"):
// GET /events and /events/{id} with every delivery attempt, and POST /events/{id}/resend.
import { DATE_BOUND_SCHEMA, parseDateBound } from '../../../domain/analytics.js';
import { created, ok, validationError } from '../answers.js';
import { publicDelivery, retentionCutoff, type StoredEvent } from '../../platform/event-records.js';
import { listRecords } from '../list.js';
import { findEvent, resendEvent } from '../../platform/events.js';
import { onFirstUse } from '../../platform/first-use.js';
import type { QueryDoc, Route } from '../route.js';

const resendRules = onFirstUse(() => import('../../../domain/event-schema.js'));

export const EVENT_FIELDS: readonly string[] = ['id', 'type', 'created_at', 'job_id', 'data'];

/**
 * `created_after` / `created_before`: a date (its first instant) or an ISO 8601 time, compared with
 * created_at; read as analytics' from/to are, so that what the document's pattern admits is what is taken.
 */
function time(value: string): string {
  const parsed = parseDateBound(value, 'from');
  if (!parsed) throw new Error('must be an ISO 8601 date or time, such as 2026-11-24T09:00:00Z');
  return parsed.toISOString();
}

const timeFilter = (description: string): QueryDoc => ({
  // Every value the schema admits is one `time` reads.
  schema: DATE_BOUND_SCHEMA,
  description: `${description} (an ISO 8601 date or time).`,
  example: '2026-11-24T09:00:00Z',
});

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/events',
    doc: {
      operation: 'listEvents',
      summary: 'The event log (the newest 10,000 events of at most 30 days)',
      tag: 'Events',
      list: {
        fields: EVENT_FIELDS,
        filters: {
          created_after: timeFilter('Events made at or after this time'),
          created_before: timeFilter('Events made before this time'),
        },
      },
      answer: { status: 200, data: 'Event' },
      errors: [400],
    },
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
    doc: {
      operation: 'getEvent',
      summary: 'An event with every attempt to deliver it',
      tag: 'Events',
      answer: { status: 200, data: 'EventWithDeliveries' },
      errors: [404],
    },
    handler(req, ctx) {
      const event = findEvent(ctx, req.params.id!);
      return ok({ ...event, deliveries: event.deliveries.map(publicDelivery) });
    },
  },
  {
    // Sends the event again with the same webhook-id, now: to one webhook, or to those it went to.
    method: 'POST',
    path: '/events/:id/resend',
    doc: {
      operation: 'resendEvent',
      summary: 'Deliver an event again, now, with the same webhook-id',
      tag: 'Events',
      body: { name: 'EventResend', required: false },
      answer: { status: 201, data: 'Resend' },
      errors: [400, 404, 409],
    },
    uses: [resendRules],
    handler(req, ctx) {
      const result = resendRules.get().validateResend(req.body ?? {});
      if (!result.ok) throw validationError(result.errors);
      const deliveries = resendEvent(ctx, req.params.id!, result.value.webhook_id);
      return created({ event_id: req.params.id!, deliveries: deliveries.map(publicDelivery) });
    },
  },
];
