import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Five projects, so that the inner loop can run one of them: `npm run test:unit` (about 20 s of
// CPU), `npm run test:integration` (about a minute), `test:e2e`, `test:reliability`, and
// `test:properties`: the unit files that hold fast-check properties, run again with every property
// at its full count (the unit project runs the first few of each: test/helpers/properties.ts). `npm test`
// runs them all, as CI does.
const FOLDERS = ['unit', 'integration', 'e2e', 'reliability'] as const;

// The unit project: each property tries a few inputs (HIRE_FC_QUICK), and each worker process runs
// file after file without a fresh module graph (isolate: false): starting a process and importing
// vitest, the sources and their dependencies for each of ~40 files cost more CPU than the tests
// themselves. Unit tests start no server and change no process-wide state that they do not put back;
// the capture of child output (test/helpers/capture.ts) keeps its state once per process.
const UNIT = { env: { HIRE_FC_QUICK: '1' }, isolate: false };

/**
 * The files that hold properties: the unit files that import fast-check, and the integration files
 * that run properties (test/helpers/properties.ts) against a server.
 */
const propertyFiles = (['unit', 'integration'] as const).flatMap((folder) => {
  const directory = new URL(`${folder}/`, import.meta.url);
  const marker = folder === 'unit' ? /from 'fast-check'/ : /from '\.\.\/helpers\/properties\.js'/;
  return readdirSync(directory)
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => marker.test(readFileSync(new URL(name, directory), 'utf8')))
    .map((name) => `test/${folder}/${name}`);
});

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
    projects: [
      ...FOLDERS.map((name) => ({
        extends: true as const,
        define: { __HIRE_VERSION__: JSON.stringify(version) },
        test: {
          name,
          include: [`test/${name}/**/*.test.ts`],
          ...(name === 'unit' ? UNIT : {}),
          // Integration files with properties run their first few inputs here, all in `properties`.
          ...(name === 'integration' ? { env: { HIRE_FC_QUICK: '1' } } : {}),
        },
      })),
      {
        extends: true as const,
        define: { __HIRE_VERSION__: JSON.stringify(version) },
        // A full count runs for minutes on a busy machine: the timeout is a ceiling against a hang.
        test: { name: 'properties', include: propertyFiles, testTimeout: 600_000 },
      },
    ],
  },
});
