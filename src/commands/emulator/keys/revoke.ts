// hire emulator keys revoke ID: the key answers 401 from now on.
import { revokeKey } from '../../../api/emulator.js';
import { arg, defineCommand } from '../../define.js';
import { localClient } from '../local.js';

export default defineCommand({
  path: ['emulator', 'keys', 'revoke'],
  summary: 'revoke a key: it answers 401 from now on',
  args: { id: arg.required('key id (key_…)') },
  examples: ['hire emulator keys revoke key_abc123'],
  async run(ctx, { id }) {
    await revokeKey(await localClient(ctx), id);
    ctx.notice(`Revoked key ${id}.`);
  },
});
