// The CLI's start-up in few files (README "Performance", ARCHITECTURE.md "What the package ships").
// esbuild splits code by the set of entries (the CLI and each lazy import()) that reach it, which
// cut what one API request loads into about seventy small chunks; Node spends about half a
// millisecond on each module it resolves, reads, compiles and links, whatever its size, and esbuild
// has no way to group chunks. So, after the build, esbuild runs again on its own output:
//
// - GROUPS name sets of chunks, each merged into one file: what a Tab loads (completion) into
//   completion's chunk, the config into its chunk, what every request loads into dist/cli.js, what
//   a local profile loads to find its emulator, and the emulator's own code. A group is the chunks
//   its entries reach by static imports (import() stays lazy), less those of an earlier group.
// - Every other chunk that imports a merged one is bundled again with that import pointed at the
//   group's file, under the names that file exports for it.
// - A merged chunk that another file loads with import() keeps its file name, re-exporting from
//   its group's file.
//
// A group is closed under static imports but for earlier groups, which import nothing of it: each
// module runs in the order esbuild chose, and no import cycle is made between files.
import { build } from 'esbuild';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The groups, in order. `entries`: the sources whose chunks (and their static imports) the group
 * holds; `into`: the file it is merged into (an entry chunk, named by its source); `sharedBy`: also
 * the chunks that this many commands load or more (src/commands/…, each an entry), but for those
 * that hold, or import, a source whose path has one of `apart` in it. `exclusive`: only the chunks
 * that nothing else loads, that is no file outside the entries' reach (their imports, lazy ones
 * too) but one that loads the `into` source's code itself: a command that imports a domain module
 * the group also uses does not load the group's file for it.
 */
export const GROUPS = [
  {
    name: 'completion',
    into: 'src/completion/complete.ts',
    entries: ['src/completion/complete.ts'],
  },
  {
    // The config: every request reads it, and a Tab on a profile's name.
    name: 'config',
    into: 'src/config/profiles.ts',
    entries: ['src/config/profiles.ts'],
  },
  {
    name: 'request',
    into: 'src/cli.ts',
    entries: [
      'src/cli.ts',
      'src/commands/parse.ts',
      'src/commands/invoke.ts',
      'src/config/keys.ts',
      'src/config/learned.ts',
      'src/connection/connect.ts',
      'src/connection/reached.ts',
      'src/api/client.ts',
    ],
    sharedBy: 6,
    // zod checks a record's fields for the commands that write one (src/domain/): the largest
    // library they load, and no business of a request that reads (README "Performance").
    apart: ['node_modules/zod/'],
  },
  {
    // What every command on a local profile loads to find its emulator: the data dir's key, the
    // probe of a standing one, and what starts one in-process.
    name: 'local',
    into: 'src/emulator/http/embedded.ts',
    entries: ['src/emulator/http/embedded.ts', 'src/emulator/access/local-key.ts'],
  },
  {
    // A command's in-process emulator (and `hire emulator start`): its pipeline, keys, routes and
    // platform reads, which no other code loads.
    name: 'emulator',
    into: 'src/emulator/http/server.ts',
    entries: ['src/emulator/http/server.ts'],
    exclusive: true,
  },
];

/**
 * The chunk graph of esbuild's metafile, keyed by paths relative to `dir` (`cli.js`,
 * `chunks/x-HASH.js`): static and dynamic imports, exports, and the source of an entry.
 */
export function chunkGraph(metafile, root, dir) {
  const key = (path) => relative(dir, resolve(root, path));
  const graph = new Map();
  for (const [path, output] of Object.entries(metafile.outputs)) {
    if (!path.endsWith('.js')) continue;
    graph.set(key(path), {
      statics: output.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => key(i.path)),
      dynamics: output.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => key(i.path)),
      exports: output.exports,
      entryPoint: output.entryPoint,
      inputs: Object.keys(output.inputs),
    });
  }
  return graph;
}

/** The files `file` loads statically, itself included; with `lazy`, those it may load with import() too. */
function closure(graph, file, seen = new Set(), lazy = false) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const chunk = graph.get(file);
  for (const next of lazy ? [...chunk.statics, ...chunk.dynamics] : chunk.statics) closure(graph, next, seen, lazy);
  return seen;
}

/** Which group each merged chunk belongs to (a Map file → group index), and each group's file. */
export function assignGroups(graph, groups = GROUPS) {
  const entryOf = (source) => {
    const found = [...graph].find(([, chunk]) => chunk.entryPoint === source);
    if (!found) throw new Error(`merge-chunks: no chunk is the entry of ${source}; look again at GROUPS`);
    return found[0];
  };
  const member = new Map();
  const files = groups.map((group, at) => {
    const chosen = new Set();
    for (const source of group.entries) closure(graph, entryOf(source), chosen);
    if (group.sharedBy !== undefined) {
      const uses = new Map();
      for (const [file, chunk] of graph) {
        if (!/^src\/commands\/.+\.ts$/.test(chunk.entryPoint ?? '') || group.entries.includes(chunk.entryPoint))
          continue;
        for (const used of closure(graph, file)) if (used !== file) uses.set(used, (uses.get(used) ?? 0) + 1);
      }
      const apart = (file) =>
        [...closure(graph, file)].some((used) =>
          (graph.get(used).inputs ?? []).some((input) => (group.apart ?? []).some((part) => input.includes(part))),
        );
      for (const [file, count] of uses) if (count >= group.sharedBy && !apart(file)) closure(graph, file, chosen);
    }
    const into = entryOf(group.into);
    if (group.exclusive) for (const file of loadedElsewhere(graph, group, into, entryOf)) chosen.delete(file);
    if (member.has(into)) throw new Error(`merge-chunks: ${group.into} is in an earlier group`);
    for (const file of chosen) if (!member.has(file)) member.set(file, at);
    return into;
  });
  return { member, files };
}

/**
 * The chunks that a file outside the group's reach loads statically (`exclusive`): the files
 * reached from the entries by any import are within; so is a file that loads the chunk holding the
 * code of `into`'s source (an entry chunk may only re-export it), which loads the group anyway.
 */
function loadedElsewhere(graph, group, into, entryOf) {
  const reach = new Set();
  for (const source of group.entries) closure(graph, entryOf(source), reach, true);
  const code =
    [...graph].find(([, chunk]) => chunk.entryPoint !== group.into && (chunk.inputs ?? []).includes(group.into))?.[0] ??
    into;
  const elsewhere = new Set();
  for (const file of graph.keys()) {
    if (reach.has(file)) continue;
    const loads = closure(graph, file);
    if (!loads.has(code)) for (const used of loads) elsewhere.add(used);
  }
  elsewhere.delete(into);
  return elsewhere;
}

/** The name under which a group's file exports chunk `index`'s export `name`. */
const exported = (index, name) => `m${index}$${name}`;

/** `to` as an import specifier from a file at `from` (both relative to dist/). */
const specifier = (from, to) => {
  const path = relative(dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
};

/**
 * Merges the groups of the build in `dir` (esbuild's `metafile` for it, paths from `root`) and
 * points every other chunk at them. Returns the files of each group and the files rebuilt.
 */
export async function mergeChunks({ dir, root, metafile, groups = GROUPS }) {
  const graph = chunkGraph(metafile, root, dir);
  const { member, files } = assignGroups(graph, groups);
  const index = new Map([...graph.keys()].map((file, at) => [file, at]));
  /**
   * `export { … } from "from"` for chunk `file`'s exports: `toGroup` names them as the group's file
   * exports them (`a as m3$a`, in that file); else back under their own names (`m3$a as a`, in a
   * file that imports them from the group's).
   */
  const reexport = (file, from, toGroup) => {
    const list = graph.get(file).exports.map((name) => {
      const as = exported(index.get(file), name);
      return toGroup ? `${name} as ${as}` : `${as} as ${name}`;
    });
    // A chunk with nothing to export is still loaded (its module runs), as the import of it did.
    return list.length > 0
      ? `export { ${list.join(', ')} } from ${JSON.stringify(from)};`
      : `import ${JSON.stringify(from)};`;
  };
  // What each file imports from outside its group: exported by the group's file under its name.
  const wanted = new Set();
  const lazily = new Set();
  for (const [file, chunk] of graph) {
    for (const next of chunk.statics) if (member.has(next) && member.get(next) !== member.get(file)) wanted.add(next);
    for (const next of chunk.dynamics)
      if (member.has(next) && member.get(next) !== member.get(file)) {
        wanted.add(next);
        lazily.add(next);
      }
  }

  const abs = (file) => join(dir, file);
  const out = `${dir}.merging`;
  /** Resolves the imports of `output` (a file of dist/ being rebuilt, alone or as group `group`). */
  const pointing = (output, group) => ({
    name: 'point-at-groups',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.namespace === 'group-names' || !/^\.{0,2}\//.test(args.path))
          return { path: args.path, external: true };
        const target = relative(dir, resolve(args.resolveDir, args.path));
        const at = member.get(target);
        if (at !== undefined && at === group) return { path: abs(target) };
        if (at !== undefined && args.kind === 'import-statement') return { path: target, namespace: 'group-names' };
        // import() of another file, or a file of no group: as it is, from where `output` is.
        return { path: specifier(output, target), external: true };
      });
      b.onLoad({ filter: /.*/, namespace: 'group-names' }, (args) => ({
        contents: reexport(args.path, specifier(output, files[member.get(args.path)]), false),
        loader: 'js',
      }));
    },
  });
  const common = {
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    minify: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  };

  let rewritten;
  try {
    // Each group's file: the entry it is merged into, with the exports others need of its members.
    for (const [at, into] of files.entries()) {
      // The entry's own exports keep their names; what others import is exported under the group's too.
      const lines = [`export * from ${JSON.stringify(abs(into))};`];
      for (const file of wanted) if (member.get(file) === at) lines.push(reexport(file, abs(file), true));
      await build({
        ...common,
        stdin: { contents: lines.join('\n'), resolveDir: dir, sourcefile: `${groups[at].name}-group.js`, loader: 'js' },
        outfile: join(out, into),
        plugins: [pointing(into, at)],
      });
    }
    // Every file of no group that imports a merged chunk.
    rewritten = [...graph]
      .filter(([file, chunk]) => !member.has(file) && chunk.statics.some((next) => member.has(next)))
      .map(([file]) => file);
    await Promise.all(
      rewritten.map((file) =>
        build({ ...common, entryPoints: [abs(file)], outfile: join(out, file), plugins: [pointing(file, undefined)] }),
      ),
    );

    for (const file of member.keys()) {
      rmSync(abs(file), { force: true });
      rmSync(`${abs(file)}.map`, { force: true });
    }
    for (const file of [...files, ...rewritten]) {
      renameSync(join(out, file), abs(file));
      renameSync(join(out, `${file}.map`), `${abs(file)}.map`);
    }
    // A merged chunk loaded with import() from outside its group: its exports, from the group's file.
    for (const file of lazily) {
      if (files.includes(file)) continue;
      const from = specifier(file, files[member.get(file)]);
      writeFileSync(abs(file), `${reexport(file, from, false)}\n//# sourceMappingURL=${file.split('/').pop()}.map\n`);
      // A map like every chunk's: this file holds no code of its own.
      writeFileSync(`${abs(file)}.map`, JSON.stringify({ version: 3, sources: [], names: [], mappings: '' }));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return {
    groups: files.map((file, at) => ({ file, chunks: [...member].filter(([, g]) => g === at).map(([f]) => f) })),
    rewritten,
    facades: [...lazily],
  };
}
