// fast-check properties: a fixed seed (FC_SEED replays another), a run count per property, a
// failure that names the seed, and one line after the file with how many inputs each property tried
// (the README and closing notes cite it).
//
// The count written beside a property is its full count, run by the `properties` and `reliability`
// projects (CI runs both through `npm test`). The unit project sets HIRE_FC_QUICK so that its
// inner loop stays fast: there each property tries its first QUICK_RUNS inputs (the same seed, so
// the same first inputs as the full run). FC_RUNS=N sets every property's count, in any project.
import fc from 'fast-check';
import { afterAll } from 'vitest';

/**
 * How many inputs a property tries in the unit project. Not a share of the full count: a few of the
 * client's generated cases run a day of virtual time each, and a share large enough to matter for
 * the 6,000-case property reaches them (seconds each).
 */
const QUICK_RUNS = 25;

/** How many inputs a property with `full` runs tries here (see the head of this file). */
export function runs(full: number): number {
  const asked = Number.parseInt(process.env.FC_RUNS ?? '', 10);
  if (asked > 0) return asked;
  if (process.env.HIRE_FC_QUICK !== '1') return full;
  return Math.min(full, QUICK_RUNS);
}

export type Property = <T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  /** The full count: runs() decides how many this run tries. */
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
      await fc.assert(fc.asyncProperty(arbitrary, counted), { numRuns: runs(numRuns), seed, ...options });
    } catch (error) {
      throw new Error(
        `Property "${name}" failed (seed ${seed}; FC_SEED=${seed} replays it):\n${(error as Error).message}`,
        { cause: error },
      );
    }
  };
  return { seed, property };
}
