// The build's start-up rewrites (scripts/lazy-builtins.mjs) must give the bundled libraries the
// same values the built-ins would.
import { constants as http2 } from 'node:http2';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('lazy built-ins', () => {
  it('stands in node:http2 constants with the values node:http2 has', async () => {
    const { HTTP2_CONSTANTS } = (await import(join(root, 'scripts', 'lazy-builtins.mjs'))) as {
      HTTP2_CONSTANTS: Record<string, string | number>;
    };
    for (const [name, value] of Object.entries(HTTP2_CONSTANTS)) {
      expect({ name, value }).toEqual({ name, value: (http2 as Record<string, unknown>)[name] });
    }
  });

  it('leaves node:http2, tls and child_process unloaded by the CLI and its HTTP client', () => {
    // The built entry and the client chunk, as a command loads them; and undici, which the client
    // loads for hosts other than loopback.
    const loaded = modulesLoadedBy(['client-', 'undici-']);
    expect(loaded).toContain('NativeModule net'); // the probe works: undici did load
    for (const module of ['http2', 'tls', 'child_process']) expect(loaded).not.toContain(`NativeModule ${module}`);
  });

  it('leaves node:https and tls to an emulator that serves https: the in-process one serves plain http', () => {
    // The emulator's server, and what finds a standing one, as a command on the local profile loads them.
    const loaded = modulesLoadedBy(['embedded-', 'server-']);
    expect(loaded).toContain('NativeModule http'); // the probe works: the server's module did load
    for (const module of ['https', 'tls']) expect(loaded).not.toContain(`NativeModule ${module}`);
  });
});

describe('what the in-process emulator loads to answer a GET', () => {
  it('none of perf_hooks or timers/promises: its clock is process.hrtime', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hire-build-'));
    try {
      const chunks = join(root, 'dist', 'chunks');
      const script = `
        const { readdirSync, readFileSync } = process.getBuiltinModule('node:fs');
        const chunk = readdirSync(${JSON.stringify(chunks)}).find((f) => f.startsWith('server-') && f.endsWith('.js'));
        const { startEmulator } = await import(${JSON.stringify(chunks)} + '/' + chunk);
        const dataDir = ${JSON.stringify(dataDir)};
        const emulator = await startEmulator({ dataDir, port: 0, mode: 'embedded' });
        const key = readFileSync(dataDir + '/local.key', 'utf8').trim();
        const status = await new Promise((resolve, reject) => {
          const req = process.getBuiltinModule('node:http').request(emulator.apiUrl + '/jobs', { headers: { authorization: 'Bearer ' + key } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          });
          req.on('error', reject);
          req.end();
        });
        await emulator.close();
        console.log(JSON.stringify({ status, loaded: process.moduleLoadList }));`;
      const { status, loaded } = JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
      ) as { status: number; loaded: string[] };
      expect(status).toBe(200); // the probe works: the request was answered
      for (const module of ['perf_hooks', 'timers/promises']) expect(loaded).not.toContain(`NativeModule ${module}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Node's module load list after importing dist/cli.js and the chunks named by these prefixes. */
function modulesLoadedBy(prefixes: readonly string[]): string[] {
  const chunks = join(root, 'dist', 'chunks');
  const script = `
    const { readdirSync } = await import('node:fs');
    await import(${JSON.stringify(join(root, 'dist', 'cli.js'))});
    for (const prefix of ${JSON.stringify(prefixes)}) {
      const chunk = readdirSync(${JSON.stringify(chunks)}).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
      await import(${JSON.stringify(chunks)} + '/' + chunk);
    }
    console.log(JSON.stringify(process.moduleLoadList));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  ) as string[];
}

/** The built files a module loads before it runs: itself and its static imports, transitively. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  // esbuild writes static imports as `import{…}from"./x.js"` or `import"./x.js"`; import("./x.js") is lazy.
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.\.?\/[^"]+\.js)"/g)) {
    staticGraph(join(file, '..', match[1]!), seen);
  }
  return seen;
}

describe('the built-ins the entry loads', () => {
  it('leaves node:dns, fs/promises, timers/promises, perf_hooks, os and module to the commands that use them', () => {
    // Every command loads dist/cli.js; these built-ins cost a millisecond or more each to load.
    const script = `
      await import(${JSON.stringify(join(root, 'dist', 'cli.js'))});
      console.log(JSON.stringify(process.moduleLoadList));`;
    const loaded = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as string[];
    expect(loaded).toContain('NativeModule net'); // the probe works: the entry's node:tty loads it
    for (const module of ['dns', 'fs/promises', 'timers/promises', 'perf_hooks', 'os', 'module', 'readline'])
      expect(loaded).not.toContain(`NativeModule ${module}`);
  });
});

describe('what start-up loads', () => {
  const chunks = join(root, 'dist', 'chunks');
  const chunk = (prefix: string) =>
    join(
      chunks,
      readdirSync(chunks).find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'))!,
    );
  const loadsUndici = (files: Set<string>) =>
    [...files].filter((file) => readFileSync(file, 'utf8').includes('llhttp'));

  it('the probe sees undici in its own chunk', () => {
    expect(loadsUndici(staticGraph(chunk('undici'))).length).toBeGreaterThan(0);
  });

  it('the HTTP client loads undici only when it needs it: loopback (the emulator) goes through node:http', () => {
    expect(loadsUndici(staticGraph(chunk('client')))).toEqual([]);
    const lazily = [...staticGraph(chunk('client'))].filter((file) =>
      /import\("\.\/(?:chunks\/)?undici-\w+\.js"\)/.test(readFileSync(file, 'utf8')),
    );
    expect(lazily.length).toBeGreaterThan(0);
  });

  it('neither the entry (--help) nor completion, run at every Tab, loads undici', () => {
    expect(loadsUndici(staticGraph(join(root, 'dist', 'cli.js')))).toEqual([]);
    expect(loadsUndici(staticGraph(chunk('completion')))).toEqual([]);
    expect(loadsUndici(staticGraph(join(root, 'dist', 'complete.js')))).toEqual([]);
  });
});

describe('where the SQLite binding loads', () => {
  const chunks = join(root, 'dist', 'chunks');
  const chunk = (prefix: string) =>
    join(
      chunks,
      readdirSync(chunks).find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'))!,
    );
  const loadsBinding = (files: Set<string>) =>
    [...files].filter((file) =>
      /require\)?\(import\.meta\.url\)\("libsql"\)|"libsql"/.test(readFileSync(file, 'utf8')),
    );

  it('the probe sees it in the emulator server chunk', () => {
    expect(loadsBinding(staticGraph(chunk('server'))).length).toBeGreaterThan(0);
  });

  it('not for --help, --version, completion, the HTTP client, or finding a standing emulator', () => {
    expect(loadsBinding(staticGraph(join(root, 'dist', 'cli.js')))).toEqual([]);
    expect(loadsBinding(staticGraph(join(root, 'dist', 'version.js')))).toEqual([]);
    expect(loadsBinding(staticGraph(chunk('completion')))).toEqual([]);
    expect(loadsBinding(staticGraph(join(root, 'dist', 'complete.js')))).toEqual([]);
    expect(loadsBinding(staticGraph(chunk('client')))).toEqual([]);
    expect(loadsBinding(staticGraph(chunk('embedded')))).toEqual([]);
  });
});

describe('the manifest built into dist/', () => {
  // Help and Tab read the commands' declarations from it: no command's code loads for them.
  const chunks = join(root, 'dist', 'chunks');
  const commandChunks = readdirSync(chunks).filter((file) =>
    /^(create|list|get|import|update|delete|move|show|add|deliveries|listen|verify|remove|login|status|logout|use|request|start|simulate|reset|revoke|publish|pause|close|reopen)-[A-Z0-9]+\.js$/.test(
      file,
    ),
  );

  it('holds every command, so that neither the entry nor completion loads a command chunk', () => {
    expect(commandChunks.length).toBeGreaterThanOrEqual(30);
    const entry = staticGraph(join(root, 'dist', 'cli.js'));
    const complete = staticGraph(join(root, 'dist', 'complete.js'));
    for (const file of commandChunks) {
      expect(entry.has(join(chunks, file)), file).toBe(false);
      expect(complete.has(join(chunks, file)), file).toBe(false);
    }
    const built = [...entry].map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const summary of [
      'create a job posting (POST /jobs)',
      'make a key and print it once',
      "a webhook's delivery log: every attempt of every event",
    ]) {
      expect(built, summary).toContain(JSON.stringify(summary).slice(1, -1));
    }
  });
});

describe('built-ins without their ESM view', () => {
  it('rewrites an import of a built-in into process.getBuiltinModule, on the same lines; leaves others', async () => {
    const { builtinImportsToCalls } = (await import(join(root, 'scripts', 'lazy-builtins.mjs'))) as {
      builtinImportsToCalls: (source: string) => string;
    };
    const call = (name: string) => `globalThis.process.getBuiltinModule("node:${name}")`;
    expect(builtinImportsToCalls("import { readFileSync, statSync as stat } from 'node:fs';")).toBe(
      `const { readFileSync, statSync: stat } = ${call('fs')};`,
    );
    expect(builtinImportsToCalls("import * as path from 'node:path';")).toBe(`const path = ${call('path')};`);
    expect(builtinImportsToCalls("import process from 'process';")).toBe(`const process = ${call('process')};`);
    expect(builtinImportsToCalls("import EventEmitter, { once } from 'node:events';")).toBe(
      `const EventEmitter = ${call('events')}, { once } = EventEmitter;`,
    );
    expect(builtinImportsToCalls("import {\n  request,\n  type Server,\n} from 'node:http';\nrun();")).toBe(
      `const { request } = ${call('http')};\n\n\n\nrun();`,
    );
    expect(builtinImportsToCalls("import { type Socket } from 'node:net';\nx();")).toBe('\nx();');
    for (const kept of [
      "import type { Server } from 'node:http';",
      "import { z } from 'zod';",
      "import { a } from './fs.js';",
    ]) {
      expect(builtinImportsToCalls(kept)).toBe(kept);
    }
  });

  it('no chunk built from our sources imports a built-in as an ES module', () => {
    const chunks = join(root, 'dist', 'chunks');
    const ours = readdirSync(chunks)
      .filter((file) => file.endsWith('.js.map'))
      .filter((map) => {
        // A merged or rebuilt chunk's map also names the stand-ins that pointed its imports at a
        // group's file (scripts/merge-chunks.mjs); they hold no code.
        const { sources } = JSON.parse(readFileSync(join(chunks, map), 'utf8')) as { sources: string[] };
        const code = sources.filter((source) => !source.startsWith('group-names:'));
        return code.length > 0 && code.every((source) => source.includes('/src/'));
      })
      .map((map) => join(chunks, map.replace(/\.map$/, '')));
    expect(ours.length).toBeGreaterThan(20);
    for (const file of [join(root, 'dist', 'cli.js'), ...ours])
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/from"(?:node:)?(?:fs|http|crypto|net|os|path|dns|tty)"/);
  });
});

describe('the chunks merged for start-up (scripts/merge-chunks.mjs)', () => {
  const chunks = join(root, 'dist', 'chunks');
  const sources = (file: string) => (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources;
  const chunkOf = (source: string) =>
    join(
      chunks,
      readdirSync(chunks).find(
        (file) => file.endsWith('.js') && sources(join(chunks, file)).some((path) => path.endsWith(source)),
      )!,
    );

  it('the entry loads two other files: completion with the declarations, and the config', () => {
    const complete = chunkOf('src/completion/complete.ts');
    const config = chunkOf('src/config/profiles.ts');
    expect([...staticGraph(join(root, 'dist', 'cli.js'))].sort()).toEqual(
      [join(root, 'dist', 'cli.js'), complete, config].sort(),
    );
    // A Tab loads completion alone, and the config only for a profile's name.
    expect([...staticGraph(complete)]).toEqual([complete]);
    // Not the context (session, output, settings): a Tab needs the environment and stdout alone.
    for (const source of ['src/context.ts', 'src/session.ts'])
      expect(
        sources(complete).filter((path) => path.endsWith(source)),
        source,
      ).toEqual([]);
    expect(sources(complete).filter((path) => path.endsWith('src/program.ts'))).toHaveLength(1);
    expect([...staticGraph(config)].sort()).toEqual([complete, config].sort());
  });

  it("a request loads no zod: only the commands that check a record's fields do", () => {
    const list = chunkOf('src/commands/jobs/list.ts');
    for (const file of staticGraph(list))
      expect(
        sources(file).filter((path) => path.includes('node_modules/zod/')),
        file,
      ).toEqual([]);
    // …though six commands or more share it (the group leaves it apart).
    const create = chunkOf('src/commands/jobs/create.ts');
    expect(
      [...staticGraph(create)].some((file) => sources(file).some((path) => path.includes('node_modules/zod/'))),
    ).toBe(true);
  });

  it('the in-process emulator answering a GET loads no zod, pages, questions, controls or sandbox seed', () => {
    // What starting it loads: its server and everything that imports statically.
    const started = [...staticGraph(chunkOf('src/emulator/http/server.ts'))].flatMap(sources);
    expect(started.some((path) => path.endsWith('src/emulator/http/pipeline.ts'))).toBe(true);
    expect(started.some((path) => path.endsWith('src/emulator/http/routes/jobs.ts'))).toBe(true);
    const loadedLater = [
      'node_modules/zod/',
      'src/domain/job-schema.ts',
      'src/domain/candidate-schema.ts',
      'src/domain/assessment.ts',
      'src/domain/webhook.ts',
      'src/domain/event-schema.ts',
      'src/emulator/pages/serve.ts',
      'src/emulator/platform/question-bank.ts',
      'src/emulator/platform/role-families.ts',
      'src/emulator/platform/job-writes.ts',
      'src/emulator/http/routes/control.ts',
      'src/emulator/platform/sandbox.ts',
      'src/emulator/openapi/document.ts',
    ];
    for (const source of loadedLater)
      expect(
        started.filter((path) => path.includes(source)),
        source,
      ).toEqual([]);
  });

  it('a request holds its client, connection, options parser and output code in the entry', () => {
    const entry = sources(join(root, 'dist', 'cli.js'));
    for (const source of [
      'src/api/client.ts',
      'src/connection/connect.ts',
      'src/commands/parse.ts',
      'src/output/render.ts',
    ])
      expect(
        entry.filter((path) => path.endsWith(source)),
        source,
      ).toHaveLength(1);
    // Not the job input's schemas, which take milliseconds to build as they load: only the commands
    // that write a job load them (the job's status moves are in src/domain/job-status.ts).
    expect(entry.filter((path) => path.endsWith('src/domain/job.ts'))).toEqual([]);
    // `jobs list` adds its own file and nothing else.
    const list = chunkOf('src/commands/jobs/list.ts');
    expect([...staticGraph(list)].sort()).toEqual(
      [
        list,
        join(root, 'dist', 'cli.js'),
        chunkOf('src/completion/complete.ts'),
        chunkOf('src/config/profiles.ts'),
      ].sort(),
    );
  });

  it('every file of dist/ imports, statically or with import(), only files that are there', () => {
    for (const dir of [join(root, 'dist'), chunks]) {
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
        const code = readFileSync(join(dir, file), 'utf8');
        for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)"(\.\.?\/[^"]+\.js)"/g))
          expect(existsSync(join(dir, match[1]!)), `${file} imports ${match[1]}`).toBe(true);
      }
    }
  });
});
