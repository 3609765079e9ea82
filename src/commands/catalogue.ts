// The program's commands, for the one command that offers the others (`hire mcp`): main() hands
// them over with the context. Handed over, not imported: the registry (program.ts) loads the MCP
// command, so the MCP server importing the registry would be an import circle.
import type { Context } from '../context.js';
import type { Registry } from './define.js';
import type { TreeNode } from './manifest.js';

export interface Catalogue {
  /** How each command's code is loaded, by its manifest index. */
  registry: Registry;
  /** The command tree, as help and machine help read it. */
  tree: TreeNode;
}

const catalogues = new WeakMap<Context, Catalogue>();

export function offerCatalogue(ctx: Context, catalogue: Catalogue): void {
  catalogues.set(ctx, catalogue);
}

export function catalogueOf(ctx: Context): Catalogue {
  const catalogue = catalogues.get(ctx);
  if (!catalogue) throw new Error('no catalogue of commands was offered to this context');
  return catalogue;
}
