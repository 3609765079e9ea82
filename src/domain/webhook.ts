// Webhook registration (spec "Webhook registration (request)", "Events").
import * as z from 'zod/mini';
import { listOf, nonEmptyText, oneOf, text, typeError, validateWith, type Validation } from './rules.js';
import { EVENT_KINDS, type EventKind } from './vocabulary.js';

/** Loopback receivers (`hire webhooks listen`) may use http; everything else must be https. */
function isAcceptableUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return url.protocol === 'http:' && (host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host));
}

export const WEBHOOK_SECRET_MIN_LENGTH = 16;

export const WebhookInputSchema = z.strictObject(
  {
    url: text().check(
      z.refine(isAcceptableUrl, { error: 'must be an https URL (http only for 127.0.0.1 or localhost)' }),
    ),
    events: listOf(oneOf(EVENT_KINDS), 'a list of event kinds').check(
      z.minLength(1, { error: 'must name at least one event kind' }),
      z.refine((kinds: string[]) => new Set(kinds).size === kinds.length, { error: 'must not name a kind twice' }),
    ),
    secret: nonEmptyText().check(
      z.minLength(WEBHOOK_SECRET_MIN_LENGTH, { error: `must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters` }),
    ),
  },
  { error: typeError('a JSON object') },
);
export type WebhookInput = { url: string; events: EventKind[]; secret: string };

export function validateWebhookInput(input: unknown): Validation<WebhookInput> {
  return validateWith(WebhookInputSchema, input);
}
