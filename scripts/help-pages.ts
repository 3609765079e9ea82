// Run by the build (scripts/build.mjs), bundled from the sources: prints the manifest and every
// command's --help as JSON, so that dist/ can answer --help and Tab without loading any command.
import { PassThrough } from 'node:stream';
import { main } from '../src/cli.js';
import { commandTree, type TreeNode } from '../src/commands/manifest.js';
import type { IO } from '../src/context.js';
import { NOUNS, ROOT, loadManifest } from '../src/program.js';

async function helpOf(path: readonly string[]): Promise<string> {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const io: IO = {
    stdin: new PassThrough(),
    stdout,
    stderr: new PassThrough(),
    isStdinTTY: false,
    isStdoutTTY: false,
    isStderrTTY: false,
    columns: undefined,
    onInterrupt: () => () => {},
  };
  const code = await main([...path, '--help'], io, {});
  if (code !== 0) throw new Error(`hire ${path.join(' ')} --help exited ${code}`);
  return text;
}

const manifest = await loadManifest();
const pages: Record<string, string> = {};
const visit = async (node: TreeNode): Promise<void> => {
  pages[node.path.join(' ')] = await helpOf(node.path);
  for (const child of node.children) await visit(child);
};
await visit(commandTree(ROOT, NOUNS, manifest));
process.stdout.write(JSON.stringify({ manifest, pages }));
