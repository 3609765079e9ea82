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
  // GET /jobs: what tells a server without the list from a wrong address (docs/api-choices.md §13).
  operations: ['listWebhooks', 'listJobs'],
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
