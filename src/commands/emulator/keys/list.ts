// hire emulator keys list: every key of the emulator, masked.
import { listKeys } from '../../../api/emulator.js';
import { printList } from '../../../output/render.js';
import { defineCommand } from '../../define.js';
import { localClient } from '../local.js';
import { KEY_COLUMNS } from './columns.js';

export default defineCommand({
  path: ['emulator', 'keys', 'list'],
  summary: 'list keys, masked',
  effect: 'read',
  local: "the local emulator's API keys",
  examples: ['hire emulator keys list'],
  async run(ctx) {
    await printList(ctx.output, await listKeys(await localClient(ctx)), KEY_COLUMNS);
  },
});
