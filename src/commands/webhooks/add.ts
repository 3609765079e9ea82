// hire webhooks add: POST /webhooks. The secret comes from stdin (--secret-stdin), or is made
// here and printed once (CONTRACT §3): the API never shows it again.
import { randomBytes } from 'node:crypto';
import { postRecord } from '../../api/records.js';
import type { Context } from '../../context.js';
import { EVENT_KINDS } from '../../domain/vocabulary.js';
import { validateWebhookInput } from '../../domain/webhook.js';
import { UsageError, ValidationError } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { readTextInput, splitCommas } from '../shared/input.js';
import { WEBHOOK_DETAIL_COLUMNS } from './columns.js';

export interface AddFlags {
  url?: string;
  event?: string[];
  secretStdin?: boolean;
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const LABELS: Record<string, string> = { url: 'url (--url)', events: 'events (--event)', secret: 'secret (--secret-stdin)' };

export async function run(ctx: Context, flags: AddFlags): Promise<void> {
  const events = splitCommas(flags.event) ?? [];
  const unknown = events.filter((event) => !(EVENT_KINDS as readonly string[]).includes(event));
  if (unknown.length > 0) {
    throw new UsageError(`--event ${unknown.join(', ')}: not an event kind. Kinds: ${EVENT_KINDS.join(', ')}.`);
  }
  let secret: string;
  let generated = false;
  if (flags.secretStdin) {
    secret = (await readTextInput(ctx, '--secret-stdin', '-')).trim();
  } else {
    secret = generateSecret();
    generated = true;
  }
  const result = validateWebhookInput({ url: flags.url, events, secret });
  if (!result.ok) {
    const hint = result.errors.events === 'is required' || result.errors.url === 'is required' ? 'Pass --url URL and at least one --event KIND.' : undefined;
    throw new ValidationError('The webhook is not valid; nothing was sent.', result.errors, {
      labelField: (field) => LABELS[field.replace(/\[\d+\]$/, '')] ?? field,
      ...(hint ? { hint } : {}),
    });
  }
  const client = await ctx.api();
  const { record } = await postRecord(client, '/webhooks', result.value);
  await printRecord(ctx, generated ? { ...record, secret } : record, WEBHOOK_DETAIL_COLUMNS);
  if (generated) ctx.notice('Save the secret now: it is shown only this once. Deliveries are signed with it.');
}
