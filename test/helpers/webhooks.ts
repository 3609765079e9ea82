// Deliveries as the platform sends them (Standard Webhooks), for tests of `webhooks listen`.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const newSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;
export const newEventId = (): string => `evt_${randomBytes(8).toString('hex')}`;

export function eventBody(
  id: string,
  type = 'job.created',
  data: Record<string, unknown> = { id: 'job_123', title: 'Backend Engineer' },
): string {
  return JSON.stringify({ id, type, created_at: new Date().toISOString(), data });
}

export interface Signed {
  id: string;
  body: string;
  headers: Record<string, string>;
}

/** A delivery signed with `secret`: `webhook-id`, `webhook-timestamp`, `webhook-signature`. */
export function signed(
  secret: string,
  options: { id?: string; type?: string; body?: string; at?: Date; data?: Record<string, unknown> } = {},
): Signed {
  const id = options.id ?? newEventId();
  const body = options.body ?? eventBody(id, options.type, options.data);
  const at = options.at ?? new Date();
  return {
    id,
    body,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    },
  };
}
