// hire webhooks remove ID
import { removeWebhook } from '../../api/webhooks.js';
import { arg, defineCommand } from '../define.js';
import { confirmProductionWrite } from '../shared/confirm.js';

export default defineCommand({
  path: ['webhooks', 'remove'],
  summary: 'remove a webhook',
  args: { id: arg.required('webhook id') },
  examples: ['hire webhooks remove wh_abc123'],
  async run(ctx, { id }) {
    if (!(await confirmProductionWrite(ctx, `Remove webhook ${id}`))) return;
    await removeWebhook(await ctx.api(), id, { onReadBack: (message) => ctx.notice(message) });
    ctx.notice(`Removed webhook ${id}.`);
  },
});
