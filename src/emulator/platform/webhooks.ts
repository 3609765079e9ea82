// Webhooks: register and remove. The secret is stored for signing and never shown.
import type { WebhookInput } from '../../domain/webhook.js';
import type { StoredWebhook } from './event-records.js';
import { newId } from '../storage/ids.js';
import type { PlatformContext } from './context.js';
import { notFound } from './errors.js';
import { transaction } from '../storage/transaction.js';

export type Webhook = Omit<StoredWebhook, 'secret'>;

/** A webhook as shown: without its secret. */
export function publicWebhook({ secret: _secret, ...webhook }: StoredWebhook): Webhook {
  return webhook;
}

export function findWebhook(ctx: PlatformContext, id: string): StoredWebhook {
  const webhook = ctx.store.get<StoredWebhook>('webhooks', id);
  if (!webhook) throw notFound('webhook', id);
  return webhook;
}

/** A new webhook, active at once: events from now on are delivered to it. */
export function registerWebhook(ctx: PlatformContext, input: WebhookInput): StoredWebhook {
  return transaction(ctx, 'write', () => {
    const stamp = ctx.now().toISOString();
    const webhook: StoredWebhook = {
      id: newId('wh'),
      ...input,
      status: 'active',
      created_at: stamp,
      updated_at: stamp,
    };
    return ctx.store.put('webhooks', webhook);
  });
}

/** Removes a webhook; deliveries still pending for it fail as "the webhook was removed". */
export function removeWebhook(ctx: PlatformContext, id: string): void {
  transaction(ctx, 'write', () => {
    ctx.store.delete('webhooks', findWebhook(ctx, id).id);
  });
}
