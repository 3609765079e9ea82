// Whether the emulators hire starts serve only the operations the API spec publishes
// (docs/emulator.md "Only what the spec publishes"): `hire emulator start --published-only`, or
// HIRE_EMULATOR_PUBLISHED_ONLY=1 for those and for the one a command starts in-process.
import { UsageError } from '../errors.js';
import type { Env } from './paths.js';

/** The flag when given, else HIRE_EMULATOR_PUBLISHED_ONLY (1 or true on; 0, false or unset off); another value is a usage error. */
export function emulatorPublishedOnly(env: Env, flag?: boolean): boolean {
  if (flag) return true;
  const text = (env.HIRE_EMULATOR_PUBLISHED_ONLY ?? '').trim().toLowerCase();
  if (['', '0', 'false'].includes(text)) return false;
  if (['1', 'true'].includes(text)) return true;
  throw new UsageError(
    `HIRE_EMULATOR_PUBLISHED_ONLY must be 1 or 0 (got "${env.HIRE_EMULATOR_PUBLISHED_ONLY ?? ''}").`,
  );
}
