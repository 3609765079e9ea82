// hire webhooks remove ID: asks first at a terminal, needs --yes otherwise (docs/profiles.md "Confirmations").
import { removeWebhook } from '../../api/webhooks.js';
import { arg, defineCommand } from '../define.js';
import { confirmOrRefuse } from '../shared/confirm.js';

export default defineCommand({
  path: ['webhooks', 'remove'],
  summary: 'remove a webhook (asks first; --yes when not at a terminal)',
  effect: 'delete',
  operations: ['deleteWebhook', 'getWebhook'],
  args: { id: arg.required('webhook id') },
  examples: ['hire webhooks remove wh_abc123', 'hire webhooks remove wh_abc123 --yes'],
  async run(ctx, { id }) {
    const what = `webhook ${id}${await ctx.session.whereWritten()}`;
    if (!(await confirmOrRefuse(ctx, `Remove ${what}? Its deliveries stop.`, `Refusing to remove ${what}`))) {
      ctx.messages.notice('Nothing was removed.');
      return;
    }
    await removeWebhook(await ctx.session.api(), id, {
      onReadBack: (message, facts) => ctx.messages.note(message, facts),
    });
    ctx.messages.notice(`Removed webhook ${id}.`);
  },
});
