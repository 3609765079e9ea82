// esbuild plugin for start-up time: two bundled libraries load Node built-ins they never use in
// hire, only to read constants or keep a reference (≈5 ms of every start together):
// - undici's HTTP/2 client loads node:http2 (and with it tls) for header-name constants;
// - commander loads node:child_process for executable subcommands, which hire does not have.
// The modules get the same values here, and the built-in is loaded if it is ever called for.
// The build fails if either source line changes, so that an upgrade is looked at again.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';

/** node:http2's constants that undici's client-h2.js reads (checked against node:http2 in a test). */
export const HTTP2_CONSTANTS = {
  HTTP2_HEADER_AUTHORITY: ':authority',
  HTTP2_HEADER_METHOD: ':method',
  HTTP2_HEADER_PATH: ':path',
  HTTP2_HEADER_SCHEME: ':scheme',
  HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
  HTTP2_HEADER_EXPECT: 'expect',
  HTTP2_HEADER_STATUS: ':status',
  HTTP2_HEADER_PROTOCOL: ':protocol',
  NGHTTP2_REFUSED_STREAM: 7,
  NGHTTP2_CANCEL: 8,
};

const REWRITES = [
  {
    file: /undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/,
    eager: "http2 = require('node:http2')",
    lazy: `http2 = { constants: ${JSON.stringify(HTTP2_CONSTANTS)}, connect: (...args) => require('node:http2').connect(...args) }`,
  },
  {
    file: /commander[\\/]lib[\\/]command\.js$/,
    eager: "const childProcess = require('node:child_process');",
    lazy: "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
  },
];

export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    for (const rewrite of REWRITES) {
      build.onLoad({ filter: rewrite.file }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes(rewrite.eager)) {
          throw new Error(`lazy-builtins: ${args.path} no longer has "${rewrite.eager}"; look again at what it needs`);
        }
        return { contents: source.replace(rewrite.eager, rewrite.lazy), loader: 'js' };
      });
    }
  },
};

/**
 * `import { x } from 'node:http'` in an ES module makes Node build the module's ESM view, which
 * reads every export of the built-in: on Node 22+ node:http's WebSocket and node:crypto's
 * webcrypto, which load Node's own undici (≈15 ms) and Web Crypto. Our sources take built-ins
 * through process.getBuiltinModule (Node 20.16+) instead, as CommonJS does: the statement is
 * rewritten in place, on the same lines (source maps stay true), before esbuild reads the file.
 */
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const IMPORT = /^import\s+(?!type\s)([^;'"]*?)\s+from\s+'([^']+)';/gm;

/** `import { a, b as c, type D } from 'node:x';` → `const { a, b: c } = globalThis.process.getBuiltinModule('node:x');` */
export function builtinImportsToCalls(source) {
  return source.replace(IMPORT, (statement, clause, from) => {
    if (!BUILTINS.has(from)) return statement;
    const lines = '\n'.repeat(statement.split('\n').length - 1);
    const call = `globalThis.process.getBuiltinModule(${JSON.stringify(from.startsWith('node:') ? from : `node:${from}`)})`;
    const named = /\{([^}]*)\}/.exec(clause);
    const single = clause.replace(/,?\s*\{[^}]*\}/, '').trim();
    const bindings = named
      ? named[1]
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '' && !/^type\s/.test(part))
          .map((part) => part.replace(/^(\S+)\s+as\s+(\S+)$/, '$1: $2'))
      : [];
    const declarations = [];
    const namespace = /^\*\s+as\s+(\S+)$/.exec(single)?.[1] ?? (single !== '' ? single : undefined);
    if (namespace) declarations.push(`${namespace} = ${call}`);
    if (bindings.length > 0) declarations.push(`{ ${bindings.join(', ')} } = ${namespace ?? call}`);
    return declarations.length > 0 ? `const ${declarations.join(', ')};${lines}` : lines;
  });
}

export const builtinsWithoutFacade = {
  name: 'builtins-without-facade',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => ({
      contents: builtinImportsToCalls(readFileSync(args.path, 'utf8')),
      loader: 'ts',
    }));
  },
};
