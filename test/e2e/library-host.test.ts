// The library leaves its host program alone (ARCHITECTURE.md "What the package ships"): no V8
// flag, no process-wide setting, no global beyond its own, whatever it loads. Read twice: in the
// built files (nothing there can set an engine flag or change the process), and in a program that
// imports it and makes requests over both transports (node:http, and undici for https), comparing
// what the process and globalThis hold before and after.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import { sandbox } from '../helpers/env.js';

const LIB = join(ROOT, 'dist', 'lib');

/** Every built JavaScript file of the library. */
function libraryFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
    );
  return walk(LIB);
}

/** What changes the process for every module in it: engine flags, handlers, exit, cwd, umask, env, globals. */
const PROCESS_WIDE: [string, RegExp][] = [
  ['an engine flag', /setFlagsFromString|['"]node:v8['"]|require\(['"]v8['"]\)/],
  ['a process handler', /\bprocess\.(on|once|addListener|prependListener)\(/],
  ['an exit', /\bprocess\.(exit|abort)\(/],
  ['the working directory or umask', /\bprocess\.(chdir|umask)\(/],
  ['the environment', /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/],
  ['a global', /\bglobalThis\.\w+\s*=(?!=)|\(\w+\s*=\s*globalThis\)\.\w+\s*\?\?/],
  ['the default DNS order', /setDefaultResultOrder|setDefaultAutoSelectFamily/],
  ['the global dispatcher', /setGlobalDispatcher/],
];

describe('the library and its host', () => {
  it('holds nothing that sets an engine flag or a process-wide setting', () => {
    const files = libraryFiles();
    expect(files.length).toBeGreaterThan(1);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of PROCESS_WIDE) {
        const match = pattern.exec(text);
        if (match) found.push(`${what} in ${file.slice(ROOT.length + 1)}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('a program that imports it and makes requests finds its process and globals as they were', async () => {
    const box = await sandbox();
    // Requests to a port nobody listens on, over plain http (node:http) and https (undici): each
    // fails at once (exit 6), after loading all that a request loads.
    const script = `
      const snapshot = () => JSON.stringify({
        globals: Reflect.ownKeys(globalThis).map(String).sort(),
        events: process.eventNames().map(String).sort().map((name) => [name, process.listenerCount(name)]),
        env: process.env,
        stackTraceLimit: Error.stackTraceLimit,
        umask: process.umask(),
        cwd: process.cwd(),
        exitCode: process.exitCode ?? null,
        maxListeners: process.getMaxListeners(),
      });
      const before = snapshot();
      const { HiringClient } = await import('hire');
      const codes = [];
      for (const baseUrl of ['http://127.0.0.1:1', 'https://127.0.0.1:1']) {
        const client = new HiringClient({ baseUrl, apiKey: 'hk_test_x', maxRetries: 0 });
        const error = await client.jobs.list().catch((x) => x);
        codes.push(error.exitCode);
      }
      console.log(JSON.stringify({ codes, same: before === snapshot(), before, after: snapshot() }));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: box.env,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout) as { codes: number[]; same: boolean; before: string; after: string };
    expect(outcome.codes).toEqual([6, 6]);
    expect(JSON.parse(outcome.after)).toEqual(JSON.parse(outcome.before));
    expect(outcome.same).toBe(true);
  });
});
