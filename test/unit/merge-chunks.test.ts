// Which chunks the build merges (scripts/merge-chunks.mjs), on a chunk graph made up here.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Chunk = { statics: string[]; dynamics: string[]; exports: string[]; entryPoint?: string; inputs?: string[] };
type Groups = {
  name: string;
  into: string;
  entries: string[];
  sharedBy?: number;
  apart?: string[];
  exclusive?: boolean;
}[];
const { assignGroups } = (await import(
  join(fileURLToPath(new URL('../..', import.meta.url)), 'scripts', 'merge-chunks.mjs')
)) as {
  assignGroups: (graph: Map<string, Chunk>, groups: Groups) => { member: Map<string, number>; files: string[] };
};

const chunk = (statics: string[], entryPoint?: string, dynamics: string[] = []): Chunk => ({
  statics,
  dynamics,
  exports: ['a'],
  ...(entryPoint ? { entryPoint } : {}),
});

// cli → program → shared; cli imports() client, which needs api; completion needs program; three
// commands share `rows`, one of them alone needs `own`.
const graph = new Map<string, Chunk>([
  ['cli.js', chunk(['chunks/program.js', 'chunks/shared.js'], 'src/cli.ts', ['chunks/client.js'])],
  ['chunks/program.js', chunk(['chunks/shared.js'])],
  ['chunks/shared.js', chunk([])],
  ['chunks/client.js', chunk(['chunks/api.js'], 'src/api/client.ts')],
  ['chunks/api.js', chunk([])],
  ['chunks/complete.js', chunk(['chunks/program.js'], 'src/completion/complete.ts')],
  ['chunks/a.js', chunk(['chunks/rows.js', 'chunks/own.js'], 'src/commands/a.ts')],
  ['chunks/b.js', chunk(['chunks/rows.js'], 'src/commands/b.ts')],
  ['chunks/c.js', chunk(['chunks/rows.js'], 'src/commands/c.ts')],
  ['chunks/rows.js', chunk([])],
  ['chunks/own.js', chunk([])],
]);
const groups: Groups = [
  { name: 'completion', into: 'src/completion/complete.ts', entries: ['src/completion/complete.ts'] },
  { name: 'request', into: 'src/cli.ts', entries: ['src/cli.ts', 'src/api/client.ts'], sharedBy: 3 },
];
const members = (member: Map<string, number>, at: number) =>
  [...member]
    .filter(([, group]) => group === at)
    .map(([file]) => file)
    .sort();

describe('assignGroups', () => {
  it('gives each group its entries and their static imports, less what an earlier group holds', () => {
    const { member, files } = assignGroups(graph, groups);
    expect(files).toEqual(['chunks/complete.js', 'cli.js']);
    expect(members(member, 0)).toEqual(['chunks/complete.js', 'chunks/program.js', 'chunks/shared.js']);
    // client came by import() from the entry, but is named: in; rows is loaded by three commands.
    expect(members(member, 1)).toEqual(['chunks/api.js', 'chunks/client.js', 'chunks/rows.js', 'cli.js']);
    // A command's own files stay out, and so do the commands themselves.
    for (const file of ['chunks/a.js', 'chunks/b.js', 'chunks/own.js']) expect(member.has(file), file).toBe(false);
  });

  it('leaves out a shared chunk that holds, or imports, a source the group keeps apart', () => {
    const withLibrary = new Map(graph);
    withLibrary.set('chunks/rows.js', { ...chunk(['chunks/lib.js']), inputs: ['src/rows.ts'] });
    withLibrary.set('chunks/lib.js', { ...chunk([]), inputs: ['node_modules/big/index.js'] });
    const apart = (parts: string[]) => assignGroups(withLibrary, [groups[0]!, { ...groups[1]!, apart: parts }]).member;
    expect(apart(['node_modules/big/']).has('chunks/rows.js')).toBe(false);
    expect(apart(['node_modules/big/']).has('chunks/lib.js')).toBe(false);
    expect(apart(['node_modules/other/']).get('chunks/rows.js')).toBe(1);
    expect(apart(['node_modules/other/']).get('chunks/lib.js')).toBe(1);
  });

  it('leaves out what fewer commands share than the group asks', () => {
    const { member } = assignGroups(graph, [groups[0]!, { ...groups[1]!, sharedBy: 4 }]);
    expect(member.has('chunks/rows.js')).toBe(false);
  });

  it('an exclusive group leaves out what a file outside its reach loads, unless that file loads its code', () => {
    // The CLI import()s the server's entry, which re-exports its code's chunk; that code imports
    // routes (its own), ids (which the CLI's connection imports too) and import()s writes, which
    // imports routes. `emulator start` imports the code itself.
    const withServer = new Map(graph);
    withServer.set('chunks/connect.js', chunk(['chunks/ids.js'], 'src/connect.ts', ['chunks/server.js']));
    withServer.set('chunks/server.js', chunk(['chunks/core.js'], 'src/server.ts'));
    withServer.set('chunks/core.js', {
      ...chunk(['chunks/routes.js', 'chunks/ids.js'], undefined, ['chunks/writes.js']),
      inputs: ['src/server.ts'],
    });
    withServer.set('chunks/routes.js', chunk([]));
    withServer.set('chunks/ids.js', chunk([]));
    withServer.set('chunks/writes.js', chunk(['chunks/routes.js'], 'src/writes.ts'));
    withServer.set('chunks/start.js', chunk(['chunks/core.js', 'chunks/routes.js'], 'src/commands/start.ts'));
    const emulator = { name: 'emulator', into: 'src/server.ts', entries: ['src/server.ts'], exclusive: true };
    const { member, files } = assignGroups(withServer, [...groups, emulator]);
    expect(files[2]).toBe('chunks/server.js');
    expect(members(member, 2)).toEqual(['chunks/core.js', 'chunks/routes.js', 'chunks/server.js']);
    // Not exclusive: ids comes with it, and the connection would load the emulator for it.
    const { member: all } = assignGroups(withServer, [...groups, { ...emulator, exclusive: false }]);
    expect(all.get('chunks/ids.js')).toBe(2);
  });

  it('fails the build when a named source is no longer an entry of its own', () => {
    expect(() => assignGroups(graph, [{ name: 'x', into: 'src/gone.ts', entries: ['src/gone.ts'] }])).toThrow(
      /no chunk is the entry of src\/gone\.ts/,
    );
  });
});
