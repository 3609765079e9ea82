#!/usr/bin/env node
// The launcher: everything else is in the built entry (npm run build).
import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // Nothing else needs loading to say which version this is.
  const { VERSION } = await import('../dist/version.js');
  process.stdout.write(`${VERSION}\n`);
} else {
  // Node 22.1+ keeps compiled code between runs (Node 20 has no compile cache): in the user's
  // cache directory, so that nothing is written elsewhere.
  const cacheHome = process.env.XDG_CACHE_HOME || join(process.env.HOME || homedir(), '.cache');
  nodeModule.enableCompileCache?.(join(cacheHome, 'hire', 'compile-cache'));
  const { run } = await import('../dist/cli.js');
  await run();
}
