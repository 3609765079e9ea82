// What dist/ carries (README.md "Performance"): each prompt from its own package, so no editor
// prompt and none of what it brings (iconv-lite, chardet); conf without the packages it needs only
// for options hire does not pass; and undici's files taken one by one from the exact version the
// build was made and tested with.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const chunks = join(dist, 'chunks');

/** Every file under dist/, with its path. */
function distFiles(dir = dist): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? distFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The sources a CLI chunk holds, from its source map (the CLI's maps name node_modules/ files). */
function sourcesOf(file: string): string[] {
  return (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources;
}

/** The built files a module loads before it runs: itself and its static imports, transitively. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*"(\.\.?\/[^"]+\.js)"/g)) {
    staticGraph(join(file, '..', match[1]!), seen);
  }
  return seen;
}

describe('what dist/ leaves out', () => {
  it('has no editor prompt, iconv-lite, chardet or @inquirer/prompts anywhere', () => {
    const found: string[] = [];
    for (const file of distFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const name of [
        'iconv-lite',
        'iconv_lite',
        'chardet',
        '@inquirer/editor',
        'external-editor',
        '@inquirer/prompts',
      ])
        if (text.includes(name)) found.push(`${name} in ${file.slice(root.length + 1)}`);
    }
    expect(found).toEqual([]);
  });

  it('the probe sees the prompts that are used, each from its own package', () => {
    const sources = readdirSync(chunks)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => sourcesOf(join(chunks, file)));
    for (const prompt of ['confirm', 'input', 'select', 'password', 'checkbox'])
      expect(
        sources.some((source) => source.includes(`node_modules/@inquirer/${prompt}/`)),
        prompt,
      ).toBe(true);
  });

  it('conf loads without ajv, ajv-formats, semver, env-paths or debounce-fn, and keeps its atomic write', () => {
    const confChunk = readdirSync(chunks).find(
      (file) =>
        file.endsWith('.js') && sourcesOf(join(chunks, file)).some((source) => source.includes('node_modules/conf/')),
    );
    expect(confChunk).toBeDefined();
    const sources = [...staticGraph(join(chunks, confChunk!))].flatMap(sourcesOf);
    expect(sources.some((source) => source.includes('node_modules/atomically/'))).toBe(true);
    expect(
      sources.filter((source) => /node_modules\/(ajv|ajv-formats|semver|env-paths|debounce-fn)\//.test(source)),
    ).toEqual([]);
  });
});

describe("undici's files, taken one by one", () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  const require = createRequire(join(root, 'package.json'));
  // The paths src/api/undici.ts imports, as src/api/undici-parts.d.ts declares them.
  const declared = [
    ...readFileSync(join(root, 'src', 'api', 'undici-parts.d.ts'), 'utf8').matchAll(/declare module '([^']+)'/g),
  ].map((match) => match[1]!);

  it('come from an exact version of undici: a deep path is not a public promise across versions', () => {
    const range = pkg.devDependencies.undici ?? pkg.dependencies?.undici;
    expect(range).toMatch(/^\d+\.\d+\.\d+$/);
    expect((require('undici/package.json') as { version: string }).version).toBe(range);
  });

  it('each declared path is there and is what undici itself exports under that name', () => {
    expect(declared.length).toBeGreaterThanOrEqual(4);
    const undici = require('undici') as Record<string, unknown>;
    const expected: Record<string, unknown> = {
      'undici/lib/dispatcher/agent.js': undici.Agent,
      'undici/lib/dispatcher/env-http-proxy-agent.js': undici.EnvHttpProxyAgent,
      'undici/lib/dispatcher/dispatcher.js': undici.Dispatcher,
    };
    for (const path of declared) {
      const part = require(path) as Record<string, unknown>;
      if (path === 'undici/lib/api/index.js') {
        // What undici's index copies onto Dispatcher.prototype; envHttpProxyAgent does the same.
        for (const method of ['request', 'stream', 'pipeline', 'connect', 'upgrade'])
          expect(typeof part[method]).toBe('function');
      } else {
        expect(expected[path], `${path} is not known to this test`).toBeDefined();
        expect(part, path).toBe(expected[path]);
      }
    }
    // And undici.ts imports only what is declared.
    const imported = [
      ...readFileSync(join(root, 'src', 'api', 'undici.ts'), 'utf8').matchAll(/(?:from|import\()\s*'(undici\/[^']+)'/g),
    ].map((match) => match[1]!);
    expect(imported.length).toBeGreaterThan(0);
    for (const path of imported) expect(declared).toContain(path);
  });
});
