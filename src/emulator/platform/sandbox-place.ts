// Where the sandbox is (docs/emulator.md "Environments: production and sandbox"): its path prefix
// and its data dir. Apart from its reset and seed (sandbox.ts), which only a sandbox request loads.
import { environmentDataDir } from '../access/local-key.js';

/** The path prefix of the sandbox: `/sandbox/api/v1`, `/sandbox/_emulator`, `/sandbox/apply/…`. */
export const SANDBOX_PREFIX = '/sandbox';

/** Where the sandbox lives inside the emulator's data dir: a data dir of the same format. */
export function sandboxDataDir(dataDir: string): string {
  return environmentDataDir(dataDir, 'sandbox');
}
