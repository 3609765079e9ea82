// fast-check properties for the reliability suites: a fixed seed (FC_SEED replays another), a run
// count per property, a failure that names the seed, and one line after the file with how many
// inputs each property tried (the README and closing notes cite it).
import fc from 'fast-check';
import { afterAll } from 'vitest';

export type Property = <T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  predicate: (value: T) => Promise<void>,
  /** endOnFailure: report the first failing input unshrunk (when each run is costly). */
  options?: { endOnFailure?: boolean },
) => Promise<void>;

export function properties(label: string, defaultSeed: number): { seed: number; property: Property } {
  const seed = Number.parseInt(process.env.FC_SEED ?? '', 10) || defaultSeed;
  const tried = new Map<string, number>();
  afterAll(() => {
    const total = [...tried.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `${label}: ${total} generated inputs (seed ${seed}): ${[...tried].map(([name, count]) => `${name} ${count}`).join(', ')}`,
    );
  });
  const property: Property = async (name, arbitrary, numRuns, predicate, options = {}) => {
    const counted = async (value: Parameters<typeof predicate>[0]) => {
      tried.set(name, (tried.get(name) ?? 0) + 1);
      await predicate(value);
    };
    try {
      await fc.assert(fc.asyncProperty(arbitrary, counted), { numRuns, seed, ...options });
    } catch (error) {
      throw new Error(
        `Property "${name}" failed (seed ${seed}; FC_SEED=${seed} replays it):\n${(error as Error).message}`,
        { cause: error },
      );
    }
  };
  return { seed, property };
}
