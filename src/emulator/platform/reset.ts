// `hire emulator reset`: an environment's data emptied, its keys kept (they are credentials). The
// sandbox's empty state is its seeded set, as after its daily reset.
import { reseedSandbox } from './sandbox.js';
import { COLLECTIONS } from '../storage/schema.js';
import type { PlatformContext } from './context.js';
import { transaction } from '../storage/transaction.js';

/** Empties every collection but the keys; returns how many records each had. */
export function resetEnvironment(ctx: PlatformContext): Record<string, number> {
  return transaction(ctx, 'write', () => {
    const removed: Record<string, number> = {};
    for (const name of COLLECTIONS) {
      if (name === 'keys') continue;
      removed[name] = ctx.store.clear(name);
    }
    if (ctx.environment === 'sandbox') reseedSandbox(ctx);
    return removed;
  });
}
