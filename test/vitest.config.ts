import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Four projects, one per folder, so that the inner loop can run one of them:
// `npm run test:unit` (seconds), `npm run test:integration` (about a minute), `test:e2e`,
// `test:reliability`. `npm test` runs them all, as CI does.
const PROJECTS = ['unit', 'integration', 'e2e', 'reliability'] as const;

export default defineConfig({
  define: { __HIRE_VERSION__: JSON.stringify(version) },
  test: {
    root: new URL('..', import.meta.url).pathname,
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/capture.ts'],
    // Tests spawn processes and servers: separate processes keep signals and handles apart.
    pool: 'forks',
    // Generous: a test's own timeout is its only clock, and CI machines are shared and busy.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: PROJECTS.map((name) => ({
      extends: true,
      define: { __HIRE_VERSION__: JSON.stringify(version) },
      test: { name, include: [`test/${name}/**/*.test.ts`] },
    })),
  },
});
