// hire webhooks add: POST /webhooks. The secret comes from stdin (--secret-stdin), or is made
// here and printed once (docs/api-choices.md §8): the API never shows it again.
import { createWebhook } from '../../api/webhooks.js';
import { validateWebhookInput } from '../../domain/webhook.js';
import { ValidationError } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { generateSecret } from '../../webhooks/signature.js';
import { defineCommand, flag } from '../define.js';
import { readTextInput } from '../shared/input.js';
import { WEBHOOK_DETAIL_COLUMNS } from './columns.js';
import { eventKindsFlag } from './event-kinds.js';
import { confirmProductionWrite } from '../shared/confirm.js';
import { showNextSteps, showsNextSteps } from '../shared/next-steps.js';
import { suggester } from '../suggest.js';
import { inert } from '../../output/cells.js';

const LABELS: Record<string, string> = {
  url: 'url (--url)',
  events: 'events (--event)',
  secret: 'secret (--secret-stdin)',
};

export default defineCommand({
  path: ['webhooks', 'add'],
  summary: 'register a webhook (POST /webhooks); the signing secret is printed once',
  effect: 'write',
  operations: ['createWebhook'],
  flags: {
    url: flag.string({ help: 'the address that receives events (https)' }),
    event: eventKindsFlag('event', 'an event kind, repeatable or comma-separated: {choices}'),
    secretStdin: flag.boolean({ help: 'read the signing secret from stdin instead of generating one' }),
  },
  examples: [
    'hire webhooks add --url https://example.com/hooks --event job.created',
    'hire webhooks add --url https://x.example --event job.created --secret-stdin',
  ],
  async run(ctx, flags) {
    const generated = !flags.secretStdin;
    const secret = generated ? generateSecret() : (await readTextInput(ctx, '--secret-stdin', '-')).trim();
    const result = validateWebhookInput({ url: flags.url, events: flags.event ?? [], secret });
    if (!result.ok) {
      const hint =
        result.errors.events === 'is required' || result.errors.url === 'is required'
          ? 'Pass --url URL and at least one --event KIND.'
          : undefined;
      throw new ValidationError('The webhook is not valid; nothing was sent.', result.errors, {
        labelField: (field) => LABELS[field.replace(/\[\d+\]$/, '')] ?? field,
        ...(hint ? { hint } : {}),
      });
    }
    if (!(await confirmProductionWrite(ctx, `Register a webhook for ${result.value.url}`))) return;
    const record = await createWebhook(await ctx.session.api(), result.value);
    await printRecord(ctx.output, generated ? { ...record, secret } : record, WEBHOOK_DETAIL_COLUMNS);
    if (generated)
      ctx.messages.notice('Save the secret now: it is shown only this once. Deliveries are signed with it.');
    if (!showsNextSteps(ctx)) return;
    // Where its deliveries and the events they carry can be seen.
    const suggest = await suggester(ctx);
    showNextSteps(ctx, [
      suggest(['webhooks', 'deliveries'], { args: [inert(String(record.id))] }),
      suggest(['events', 'list']),
    ]);
  },
});
