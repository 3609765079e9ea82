#!/usr/bin/env node
// The launcher: everything else is in the built entry (npm run build).
// Built-ins through process.getBuiltinModule, not `import`: the ESM view of a built-in reads its
// every export (node:fs's streams, among others), which a launcher has no use for.
const { readFileSync } = process.getBuiltinModule('node:fs');
const { join } = process.getBuiltinModule('node:path');

const argv = process.argv.slice(2);

/**
 * The command words of a plain help request (`hire`, `hire jobs list --help`, `hire help jobs`),
 * or undefined. Anything else (a flag besides --help, a value) goes to the CLI itself.
 */
function helpRequest(args) {
  const words = (list) => (list.every((word) => /^[a-z][a-z-]*$/.test(word)) ? list : undefined);
  if (args.length === 0) return [];
  if (args[0] === 'help') return words(args.slice(1));
  if (args.at(-1) === '--help' || args.at(-1) === '-h') return words(args.slice(0, -1));
  return undefined;
}

/** The help page the build wrote for these words (80 columns: not for a narrower terminal). */
function helpPage(words) {
  if (!words || (process.stdout.isTTY && process.stdout.columns < 80)) return undefined;
  try {
    return readFileSync(new URL(`../dist/help/${words.join(' ') || 'hire'}.txt`, import.meta.url), 'utf8');
  } catch {
    return undefined; // not a command: the CLI says so, and suggests the nearest
  }
}

const page = helpPage(helpRequest(argv));
if (page !== undefined) {
  // Nothing else needs loading to show a command's help. A closed pipe (`| head`) is a normal end.
  process.stdout.on('error', () => process.exit(0));
  process.stdout.write(page);
} else if (argv[0] === '__complete') {
  // What the completion scripts run at every Tab: the completion code alone, not the CLI.
  process.stdout.on('error', () => process.exit(0));
  const { runTab } = await import('../dist/complete.js');
  await runTab(argv.slice(argv[1] === '--' ? 2 : 1));
} else if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // Nothing else needs loading to say which version this is.
  const { VERSION } = await import('../dist/version.js');
  process.stdout.write(`${VERSION}\n`);
} else {
  // Node 22.1+ keeps compiled code between runs (Node 20 has no compile cache, and node:module and
  // node:os are not loaded for nothing there): in the user's cache directory, so that nothing is
  // written elsewhere.
  if (Number(process.versions.node.split('.')[0]) >= 22) {
    const home = process.env.HOME || process.getBuiltinModule('node:os').homedir();
    const cacheHome = process.env.XDG_CACHE_HOME || join(home, '.cache');
    process.getBuiltinModule('node:module').enableCompileCache?.(join(cacheHome, 'hire', 'compile-cache'));
  }
  const { run } = await import('../dist/cli.js');
  await run();
}
