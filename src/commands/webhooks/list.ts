// hire webhooks list
import { WEBHOOKS_PATH } from '../../api/webhooks.js';
import { defineCommand } from '../define.js';
import { LIST_FLAGS } from '../shared/list-flags.js';
import { runList } from '../shared/list.js';
import { WEBHOOK_LIST_COLUMNS } from './columns.js';

export default defineCommand({
  path: ['webhooks', 'list'],
  summary: 'list registered webhooks',
  effect: 'read',
  operations: ['listWebhooks'],
  flags: LIST_FLAGS,
  examples: ['hire webhooks list', 'hire webhooks list --json'],
  async run(ctx, options) {
    await runList(ctx, options, {
      command: ['webhooks', 'list'],
      path: WEBHOOKS_PATH,
      noun: 'webhooks',
      columns: WEBHOOK_LIST_COLUMNS,
    });
  },
});
