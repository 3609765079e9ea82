// The clock of the emulators hire starts: real time, or, with HIRE_EMULATOR_NOW=<ISO time>, time
// running from that moment (for tests and demos that must not meet a midnight, a key's expiry or
// an hour's end by chance). The emulator itself takes it as its `now` option.
import { UsageError } from '../errors.js';
import type { Env } from './paths.js';

/** undefined when HIRE_EMULATOR_NOW is unset; a bad value is a usage error. */
export function emulatorClock(env: Env): (() => Date) | undefined {
  const text = env.HIRE_EMULATOR_NOW;
  if (text === undefined || text === '') return undefined;
  const start = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(start)) {
    throw new UsageError(`HIRE_EMULATOR_NOW must be an ISO 8601 time such as 2026-01-01T12:00:00Z (got "${text}").`);
  }
  const origin = Date.now();
  return () => new Date(start + (Date.now() - origin));
}
