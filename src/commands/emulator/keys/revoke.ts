// hire emulator keys revoke ID: the key answers 401 from now on; asks first (--yes when not at a terminal).
import { revokeKey } from '../../../api/emulator.js';
import { arg, defineCommand } from '../../define.js';
import { localClient } from '../local.js';
import { confirmOrRefuse } from '../../shared/confirm.js';

export default defineCommand({
  path: ['emulator', 'keys', 'revoke'],
  summary: 'revoke a key: it answers 401 from now on (asks first; --yes when not at a terminal)',
  effect: 'delete',
  local: "the local emulator's API keys",
  args: { id: arg.required('key id (key_…)') },
  examples: ['hire emulator keys revoke key_abc123', 'hire emulator keys revoke key_abc123 --yes'],
  async run(ctx, { id }) {
    const client = await localClient(ctx);
    if (!(await confirmOrRefuse(ctx, `Revoke key ${id}? It cannot be used again.`, `Refusing to revoke key ${id}`))) {
      ctx.messages.notice('Nothing was revoked.');
      return;
    }
    await revokeKey(client, id);
    ctx.messages.notice(`Revoked key ${id}.`);
  },
});
