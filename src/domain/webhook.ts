// Webhook registration (spec "Webhook registration (request)", "Events").
import * as z from 'zod/mini';
import {
  builtOnce,
  documented,
  listOf,
  nonEmptyText,
  oneOf,
  text,
  typeError,
  validateWith,
  type Validation,
} from './rules.js';
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

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const PORT = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?';
const LABEL = '[a-z0-9]+(?:-[a-z0-9]+)*';
/**
 * The URLs the OpenAPI document admits, all of which isAcceptableUrl accepts: https to a host name
 * (its last label not a number, which a URL would read as an IPv4 address) or an IPv4 address, or
 * http to a loopback address; lower case. A few more are accepted (upper case, IPv6) than it says.
 */
export const WEBHOOK_URL_PATTERN = `^(?:https://(?:(?:${LABEL}\\.)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*|${OCTET}(?:\\.${OCTET}){3})|http://(?:localhost|127(?:\\.${OCTET}){3}|\\[::1\\]))${PORT}(?:[/?#]\\S*)?$`;

/** POST /webhooks's body, built at first use (builtOnce). */
export const webhookInputSchema = builtOnce(() =>
  z.strictObject(
    {
      url: documented(
        text().check(
          z.refine(isAcceptableUrl, { error: 'must be an https URL (http only for 127.0.0.1 or localhost)' }),
        ),
        {
          schema: { format: 'uri', pattern: WEBHOOK_URL_PATTERN },
          assumed: {
            keywords: ['pattern'],
            why: 'https, or http to 127.0.0.1, [::1] or localhost (hire webhooks listen): the spec says "address".',
          },
        },
      ),
      events: documented(
        listOf(oneOf(EVENT_KINDS), 'a list of event kinds').check(
          z.minLength(1, { error: 'must name at least one event kind' }),
          z.refine((kinds: string[]) => new Set(kinds).size === kinds.length, { error: 'must not name a kind twice' }),
        ),
        {
          schema: { uniqueItems: true },
          assumed: {
            keywords: ['minItems', 'uniqueItems'],
            why: 'At least one kind, each once: the spec says neither.',
          },
        },
      ),
      secret: documented(
        nonEmptyText().check(
          z.minLength(WEBHOOK_SECRET_MIN_LENGTH, {
            error: `must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
          }),
        ),
        {
          assumed: {
            keywords: ['pattern', 'minLength'],
            why: `At least ${WEBHOOK_SECRET_MIN_LENGTH} characters: the spec gives no length.`,
          },
        },
      ),
    },
    { error: typeError('a JSON object') },
  ),
);
export type WebhookInput = { url: string; events: EventKind[]; secret: string };

export function validateWebhookInput(input: unknown): Validation<WebhookInput> {
  return validateWith(webhookInputSchema(), input);
}
