// @ts-check
// ESLint for the whole tree (src, test, scripts), with typescript-eslint's type-aware rules: they
// read the types tsc infers, which is what catches a promise nobody awaits, a promise passed where a
// callback's result is ignored, a switch that misses a member of one of our unions, and `any`
// leaking into typed code. Formatting is Prettier's (.prettierrc.json): no rule here is about layout.
// `npm run lint` runs it with --max-warnings 0; `npm run check` and CI run that.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Built, generated or installed: not ours to lint (completions/ is checked against its generator).
  { ignores: ['dist/', 'dist.next-*', 'dist.old-*', 'node_modules/', 'completions/', '.scratch/', 'man/'] },

  js.configs.recommended,
  // The type-aware recommended set: no-floating-promises, no-misused-promises, await-thenable,
  // no-unsafe-* (assignment, argument, call, member access, return of `any`), only-throw-error,
  // restrict-template-expressions, unbound-method, no-unnecessary-type-assertion, …
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // The project service reads tsconfig.json, the same program `npm run typecheck` checks.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    // A disable comment that no longer disables anything is an error, so none lingers.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A switch over a union (event kinds, key levels, flag kinds, output modes…) names every
      // member, so adding one to the union makes each switch that forgot it fail here, instead of
      // falling silently into a `default`.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false }],
      // Deprecated APIs (Node's and the libraries'), from their own @deprecated tags. Allowed: the
      // MCP SDK's low-level Server, which the SDK tags @deprecated yet keeps "for advanced use
      // cases": `hire mcp` serves JSON Schemas made from the command declarations, and the
      // high-level McpServer takes zod schemas only.
      '@typescript-eslint/no-deprecated': [
        'error',
        { allow: [{ from: 'package', package: '@modelcontextprotocol/sdk', name: 'Server' }] },
      ],
      // As only-throw-error does by default: a value typed `unknown` (an AbortSignal's reason, a
      // caught error) is passed on as it came; rejecting with a string or a number is still an error.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // tsc's noUnusedLocals/noUnusedParameters let a leading `_` mark what is unused on purpose (an
      // argument a signature requires, a property taken out of an object with a rest): the same here.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],

      // Turned off, each for its reason:
      // - Matching control characters is the point of the regular expressions that make text from
      //   outside inert before a terminal shows it (src/output/cells.ts, the tests that attack it).
      'no-control-regex': 'off',
      // - Tests match a terminal's screen with the runs of spaces it shows; `{2}` reads worse there.
      'no-regex-spaces': 'off',
      // - `async` without `await` is how a command's run(), an async generator or a test double meets
      //   a signature that returns a promise; a forgotten `await` is what no-floating-promises catches.
      '@typescript-eslint/require-await': 'off',
      // - Every finding was String(value) of a field the server or a file sent, typed `unknown`:
      //   printed as it came on purpose. The rule cannot tell that from an object stringified by
      //   mistake, and an object in a template literal is still caught by restrict-template-expressions.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },

  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read the documents the CLI prints and the emulator answers with JSON.parse, which is
      // `any`, and assert on them with expect(), which fails on a wrong shape at run time; hostile
      // tests also pass ill-typed values on purpose (`as any`). Typing each document would add casts
      // and catch nothing more, so `any` is allowed in tests (never in src/ or scripts/*.ts).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests destructure their helpers (`const { hire, emulator } = await setup()`,
      // `const { join } = await import('node:path')`): closures and module functions that use no `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  {
    // Plain JavaScript (bin/, scripts/*.mjs, this file): not in tsconfig, so no type-aware rules;
    // Node's globals are declared for no-undef, which tsc does not run for them.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
