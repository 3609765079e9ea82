// POST /webhooks (spec), and the assumed GET /webhooks, GET and DELETE /webhooks/{id}, the
// delivery log of one webhook and of all (GET /deliveries).
// The secret is stored for signing and never returned. The operations are the platform's.
import { created, noContent, ok, validationError } from '../answers.js';
import { publicDelivery, type Delivery, type StoredWebhook } from '../../platform/event-records.js';
import { listRecords } from '../list.js';
import { findWebhook, publicWebhook, registerWebhook, removeWebhook } from '../../platform/webhooks.js';
import { onFirstUse } from '../../platform/first-use.js';
import type { Route } from '../route.js';

const webhookRules = onFirstUse(() => import('../../../domain/webhook.js'));

const WEBHOOK_FIELDS: readonly string[] = ['id', 'url', 'events', 'status', 'created_at', 'updated_at'];
const DELIVERY_FIELDS: readonly string[] = [
  'id',
  'webhook_id',
  'event_id',
  'event_type',
  'url',
  'state',
  'attempts',
  'next_attempt_at',
  'created_at',
  'updated_at',
];

export const webhookRoutes: Route[] = [
  {
    method: 'POST',
    path: '/webhooks',
    doc: {
      operation: 'createWebhook',
      summary: 'Register a webhook (the answer never carries the secret)',
      tag: 'Webhooks',
      body: { name: 'WebhookInput', required: true },
      answer: { status: 201, data: 'Webhook' },
      errors: [400],
    },
    uses: [webhookRules],
    handler(req, ctx) {
      const result = webhookRules.get().validateWebhookInput(req.body);
      if (!result.ok) throw validationError(result.errors);
      return created(publicWebhook(registerWebhook(ctx, result.value)));
    },
  },
  {
    method: 'GET',
    path: '/webhooks',
    doc: {
      operation: 'listWebhooks',
      summary: 'List webhooks',
      tag: 'Webhooks',
      list: { fields: WEBHOOK_FIELDS },
      answer: { status: 200, data: 'Webhook' },
      errors: [400],
    },
    handler(req, ctx) {
      const page = listRecords<StoredWebhook>(ctx.store, 'webhooks', req.query, {
        fields: WEBHOOK_FIELDS,
        show: publicWebhook,
      });
      return ok(page.data, page.meta);
    },
  },
  {
    method: 'GET',
    path: '/webhooks/:id',
    doc: {
      operation: 'getWebhook',
      summary: 'Get a webhook',
      tag: 'Webhooks',
      answer: { status: 200, data: 'Webhook' },
      errors: [404],
    },
    handler(req, ctx) {
      return ok(publicWebhook(findWebhook(ctx, req.params.id!)));
    },
  },
  {
    // The delivery log (assumed, docs/api-choices.md §3 `webhooks deliveries ID`): every attempt of every event.
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    doc: {
      operation: 'listWebhookDeliveries',
      summary: "A webhook's delivery log: every attempt of every event",
      tag: 'Webhooks',
      list: { fields: DELIVERY_FIELDS },
      answer: { status: 200, data: 'Delivery' },
      errors: [400, 404],
    },
    handler(req, ctx) {
      const webhook = findWebhook(ctx, req.params.id!);
      const page = listRecords<Delivery>(ctx.store, 'deliveries', req.query, {
        fields: DELIVERY_FIELDS,
        scope: { webhook_id: webhook.id },
        show: publicDelivery,
      });
      return ok(page.data, page.meta);
    },
  },
  {
    // Every webhook's deliveries in one list (assumed, docs/api-choices.md §3): `hire status` counts the
    // failed ones with `state=failed` and one request, however many webhooks there are.
    method: 'GET',
    path: '/deliveries',
    doc: {
      operation: 'listDeliveries',
      summary: "Every webhook's deliveries (state=failed: those given up on)",
      tag: 'Webhooks',
      list: { fields: DELIVERY_FIELDS },
      answer: { status: 200, data: 'Delivery' },
      errors: [400],
    },
    handler(req, ctx) {
      const page = listRecords<Delivery>(ctx.store, 'deliveries', req.query, {
        fields: DELIVERY_FIELDS,
        show: publicDelivery,
      });
      return ok(page.data, page.meta);
    },
  },
  {
    method: 'DELETE',
    path: '/webhooks/:id',
    doc: {
      operation: 'deleteWebhook',
      summary: 'Remove a webhook (its pending deliveries fail)',
      tag: 'Webhooks',
      answer: { status: 204 },
      errors: [404],
    },
    // The spec gives write keys "configure webhooks" (docs/api-choices.md §5): removing one included.
    level: 'write',
    handler(req, ctx) {
      removeWebhook(ctx, req.params.id!);
      return noContent();
    },
  },
];
