import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __HIRE_VERSION__: JSON.stringify(version) },
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/capture.ts'],
    // Tests spawn processes and servers: separate processes keep signals and handles apart.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
